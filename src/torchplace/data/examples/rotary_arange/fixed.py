"""Fixed twin of buggy.py: positions are made on the hidden states' device.

Expected-lint: none
Expected-run: ok
"""

import torch
from torch import nn


class RotaryEmbedding(nn.Module):
    def __init__(self, head_dim: int, base: float = 10000.0) -> None:
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2).float() / head_dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        seq_len = hidden_states.shape[1]
        positions = torch.arange(seq_len, device=hidden_states.device).float()
        freqs = torch.outer(positions, self.inv_freq)
        return freqs.cos(), freqs.sin()


class Attention(nn.Module):
    def __init__(self, hidden: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(hidden, 3 * hidden)
        self.rotary = RotaryEmbedding(hidden // heads)

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        batch, seq, hidden = hidden_states.shape
        q, k, v = self.qkv(hidden_states).chunk(3, dim=-1)
        cos, sin = self.rotary(hidden_states)
        q = q.view(batch, seq, self.heads, -1)
        q = q * cos.repeat(1, 2)[None, :, None, :] + q * sin.repeat(1, 2)[None, :, None, :]
        return q.reshape(batch, seq, hidden) + v


def main() -> None:
    with torch.no_grad():
        last_gpu = torch.device("cuda", torch.cuda.device_count() - 1)  # a late layer's GPU
        layer = Attention(hidden=64, heads=4).to(last_gpu)
        hidden_states = torch.randn(2, 16, 64, device=last_gpu)
        print(layer(hidden_states).shape)


if __name__ == "__main__":
    main()
