# expect: raise
import torch

losses = torch.tensor([])  # an empty accumulator made on the CPU
losses = torch.cat([losses, torch.randn(3, device="cuda:0")])
