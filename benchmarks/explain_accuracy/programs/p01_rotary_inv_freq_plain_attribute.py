"""Rotary `inv_freq` kept as a plain attribute stays on the CPU when the model moves.

Modelled on yandex-research/specexec#1 ("inv_freq is a cpu tensor" under offload: cpu and
cuda:0 in wrapper_CUDA_bmm) and huggingface/transformers#35354 (`inv_freq_expanded` does not
move to the correct device in Qwen2).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": "layers.0.self_attn.rotary_emb",
    "pattern": "buffer-left-on-other-device",
}


class RotaryEmbedding(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        # Bug: a plain attribute, not a registered buffer, so `.to()` never moves it.
        self.inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))

    def forward(self, position_ids: torch.Tensor) -> torch.Tensor:
        positions = position_ids.float()
        freqs = torch.outer(positions, self.inv_freq)  # <- fails here
        return torch.cat([freqs.cos(), freqs.sin()], dim=-1)


class Attention(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.q_proj = nn.Linear(dim, dim)
        self.rotary_emb = RotaryEmbedding(dim)

    def forward(self, x: torch.Tensor, position_ids: torch.Tensor) -> torch.Tensor:
        rope = self.rotary_emb(position_ids)
        return self.q_proj(x) * rope


class Layer(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.self_attn = Attention(dim)

    def forward(self, x: torch.Tensor, position_ids: torch.Tensor) -> torch.Tensor:
        return x + self.self_attn(x, position_ids)


class Model(nn.Module):
    def __init__(self, dim: int = 16, layers: int = 2) -> None:
        super().__init__()
        self.layers = nn.ModuleList(Layer(dim) for _ in range(layers))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        position_ids = torch.arange(x.shape[0], device=x.device)
        for layer in self.layers:
            x = layer(x, position_ids)
        return x


if __name__ == "__main__":
    device = torch.device("cuda", 1)
    model = Model().to(device)
    with torch.no_grad():
        model(torch.randn(8, 16, device=device))
