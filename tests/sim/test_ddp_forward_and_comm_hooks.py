"""DDP over virtual parameters does what it does on real GPUs around the forward, and its comm
hooks get buckets (accelerate's `test_ddp_comm_hook` launches PowerSGD and fp16/bf16 hooks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import torch
import torch.distributed as dist

from torchplace.sim import virtual_gpus

from .two_ranks import run_two_ranks

PROGRAM = Path(__file__).parent / "programs" / "ddp_forward_hooks_two_ranks.py"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[int, dict[str, Any]]:
    return run_two_ranks(PROGRAM, "DDP_HOOKS_OUT", tmp_path_factory.mktemp("ddp_hooks"))


def test_cpu_inputs_reach_the_device_and_rank0_buffers_win(
    results: dict[int, dict[str, Any]],
) -> None:
    for rank in (0, 1):
        assert results[rank]["output_device"] == f"cuda:{rank}"
        assert results[rank]["scale_after_forward"] == [1.0]  # rank 0's buffer, not its own


def test_comm_hooks_get_buckets_and_their_result_is_the_gradient(
    results: dict[int, dict[str, Any]],
) -> None:
    for rank in (0, 1):
        # one bucket per parameter, numbered in reverse order; the first layer's is the last
        assert results[rank]["buckets"] == [[0, False, [1], [[1, 2]]], [1, True, [1], [[2, 3]]]]
        plain = torch.tensor(results[rank]["plain_grad"])
        assert torch.allclose(torch.tensor(results[rank]["hooked_grad"]), plain * 2)
    assert results[0]["plain_grad"] == results[1]["plain_grad"]  # averaged across the ranks


def test_bf16_compression_hook_is_accepted_as_on_a_cuda_build(
    results: dict[int, dict[str, Any]],
) -> None:
    assert results[0]["bf16_hook"] == "accepted"


def test_cuda_build_facts_inside_and_restored_after() -> None:
    before = (torch.version.cuda, dist.is_nccl_available())
    with virtual_gpus(2):
        assert torch.version.cuda is not None
        assert dist.is_nccl_available()
    assert (torch.version.cuda, dist.is_nccl_available()) == before
