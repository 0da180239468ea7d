"""Per-layer inputs computed once next to the embeddings (cuda:0) and indexed inside layers
that `device_map` placed on cuda:1: tensors made in forward are not moved by the hooks.

Modelled on huggingface/transformers#45823 (Gemma4 PLE device mismatch with
`device_map="auto"` during forward, cuda:0 vs cuda:1).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "layers.1",
    "pattern": "tensor-carried-across-device-map-split",
}


class DecoderLayer(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.per_layer_projection = nn.Linear(dim, dim)

    def forward(self, hidden_states: torch.Tensor, per_layer_input: torch.Tensor) -> torch.Tensor:
        gate = self.per_layer_projection(hidden_states)
        return hidden_states + gate * per_layer_input  # <- fails here


class Model(nn.Module):
    def __init__(self, layers: int = 2, dim: int = 16) -> None:
        super().__init__()
        self.embed_tokens = nn.Embedding(64, dim)
        self.embed_tokens_per_layer = nn.Embedding(64, dim * layers)
        self.layers = nn.ModuleList(DecoderLayer(dim) for _ in range(layers))

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        hidden_states = self.embed_tokens(input_ids)
        per_layer_inputs = self.embed_tokens_per_layer(input_ids).chunk(len(self.layers), dim=-1)
        for i, layer in enumerate(self.layers):
            # What accelerate's hooks do: move the *arguments* of each layer's forward.
            hidden_states = hidden_states.to(layer.per_layer_projection.weight.device)
            hidden_states = layer(hidden_states, per_layer_inputs[i])
        return hidden_states


if __name__ == "__main__":
    model = Model()
    model.embed_tokens.to("cuda:0")
    model.embed_tokens_per_layer.to("cuda:0")
    model.layers[0].to("cuda:0")
    model.layers[1].to("cuda:1")
    with torch.no_grad():
        model(torch.randint(0, 64, (1, 6), device="cuda:0"))
