# expect: ok
import os

import torch

torch.zeros(1, device="cuda:0")  # CUDA initialises and reads CUDA_VISIBLE_DEVICES (unset)
os.environ["CUDA_VISIBLE_DEVICES"] = "0"  # too late: CUDA never reads it again
x = torch.ones(4, device="cuda:1")
assert x.device.index == 1
