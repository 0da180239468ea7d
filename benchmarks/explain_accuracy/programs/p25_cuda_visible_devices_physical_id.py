"""A physical GPU id from `CUDA_VISIBLE_DEVICES` used as a torch device index.

With `CUDA_VISIBLE_DEVICES=1` only one GPU is visible, as cuda:0; selecting cuda:1 fails.
Modelled on pytorch/torchtitan#423 (`CUDA_VISIBLE_DEVICES=2,3`, set_device fails with
"invalid device ordinal") and huggingface/accelerate#3775.
"""

import os

os.environ["CUDA_VISIBLE_DEVICES"] = "1"

import torch

EXPECT = {
    "devices": ["cuda:1"],
    "module": None,
    "pattern": "cuda-visible-devices-misuse",
}

if __name__ == "__main__":
    gpu_id = int(os.environ["CUDA_VISIBLE_DEVICES"].split(",")[0])
    weights = torch.randn(16, 16, device=f"cuda:{gpu_id}")  # <- fails here
