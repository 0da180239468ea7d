# expect: ok
import multiprocessing

import torch


def encode(index):
    return float(torch.ones(4, device="cuda:1").sum().item()) + index


if __name__ == "__main__":
    assert torch.cuda.device_count() == 2  # counting GPUs does not initialise CUDA
    with multiprocessing.get_context("fork").Pool(1) as pool:
        assert pool.map(encode, range(2)) == [4.0, 5.0]
