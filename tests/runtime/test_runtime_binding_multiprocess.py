"""bind_worker across real processes launched by torchrun (gloo on CPU; virtual GPUs).

One torchrun launch runs every scenario in turn (each starting a torch process costs seconds
on a small CI machine).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from torch.distributed import TCPStore

from torchplace.runtime.collisions import exchange, find_collisions

SCRIPT = Path(__file__).with_name("bind_worker_script.py")
HAS_SIM = importlib.util.find_spec("torchplace.sim") is not None
SCENARIOS = ["cpu-gloo", *(["sim-nccl", "sim-collision"] if HAS_SIM else [])]


@pytest.fixture(scope="module")
def torchrun_results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    out = tmp_path_factory.mktemp("torchrun")
    command = [
        sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node=2",
        str(SCRIPT), str(out), *SCENARIOS,
    ]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in ("RANK", "LOCAL_RANK", "WORLD_SIZE")}
    env["OMP_NUM_THREADS"] = "1"
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=240)
    files = sorted(out.glob("rank*.json"))
    assert len(files) == 2, done.stderr[-3000:]
    per_rank = [json.loads(f.read_text()) for f in files]
    return {scenario: [rank[scenario] for rank in per_rank] for scenario in SCENARIOS}


@pytest.mark.slow
def test_two_ranks_with_gloo_on_cpu(torchrun_results: dict[str, list[Any]]) -> None:
    results = torchrun_results["cpu-gloo"]
    ranks = [(r["rank"], r["local_rank"], r["world_size"], r["local_world_size"]) for r in results]
    assert ranks == [(0, 0, 2, 2), (1, 1, 2, 2)], results
    assert all(r["device"] == "cpu" and r["process_group"] == "initialized" for r in results)
    assert all(r["sum"] == 3.0 for r in results)  # all_reduce over both ranks


@pytest.mark.slow
@pytest.mark.skipif(not HAS_SIM, reason="torchplace.sim is not available")
def test_two_ranks_on_virtual_gpus(torchrun_results: dict[str, list[Any]]) -> None:
    results = torchrun_results["sim-nccl"]
    assert [r.get("device") for r in results] == ["cuda:0", "cuda:1"], results
    assert [r["current"] for r in results] == [0, 1]
    assert results[0]["uuid"] != results[1]["uuid"]


@pytest.mark.slow
@pytest.mark.skipif(not HAS_SIM, reason="torchplace.sim is not available")
def test_rank_collision_fails_on_every_rank(torchrun_results: dict[str, list[Any]]) -> None:
    results = torchrun_results["sim-collision"]
    assert [r.get("error") for r in results] == ["BindingError", "BindingError"], results
    message = results[0]["message"]
    assert "is bound by rank 0 (LOCAL_RANK=0, cuda:0" in message
    assert "rank 1 (LOCAL_RANK=1, cuda:0" in message
    assert "derive the device from LOCAL_RANK" in message


def test_store_exchange_between_two_ranks() -> None:
    server = TCPStore(
        "127.0.0.1", 0, 2, True, timeout=timedelta(seconds=30), wait_for_workers=False
    )
    client = TCPStore("127.0.0.1", server.port, 2, False, timeout=timedelta(seconds=30))
    results: dict[int, list[dict[str, Any]]] = {}

    def rank(index: int, store: TCPStore) -> None:
        record = {"rank": index, "identity": "GPU-same" if index < 2 else "GPU-other"}
        results[index] = exchange(store, "test", index, range(2), record)

    threads = [threading.Thread(target=rank, args=(i, s)) for i, s in enumerate([server, client])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert [r["rank"] for r in results[1]] == [0, 1]
    assert [len(g) for g in find_collisions(results[0])] == [2]
