"""A worker thread allocates with `device="cuda"`: it lands on cuda:0 although the main
thread bound cuda:1 (the current device is per thread).

Modelled on dottxt-ai/outlines#679 ("found at least two devices" only when generating in a new
thread: `sequence_weights` on cuda:0, logprobs on cuda:1) and pfnet/pytorch-pfn-extras#726.
"""

import threading

import torch

EXPECT = {
    "devices": ["cuda:0", "cuda:1"],
    "module": None,
    "pattern": "thread-without-device-binding",
}


def sample(logprobs: torch.Tensor, results: list) -> None:
    sequence_weights = torch.zeros(logprobs.shape[0], device="cuda")
    weights = sequence_weights + logprobs.max(dim=-1).values  # <- fails here
    results.append(weights)


if __name__ == "__main__":
    torch.cuda.set_device(1)
    logprobs = torch.randn(4, 10, device="cuda").log_softmax(-1)  # cuda:1 in this thread
    results: list = []
    worker = threading.Thread(target=sample, args=(logprobs, results), name="sampler")
    worker.start()
    worker.join()
    if not results:
        raise SystemExit(1)
