"""A process shares a CUDA tensor through a queue and exits while the consumer still holds it
(log mode: the warning is printed by torch at exit, it is no exception)."""

import multiprocessing as mp
import time

import torch

EXPECT = {"kind": "cuda-ipc", "pattern": "cuda-ipc-producer-exited", "gpus": 1, "log": True}


def producer(queue: "mp.Queue[torch.Tensor]") -> None:
    queue.put(torch.ones(4, device="cuda"))
    time.sleep(1)  # exits with the tensor still held by the consumer


if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    process = ctx.Process(target=producer, args=(queue,))
    process.start()
    held = queue.get()
    process.join()
    time.sleep(1)
    print(held.sum().item() if held.numel() else 0)
