"""`torch.gather` with an index computed on the CPU (`.cpu()` for the host, then reused).

Modelled on OptimalScale/LMFlow#465 ("cpu and cuda:0! (when checking argument for argument
index in method wrapper_CUDA_gather)") in a rotary `torch.gather(cos, 2, gather_indices)`.
"""

import torch

EXPECT = {
    "devices": ["cuda:1", "cpu"],
    "module": None,
    "pattern": "cpu-mask-or-index",
}


def pick_scores(scores: torch.Tensor) -> torch.Tensor:
    best = scores.argmax(dim=-1, keepdim=True).cpu()
    return torch.gather(scores, 1, best)  # <- fails here


if __name__ == "__main__":
    pick_scores(torch.randn(4, 10, device="cuda:1"))
