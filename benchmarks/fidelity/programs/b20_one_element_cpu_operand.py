# expect: raise
import torch

x = torch.randn(4, device="cuda:0")
x * torch.tensor([2.0])  # 1-element 1-dim CPU tensor is not a scalar
