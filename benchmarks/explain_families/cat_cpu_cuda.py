"""torch.cat of a CUDA tensor and a CPU tensor."""

import torch

EXPECT = {"kind": "device-mismatch", "pattern": "tensor-created-without-device", "gpus": 1}

hidden = torch.ones(2, 3, device="cuda")
extra = torch.zeros(2, 1)
out = torch.cat([hidden, extra], dim=1)  # <- fails here
