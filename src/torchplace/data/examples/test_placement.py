"""Placement tests to copy into a project's CI: they run on real GPUs where there are enough,
and on virtual GPUs (torchplace sim) everywhere else, so a CPU-only runner catches the bugs.

    pip install torchplace[hf]
    pytest examples/test_placement.py                    # virtual GPUs on a CPU-only runner
    pytest examples/test_placement.py --torchplace-gpus=4   # force 4 virtual GPUs
"""

import pytest
import torch
import torch.distributed as dist
from torch import nn

from torchplace.testing import assert_context_invariants, assert_no_device_mismatch


class TwoStageModel(nn.Module):
    """A stand-in for your model: an embedding, a block and a head that a device map splits."""

    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(100, 32)
        self.block = nn.Linear(32, 32)
        self.head = nn.Linear(32, 100)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        hidden = self.embed(input_ids)
        positions = torch.arange(input_ids.shape[1], device=hidden.device)
        hidden = hidden + positions[None, :, None]
        return self.head(torch.relu(self.block(hidden)))


@pytest.mark.gpus(2)
def test_forward_survives_a_two_gpu_split() -> None:
    assert_no_device_mismatch(
        TwoStageModel(), (torch.randint(0, 100, (1, 8)),), gpus=2,
        device_map={"embed": 0, "block": 1, "head": 1},
    )


@pytest.mark.gpus(2)
def test_every_gpu_keeps_its_context_and_threads_their_device() -> None:
    assert_context_invariants(2)


@pytest.mark.ranks(2)
def test_each_rank_reduces_on_its_own_gpu(ranks) -> None:  # type: ignore[no-untyped-def]
    shard = torch.ones(4, device=ranks.device) * (ranks.rank + 1)
    dist.all_reduce(shard)
    assert shard.device == ranks.device
