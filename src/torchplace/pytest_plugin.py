"""pytest plugin: multi-GPU placement tests on real GPUs when present, else on virtual ones.

Registered through the `pytest11` entry point and inactive until used: importing it imports
neither torch nor the simulator; they load only for a test that asks for GPUs (the `gpus`
marker, the `virtual_gpus` fixture, this plugin's `ranks` fixture) or a session that asks for
simulation. A test that merely has a parameter or fixture of its own named `ranks` is not
touched.

- `@pytest.mark.gpus(n, simulate=True)`: real GPUs if at least `n` exist; otherwise the test runs
  on `n` virtual GPUs when `simulate` allows it; otherwise it is skipped with the reason.
- `--torchplace-gpus=N` (or the ini option `torchplace_gpus`, or `TORCHPLACE_GPUS=N`): the whole
  session runs on N virtual GPUs, from before collection (so suites that look for GPUs when
  their modules are imported see N) to the end, even where real GPUs exist. Tests that never
  touch CUDA behave as on a CPU machine; `gpus(n)` tests needing more than N are skipped, and so
  are `simulate=False` ones. Child processes started by tests inherit the simulation
  (`torchplace.sim.inherit`).
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
_SESSION_KEY = pytest.StashKey[tuple[int, str, AbstractContextManager[Any] | None]]()
RANK_TIMEOUT_S = 300
FAILED_RANK_GRACE_S = 15.0
GPUS_ENV = "TORCHPLACE_GPUS"
GPUS_INI = "torchplace_gpus"
MAX_GPUS = 128  # torch's device index is 8 bits wide


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("torchplace", "torchplace multi-GPU placement tests")
    group.addoption(
        "--torchplace-gpus",
        default=None,
        metavar="N",
        help=f"run the whole session on N virtual GPUs (also: ini {GPUS_INI}, ${GPUS_ENV})",
    )
    parser.addini(GPUS_INI, f"run the whole session on N virtual GPUs (1-{MAX_GPUS})", default="")


def _session_request(config: pytest.Config) -> tuple[int, str] | None:
    """(N, where it was asked) when the session asks for N virtual GPUs, else None."""
    sources = (
        (config.known_args_namespace.torchplace_gpus, "--torchplace-gpus={}"),
        (os.environ.get(GPUS_ENV), GPUS_ENV + "={}"),
        (config.getini(GPUS_INI), GPUS_INI + " = {}"),
    )
    for value, form in sources:
        if value is None or str(value).strip() == "":
            continue
        text = str(value).strip()
        try:
            count = int(text)
        except ValueError:
            raise pytest.UsageError(f"{form.format(text)}: expected a number of GPUs") from None
        if not 1 <= count <= MAX_GPUS:
            raise pytest.UsageError(
                f"{form.format(text)}: the number of GPUs must be 1 to {MAX_GPUS}"
            )
        return count, form.format(count)
    return None


def _start_session(config: pytest.Config) -> None:
    """Start the session's simulation, once, before anything imports the suite's modules."""
    if _SESSION_KEY in config.stash or os.environ.get(_CHILD_RANK_ENV) is not None:
        return  # started already, or a rank process (the `ranks` fixture simulates there)
    request = _session_request(config)
    if request is None:
        return
    from torchplace.sim import active, virtual_gpus

    context: AbstractContextManager[Any] | None = None
    if active() is None:  # else: a child that inherited its parent's simulation
        context = virtual_gpus(request[0])
        context.__enter__()
    config.stash[_SESSION_KEY] = (*request, context)


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config) -> None:
    _start_session(early_config)


def pytest_unconfigure(config: pytest.Config) -> None:
    session = config.stash.get(_SESSION_KEY, None)
    if session is not None and session[2] is not None:
        del config.stash[_SESSION_KEY]
        session[2].__exit__(None, None, None)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    bad = [f"{item.nodeid}: {error}" for item in items if (error := _marker_error(item))]
    if bad:
        raise pytest.UsageError("invalid torchplace marker:\n  " + "\n  ".join(bad))


def _marker_error(item: pytest.Item) -> str | None:
    try:
        _gpus_marker(item)
        if _uses_our_ranks(item):
            _ranks_marker(item)
    except ValueError as error:
        return str(error)
    return None


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "gpus(n, simulate=True): needs n CUDA GPUs; runs on n virtual GPUs when fewer exist "
        "and simulate is true, else is skipped",
    )
    config.addinivalue_line(
        "markers", "ranks(world_size=2, backend='nccl'): world size for the `ranks` fixture"
    )
    _start_session(config)  # when loaded too late for pytest_load_initial_conftests


def real_gpu_count() -> int:
    """CUDA GPUs visible to torch (0 when torch or CUDA is missing)."""
    try:
        import torch
    except ImportError:
        return 0
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def _decide(item: pytest.Item, needed: int, simulate: bool) -> tuple[str, int]:
    session = item.config.stash.get(_SESSION_KEY, None)
    if session is not None:
        count, source = session[0], session[1]
        if not simulate:
            pytest.skip(f"needs {needed} real CUDA GPUs (simulate=False); {source} simulates")
        if count < needed:
            pytest.skip(f"needs {needed} GPUs; {source} simulates fewer")
        return ("session", count)
    if real_gpu_count() >= needed:
        return ("real", needed)
    if simulate:
        return ("sim", needed)
    pytest.skip(f"needs {needed} real CUDA GPUs, found {real_gpu_count()} (simulate=False)")


_SIMULATE_WORDS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}


def _simulate_flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _SIMULATE_WORDS:
        return _SIMULATE_WORDS[value.strip().lower()]
    raise ValueError(f"gpus(simulate=...) must be True or False, got {value!r}")


def _gpus_marker(item: pytest.Item) -> tuple[int, bool] | None:
    marker = item.get_closest_marker("gpus")
    if marker is None:
        return None
    needed = marker.args[0] if marker.args else marker.kwargs.get("n", 1)
    if isinstance(needed, bool) or not isinstance(needed, int):
        raise ValueError(f"gpus(n) needs a whole number of GPUs, got {needed!r}")
    if not 1 <= needed <= MAX_GPUS:
        raise ValueError(f"gpus(n) needs 1 to {MAX_GPUS} GPUs, got {needed}")
    return needed, _simulate_flag(marker.kwargs.get("simulate", True))


def _uses_our_ranks(item: pytest.Item) -> bool:
    """Whether the test's `ranks` is this plugin's fixture (not a parameter or the suite's own
    fixture of that name)."""
    info = getattr(item, "_fixtureinfo", None)
    definitions = info.name2fixturedefs.get("ranks") if info is not None else None
    if not definitions:
        return False
    func = getattr(definitions[-1], "func", None)
    return getattr(func, "__module__", None) == __name__


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if os.environ.get(_CHILD_RANK_ENV) is not None:
        return  # a rank process: the `ranks` fixture sets up its own simulation
    wanted = _gpus_marker(item)
    if wanted is None:
        return
    mode, count = _decide(item, *wanted)
    item.stash[_MODE_KEY] = (mode, count)
    if mode == "sim" and not _uses_our_ranks(item):
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
    with simulate(wanted[0] if wanted else 2) as machine:
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
    if isinstance(world_size, bool) or not 1 <= world_size <= MAX_GPUS:
        raise ValueError(f"ranks(world_size) must be 1 to {MAX_GPUS}, got {world_size}")
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
    if os.environ.get(_CHILD_RANK_ENV) is not None or not _uses_our_ranks(pyfuncitem):
        return None
    spec = _ranks_marker(pyfuncitem)
    mode = pyfuncitem.stash.get(_MODE_KEY, None)
    if _SESSION_KEY in pyfuncitem.config.stash:
        simulated = spec.backend != "gloo"
    elif mode is None:
        simulated = spec.backend != "gloo" and real_gpu_count() < spec.world_size
    else:
        simulated = mode[0] != "real"
    failures = _run_ranks(pyfuncitem, spec, simulated)
    if failures:
        pytest.fail("\n\n".join(failures), pytrace=False)
    return True


def _run_ranks(item: pytest.Function, spec: RankSpec, simulated: bool) -> list[str]:
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
