"""A layer that moves `self.weight.data` to the input's device inside forward (and forgets
the bias), after `device_map` had placed it on cuda:0.

Modelled on the seed report's `FastLoRALinear` (`self.lora_A.data = ...to(device)` inside
forward) and huggingface/peft#3043 (trainable tokens on more than one GPU: "got mat2 is on
cuda:0, different from other tensors on cuda:1").
"""

import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "proj",
    "pattern": "parameter-moved-in-forward",
}


class FollowingLinear(nn.Linear):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.weight.device != x.device:
            self.weight.data = self.weight.data.to(x.device)
        return F.linear(x, self.weight, self.bias)  # <- fails here


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = FollowingLinear(16, 16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.proj(x)


if __name__ == "__main__":
    model = Model().to("cuda:0")
    with torch.no_grad():
        model(torch.randn(2, 16, device="cuda:1"))
