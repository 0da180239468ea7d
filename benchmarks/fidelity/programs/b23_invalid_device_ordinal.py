# expect: raise
import torch

torch.zeros(4, device="cuda:2")  # only GPUs 0 and 1 exist
