# expect: raise
import multiprocessing

import torch


def encode(index):
    return float(torch.ones(4, device="cuda:1").sum().item()) + index


if __name__ == "__main__":
    torch.zeros(1, device="cuda:0")  # CUDA initialised in the parent
    with multiprocessing.get_context("fork").Pool(1) as pool:
        pool.map(encode, range(2))  # "Cannot re-initialize CUDA in forked subprocess"
