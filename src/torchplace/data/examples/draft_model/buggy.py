"""Speculative decoding: the draft model sits on cuda:1, the target on cuda:0.

The draft's proposed tokens are appended to the target's input ids without being moved.

Run-with: --gpus 2
Expected-lint: none
Expected-run: cuda:0 and cuda:1
"""

import torch
from torch import nn


# The serving config: the target model on the first GPU, the small draft on a spare one.
PLACEMENT = {"target": 0, "draft": 1}


class TinyCausalLM(nn.Module):
    def __init__(self, vocab: int, hidden: int) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.mix = nn.Linear(hidden, hidden)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.head(torch.tanh(self.mix(self.embed(input_ids))))


def propose(draft: TinyCausalLM, input_ids: torch.Tensor, steps: int) -> torch.Tensor:
    tokens = input_ids.to(draft.embed.weight.device)
    for _ in range(steps):
        next_token = draft(tokens)[:, -1:].argmax(-1)
        tokens = torch.cat([tokens, next_token], dim=1)
    return tokens[:, input_ids.shape[1]:]


def verify(target: TinyCausalLM, input_ids: torch.Tensor, proposal: torch.Tensor) -> torch.Tensor:
    candidate = torch.cat([input_ids, proposal], dim=1)
    return target(candidate).argmax(-1)


def main() -> None:
    with torch.no_grad():
        target_device = torch.device("cuda", PLACEMENT["target"])
        target = TinyCausalLM(vocab=128, hidden=64).to(target_device)
        draft = TinyCausalLM(vocab=128, hidden=32).to(torch.device("cuda", PLACEMENT["draft"]))
        input_ids = torch.randint(0, 128, (1, 6), device=target_device)
        proposal = propose(draft, input_ids, steps=3)
        print(verify(target, input_ids, proposal).shape)


if __name__ == "__main__":
    main()
