"""`masked_fill` with a boolean mask built on the CPU inside an attention function.

Modelled on InfiniTensor/llaisys#11 (`temp_mask = torch.ones(L, S, dtype=torch.bool).tril(...)`
then "expected self and mask to be on the same device, but got mask on cpu and self on cuda:0").
"""

import math

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": "attn",
    "pattern": "tensor-created-without-device",
}


def scaled_dot_product_attention(query, key, value, is_causal=True):
    L, S = query.size(-2), key.size(-2)
    attn_weight = query @ key.transpose(-2, -1) / math.sqrt(query.size(-1))
    if is_causal:
        temp_mask = torch.ones(L, S, dtype=torch.bool).tril(diagonal=0)
        attn_weight = attn_weight.masked_fill(
            temp_mask.logical_not(), float("-inf")
        )  # <- fails here
    return attn_weight.softmax(dim=-1) @ value


class Attention(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return scaled_dot_product_attention(q, k, v)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn = Attention()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.attn(x)


if __name__ == "__main__":
    model = Model().to("cuda:1")
    with torch.no_grad():
        model(torch.randn(2, 5, 16, device="cuda:1"))
