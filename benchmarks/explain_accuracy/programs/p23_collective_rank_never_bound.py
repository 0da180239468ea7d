"""A rank that never called `set_device` all-reduces a tensor made with `.cuda()` (cuda:0)
while the process group was bound to cuda:LOCAL_RANK.

Run with `torchrun --nproc-per-node 2`. Modelled on pytorch/pytorch#130414 (collective failure
with single-device style process groups) and NVIDIA/apex#222 (processes on GPU 0).
"""

import os

import torch
import torch.distributed as dist

EXPECT = {
    "devices": ["cuda:0", "cuda:1"],
    "module": None,
    "pattern": "rank-not-bound-to-gpu",
    "launcher": "torchrun",
    "rank": 1,
}

if __name__ == "__main__":
    local_rank = int(os.environ["LOCAL_RANK"])
    dist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))
    grad = torch.ones(4).cuda()  # bug: no set_device, so this is cuda:0 on every rank
    dist.all_reduce(grad)  # <- fails here
    dist.destroy_process_group()
