"""All-reduce across local processes, one per GPU, launched with torch.multiprocessing.

Real `torch.distributed`: NCCL on GPUs, gloo on CPU (which is how CI tests the mechanics).
Ranks meet through a `FileStore` in a private temporary directory, so no port can clash. The
launcher owns a hard deadline: when it passes, every rank is killed and the result says
`hung`; the ranks also die with their parent (PR_SET_PDEATHSIG), so none outlives the doctor.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sys
import tempfile
import time
from datetime import timedelta
from typing import Any

from torchplace.doctor.facts import AllReduceResult

CORRECTNESS_ELEMENTS = 1 << 16
# Test hooks: make the last rank hang before the first collective, or send a wrong value.
FAULTS = ("hang", "corrupt")


def die_with_parent() -> None:
    """Ask Linux to SIGKILL this process when its parent exits (no-op elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = __import__("ctypes").CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def run_all_reduce(
    world_size: int,
    backend: str,
    nbytes: int,
    timeout_s: float,
    iterations: int = 20,
    fault: str | None = None,
) -> AllReduceResult:
    """Spawn `world_size` ranks, check the sum, time `iterations` all-reduces of `nbytes`."""
    import torch.multiprocessing as mp

    with tempfile.TemporaryDirectory(prefix="torchplace-doctor-") as workdir:
        args = (world_size, backend, nbytes, iterations, workdir, fault, timeout_s)
        context = mp.start_processes(  # type: ignore[attr-defined,no-untyped-call]
            _rank_main, args=args, nprocs=world_size, join=False, start_method="spawn"
        )
        hung, error = False, ""
        try:
            hung, error = _wait(context, time.monotonic() + timeout_s)
        finally:
            _kill_all(context.processes)
        ranks = _read_rank_files(workdir, world_size)
    return _summarize(world_size, backend, nbytes, ranks, hung, error)


def _wait(context: Any, deadline: float) -> tuple[bool, str]:
    """(hung, error) once every rank exits or the deadline passes."""
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return True, ""
        try:
            if context.join(timeout=min(0.1, remaining)):
                return False, ""
        except Exception as error:  # ProcessRaisedException / ProcessExitedException
            return False, str(error).strip()


def _kill_all(processes: list[Any]) -> None:
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join(timeout=10)


def _read_rank_files(workdir: str, world_size: int) -> list[dict[str, Any]]:
    ranks = []
    for rank in range(world_size):
        path = os.path.join(workdir, f"rank{rank}.json")
        try:
            with open(path, encoding="utf-8") as handle:
                ranks.append(json.load(handle))
        except (OSError, ValueError):
            ranks.append({"rank": rank, "pid": _started_pid(workdir, rank), "finished": False})
    return ranks


def _started_pid(workdir: str, rank: int) -> int | None:
    try:
        with open(os.path.join(workdir, f"rank{rank}.pid"), encoding="utf-8") as handle:
            return int(handle.read())
    except (OSError, ValueError):
        return None


def _summarize(
    world_size: int,
    backend: str,
    nbytes: int,
    ranks: list[dict[str, Any]],
    hung: bool,
    error: str,
) -> AllReduceResult:
    finished = [r for r in ranks if r.get("finished")]
    errors = [str(r["error"]) for r in ranks if r.get("error")]
    ok = not hung and not error and not errors and len(finished) == world_size
    if hung:
        stuck = [str(r["rank"]) for r in ranks if not r.get("finished")]
        error = f"rank(s) {', '.join(stuck)} had not finished at the deadline and were killed"
    seconds = max((float(r.get("seconds", 0.0)) for r in finished), default=0.0)
    return AllReduceResult(
        world_size=world_size,
        backend=backend,
        ok=ok,
        correct=ok and all(r.get("correct") for r in finished),
        nbytes=nbytes,
        seconds=seconds,
        hung=hung,
        error=(errors[0] if errors else error)[-2000:],
        ranks=ranks,
    )


def _rank_main(
    rank: int,
    world_size: int,
    backend: str,
    nbytes: int,
    iterations: int,
    workdir: str,
    fault: str | None,
    timeout_s: float,
) -> None:
    """One rank: join the group, check the sum, time the all-reduce, write rank<N>.json."""
    die_with_parent()
    record: dict[str, Any] = {
        "rank": rank,
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "finished": False,
    }
    with open(os.path.join(workdir, f"rank{rank}.pid"), "w", encoding="utf-8") as handle:
        handle.write(str(os.getpid()))
    try:
        record.update(
            measure_all_reduce(
                rank, world_size, backend, nbytes, iterations, workdir, fault, timeout_s
            )
        )
        record["finished"] = True
    except Exception as error:
        record["error"] = f"rank {rank}: {type(error).__name__}: {error}"
        raise
    finally:
        path = os.path.join(workdir, f"rank{rank}.json")
        with open(path + ".tmp", "w", encoding="utf-8") as handle:
            json.dump(record, handle)
        os.replace(path + ".tmp", path)


def measure_all_reduce(
    rank: int,
    world_size: int,
    backend: str,
    nbytes: int,
    iterations: int,
    workdir: str,
    fault: str | None,
    timeout_s: float,
) -> dict[str, Any]:
    import torch
    import torch.distributed as dist

    device = torch.device("cpu")
    if backend == "nccl":
        device = torch.device("cuda", rank)
        torch.cuda.set_device(device)
    store_path = os.path.join(workdir, "store")
    store = dist.FileStore(store_path, world_size)  # type: ignore[attr-defined]
    dist.init_process_group(
        backend,
        store=store,
        rank=rank,
        world_size=world_size,
        timeout=timedelta(seconds=timeout_s),
    )
    try:
        if fault == "hang" and rank == world_size - 1:
            time.sleep(3600)
        correct = sum_is_correct(rank, world_size, device, corrupt=fault == "corrupt")
        seconds = time_all_reduce(nbytes, iterations, device)
        return {"correct": correct, "seconds": seconds, "device": str(device)}
    finally:
        dist.destroy_process_group()


def sum_is_correct(
    rank: int, world_size: int, device: Any, corrupt: bool = False, group: Any = None
) -> bool:
    """Every rank sends arange * (rank + 1); the sum must be arange * n(n+1)/2, exactly."""
    import torch
    import torch.distributed as dist

    base = torch.arange(CORRECTNESS_ELEMENTS, dtype=torch.float32, device=device)
    factor = rank + 2 if corrupt and rank == world_size - 1 else rank + 1
    tensor = base * factor
    dist.all_reduce(tensor, group=group)
    return bool(torch.equal(tensor, base * (world_size * (world_size + 1) // 2)))


def time_all_reduce(nbytes: int, iterations: int, device: Any, group: Any = None) -> float:
    """Seconds per all-reduce of `nbytes` (bf16 on GPU), the slowest rank's, as nccl-tests."""
    import torch
    import torch.distributed as dist

    dtype = torch.bfloat16 if device.type == "cuda" else torch.float32
    element = torch.tensor([], dtype=dtype).element_size()
    buffer = torch.ones(max(1, nbytes // element), dtype=dtype, device=device)
    for _ in range(3):
        dist.all_reduce(buffer, group=group)
    _synchronize(device)
    dist.barrier(group=group)
    _synchronize(device)
    start = time.perf_counter()
    for _ in range(iterations):
        dist.all_reduce(buffer, group=group)
    _synchronize(device)
    elapsed = torch.tensor([(time.perf_counter() - start) / iterations], device=device)
    dist.all_reduce(elapsed, op=dist.ReduceOp.MAX, group=group)
    return float(elapsed.item())


def _synchronize(device: Any) -> None:
    import torch

    if device.type == "cuda":
        torch.cuda.synchronize(device)
