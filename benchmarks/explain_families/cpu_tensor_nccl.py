"""A CPU tensor handed to an NCCL all_reduce (world size 1, one GPU)."""

import os

import torch
import torch.distributed as dist

EXPECT = {"kind": "cpu-tensor-collective", "pattern": "cpu-tensor-to-nccl-collective", "gpus": 1}

os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
os.environ.setdefault("MASTER_PORT", "29561")
torch.cuda.set_device(0)
dist.init_process_group("nccl", rank=0, world_size=1)
flag = torch.ones(1)  # made on the CPU
dist.all_reduce(flag)  # <- fails here
