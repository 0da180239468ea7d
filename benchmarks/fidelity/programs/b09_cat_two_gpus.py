# expect: raise
import torch

torch.cat([torch.zeros(2, 4, device="cuda:0"), torch.zeros(2, 4, device="cuda:1")])
