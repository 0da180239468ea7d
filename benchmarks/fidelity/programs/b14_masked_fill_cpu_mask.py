# expect: raise
import torch

scores = torch.randn(2, 4, 4, device="cuda:0")
mask = torch.ones(4, 4, dtype=torch.bool).triu(1)  # built on the CPU
scores.masked_fill(mask, float("-inf"))
