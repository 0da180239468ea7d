"""Ranks in real processes share the launcher's store: a late rank must not break the exchange."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

_RANK = textwrap.dedent(
    """
    import os, sys, time
    import torch
    import torch.distributed as dist
    import torchplace

    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    gpu, delay = int(sys.argv[1]), float(sys.argv[2])
    with torchplace.virtual_gpus(world, rank=rank, world_size=world):
        dist.init_process_group("nccl", device_id=torch.device("cuda", gpu))
        time.sleep(abs(delay))
        try:
            if delay >= 0:  # a negative delay: this rank runs no collective
                dist.all_reduce(torch.ones(4, device=f"cuda:{gpu}"))
                print(f"rank {rank} reduced", flush=True)
        except Exception as error:
            print(f"rank {rank} {type(error).__name__}: {error}", flush=True)
        dist.destroy_process_group()
        print(f"rank {rank} leaving {time.time()}", flush=True)
    print(f"rank {rank} done {time.time()}", flush=True)
    """
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run_ranks(
    tmp_path: Path, gpus: tuple[int, int], late_s: float, delays: tuple[float, float] = (0, 0)
) -> list[str]:
    script = tmp_path / "rank.py"
    script.write_text(_RANK)
    port = str(_free_port())
    processes = []
    for rank, gpu in enumerate(gpus):
        if rank:
            time.sleep(late_s)  # rank 1 starts well after rank 0 is ready to finish
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE="2")
        env.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=port)
        command = [sys.executable, str(script), str(gpu), str(delays[rank])]
        processes.append(
            subprocess.Popen(
                command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
        )
    outputs = []
    for process in processes:
        output, _ = process.communicate(timeout=240)
        assert process.returncode == 0, output
        outputs.append(output)
    return outputs


def test_late_rank_still_meets_rank_zero(tmp_path: Path) -> None:
    first, second = _run_ranks(tmp_path, (0, 1), late_s=6.0)
    assert "rank 0 reduced" in first and "rank 0 done" in first
    assert "rank 1 reduced" in second and "rank 1 done" in second


def _time_of(output: str, what: str) -> float:
    line = next(line for line in output.splitlines() if what in line)
    return float(line.rsplit(" ", 1)[1])


def test_rank_zero_keeps_the_store_until_every_rank_is_done(tmp_path: Path) -> None:
    # rank 0 (the store's host) has nothing to do; rank 1 leaves (using the store) seconds later.
    # Neither runs a collective: one rank skipping a collective the other runs hangs, as on NCCL.
    first, second = _run_ranks(tmp_path, (0, 1), late_s=0.0, delays=(-0.01, -4.0))
    assert "rank 1 done" in second
    assert _time_of(first, "rank 0 done") >= _time_of(second, "rank 1 leaving")


def test_late_rank_on_the_same_gpu_is_a_duplicate(tmp_path: Path) -> None:
    first, second = _run_ranks(tmp_path, (0, 0), late_s=4.0)
    for output in (first, second):
        assert "Duplicate GPU detected : rank 1 and rank 0" in output, output
