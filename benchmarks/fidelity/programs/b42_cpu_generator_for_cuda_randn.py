# expect: raise
import torch

generator = torch.Generator()  # a CPU generator
torch.randn(3, device="cuda:0", generator=generator)
