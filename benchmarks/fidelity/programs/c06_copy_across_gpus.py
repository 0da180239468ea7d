# expect: ok
import torch

a = torch.randn(4, device="cuda:0")
b = torch.empty(4, device="cuda:1")
b.copy_(a)
c = a.to("cuda:1") + b
assert c.device.index == 1
