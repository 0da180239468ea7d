"""The `ranks` fixture's machinery: a test body run once per rank, each in its own process.

The parent (`run_ranks`) starts one pytest process per rank on the same test, with torchrun's
environment, and collects them: a rank that fails stops the others after a short grace period,
as torchrun does, and any way out (failure, Ctrl-C, SIGTERM) kills every rank's process group.
In a rank process, `rank_body_context` binds the rank's device and initialises the process
group (simulated when the parent says so). Imports no torch until a rank body runs.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

CHILD_RANK_ENV = "TORCHPLACE_PYTEST_RANK"
# Where a rank process leaves `rank<N>.failed` the moment its test body fails. The parent
# cannot wait for the exit code: after a failed NCCL collective, the rank's own teardown (and
# every other rank) can block for good.
STATUS_DIR_ENV = "TORCHPLACE_PYTEST_STATUS_DIR"
BODY_FAILED_KEY = pytest.StashKey[bool]()
RANK_TIMEOUT_S = 300
FAILED_RANK_GRACE_S = 15.0
GPUS_ENV = "TORCHPLACE_GPUS"
MAX_GPUS = 128  # torch's device index is 8 bits wide


@dataclass(frozen=True)
class RankContext:
    """What a rank's test body gets from the `ranks` fixture."""

    rank: int
    local_rank: int
    world_size: int
    backend: str
    device: Any  # torch.device
    simulated: bool


@dataclass(frozen=True)
class RankSpec:
    """In the parent process: the world the test body will run in, once per rank."""

    world_size: int
    backend: str


def ranks_marker(item: pytest.Item) -> RankSpec:
    marker = item.get_closest_marker("ranks")
    world_size, backend = 2, "nccl"
    if marker is not None:
        world_size = int(marker.args[0] if marker.args else marker.kwargs.get("world_size", 2))
        backend = str(marker.kwargs.get("backend", "nccl"))
    if isinstance(world_size, bool) or not 1 <= world_size <= MAX_GPUS:
        raise ValueError(f"ranks(world_size) must be 1 to {MAX_GPUS}, got {world_size}")
    return RankSpec(world_size, backend)


def rank_body_context(rank: int, spec: RankSpec, node: pytest.Item) -> Iterator[RankContext]:
    import torch
    import torch.distributed as dist

    simulated = os.environ.get("TORCHPLACE_PYTEST_SIMULATED") == "1"
    simulation = None
    if simulated:
        from torchplace.sim import virtual_gpus as simulate

        simulation = simulate(spec.world_size, rank=rank, world_size=spec.world_size)
        simulation.__enter__()
    try:
        real_gpus = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if spec.backend == "gloo" and not simulated and real_gpus < spec.world_size:
            # gloo needs no GPU: a world wider than the machine runs its ranks on the CPU
            # rather than asking for a device that does not exist.
            device = torch.device("cpu")
        else:
            device = torch.device("cuda", rank)
            torch.cuda.set_device(device)
        options: dict[str, Any] = {}
        if device.type == "cuda" and spec.backend == "nccl":
            options["device_id"] = device
        dist.init_process_group(spec.backend, rank=rank, world_size=spec.world_size, **options)
        yield RankContext(rank, rank, spec.world_size, spec.backend, device, simulated)
        # After a failed body (a collective on the wrong GPU, say) NCCL's teardown can wait for
        # peers that will never come; the process exits without it.
        if not node.stash.get(BODY_FAILED_KEY, False):
            dist.destroy_process_group()
    finally:
        if simulation is not None:
            simulation.__exit__(None, None, None)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_ranks(item: pytest.Function, spec: RankSpec, simulated: bool) -> list[str]:
    processes: list[subprocess.Popen[str]] = []
    try:
        with _sigterm_raises(), tempfile.TemporaryDirectory(prefix="torchplace-ranks-") as status:
            return _launch_and_collect(item, spec, simulated, status, processes)
    finally:  # any way out (failure, Ctrl-C, SIGTERM): no rank and no child of one survives
        for process in processes:
            _kill_group(process)


def _kill_group(process: subprocess.Popen[str]) -> None:
    """Kill a rank's whole process group (it leads one): its own children die with it."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if os.getpgid(process.pid) == process.pid:  # never another group (ours, say)
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)


@contextlib.contextmanager
def _sigterm_raises() -> Any:
    """SIGTERM's default action ends the process without running `finally` blocks; while
    ranks run it raises instead, so their process groups are killed on the way out."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _rank_environment(spec: RankSpec, rank: int, port: int, simulated: bool) -> dict[str, str]:
    from torchplace.sim import inherit  # no torch: the settings module only

    env = dict(os.environ)
    inherit.without_inheritance(env)  # a rank sets up its own simulation
    env.pop(GPUS_ENV, None)
    env.update(
        RANK=str(rank),
        LOCAL_RANK=str(rank),
        WORLD_SIZE=str(spec.world_size),
        LOCAL_WORLD_SIZE=str(spec.world_size),
        GROUP_RANK="0",
        MASTER_ADDR="127.0.0.1",
        MASTER_PORT=str(port),
        TORCHPLACE_PYTEST_SIMULATED="1" if simulated else "0",
    )
    return env


def _launch_and_collect(
    item: pytest.Function,
    spec: RankSpec,
    simulated: bool,
    status_dir: str,
    processes: list[subprocess.Popen[str]],
) -> list[str]:
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "pytest",
        item.nodeid,
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        "--rootdir",
        str(item.config.rootpath),
    ]
    if item.config.pluginmanager.get_plugin("torchplace") is None:
        command += ["-p", "torchplace.pytest_plugin"]
    for rank in range(spec.world_size):
        env = _rank_environment(spec, rank, port, simulated)
        env[CHILD_RANK_ENV] = str(rank)
        env[STATUS_DIR_ENV] = status_dir
        processes.append(
            subprocess.Popen(
                command,
                cwd=item.config.rootpath,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,  # a process group per rank, killed as a whole
            )
        )
    return _collect(processes, spec.world_size, status_dir)


def _reported_failures(status_dir: str | None, world_size: int) -> set[int]:
    if status_dir is None:
        return set()
    return {
        r for r in range(world_size) if os.path.exists(os.path.join(status_dir, f"rank{r}.failed"))
    }


def _collect(
    processes: list[subprocess.Popen[str]], world_size: int, status_dir: str | None = None
) -> list[str]:
    """Wait for every rank. Once one fails (exits non-zero, or reports its test body failed),
    the others get a short grace period and are then stopped, as torchrun does: on real NCCL the
    survivors would wait in a collective forever, and so can the failed rank's own teardown."""
    outputs: list[str] = [""] * len(processes)

    def drain(index: int) -> None:
        stream = processes[index].stdout
        outputs[index] = stream.read() if stream is not None else ""

    readers = [
        threading.Thread(target=drain, args=(i,), daemon=True) for i in range(len(processes))
    ]
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + RANK_TIMEOUT_S
    stopped: dict[int, str] = {}
    first_failure: float | None = None
    reported: set[int] = set()
    while any(p.poll() is None for p in processes):
        now = time.monotonic()
        reported = _reported_failures(status_dir, world_size)
        exited_badly = any(p.returncode not in (None, 0) for p in processes)
        if first_failure is None and (exited_badly or reported):
            first_failure = now
        grace_over = first_failure is not None and now - first_failure > FAILED_RANK_GRACE_S
        if grace_over or now > deadline:
            reason = (
                f"stopped {FAILED_RANK_GRACE_S:.0f} s after another rank failed "
                "(waiting in a collective that rank never joined?)"
                if grace_over
                else f"timed out after {RANK_TIMEOUT_S} s (a collective other ranks never joined?)"
            )
            for index, process in enumerate(processes):
                if process.poll() is None:
                    _kill_group(process)
                    if index not in reported:
                        stopped[index] = reason
        time.sleep(0.1)
    for reader in readers:
        reader.join(timeout=10)
    reported |= _reported_failures(status_dir, world_size)
    failures = []
    for rank, process in enumerate(processes):
        if rank in stopped:
            failures.append(f"rank {rank} of {world_size} {stopped[rank]}")
        elif process.returncode != 0 or rank in reported:
            failures.append(f"rank {rank} of {world_size} failed:\n{_tail(outputs[rank])}")
    return failures


def _tail(output: str, lines: int = 40) -> str:
    kept = output.strip().splitlines()[-lines:]
    return "\n".join(f"  | {line}" for line in kept)
