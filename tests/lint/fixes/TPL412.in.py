import os

import torch

# Slurm starts one task per GPU on every node of the job.
node = int(os.environ["SLURM_NODEID"])
torch.cuda.set_device(int(os.environ["RANK"]))
device = torch.device("cuda", int(os.environ.get('RANK', 0)))
batch = batch.to(f"cuda:{os.getenv('RANK')}")
