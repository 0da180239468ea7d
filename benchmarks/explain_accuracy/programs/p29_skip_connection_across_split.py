"""A U-Net style skip connection from a block on cuda:0 added in a block on cuda:1.

Modelled on huggingface/accelerate#1167 (training a model split with `device_map="balanced"`:
"cuda:1 and cuda:7") and the accelerate docs' caveat that only forward arguments are moved.
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "up",
    "pattern": "tensor-carried-across-device-map-split",
}


class Down(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv1d(4, 4, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(x)


class Up(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv1d(4, 4, 3, padding=1)
        self.skips: list[torch.Tensor] = []

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        skip = self.skips.pop()
        return self.conv(x) + skip  # <- fails here


class UNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.down = Down()
        self.up = Up()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.down(x)
        self.up.skips.append(h)  # stays on the down block's GPU
        return self.up(h.to(self.up.conv.weight.device))


if __name__ == "__main__":
    net = UNet()
    net.down.to("cuda:0")
    net.up.to("cuda:1")
    with torch.no_grad():
        net(torch.randn(2, 4, 8, device="cuda:0"))
