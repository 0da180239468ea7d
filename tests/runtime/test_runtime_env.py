"""Rank variables: defaults, inference and messages that quote the bad value."""

from __future__ import annotations

import pytest

from torchplace.runtime._env import read_ranks
from torchplace.runtime.errors import BindingError


def test_nothing_set_is_a_single_process() -> None:
    ranks = read_ranks({})
    assert (ranks.rank, ranks.local_rank, ranks.world_size, ranks.local_world_size) == (0, 0, 1, 1)
    assert ranks.source == "single-process default"


def test_torchrun_environment() -> None:
    env = {"RANK": "5", "LOCAL_RANK": "1", "WORLD_SIZE": "8", "LOCAL_WORLD_SIZE": "4"}
    ranks = read_ranks(env)
    assert (ranks.rank, ranks.local_rank, ranks.world_size, ranks.local_world_size) == (5, 1, 8, 4)
    assert ranks.source == "environment"


def test_arguments_override_environment() -> None:
    ranks = read_ranks({"RANK": "1"}, rank=0, local_rank=0, world_size=2)
    assert (ranks.rank, ranks.world_size) == (0, 2)
    assert ranks.source == "arguments"


@pytest.mark.parametrize("raw", ["one", "1.0", "", "0x1"])
def test_non_integer_local_rank_is_quoted(raw: str) -> None:
    with pytest.raises(BindingError, match=rf"LOCAL_RANK={raw!r} is not an integer"):
        read_ranks({"LOCAL_RANK": raw, "RANK": "0", "WORLD_SIZE": "1"})


def test_negative_value() -> None:
    with pytest.raises(BindingError, match="RANK='-1' is negative"):
        read_ranks({"RANK": "-1", "WORLD_SIZE": "2", "LOCAL_RANK": "0"})


def test_rank_not_below_world_size() -> None:
    with pytest.raises(BindingError, match="RANK=2 is not below WORLD_SIZE=2"):
        read_ranks({"RANK": "2", "WORLD_SIZE": "2", "LOCAL_RANK": "0"})


def test_global_rank_used_as_local_rank_is_named() -> None:
    env = {"RANK": "9", "LOCAL_RANK": "9", "WORLD_SIZE": "16", "LOCAL_WORLD_SIZE": "8"}
    with pytest.raises(BindingError, match="global rank was used") as info:
        read_ranks(env)
    assert "LOCAL_RANK=9 is not below LOCAL_WORLD_SIZE=8" in str(info.value)


def test_missing_local_rank_on_a_multi_node_job() -> None:
    with pytest.raises(BindingError, match=r"LOCAL_RANK is not set \(RANK=3, WORLD_SIZE=8\)"):
        read_ranks({"RANK": "3", "WORLD_SIZE": "8"})


def test_missing_local_rank_on_one_node_is_the_rank() -> None:
    ranks = read_ranks({"RANK": "3", "WORLD_SIZE": "4", "LOCAL_WORLD_SIZE": "4"})
    assert ranks.local_rank == 3


def test_rank_without_world_size() -> None:
    with pytest.raises(BindingError, match="RANK=1 is set but WORLD_SIZE is not"):
        read_ranks({"RANK": "1", "LOCAL_RANK": "1"})
