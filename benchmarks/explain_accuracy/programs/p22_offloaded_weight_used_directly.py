"""An offloaded (meta) weight used outside its module's forward hook.

Modelled on vladmandic/sdnext#2205 ("Tensor on device cuda:0 is not on the expected device
meta!") and huggingface/accelerate#661 (offload through `infer_auto_device_map`).
"""

import torch
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "meta"],
    "module": None,
    "pattern": "offloaded-module-used-outside-scope",
}


class LM(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Linear(16, 16)
        self.final_norm = nn.LayerNorm(16)


def scaled_hidden(model: LM, hidden: torch.Tensor) -> torch.Tensor:
    # The norm was offloaded: its weight only materialises inside its own forward hook.
    return hidden * model.final_norm.weight  # <- fails here


if __name__ == "__main__":
    model = LM()
    model.body.to("cuda:1")
    model.final_norm.to("meta")  # what cpu/disk offload leaves in the module between calls
    with torch.no_grad():
        hidden = model.body(torch.randn(2, 16, device="cuda:1"))
        scaled_hidden(model, hidden)
