"""nn.DataParallel around a model left on the CPU."""

import torch
from torch import nn

EXPECT = {
    "kind": "data-parallel-device",
    "pattern": "data-parallel-module-not-on-first-device",
    "gpus": 1,
}

model = nn.DataParallel(nn.Linear(4, 4), device_ids=[0])
out = model(torch.ones(2, 4, device="cuda:0"))  # <- fails here
