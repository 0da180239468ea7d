"""Labels left on the CPU while logits are on a GPU: the loss mixes devices.

Modelled on asahi417/lmppl#12 ("cuda:0 and cpu! (when checking argument for argument target in
method wrapper_CUDA_nll_loss_forward)").
"""

import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": None,
    "pattern": "inputs-not-on-model-device",
}


def compute_loss(model: nn.Module, batch: dict[str, torch.Tensor]) -> torch.Tensor:
    device = next(model.parameters()).device
    logits = model(batch["input_ids"].to(device))
    labels = batch["labels"]
    return F.cross_entropy(logits.view(-1, logits.shape[-1]), labels.view(-1))  # <- fails here


if __name__ == "__main__":
    model = nn.Sequential(nn.Embedding(40, 16), nn.Linear(16, 40)).to("cuda:1")
    batch = {"input_ids": torch.randint(0, 40, (2, 6)), "labels": torch.randint(0, 40, (2, 6))}
    with torch.no_grad():
        compute_loss(model, batch)
