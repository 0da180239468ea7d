"""`torchplace doctor --distributed`: every rank checks itself; rank 0 prints one cluster table.

Run under torchrun (`torchrun --nnodes=N --nproc-per-node=G -m torchplace doctor
--distributed`). Ranks talk over a gloo group (so rank 0 gets every row even when a rank's GPU
binding is broken); the all-reduce is timed on an NCCL group over GPUs when every rank has one,
on the gloo group over CPU tensors otherwise (which is how CI tests this). A watchdog ends a
rank that has not finished within the timeout with a FAIL line on stderr instead of hanging.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from torchplace.doctor.allreduce import sum_is_correct, time_all_reduce
from torchplace.doctor.env import RealEnv
from torchplace.doctor.registry import get
from torchplace.doctor.report import render_cluster, render_table
from torchplace.doctor.result import CheckResult, Status
from torchplace.doctor.runner import run_inline

# Per-rank checks: cheap, in-process, and meaningful on each rank. The pairwise GPU checks and
# the local all-reduce would fight over GPUs the other ranks hold; gpu-memory-other-processes
# would count sibling ranks as strangers.
RANK_CHECKS = (
    "torch-cuda-build",
    "driver-cuda-version",
    "cuda-visible-devices",
    "torch-device-count",
    "nccl-env",
    "dev-shm",
    "ecc-errors",
)


@dataclass(frozen=True)
class RankInfo:
    rank: int
    world_size: int
    local_rank: int
    local_world_size: int

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> RankInfo | None:
        keys = ("RANK", "WORLD_SIZE", "LOCAL_RANK")
        if not all(environ.get(k, "").isdigit() for k in keys):
            return None
        world = int(environ["WORLD_SIZE"])
        return cls(
            int(environ["RANK"]),
            world,
            int(environ["LOCAL_RANK"]),
            int(environ.get("LOCAL_WORLD_SIZE", world)),
        )


def start_watchdog(rank: int, timeout_s: float) -> threading.Event:
    """End this rank with a FAIL line if it has not finished in time (a hung collective)."""
    done = threading.Event()

    def watch() -> None:
        if not done.wait(timeout_s):
            print(
                f"torchplace doctor: FAIL rank {rank} did not finish within {timeout_s:.0f} s "
                "(a collective hung). Rerun with NCCL_DEBUG=INFO; check that every node reaches "
                "MASTER_ADDR and that NCCL_SOCKET_IFNAME names a real interface.",
                file=sys.stderr,
                flush=True,
            )
            os._exit(1)

    threading.Thread(target=watch, daemon=True, name="doctor-watchdog").start()
    return done


def bind_device(info: RankInfo) -> tuple[Any, str, str | None]:
    """(device, binding verdict text, GPU UUID) for this rank."""
    import torch

    if not torch.cuda.is_available():
        return torch.device("cpu"), "SKIP no GPU", None
    count = torch.cuda.device_count()
    # One visible GPU per rank (set by the scheduler) means cuda:0; otherwise cuda:LOCAL_RANK.
    index = 0 if count == 1 else info.local_rank
    if index >= count:
        return torch.device("cpu"), f"FAIL LOCAL_RANK {info.local_rank} >= {count} GPU(s)", None
    torch.cuda.set_device(index)
    uuid = getattr(torch.cuda.get_device_properties(index), "uuid", None)
    text = str(uuid) if uuid is not None else None
    if text and not text.startswith(("GPU-", "MIG-")):
        text = f"GPU-{text}"
    return torch.device("cuda", index), f"PASS cuda:{index}", text


def rank_row(info: RankInfo, nbytes: int, iterations: int, backend: str | None) -> dict[str, Any]:
    """This rank's checks, binding and all-reduce, as one JSON-able row."""
    import torch
    import torch.distributed as dist

    device, binding, uuid = bind_device(info)
    results = run_inline([get(name) for name in RANK_CHECKS], RealEnv())
    flags: list[Any] = [None] * info.world_size
    dist.all_gather_object(flags, device.type == "cuda")
    use_gpu = all(flags) and backend != "gloo"
    group = dist.new_group(backend="nccl") if use_gpu else None
    if not use_gpu:
        device = torch.device("cpu")
    row: dict[str, Any] = {
        "host": socket.gethostname(),
        "rank": info.rank,
        "local_rank": info.local_rank,
        "gpu_uuid": uuid,
        "binding": binding,
        "checks": [r.to_dict() for r in results],
    }
    row.update(_all_reduce(info, device, group, nbytes, iterations))
    return row


def _all_reduce(
    info: RankInfo, device: Any, group: Any, nbytes: int, iterations: int
) -> dict[str, Any]:
    try:
        correct = sum_is_correct(info.rank, info.world_size, device, group=group)
        seconds = time_all_reduce(nbytes, iterations, device, group=group)
    except Exception as error:
        return {"all_reduce": f"FAIL {type(error).__name__}: {error}"[:200], "busbw_gbps": None}
    n = info.world_size
    busbw = nbytes / seconds / 1e9 * 2 * (n - 1) / n if seconds > 0 and n > 1 else 0.0
    verdict = "PASS sum correct" if correct else "FAIL wrong sum"
    return {
        "all_reduce": f"{verdict} ({device.type})",
        "busbw_gbps": busbw,
        "all_reduce_seconds": seconds,
        "all_reduce_bytes": nbytes,
    }


def mark_shared_gpus(rows: list[dict[str, Any]]) -> None:
    """Two ranks on one host bound to the same GPU: both get a FAIL binding."""
    owners: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        if row.get("gpu_uuid"):
            owners.setdefault((row["host"], row["gpu_uuid"]), []).append(row["rank"])
    for row in rows:
        ranks = owners.get((row["host"], row.get("gpu_uuid") or ""), [])
        if len(ranks) > 1:
            others = ", ".join(str(r) for r in ranks if r != row["rank"])
            row["binding"] = f"FAIL same GPU as rank {others}"


def row_status(row: Mapping[str, Any], strict: bool = False) -> int:
    """1 when this rank's binding, all-reduce or a check failed (or warned, when strict)."""
    statuses = [Status(c["status"]) for c in row.get("checks", [])]
    verdicts = [str(row.get("binding", "")), str(row.get("all_reduce", ""))]
    statuses += [
        Status(v.split()[0]) for v in verdicts if v.split() and v.split()[0] in Status.__members__
    ]
    bad = {Status.FAIL, Status.WARN} if strict else {Status.FAIL}
    return 1 if any(s in bad for s in statuses) else 0


def render_findings(rows: list[dict[str, Any]]) -> str:
    """Non-passing per-rank checks, each once, with the ranks that reported it."""
    seen: dict[tuple[str, str, str, str], list[str]] = {}
    for row in rows:
        for check in row.get("checks", []):
            if check["status"] in ("PASS", "SKIP"):
                continue
            key = (check["status"], check["name"], check["observed"], check.get("fix", ""))
            seen.setdefault(key, []).append(f"{row['host']}/{row['rank']}")
    if not seen:
        return ""
    results = [
        CheckResult(Status(status), f"[ranks {', '.join(where)}] {observed}", fix, name=name)
        for (status, name, observed, fix), where in seen.items()
    ]
    return "\n" + render_table(results)


def run_distributed(
    *,
    json_output: bool = False,
    strict: bool = False,
    nbytes: int = 1 << 30,
    iterations: int = 20,
    backend: str | None = None,
    timeout_s: float = 180.0,
    environ: Mapping[str, str] = os.environ,
) -> int:
    """One rank's part of a cluster run; rank 0 prints the table. Returns the exit code."""
    info = RankInfo.from_environ(environ)
    if info is None:
        raise ValueError(
            "--distributed needs RANK, WORLD_SIZE and LOCAL_RANK: run it under torchrun, e.g. "
            "`torchrun --nproc-per-node=2 -m torchplace doctor --distributed`"
        )
    done = start_watchdog(info.rank, timeout_s)
    import torch.distributed as dist

    start = time.perf_counter()
    dist.init_process_group("gloo", timeout=timedelta(seconds=timeout_s))
    try:
        row = rank_row(info, nbytes, iterations, backend)
        gathered: list[Any] | None = [None] * info.world_size if info.rank == 0 else None
        dist.gather_object(row, gathered, dst=0)
    finally:
        dist.destroy_process_group()
        done.set()
    if info.rank != 0:
        return row_status(row, strict)
    rows = [r for r in gathered or [] if r is not None]
    mark_shared_gpus(rows)
    code = max((row_status(r, strict) for r in rows), default=0)
    if json_output:
        document = {
            "schema": 1,
            "tool": "torchplace",
            "mode": "distributed",
            "world_size": info.world_size,
            "exit_code": code,
            "duration_s": round(time.perf_counter() - start, 3),
            "ranks": rows,
        }
        sys.stdout.write(json.dumps(document, indent=2, default=str) + "\n")
    else:
        sys.stdout.write(render_cluster(rows) + render_findings(rows))
    failing = sum(row_status(r, strict) for r in rows)
    print(
        f"doctor: {len(rows)} rank(s), {failing} with problems "
        f"({time.perf_counter() - start:.1f} s)",
        file=sys.stderr,
    )
    return code
