# expect: raise
import torch

torch.randn(4, 4, device="cuda:0") @ torch.randn(4, 4, device="cuda:1")
