# expect: raise
import torch

torch.bmm(torch.randn(2, 3, 4, device="cuda:1"), torch.randn(2, 4, 5, device="cuda:0"))
