import os

import torch

torch.cuda.set_device(int(os.environ["RANK"]))
device = torch.device("cuda", int(os.environ.get('RANK', 0)))
batch = batch.to(f"cuda:{os.getenv('RANK')}")
