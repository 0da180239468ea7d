# expect: ok
import torch

batch = torch.randn(4, 8).pin_memory()
x = batch.to("cuda:1", non_blocking=True)
stream = torch.cuda.Stream(device=1)
with torch.cuda.stream(stream):
    y = x * 2
torch.cuda.synchronize()
assert y.device.index == 1
