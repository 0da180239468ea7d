# expect: raise
import torch

keys = torch.zeros(1, 4, 0, 16, device="cuda:0")  # cache allocated on the default GPU
layer_device = torch.device("cuda:1")
for _ in range(2):
    new_key = torch.randn(1, 4, 1, 16, device=layer_device)
    keys = torch.cat([keys, new_key], dim=2)
