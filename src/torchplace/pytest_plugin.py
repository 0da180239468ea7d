"""pytest plugin: multi-GPU placement tests on real GPUs when present, else on virtual ones.

Registered through the `pytest11` entry point and inactive until used: importing it imports
neither torch nor the simulator; they load only for a test that asks for GPUs.

- `@pytest.mark.gpus(n, simulate=True)`: real GPUs if at least `n` exist; otherwise the test runs
  on `n` virtual GPUs when `simulate` allows it; otherwise it is skipped with the reason.
- `--torchplace-gpus=N`: run every simulation-safe (`simulate=True`) `gpus` test on N virtual
  GPUs, even where real GPUs exist (tests needing more than N are skipped).
- fixture `virtual_gpus`: the simulated machine (entered for the test if it is not already).
- fixture `ranks`: the test body runs once per rank, each in its own process with torchrun's
  environment (`RANK`, `LOCAL_RANK`, `WORLD_SIZE`, ...), a bound device and an initialised process
  group; failures are reported per rank. World size from `@pytest.mark.ranks(2, backend=...)`
  (default 2; backend "nccl", which is simulated by the fake process group on virtual GPUs, or
  "gloo" for real CPU collectives; gloo ranks are bound to `cuda:<rank>` when the machine has a
  real GPU per rank, else they run on the CPU). A rank that fails stops the others after a short
  grace period, as torchrun does, so a peer waiting in a collective never hangs the test run.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import pytest

_CHILD_RANK_ENV = "TORCHPLACE_PYTEST_RANK"
# Where a rank process leaves `rank<N>.failed` the moment its test body fails. The parent
# cannot wait for the exit code: after a failed NCCL collective, the rank's own teardown (and
# every other rank) can block for good.
_STATUS_DIR_ENV = "TORCHPLACE_PYTEST_STATUS_DIR"
_BODY_FAILED_KEY = pytest.StashKey[bool]()
_MODE_KEY = pytest.StashKey[tuple[str, int]]()
_SIM_KEY = pytest.StashKey[AbstractContextManager[Any]]()
RANK_TIMEOUT_S = 300
FAILED_RANK_GRACE_S = 15.0


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("torchplace", "torchplace multi-GPU placement tests")
    group.addoption(
        "--torchplace-gpus",
        type=int,
        default=None,
        metavar="N",
        help="run simulation-safe @pytest.mark.gpus tests on N virtual GPUs",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "gpus(n, simulate=True): needs n CUDA GPUs; runs on n virtual GPUs when fewer exist "
        "and simulate is true, else is skipped",
    )
    config.addinivalue_line(
        "markers", "ranks(world_size=2, backend='nccl'): world size for the `ranks` fixture"
    )
    requested = config.getoption("--torchplace-gpus", default=None)
    if requested is not None and requested < 1:
        raise pytest.UsageError(f"--torchplace-gpus must be at least 1, got {requested}")


def real_gpu_count() -> int:
    """CUDA GPUs visible to torch (0 when torch or CUDA is missing)."""
    try:
        import torch
    except ImportError:
        return 0
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def _decide(item: pytest.Item, needed: int, simulate: bool) -> tuple[str, int]:
    forced = item.config.getoption("--torchplace-gpus", default=None)
    if forced is None and real_gpu_count() >= needed:
        return ("real", needed)
    if simulate:
        count = forced or needed
        if count < needed:
            pytest.skip(f"needs {needed} GPUs; --torchplace-gpus={forced} simulates fewer")
        return ("sim", count)
    pytest.skip(f"needs {needed} real CUDA GPUs, found {real_gpu_count()} (simulate=False)")


def _gpus_marker(item: pytest.Item) -> tuple[int, bool] | None:
    marker = item.get_closest_marker("gpus")
    if marker is None:
        return None
    needed = marker.args[0] if marker.args else marker.kwargs.get("n", 1)
    return int(needed), bool(marker.kwargs.get("simulate", True))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if os.environ.get(_CHILD_RANK_ENV) is not None:
        return  # a rank process: the `ranks` fixture sets up its own simulation
    wanted = _gpus_marker(item)
    if wanted is None:
        return
    mode, count = _decide(item, *wanted)
    item.stash[_MODE_KEY] = (mode, count)
    if mode == "sim" and "ranks" not in getattr(item, "fixturenames", ()):
        _enter_simulation(item, count)


def _enter_simulation(item: pytest.Item, count: int, **options: Any) -> Any:
    from torchplace.sim import virtual_gpus

    context = virtual_gpus(count, **options)
    machine = context.__enter__()
    item.stash[_SIM_KEY] = context
    return machine


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    context = item.stash.get(_SIM_KEY, None)
    if context is not None:
        del item.stash[_SIM_KEY]
        context.__exit__(None, None, None)


@pytest.fixture
def virtual_gpus(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The simulated machine this test runs on (entered here when no marker did it)."""
    from torchplace.sim import active

    machine = active()
    if machine is not None:
        yield machine
        return
    from torchplace.sim import virtual_gpus as simulate

    wanted = _gpus_marker(request.node)
    count = request.config.getoption("--torchplace-gpus", default=None) or (
        wanted[0] if wanted else 2
    )
    with simulate(count) as machine:
        yield machine


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


def _ranks_marker(item: pytest.Item) -> RankSpec:
    marker = item.get_closest_marker("ranks")
    world_size, backend = 2, "nccl"
    if marker is not None:
        world_size = int(marker.args[0] if marker.args else marker.kwargs.get("world_size", 2))
        backend = str(marker.kwargs.get("backend", "nccl"))
    if world_size < 1:
        raise pytest.UsageError(f"{item.nodeid}: ranks world_size must be at least 1")
    return RankSpec(world_size, backend)


@pytest.fixture
def ranks(request: pytest.FixtureRequest) -> Iterator[RankContext | RankSpec]:
    spec = _ranks_marker(request.node)
    rank_text = os.environ.get(_CHILD_RANK_ENV)
    if rank_text is None:
        yield spec  # the parent: pytest_pyfunc_call runs the body in the rank processes
        return
    yield from _rank_body_context(int(rank_text), spec, request.node)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    rank_text = os.environ.get(_CHILD_RANK_ENV)
    if rank_text is not None and report.when == "call" and report.failed:
        item.stash[_BODY_FAILED_KEY] = True
        status_dir = os.environ.get(_STATUS_DIR_ENV)
        if status_dir:
            with open(os.path.join(status_dir, f"rank{rank_text}.failed"), "w") as marker:
                marker.write(item.nodeid)
    return report


def _rank_body_context(rank: int, spec: RankSpec, node: pytest.Item) -> Iterator[RankContext]:
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
        if not node.stash.get(_BODY_FAILED_KEY, False):
            dist.destroy_process_group()
    finally:
        if simulation is not None:
            simulation.__exit__(None, None, None)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if "ranks" not in pyfuncitem.fixturenames or os.environ.get(_CHILD_RANK_ENV) is not None:
        return None
    spec = _ranks_marker(pyfuncitem)
    mode = pyfuncitem.stash.get(_MODE_KEY, None)
    if mode is None:
        simulated = spec.backend != "gloo" and real_gpu_count() < spec.world_size
    else:
        simulated = mode[0] == "sim"
    failures = _run_ranks(pyfuncitem, spec, simulated)
    if failures:
        pytest.fail("\n\n".join(failures), pytrace=False)
    return True


def _run_ranks(item: pytest.Function, spec: RankSpec, simulated: bool) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="torchplace-ranks-") as status_dir:
        return _launch_and_collect(item, spec, simulated, status_dir)


def _launch_and_collect(
    item: pytest.Function, spec: RankSpec, simulated: bool, status_dir: str
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
    processes = []
    for rank in range(spec.world_size):
        env = dict(
            os.environ,
            RANK=str(rank),
            LOCAL_RANK=str(rank),
            WORLD_SIZE=str(spec.world_size),
            LOCAL_WORLD_SIZE=str(spec.world_size),
            GROUP_RANK="0",
            MASTER_ADDR="127.0.0.1",
            MASTER_PORT=str(port),
            TORCHPLACE_PYTEST_SIMULATED="1" if simulated else "0",
        )
        env[_CHILD_RANK_ENV] = str(rank)
        env[_STATUS_DIR_ENV] = status_dir
        processes.append(
            subprocess.Popen(
                command,
                cwd=item.config.rootpath,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
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
                    process.kill()
                    process.wait()
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
