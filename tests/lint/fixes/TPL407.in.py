import os

import torch


def bind():
    torch.cuda.set_device(int(os.environ["RANK"]) % torch.cuda.device_count())
    torch.cuda.set_device(int(os.getenv("SLURM_PROCID", "0")) % 4)
