# expect: ok
# nproc: 2
import os

import torch
import torch.distributed as dist

local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
dist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))
t = torch.ones(8, device=f"cuda:{local_rank}")
dist.all_reduce(t)
dist.barrier()
dist.destroy_process_group()
