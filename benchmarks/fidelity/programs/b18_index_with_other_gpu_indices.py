# expect: raise
import torch

x = torch.randn(8, 4, device="cuda:0")
x[torch.tensor([1, 2], device="cuda:1")]
