# expect: raise
import torch

a = torch.randn(4, device="cuda:0")
torch.where(torch.tensor([True, False, True, False]), a, torch.zeros_like(a))
