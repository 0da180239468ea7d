# expect: ok
import torch

x = torch.randn(3, device="cuda:1")
offsets = x.new_tensor([1.0, 2.0, 3.0])  # new_tensor lands on x's device
assert (x + offsets).device.index == 1
zeros = x.new_zeros(3)
assert (x * zeros).device.index == 1
