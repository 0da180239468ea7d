"""A tensor-parallel MLP (2 ranks): each rank holds half of the hidden units.

The shard is created with `.cuda()` and the rank never calls `set_device`, so rank 1's shard
lands on cuda:0 while its process group was bound to cuda:1. Launch with
`torchrun --nproc-per-node 2 examples/tp_mlp/buggy.py` (real GPUs) or
`torchplace sim --nproc-per-node 2 examples/tp_mlp/buggy.py` (virtual GPUs).

Run-with: --nproc-per-node 2
Expected-lint: TPL101
Expected-run: Attempt to perform collective on tensor not on device passed to init_process_group
"""

import os

import torch
import torch.distributed as dist
from torch import nn


class ShardedMLP(nn.Module):
    """Column-parallel up projection, row-parallel down projection, all-reduce at the end."""

    def __init__(self, hidden: int, intermediate: int, world_size: int) -> None:
        super().__init__()
        self.up = nn.Linear(hidden, intermediate // world_size, bias=False)
        self.down = nn.Linear(intermediate // world_size, hidden, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        partial = self.down(torch.relu(self.up(x)))
        dist.all_reduce(partial)
        return partial


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    dist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))
    try:
        with torch.no_grad():
            mlp = ShardedMLP(hidden=64, intermediate=256, world_size=world_size).cuda()
            x = torch.randn(4, 64, device=mlp.up.weight.device)
            print(f"rank {dist.get_rank()}: {tuple(mlp(x).shape)}")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
