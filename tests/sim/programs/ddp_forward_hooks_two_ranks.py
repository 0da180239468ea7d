"""Two ranks of real torchrun on virtual GPUs: what DDP does around the forward, and comm hooks."""

import gc
import json
import os
from pathlib import Path

import torch
import torch.distributed as dist
from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
from torch.nn.parallel import DistributedDataParallel

rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
torch.cuda.set_device(rank)
dist.init_process_group("nccl", device_id=torch.device("cuda", rank))


class Scaled(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.first = torch.nn.Linear(3, 2, bias=False)
        self.second = torch.nn.Linear(2, 1, bias=False)
        self.register_buffer("scale", torch.full((1,), float(rank + 1)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.second(self.first(x)) * self.scale


def wrapped() -> DistributedDataParallel:
    torch.manual_seed(0)  # the same weights in every model and on every rank
    return DistributedDataParallel(Scaled().cuda(), device_ids=[rank])


found: dict[str, object] = {}
model = wrapped()
out = model(torch.ones(4, 3))  # a CPU input: DDP moves it to device_ids[0]
found["output_device"] = str(out.device)
found["scale_after_forward"] = model.module.scale.tolist()  # rank 0's buffer, broadcast

seen: list[tuple[int, bool, list[int], list[list[int]]]] = []


def doubling_allreduce(
    state: object, bucket: dist.GradBucket
) -> torch.futures.Future[torch.Tensor]:
    seen.append(
        (bucket.index(), bucket.is_last(), [len(bucket.parameters())],
         [list(g.shape) for g in bucket.gradients()])
    )  # fmt: skip
    return default_hooks.allreduce_hook(None, bucket).then(lambda f: f.value() * 2)


hooked = wrapped()
hooked.register_comm_hook(None, doubling_allreduce)
hooked(torch.full((4, 3), float(rank + 1))).sum().backward()
found["buckets"] = sorted(seen)
found["hooked_grad"] = hooked.module.second.weight.grad.tolist()

plain = wrapped()
plain(torch.full((4, 3), float(rank + 1))).sum().backward()
found["plain_grad"] = plain.module.second.weight.grad.tolist()

bf16 = wrapped()
try:
    bf16.register_comm_hook(None, default_hooks.bf16_compress_hook)
    found["bf16_hook"] = "accepted"
except TypeError as error:
    found["bf16_hook"] = str(error)
# The DDP wrappers go first: their reducers hold gloo work and tensors, and freeing those at
# interpreter exit, after the group is gone, takes the GIL during finalization and aborts the
# rank (SIGABRT, "terminate called without an active exception"; pytorch/pytorch#179291).
del hooked, plain, bf16
gc.collect()
# Both ranks reach teardown together: a rank that destroys its gloo group while the other
# still talks to it can make the other abort at exit (seen once on a loaded CI machine).
dist.barrier()
dist.destroy_process_group()
Path(os.environ["DDP_HOOKS_OUT"], f"rank{rank}.json").write_text(json.dumps(found))
