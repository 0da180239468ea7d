"""`--distributed` under a real torchrun (2 processes, gloo on CPU), and its table logic."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from torchplace.doctor.distributed import RankInfo, mark_shared_gpus, render_findings, row_status
from torchplace.doctor.report import render_cluster


def test_two_ranks_under_torchrun_print_one_cluster_table() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("RANK", "WORLD_SIZE", "LOCAL_RANK")}
    env["CUDA_VISIBLE_DEVICES"] = ""  # CPU even on a GPU machine: gloo mechanics only
    command = [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--standalone",
        "--nproc-per-node=2",
        "-m",
        "torchplace",
        "doctor",
        "--distributed",
        "--json",
        "--backend",
        "gloo",
        "--all-reduce-bytes",
        "65536",
        "--timeout",
        "100",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=150, env=env)
    document = json.loads(done.stdout[done.stdout.index("{") :])
    assert document["mode"] == "distributed" and document["world_size"] == 2
    ranks = document["ranks"]
    assert [r["rank"] for r in ranks] == [0, 1] and [r["local_rank"] for r in ranks] == [0, 1]
    for row in ranks:
        assert row["all_reduce"] == "PASS sum correct (cpu)"
        assert row["busbw_gbps"] > 0 and row["binding"] == "SKIP no GPU"
        names = {c["name"] for c in row["checks"]}
        assert {"cuda-visible-devices", "nccl-env", "dev-shm"} <= names
    # The empty CUDA_VISIBLE_DEVICES is itself a FAIL of cuda-visible-devices on every rank.
    assert document["exit_code"] == 1 and done.returncode == 1


def rows() -> list[dict]:  # type: ignore[type-arg]
    base = {"all_reduce": "PASS sum correct (cuda)", "busbw_gbps": 329.4, "checks": []}
    return [
        {
            **base,
            "host": "a",
            "rank": 0,
            "local_rank": 0,
            "gpu_uuid": "GPU-1",
            "binding": "PASS cuda:0",
        },
        {
            **base,
            "host": "a",
            "rank": 1,
            "local_rank": 1,
            "gpu_uuid": "GPU-1",
            "binding": "PASS cuda:0",
        },
        {
            **base,
            "host": "b",
            "rank": 2,
            "local_rank": 0,
            "gpu_uuid": "GPU-1",
            "binding": "PASS cuda:0",
        },
    ]


def test_two_ranks_on_one_gpu_fail_binding() -> None:
    table = rows()
    mark_shared_gpus(table)
    assert table[0]["binding"] == "FAIL same GPU as rank 1"
    assert table[1]["binding"] == "FAIL same GPU as rank 0"
    assert table[2]["binding"] == "PASS cuda:0"  # same UUID text, other host
    assert [row_status(r) for r in table] == [1, 1, 0]
    text = render_cluster(table)
    assert text.splitlines()[0].split() == [
        "HOST",
        "RANK",
        "LOCAL",
        "GPU",
        "UUID",
        "BINDING",
        "ALL-REDUCE",
        "BUSBW",
        "GB/s",
        "CHECKS",
    ]
    assert "329.4" in text


def test_findings_are_listed_once_with_their_ranks() -> None:
    table = rows()
    warn = {"name": "dev-shm", "status": "WARN", "observed": "64 MiB", "fix": "more", "data": {}}
    for row in table:
        row["checks"] = [warn]
    assert [row_status(r, strict=True) for r in table] == [1, 1, 1]
    assert row_status(table[0]) == 0
    text = render_findings(table)
    assert text.count("dev-shm") == 1 and "a/0, a/1, b/2" in text


def test_rank_info_needs_torchrun_variables() -> None:
    assert RankInfo.from_environ({}) is None
    info = RankInfo.from_environ({"RANK": "3", "WORLD_SIZE": "4", "LOCAL_RANK": "1"})
    assert info == RankInfo(3, 4, 1, 4)


def test_watchdog_ends_a_hung_rank_with_a_fail_line() -> None:
    code = (
        "import time\n"
        "from torchplace.doctor.distributed import start_watchdog\n"
        "start_watchdog(3, 0.5)\n"
        "time.sleep(30)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20)
    assert done.returncode == 1
    assert (
        "FAIL rank 3 did not finish within 0 s" in done.stderr and "NCCL_DEBUG=INFO" in done.stderr
    )
