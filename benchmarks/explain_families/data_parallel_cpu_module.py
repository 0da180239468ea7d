"""nn.DataParallel whose module gained a buffer after wrapping: the buffer stays on the CPU.

(With one device id DataParallel moves the module to it when wrapping; what is registered
afterwards is not moved, as in the threads where weights were added or swapped later.)"""

import torch
from torch import nn

EXPECT = {
    "kind": "data-parallel-device",
    "pattern": "data-parallel-module-not-on-first-device",
    "gpus": 1,
}

model = nn.DataParallel(nn.Linear(4, 4), device_ids=[0])
model.module.register_buffer("scale", torch.ones(4))  # made after wrapping, on the CPU
out = model(torch.ones(2, 4, device="cuda:0"))  # <- fails here
