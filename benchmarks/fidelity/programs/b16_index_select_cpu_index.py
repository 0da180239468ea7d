# expect: raise
import torch

x = torch.randn(8, 4, device="cuda:0")
x.index_select(0, torch.tensor([1, 2]))
