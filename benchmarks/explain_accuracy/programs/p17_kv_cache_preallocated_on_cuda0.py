"""A KV cache preallocated on "cuda:0" for every layer, used by a layer on cuda:1.

Modelled on vllm-project/vllm#2108 (two models on two GPUs, a tensor on the first GPU meets
the second) and BlackSamorez/tensor_parallel#116 (cache on the wrong device in generate).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:0", "cuda:1"],
    "module": "layers.1",
    "pattern": "hardcoded-cuda-device",
}


class CachedAttention(nn.Module):
    def __init__(self, dim: int = 16, max_len: int = 32) -> None:
        super().__init__()
        self.k_proj = nn.Linear(dim, dim)
        self.k_cache = torch.zeros(1, 1, dim, device="cuda:0")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        k = self.k_proj(x)
        self.k_cache = torch.cat([self.k_cache, k], dim=1)  # <- fails here
        return x @ self.k_cache.transpose(1, 2)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layers = nn.ModuleList([CachedAttention(), CachedAttention()])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = layer(x.to(layer.k_proj.weight.device))[..., :16]
        return x


if __name__ == "__main__":
    model = Model()
    model.layers[0].to("cuda:0")
    model.layers[1].to("cuda:1")
    with torch.no_grad():
        model(torch.randn(1, 16, 16, device="cuda:0"))
