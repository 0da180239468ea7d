"""`self.pos_embed.cuda()` in forward moves the table to the current device (cuda:0).

Modelled on the seed report on multi-GPU serving (`pos_embed = pos_embed.to("cuda:0")` fails on
rank 1) and haotian-liu/LLaVA#1516 (the `device` argument does not reach the vision tower).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "vit",
    "pattern": "hardcoded-cuda-device",
}


class ViT(nn.Module):
    def __init__(self, patches: int = 4, dim: int = 16) -> None:
        super().__init__()
        self.proj = nn.Linear(12, dim)
        self.pos_embed = nn.Parameter(torch.zeros(1, patches, dim))

    def forward(self, patches: torch.Tensor) -> torch.Tensor:
        x = self.proj(patches)
        pos_embed = self.pos_embed.cuda()
        return x + pos_embed  # <- fails here


class Wrapper(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.vit = ViT()

    def forward(self, patches: torch.Tensor) -> torch.Tensor:
        return self.vit(patches)


if __name__ == "__main__":
    model = Wrapper().to("cuda:1")
    with torch.no_grad():
        model(torch.randn(2, 4, 12, device="cuda:1"))
