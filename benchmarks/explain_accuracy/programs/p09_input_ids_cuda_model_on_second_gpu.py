"""Input ids sent to the default GPU while the model lives on the second one.

Modelled on EleutherAI/lm-evaluation-harness#1575 (`parallelize=True`: inputs on one GPU, the
embedding on another: "cuda:7 and cuda:3 ... wrapper_CUDA__index_select").
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "embed",
    "pattern": "inputs-not-on-model-device",
}


class TinyLM(nn.Module):
    def __init__(self, vocab: int = 50, dim: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        hidden = self.embed(input_ids)  # <- fails here
        return self.head(hidden)


if __name__ == "__main__":
    model = TinyLM().to("cuda:1")
    input_ids = torch.randint(0, 50, (2, 7)).cuda()
    with torch.no_grad():
        model(input_ids)
