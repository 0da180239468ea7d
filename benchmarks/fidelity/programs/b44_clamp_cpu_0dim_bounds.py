# expect: raise
import torch

x = torch.randn(4, device="cuda:0")
# clamp's Tensor bounds are checked like any codegen argument: a 0-dim CPU bound is not a scalar
torch.clamp(x, torch.tensor(-1.0), torch.tensor(1.0))
