# expect: raise
import torch

torch.stack([torch.zeros(3, device="cuda:0"), torch.zeros(3, device="cuda:1")])
