"""`torch.load` without `map_location` restores a tensor on the GPU that saved it (cuda:0).

Modelled on pytorch/pytorch#19084 (remind users to set map_location with DDP), NVIDIA/apex#222
and pytorch/pytorch#1515 (state loaded to the default GPU, "different GPU" error).
"""

import os
import tempfile

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "norm",
    "pattern": "checkpoint-loaded-to-saving-device",
}


class ScaleNorm(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.scale = torch.ones(dim)

    def load(self, path: str) -> None:
        state = torch.load(path)
        self.scale = state["scale"]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x / x.norm(dim=-1, keepdim=True) * self.scale  # <- fails here


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(16, 16)
        self.norm = ScaleNorm()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(self.proj(x))


if __name__ == "__main__":
    path = os.path.join(tempfile.mkdtemp(), "norm.pt")
    torch.save({"scale": torch.full((16,), 2.0, device="cuda:0")}, path)  # saved by rank 0
    model = Model().to("cuda:1")
    model.norm.load(path)
    with torch.no_grad():
        model(torch.randn(2, 16, device="cuda:1"))
