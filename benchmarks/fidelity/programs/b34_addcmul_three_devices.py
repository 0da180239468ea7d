# expect: raise
import torch

a = torch.randn(4, device="cuda:0")
torch.addcmul(a, torch.randn(4, device="cuda:0"), torch.randn(4, device="cuda:1"))
