# expect: raise
import torch

x = torch.zeros(8, 4, device="cuda:0")
rows = torch.tensor([1, 3], device="cuda:0")
x[rows] = torch.ones(2, 4)  # advanced-index assignment of CPU values
