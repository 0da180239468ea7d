# expect: raise
import torch

scores = torch.randn(4, device="cuda:0")
scores.masked_fill(torch.tensor(True), 0.0)  # even a 0-dim CPU mask is rejected
