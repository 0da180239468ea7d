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
  (default 2; backend "nccl", simulated on virtual GPUs over a gloo group between the rank
  processes, so collectives carry values, or "gloo" for real CPU collectives; gloo ranks are
  bound to `cuda:<rank>` when the machine has a real GPU per rank, else they run on the CPU).
  A rank that fails stops the others after a short grace period, as torchrun does, so a peer
  waiting in a collective never hangs the test run (`torchplace.pytest_ranks`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest

from torchplace.pytest_ranks import (
    BODY_FAILED_KEY,
    CHILD_RANK_ENV,
    GPUS_ENV,
    MAX_GPUS,
    STATUS_DIR_ENV,
    RankContext,
    RankSpec,
    rank_body_context,
    ranks_marker,
    run_ranks,
)

_MODE_KEY = pytest.StashKey[tuple[str, int]]()
_SIM_KEY = pytest.StashKey[AbstractContextManager[Any]]()
_SESSION_KEY = pytest.StashKey[tuple[int, str, AbstractContextManager[Any] | None]]()
GPUS_INI = "torchplace_gpus"


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
    if _SESSION_KEY in config.stash or os.environ.get(CHILD_RANK_ENV) is not None:
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
            ranks_marker(item)
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
    if os.environ.get(CHILD_RANK_ENV) is not None:
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


@pytest.fixture
def ranks(request: pytest.FixtureRequest) -> Iterator[RankContext | RankSpec]:
    spec = ranks_marker(request.node)
    rank_text = os.environ.get(CHILD_RANK_ENV)
    if rank_text is None:
        yield spec  # the parent: pytest_pyfunc_call runs the body in the rank processes
        return
    yield from rank_body_context(int(rank_text), spec, request.node)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    rank_text = os.environ.get(CHILD_RANK_ENV)
    if rank_text is not None and report.when == "call" and report.failed:
        item.stash[BODY_FAILED_KEY] = True
        status_dir = os.environ.get(STATUS_DIR_ENV)
        if status_dir:
            with open(os.path.join(status_dir, f"rank{rank_text}.failed"), "w") as marker:
                marker.write(item.nodeid)
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if os.environ.get(CHILD_RANK_ENV) is not None or not _uses_our_ranks(pyfuncitem):
        return None
    spec = ranks_marker(pyfuncitem)
    mode = pyfuncitem.stash.get(_MODE_KEY, None)
    if _SESSION_KEY in pyfuncitem.config.stash:
        simulated = spec.backend != "gloo"
    elif mode is None:
        simulated = spec.backend != "gloo" and real_gpu_count() < spec.world_size
    else:
        simulated = mode[0] != "real"
    failures = run_ranks(pyfuncitem, spec, simulated)
    if failures:
        pytest.fail("\n\n".join(failures), pytrace=False)
    return True
