# expect: ok
import torch

x = torch.randn(8, 4, device="cuda:1")
rows = torch.tensor([0, 3, 5])  # CPU indices are allowed for x[idx]
assert x[rows].shape == (3, 4)
