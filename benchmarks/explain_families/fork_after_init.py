"""CUDA used in a child forked after the parent initialised CUDA."""

import multiprocessing
import sys

import torch

EXPECT = {"kind": "fork-after-cuda-init", "pattern": "fork-after-cuda-init", "gpus": 1}


def child(json_path: str) -> None:
    if json_path == "--plain":  # log mode: the plain failure, as a user's log shows it
        torch.zeros(1, device="cuda")  # <- fails here
        return
    import torchplace

    # A forked child's exception never reaches sys.excepthook (multiprocessing prints it), so
    # live mode here is the context manager.
    with torchplace.explain(json_path=json_path):
        torch.zeros(1, device="cuda")


if __name__ == "__main__":
    torch.zeros(1, device="cuda")  # the parent initialises CUDA
    process = multiprocessing.get_context("fork").Process(target=child, args=(sys.argv[1],))
    process.start()
    process.join()
    sys.exit(process.exitcode or 0)
