"""A causal mask built with `torch.full(...).triu()` on the CPU, added to CUDA scores.

Modelled on haotian-liu/LLaVA#20 (multi-GPU: a tensor made in forward meets activations on
another device) and InfiniTensor/llaisys#11 (a mask made without `device=query.device`).
"""

import math

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": "blocks.0.attn",
    "pattern": "tensor-created-without-device",
}


class SelfAttention(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        seq = x.shape[1]
        causal = torch.full((seq, seq), float("-inf")).triu(1)
        scores = scores + causal  # <- fails here
        return scores.softmax(-1) @ v


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn = SelfAttention()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.attn(x)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for block in self.blocks:
            x = block(x)
        return x


if __name__ == "__main__":
    model = Model().to("cuda:1")
    with torch.no_grad():
        model(torch.randn(2, 6, 16, device="cuda:1"))
