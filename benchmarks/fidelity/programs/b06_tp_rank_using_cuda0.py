# expect: raise
# nproc: 2
import os

import torch
import torch.distributed as dist

local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
dist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))
shard = torch.ones(8, device="cuda:0")  # hard-coded: rank 1 uses GPU 0
dist.all_reduce(shard)
dist.destroy_process_group()
