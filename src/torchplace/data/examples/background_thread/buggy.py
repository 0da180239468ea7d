"""A serving worker bound to cuda:1 whose background prefetch thread never binds its GPU.

A new thread starts on device 0 whatever its parent set, so the prefetched batch lands on
cuda:0 and meets the model's cuda:1 weights.

Run-with: --gpus 2
Expected-lint: TPL403, TPL105
Expected-run: cuda:0 and cuda:1
"""

import os
import queue
import threading

import torch
from torch import nn


def prefetch(batches: "queue.Queue[torch.Tensor]", count: int) -> None:
    for _ in range(count):
        batches.put(torch.randn(4, 32, device="cuda"))


def main() -> None:
    torch.cuda.set_device(int(os.environ.get("WORKER_GPU", "1")))  # this worker's GPU
    with torch.no_grad():
        model = nn.Linear(32, 8).to(torch.cuda.current_device())
        batches: "queue.Queue[torch.Tensor]" = queue.Queue()
        loader = threading.Thread(target=prefetch, args=(batches, 2))
        loader.start()
        loader.join()
        while not batches.empty():
            print(model(batches.get()).shape)


if __name__ == "__main__":
    main()
