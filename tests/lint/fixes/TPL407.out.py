import os

import torch


def bind():
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]) % torch.cuda.device_count())
    torch.cuda.set_device(int(os.getenv("SLURM_LOCALID", "0")) % 4)
    return local_rank
