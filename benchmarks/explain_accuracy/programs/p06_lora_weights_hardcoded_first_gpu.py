"""LoRA matrices created with `.cuda()` land on cuda:0 while the base layer is on cuda:1.

Modelled on huggingface/peft#776 and huggingface/peft#1277 (LoRA with a multi-GPU device map:
"found at least two devices, cuda:1 and cuda:0").
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "layers.1.q_proj",
    "pattern": "lora-adapter-on-wrong-gpu",
}


class LoraLinear(nn.Module):
    def __init__(self, base: nn.Linear, r: int = 4) -> None:
        super().__init__()
        self.base = base
        # Bug: `.cuda()` means the current device (cuda:0), not the base layer's device.
        self.lora_A = nn.Parameter(torch.randn(r, base.in_features).cuda() * 0.01)
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, r).cuda())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        lora_out = (x @ self.lora_A.T) @ self.lora_B.T  # <- fails here
        return self.base(x) + lora_out


class Layer(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.q_proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.q_proj(x)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layers = nn.ModuleList([Layer(), Layer()])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = layer(x.to(layer.q_proj.base.weight.device))
        return x


if __name__ == "__main__":
    model = Model()
    model.layers[0].to("cuda:0")
    model.layers[1].to("cuda:1")
    for layer in model.layers:
        layer.q_proj = LoraLinear(layer.q_proj)
    with torch.no_grad():
        model(torch.randn(3, 16, device="cuda:0"))
