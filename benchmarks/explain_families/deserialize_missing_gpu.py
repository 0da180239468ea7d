"""A checkpoint whose tensors say cuda:1 loaded on a machine with one GPU."""

import io

import torch

EXPECT = {"kind": "checkpoint-device", "pattern": "checkpoint-loaded-to-saving-device", "gpus": 1}

buffer = io.BytesIO()
torch.save({"weight": torch.ones(2)}, buffer)
buffer.seek(0)
# The storages are restored where the checkpoint says they were saved (here: cuda:1).
state = torch.load(buffer, map_location={"cpu": "cuda:1"})  # <- fails here
