# expect: ok
import torch

weight = torch.randn(4, 4, device="cuda:1")
x = torch.randn(2, 4).to(weight)  # follows weight's device and dtype
assert (x @ weight).device.index == 1
