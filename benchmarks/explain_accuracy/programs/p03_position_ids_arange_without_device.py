"""Position ids made with `torch.arange` without `device=` inside forward.

Modelled on OptimalScale/LMFlow#465 (cpu and cuda:0 in a rotary gather: position ids built on
the CPU) and unslothai/unsloth#840 (ROPE extension device mismatch).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": "encoder.pos",
    "pattern": "tensor-created-without-device",
}


class Encoder(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 16, max_len: int = 32) -> None:
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_len, dim)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        seq_len = input_ids.shape[1]
        position_ids = torch.arange(seq_len).unsqueeze(0)
        hidden = self.tok(input_ids)
        return hidden + self.pos(position_ids)  # <- fails here


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.encoder = Encoder()
        self.head = nn.Linear(16, 2)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.head(self.encoder(input_ids))


if __name__ == "__main__":
    model = Model().to("cuda:1")
    with torch.no_grad():
        model(torch.randint(0, 64, (2, 10), device="cuda:1"))
