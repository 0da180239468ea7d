"""Collectives between real processes carry values, as NCCL would (through gloo underneath)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import torch
import torch.distributed as dist

import torchplace

from .two_ranks import run_two_ranks

PROGRAM = Path(__file__).parent / "programs" / "collectives_two_ranks.py"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[int, dict[str, Any]]:
    """Each rank's findings, from real torchrun (2 processes) started in a simulated process."""
    return run_two_ranks(PROGRAM, "COLLECTIVES_OUT", tmp_path_factory.mktemp("collectives"))


def test_reductions_carry_values_between_ranks(results: dict[int, dict[str, Any]]) -> None:
    for rank in (0, 1):
        assert results[rank]["all_reduce"] == [3.0, 3.0, 3.0]
        assert results[rank]["all_reduce_avg"] == [1.5, 1.5]  # NCCL's AVG (gloo has none)
        assert results[rank]["all_reduce_max"] == [2.0, 2.0]
    assert results[0]["reduce_scatter_tensor"] == [0.0, 2.0]
    assert results[1]["reduce_scatter_tensor"] == [4.0, 6.0]


def test_gathers_broadcasts_and_point_to_point(results: dict[int, dict[str, Any]]) -> None:
    for rank in (0, 1):
        assert results[rank]["all_gather"] == [[0.0, 0.0], [1.0, 1.0]]
        assert results[rank]["all_gather_into_tensor"] == [0.0, 0.0, 1.0, 1.0]
        assert results[rank]["broadcast"] == [6.0, 6.0]
        assert results[rank]["scatter"] == [10.0 + rank]
        assert results[rank]["all_gather_object"] == [{"rank": 0}, {"rank": 1}]
        assert results[rank]["broadcast_object_list"] == ["from 1"]
    assert results[0]["gather"] == [[0.0], [1.0]]
    assert results[1]["recv"] == [42.0, 42.0]


def test_nccl_device_rules_still_hold(results: dict[int, dict[str, Any]]) -> None:
    for rank in (0, 1):
        assert results[rank]["backend"] == "nccl"  # what the program asked for
        assert results[rank]["cpu"] == (
            "RuntimeError: No backend type associated with device type cpu"
        )
        assert results[rank]["wrong_device"].startswith(
            "DistBackendError: Attempt to perform collective on tensor not on device passed"
        )


def test_ddp_averages_gradients_and_no_sync_keeps_them_local(
    results: dict[int, dict[str, Any]],
) -> None:
    # d(sum(W x))/dW over 3 rows of (rank + 1): 3 on rank 0, 6 on rank 1, 4.5 averaged
    for rank in (0, 1):
        assert results[rank]["ddp_grad"] == [[4.5] * 4] * 2
        assert results[rank]["ddp_no_sync_grad"] == [[3.0 * (rank + 1)] * 4] * 2


def test_a_lone_rank_keeps_the_fake_group() -> None:
    with torchplace.virtual_gpus(1):
        dist.init_process_group("nccl", rank=0, world_size=1)
        try:
            tensor = torch.full((2,), 3.0, device="cuda")
            dist.all_reduce(tensor)
            assert tensor.tolist() == [3.0, 3.0]
            assert dist.get_backend() == "nccl"
        finally:
            dist.destroy_process_group()
