"""`torch.cuda.set_device(local_rank)` on a rank past the last GPU (two ranks, one GPU)."""

import os

import torch

EXPECT = {"kind": "invalid-device-ordinal", "pattern": "more-ranks-than-gpus", "gpus": 1}

os.environ.setdefault("LOCAL_RANK", "1")
local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)  # <- fails here
