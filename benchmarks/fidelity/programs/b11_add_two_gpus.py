# expect: raise
import torch

torch.ones(3, device="cuda:0") + torch.ones(3, device="cuda:1")
