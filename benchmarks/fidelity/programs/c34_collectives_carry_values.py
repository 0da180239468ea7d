# expect: ok
# nproc: 2
# Values cross ranks: sum, average, gather, broadcast, objects, and DDP's averaged gradients.
import os

import torch
import torch.distributed as dist

rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(rank)
dist.init_process_group("nccl", device_id=torch.device("cuda", rank))
total = torch.full((4,), float(rank + 1), device="cuda")
dist.all_reduce(total)
assert total.tolist() == [3.0] * 4, total
mean = torch.full((2,), float(rank + 1), device="cuda")
dist.all_reduce(mean, op=dist.ReduceOp.AVG)
assert mean.tolist() == [1.5, 1.5], mean
flat = torch.empty(4, device="cuda")
dist.all_gather_into_tensor(flat, torch.full((2,), float(rank), device="cuda"))
assert flat.tolist() == [0.0, 0.0, 1.0, 1.0], flat
sent = torch.full((2,), float(rank + 5), device="cuda")
dist.broadcast(sent, src=1)
assert sent.tolist() == [6.0, 6.0], sent
objects = [None, None]
dist.all_gather_object(objects, {"rank": rank})
assert objects == [{"rank": 0}, {"rank": 1}], objects
torch.manual_seed(0)
model = torch.nn.Linear(4, 2).cuda()
ddp = torch.nn.parallel.DistributedDataParallel(model, device_ids=[rank])
ddp(torch.full((3, 4), float(rank + 1), device="cuda")).sum().backward()
assert model.weight.grad.tolist() == [[4.5] * 4] * 2, model.weight.grad
dist.barrier()
dist.destroy_process_group()
