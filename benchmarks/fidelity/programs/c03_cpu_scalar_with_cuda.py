# expect: ok
import torch

x = torch.randn(4, 4, device="cuda:0")
scale = torch.tensor(0.5)  # 0-dim CPU tensor: a scalar for CUDA kernels
y = x * scale + torch.tensor(1.0)
assert y.device == x.device
