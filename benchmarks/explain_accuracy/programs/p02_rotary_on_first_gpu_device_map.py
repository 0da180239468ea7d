"""Rotary embedding placed on the first GPU while the decoder layers sit on the second.

Modelled on huggingface/transformers#35505 (qwen2 rope device matching bug with a device map
over several GPUs: `inv_freq_expanded @ position_ids_expanded` mixes devices).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:0", "cuda:1"],
    "module": "model.rotary_emb",
    "pattern": "buffer-left-on-other-device",
}


class RotaryEmbedding(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x: torch.Tensor, position_ids: torch.Tensor) -> torch.Tensor:
        inv_freq_expanded = self.inv_freq[None, :, None].expand(position_ids.shape[0], -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        freqs = (inv_freq_expanded @ position_ids_expanded).transpose(1, 2)  # <- fails here
        return freqs.cos()


class Inner(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.embed_tokens = nn.Embedding(32, dim)
        self.rotary_emb = RotaryEmbedding(dim)
        self.layer = nn.Linear(dim, dim)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        hidden = self.embed_tokens(input_ids)
        hidden = self.layer(hidden.to(self.layer.weight.device))
        position_ids = torch.arange(input_ids.shape[1], device=hidden.device)[None]
        cos = self.rotary_emb(hidden, position_ids)
        return hidden * cos


class ForCausalLM(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.model = Inner()

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids)


if __name__ == "__main__":
    lm = ForCausalLM()
    # A hand-made device map: embeddings and rotary on GPU 0, the decoder layer on GPU 1.
    lm.model.embed_tokens.to("cuda:0")
    lm.model.rotary_emb.to("cuda:0")
    lm.model.layer.to("cuda:1")
    with torch.no_grad():
        lm(torch.randint(0, 32, (1, 8), device="cuda:0"))
