"""The all-reduce launcher with real processes: gloo on CPU, torch.multiprocessing spawn."""

from __future__ import annotations

import time

from test_doctor_runner import alive, children

from torchplace.doctor.allreduce import run_all_reduce


def test_two_ranks_sum_correctly_and_report_bus_bandwidth() -> None:
    result = run_all_reduce(2, "gloo", 1 << 20, timeout_s=60, iterations=3)
    assert result.ok and result.correct and not result.hung, result.error
    assert result.seconds > 0 and result.busbw_gbps == result.algbw_gbps  # 2(n-1)/n == 1
    assert [r["rank"] for r in result.ranks] == [0, 1]
    assert all(not alive(r["pid"]) for r in result.ranks)


def test_wrong_sum_is_detected() -> None:
    result = run_all_reduce(2, "gloo", 1 << 16, timeout_s=60, iterations=1, fault="corrupt")
    assert result.ok and not result.correct


def test_hanging_rank_is_killed_at_the_deadline() -> None:
    start = time.monotonic()
    result = run_all_reduce(2, "gloo", 1 << 16, timeout_s=6, iterations=1, fault="hang")
    assert time.monotonic() - start < 20
    assert result.hung and not result.ok
    assert "had not finished" in result.error
    pids = [r["pid"] for r in result.ranks if r.get("pid")]
    assert not any(alive(pid) for pid in pids)
    assert children() == []
