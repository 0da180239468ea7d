"""`torch.arange(..., device="cuda")` inside a layer on cuda:1: "cuda" means cuda:0 here.

Modelled on OpenNMT/OpenNMT-py#1494 (sequence mask built on the current device instead of the
lengths' device) and unslothai/unsloth#840 (rope positions on the wrong device).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:0", "cuda:1"],
    "module": "decoder",
    "pattern": "hardcoded-cuda-device",
}


class Decoder(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(x.shape[1], device="cuda")
        mask = positions[None, :] < lengths[:, None]  # <- fails here
        return self.proj(x) * mask[..., None]


class Seq2Seq(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.decoder = Decoder()

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return self.decoder(x, lengths)


if __name__ == "__main__":
    model = Seq2Seq().to("cuda:1")
    with torch.no_grad():
        model(torch.randn(2, 5, 16, device="cuda:1"), torch.tensor([3, 5], device="cuda:1"))
