# expect: raise
# nproc: 2
import torch
import torch.distributed as dist

dist.init_process_group("nccl")
t = torch.ones(8, device="cuda")  # no set_device(LOCAL_RANK): every rank on GPU 0
dist.all_reduce(t)
dist.destroy_process_group()
