"""The all-reduce launcher with real processes: gloo on CPU, torch.multiprocessing spawn."""

from __future__ import annotations

import time
from pathlib import Path

from test_doctor_runner import alive, children

from torchplace.doctor import registry
from torchplace.doctor.allreduce import measure_all_reduce, run_all_reduce
from torchplace.doctor.result import Status
from torchplace.doctor.runner import run_isolated


def test_two_ranks_spawned_from_the_doctor_worker(worker_path: str) -> None:
    # The real path: doctor -> worker subprocess -> nccl-all-reduce check -> spawned ranks
    # (gloo on CPU here, 64 KiB), as on a GPU host.
    [result] = run_isolated([registry.get("nccl-all-reduce")], env_factory="doctor_fakes:gloo_host")
    assert result.status is Status.PASS, result  # too small for a bandwidth verdict
    assert "2 ranks, sum correct; 64 KiB in" in result.observed
    data = result.data
    assert data["world_size"] == 2 and data["bytes"] == 1 << 16 and data["seconds"] > 0
    assert [r["rank"] for r in data["ranks"]] == [0, 1]
    assert all(r["finished"] and not alive(r["pid"]) for r in data["ranks"])


def test_wrong_sum_is_detected(tmp_path: Path) -> None:
    # One gloo rank in this process: the same code path as every spawned rank, minus the spawn.
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    good = measure_all_reduce(0, 1, "gloo", 1 << 12, 1, str(tmp_path / "a"), None, 30)
    assert good["correct"] and good["seconds"] > 0
    bad = measure_all_reduce(0, 1, "gloo", 1 << 12, 1, str(tmp_path / "b"), "corrupt", 30)
    assert not bad["correct"]


def test_hanging_rank_is_killed_at_the_deadline() -> None:
    start = time.monotonic()
    result = run_all_reduce(2, "gloo", 1 << 16, timeout_s=6, iterations=1, fault="hang")
    assert time.monotonic() - start < 20
    assert result.hung and not result.ok
    assert "had not finished" in result.error
    pids = [r["pid"] for r in result.ranks if r.get("pid")]
    assert not any(alive(pid) for pid in pids)
    assert children() == []
