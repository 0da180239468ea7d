"""LoRA layers injected after the network was moved to the GPU stay on the CPU.

Modelled on huggingface/diffusers#5897 ("the LORA parameters is added to the Unet after unet
is send to GPU. So the LORA is actually on CPU": cuda:0 and cpu).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": "down_blocks.0.to_q.lora_down",
    "pattern": "lora-adapter-on-wrong-gpu",
}


class LoRALinearLayer(nn.Module):
    def __init__(self, base: nn.Linear, rank: int = 4) -> None:
        super().__init__()
        self.base = base
        self.lora_down = nn.Linear(base.in_features, rank, bias=False)
        self.lora_up = nn.Linear(rank, base.out_features, bias=False)
        nn.init.zeros_(self.lora_up.weight)

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        down_hidden_states = self.lora_down(hidden_states)  # <- fails here
        return self.base(hidden_states) + self.lora_up(down_hidden_states)


class AttnBlock(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.to_q = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.to_q(x)


class UNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.down_blocks = nn.ModuleList([AttnBlock(), AttnBlock()])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for block in self.down_blocks:
            x = block(x)
        return x


if __name__ == "__main__":
    unet = UNet().to("cuda:1")
    for block in unet.down_blocks:
        block.to_q = LoRALinearLayer(block.to_q)  # bug: added after `.to(...)`
    with torch.no_grad():
        unet(torch.randn(2, 16, device="cuda:1"))
