"""A fork-started worker pool uses CUDA after the parent initialised it.

Modelled on huggingface/transformers#30115 (needs `set_start_method("spawn")` for CUDA in
workers) and the DataLoader-with-CUDA reports ("Cannot re-initialize CUDA in forked
subprocess").
"""

import multiprocessing as mp

import torch

EXPECT = {
    "devices": [],
    "module": None,
    "pattern": "fork-after-cuda-init",
}


def encode(index: int) -> float:
    return float(torch.ones(4, device="cuda:1").sum().item()) + index


if __name__ == "__main__":
    warmup = torch.zeros(1, device="cuda:0")  # initialises CUDA in the parent
    with mp.get_context("fork").Pool(1) as pool:
        print(pool.map(encode, range(2)))  # <- fails here
