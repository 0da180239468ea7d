"""`index_select` with an index tensor that lives on another GPU than the data.

Modelled on vllm-project/vllm#2108 ("cuda:0 and cuda:1! (when checking argument for argument
index in method wrapper_CUDA__index_select)") where a helper computed indices on its own GPU.
"""

import torch

EXPECT = {
    "devices": ["cuda:1", "cuda:0"],
    "module": None,
    "pattern": "cpu-mask-or-index",
}


def last_token_hidden(hidden: torch.Tensor, seq_lens: torch.Tensor) -> torch.Tensor:
    last_index = seq_lens - 1
    return torch.index_select(hidden, 0, last_index)  # <- fails here


if __name__ == "__main__":
    hidden = torch.randn(12, 16, device="cuda:1")
    seq_lens = torch.tensor([3, 7, 12], device="cuda:0")  # from a helper model on GPU 0
    last_token_hidden(hidden, seq_lens)
