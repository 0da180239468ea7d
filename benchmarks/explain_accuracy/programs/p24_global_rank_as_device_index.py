"""`torch.cuda.set_device(RANK)` on the second node of a 2 x 2-GPU job: invalid ordinal.

The launcher environment of node 1 (ranks 2-3, local ranks 0-1) is recreated here so the
program fails the same way on a single 2-GPU host. Modelled on meta-llama/llama-cookbook#90
("should use local_rank instead of rank") and LMCache/LMCache#814.
"""

import os

os.environ.setdefault("RANK", "3")
os.environ.setdefault("LOCAL_RANK", "1")
os.environ.setdefault("WORLD_SIZE", "4")

import torch

EXPECT = {
    "devices": ["cuda:3", "cuda:1"],
    "module": None,
    "pattern": "global-rank-as-device-index",
}


def setup() -> torch.device:
    rank = int(os.environ["RANK"])
    torch.cuda.set_device(rank)  # <- fails here
    return torch.device("cuda", rank)


if __name__ == "__main__":
    setup()
