"""Fixed twin of buggy.py: the thread binds its parent's GPU before touching CUDA.

Expected-lint: none
Expected-run: ok
"""

import os
import queue
import threading

import torch
from torch import nn


def prefetch(batches: "queue.Queue[torch.Tensor]", count: int, device: torch.device) -> None:
    torch.cuda.set_device(device)
    for _ in range(count):
        batches.put(torch.randn(4, 32, device=device))


def main() -> None:
    torch.cuda.set_device(int(os.environ.get("WORKER_GPU", "1")))  # this worker's GPU
    with torch.no_grad():
        device = torch.device("cuda", torch.cuda.current_device())
        model = nn.Linear(32, 8).to(device)
        batches: "queue.Queue[torch.Tensor]" = queue.Queue()
        loader = threading.Thread(target=prefetch, args=(batches, 2, device))
        loader.start()
        loader.join()
        while not batches.empty():
            print(model(batches.get()).shape)


if __name__ == "__main__":
    main()
