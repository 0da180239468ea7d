# expect: raise
import os

import torch
import torch.distributed as dist

os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
os.environ.setdefault("MASTER_PORT", "29561")
torch.cuda.set_device(0)
dist.init_process_group("nccl", rank=0, world_size=1)
try:
    dist.all_reduce(torch.ones(4))  # a CPU tensor: NCCL has no backend for it
finally:
    dist.destroy_process_group()
