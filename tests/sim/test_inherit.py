"""Child processes of a simulated process run simulated, each with its own visible devices."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import torchplace
from torchplace.sim import inherit

COUNT = "import torch; print(torch.cuda.device_count(), flush=True)"


def _child(code: str, **env: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_python_child_runs_on_the_same_virtual_gpus() -> None:
    with torchplace.virtual_gpus(4):
        assert _child(COUNT) == "4"
        assert _child(COUNT, CUDA_VISIBLE_DEVICES="2,3") == "2"


def test_leaving_the_simulation_restores_the_environment() -> None:
    before = {key: os.environ.get(key) for key in (*inherit.KEYS, "PYTHONPATH")}
    with torchplace.virtual_gpus(2):
        assert os.environ[inherit.GPUS] == "2"
    assert {key: os.environ.get(key) for key in before} == before
    assert _child(COUNT) == "0"


def test_a_child_that_never_imports_torch_is_not_slowed_by_it() -> None:
    with torchplace.virtual_gpus(2):
        assert _child("import sys; print('torch' in sys.modules)") == "False"


_SPAWN_PROGRAM = """
import multiprocessing as mp
import torch
import torch.multiprocessing
import torchplace


def count(queue):
    queue.put(torch.cuda.device_count())


def count_rank(rank, queue):
    queue.put((rank, torch.zeros(1, device=f"cuda:{rank}").device.index))


if __name__ == "__main__":
    with torchplace.virtual_gpus(3):
        context = mp.get_context("spawn")
        queue = context.Queue()
        child = context.Process(target=count, args=(queue,))
        child.start()
        print("spawn", queue.get(timeout=200))
        child.join()
        queue = context.Queue()
        torch.multiprocessing.spawn(count_rank, args=(queue,), nprocs=2)
        print("torch.multiprocessing.spawn", sorted(queue.get() for _ in range(2)))
"""


def test_spawned_children_inherit_the_simulation(tmp_path: Path) -> None:
    program = tmp_path / "spawning.py"
    program.write_text(_SPAWN_PROGRAM, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(program)], capture_output=True, text=True, timeout=400
    )
    assert result.returncode == 0, result.stderr
    assert "spawn 3" in result.stdout
    assert "torch.multiprocessing.spawn [(0, 0), (1, 1)]" in result.stdout
