"""Two ranks of real torchrun on virtual GPUs: every collective, with the values it carries."""

import gc
import json
import os
from pathlib import Path

import torch
import torch.distributed as dist

rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
torch.cuda.set_device(rank)
dist.init_process_group("nccl", device_id=torch.device("cuda", rank))
found = {"backend": str(dist.get_backend())}
x = torch.full((3,), float(rank + 1), device="cuda")
dist.all_reduce(x)
found["all_reduce"] = x.tolist()
x = torch.full((2,), float(rank + 1), device="cuda")
dist.all_reduce(x, op=dist.ReduceOp.AVG)
found["all_reduce_avg"] = x.tolist()
x = torch.full((2,), float(rank + 1), device="cuda")
dist.all_reduce(x, op=dist.ReduceOp.MAX)
found["all_reduce_max"] = x.tolist()
outs = [torch.empty(2, device="cuda") for _ in range(world)]
dist.all_gather(outs, torch.full((2,), float(rank), device="cuda"))
found["all_gather"] = [o.tolist() for o in outs]
flat = torch.empty(world * 2, device="cuda")
dist.all_gather_into_tensor(flat, torch.full((2,), float(rank), device="cuda"))
found["all_gather_into_tensor"] = flat.tolist()
out = torch.empty(2, device="cuda")
dist.reduce_scatter_tensor(out, torch.arange(world * 2, dtype=torch.float, device="cuda"))
found["reduce_scatter_tensor"] = out.tolist()
y = torch.full((2,), float(rank + 5), device="cuda")
dist.broadcast(y, src=1)
found["broadcast"] = y.tolist()
gathered = [torch.empty(1, device="cuda") for _ in range(world)] if rank == 0 else None
dist.gather(torch.full((1,), float(rank), device="cuda"), gathered, dst=0)
found["gather"] = [g.tolist() for g in gathered] if gathered else None
part = torch.empty(1, device="cuda")
pieces = [torch.full((1,), 10.0 + r, device="cuda") for r in range(world)] if rank == 0 else None
dist.scatter(part, pieces, src=0)
found["scatter"] = part.tolist()
if rank == 0:
    dist.send(torch.full((2,), 42.0, device="cuda"), dst=1)
else:
    got = torch.empty(2, device="cuda")
    dist.recv(got, src=0)
    found["recv"] = got.tolist()
objects = [None] * world
dist.all_gather_object(objects, {"rank": rank})
found["all_gather_object"] = objects
listed = [f"from {rank}"]
dist.broadcast_object_list(listed, src=1)
found["broadcast_object_list"] = listed
dist.barrier()
wrong_device = torch.ones(2, device=f"cuda:{1 - rank}")
for name, tensor in (("cpu", torch.ones(2)), ("wrong_device", wrong_device)):
    try:
        dist.all_reduce(tensor)
        found[name] = "no error"
    except Exception as error:
        found[name] = f"{type(error).__name__}: {error}"
torch.manual_seed(0)
model = torch.nn.Linear(4, 2).cuda()
ddp = torch.nn.parallel.DistributedDataParallel(model, device_ids=[rank])
ddp(torch.full((3, 4), float(rank + 1), device="cuda")).sum().backward()
found["ddp_grad"] = model.weight.grad.tolist()
with ddp.no_sync():
    model.weight.grad = None
    ddp(torch.full((3, 4), float(rank + 1), device="cuda")).sum().backward()
found["ddp_no_sync_grad"] = model.weight.grad.tolist()
out = Path(os.environ["COLLECTIVES_OUT"], f"rank{rank}.json")
out.write_text(json.dumps(found), encoding="utf-8")  # not stdout: the ranks' lines interleave
# The DDP wrappers go first: their reducers hold gloo work and tensors, and freeing those at
# interpreter exit, after the group is gone, takes the GIL during finalization and aborts the
# rank (SIGABRT, "terminate called without an active exception"; pytorch/pytorch#179291).
del ddp, model
gc.collect()
# Both ranks reach teardown together: a rank that destroys its gloo group while the other
# still talks to it can make the other abort at exit (seen once on a loaded CI machine).
dist.barrier()
dist.destroy_process_group()
