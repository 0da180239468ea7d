"""Fixed twin of buggy.py: the rank binds its GPU from LOCAL_RANK and builds its shard there.

Expected-lint: none
Expected-run: ok
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
    device = torch.device("cuda", local_rank)
    torch.cuda.set_device(device)
    dist.init_process_group("nccl", device_id=device)
    try:
        with torch.no_grad():
            mlp = ShardedMLP(hidden=64, intermediate=256, world_size=world_size).to(device)
            x = torch.randn(4, 64, device=mlp.up.weight.device)
            print(f"rank {dist.get_rank()}: {tuple(mlp(x).shape)}")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
