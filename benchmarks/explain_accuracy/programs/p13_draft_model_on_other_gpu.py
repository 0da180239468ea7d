"""Assisted generation: the draft (assistant) model's tokens come back on another GPU.

Modelled on huggingface/transformers#35099 (running assisted generation and speculative
decoding when assistant and target models are on different devices) and #31401.
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": None,
    "pattern": "draft-model-on-other-gpu",
}


class TinyLM(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.head(self.embed(input_ids))


def propose(assistant_model: TinyLM, input_ids: torch.Tensor, n: int = 3) -> torch.Tensor:
    ids = input_ids.to(assistant_model.embed.weight.device)
    for _ in range(n):
        next_token = assistant_model(ids)[:, -1:].argmax(-1)
        ids = torch.cat([ids, next_token], dim=-1)
    return ids[:, -n:]


def assisted_step(model: TinyLM, assistant_model: TinyLM, input_ids: torch.Tensor) -> torch.Tensor:
    draft_tokens = propose(assistant_model, input_ids)
    candidate_ids = torch.cat([input_ids, draft_tokens], dim=-1)  # <- fails here
    return model(candidate_ids)


if __name__ == "__main__":
    model = TinyLM().to("cuda:1")
    assistant_model = TinyLM().to("cuda:0")
    with torch.no_grad():
        assisted_step(model, assistant_model, torch.randint(0, 64, (1, 4), device="cuda:1"))
