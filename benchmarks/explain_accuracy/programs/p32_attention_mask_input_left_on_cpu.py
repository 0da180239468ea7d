"""The batch's `attention_mask` left on the CPU while `input_ids` were moved to the GPU.

Modelled on huggingface/accelerate#2847 (`device_map="auto"` generate with processor output
partly on the CPU) and TransformerLensOrg/TransformerLens#1508 (input tokens left on the CPU
while the model's tensors are on CUDA).
"""

import math

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": "encoder",
    "pattern": "inputs-not-on-model-device",
}


class Encoder(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(30, dim)
        self.qk = nn.Linear(dim, 2 * dim)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        hidden = self.embed(input_ids)
        q, k = self.qk(hidden).chunk(2, dim=-1)
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        scores = scores.masked_fill(attention_mask[:, None, :] == 0, float("-inf"))  # <- fails here
        return scores.softmax(-1) @ hidden


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.encoder = Encoder()

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.encoder(input_ids, attention_mask)


if __name__ == "__main__":
    model = Model().to("cuda:1")
    batch = {"input_ids": torch.randint(0, 30, (2, 6)), "attention_mask": torch.ones(2, 6)}
    batch["input_ids"] = batch["input_ids"].to("cuda:1")  # bug: the mask was not moved
    with torch.no_grad():
        model(**batch)
