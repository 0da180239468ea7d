# expect: raise
import os

os.environ["CUDA_VISIBLE_DEVICES"] = "1"  # set before CUDA initialises: only one GPU, as cuda:0

import torch

torch.zeros(4, device="cuda:1")  # invalid device ordinal
