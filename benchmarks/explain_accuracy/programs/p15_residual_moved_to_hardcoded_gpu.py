"""`residual.to("cuda:0")` inside a layer that `device_map` placed on cuda:1.

Modelled on the hardcoded-device reports collected in QwenLM/Qwen-VL#202 (device_map="auto"
over several GPUs: "cuda:2 and cuda:3") and visual-openllm/visual-openllm#20.
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": "layers.1",
    "pattern": "hardcoded-cuda-device",
}


class DecoderLayer(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.mlp = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        residual = hidden_states.to("cuda:0")
        hidden_states = self.mlp(self.norm(hidden_states))
        return hidden_states + residual  # <- fails here


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layers = nn.ModuleList([DecoderLayer(), DecoderLayer()])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = layer(x.to(layer.mlp.weight.device))
        return x


if __name__ == "__main__":
    model = Model()
    model.layers[0].to("cuda:0")
    model.layers[1].to("cuda:1")
    with torch.no_grad():
        model(torch.randn(2, 16, device="cuda:0"))
