"""Fixed twin of buggy.py: the adapter follows its base layer's device.

Expected-lint: none
Expected-run: ok
"""

import torch
from torch import nn


class LoRALinear(nn.Module):
    """A frozen base projection plus a low-rank delta (`x @ A^T @ B^T * scale`)."""

    def __init__(self, base: nn.Linear, rank: int = 8, alpha: float = 16.0) -> None:
        super().__init__()
        self.base = base
        self.scale = alpha / rank
        self.lora_a = nn.Linear(base.in_features, rank, bias=False)
        self.lora_b = nn.Linear(rank, base.out_features, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + self.lora_b(self.lora_a(x)) * self.scale


def load_adapter(layer: LoRALinear, state: dict[str, torch.Tensor]) -> None:
    layer.lora_a.load_state_dict({"weight": state["lora_a"]})
    layer.lora_b.load_state_dict({"weight": state["lora_b"]})
    device = layer.base.weight.device
    layer.lora_a.to(device)
    layer.lora_b.to(device)


def main() -> None:
    with torch.no_grad():
        placed_on = torch.device("cuda", torch.cuda.device_count() - 1)  # by the device map
        base = nn.Linear(64, 64).to(placed_on)
        layer = LoRALinear(base)
        load_adapter(layer, {"lora_a": torch.randn(8, 64), "lora_b": torch.zeros(64, 8)})
        x = torch.randn(4, 64, device=base.weight.device)
        print(layer(x).shape)


if __name__ == "__main__":
    main()
