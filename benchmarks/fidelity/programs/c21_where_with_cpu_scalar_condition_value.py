# expect: ok
import torch

x = torch.randn(4, device="cuda:0")
y = torch.where(x > 0, x, torch.tensor(0.0))  # CPU 0-dim as the other value
assert y.device.index == 0
