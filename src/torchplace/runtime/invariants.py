"""`check_context_invariants`: does each GPU behave as the runtime helpers assume?

Result types are plain frozen dataclasses of strings, ints and bools, documented here because
the doctor and the pytest plugin read them; `to_dict()` gives the JSON form::

    {"ok": true, "cuda_available": true, "device_count": 2, "driver": "cuda-bindings",
     "torch_version": "2.11.0+cu130", "cuda_version": "13.0", "skipped_reason": null,
     "devices": [{"index": 0, "ok": true, "checks": [
         {"name": "set-device-holds", "status": "pass", "observed": "0", "expected": "0",
          "detail": "..."}, ...]}]}

Check names (kebab-case, stable): set-device-holds, allocation-lands, driver-context-current,
and with `threads=True`: fresh-thread-plain (info: what a plain new thread gets),
fresh-thread-torch-device (info: `torch.cuda.device(i)` in a new thread), fresh-thread-guard,
fresh-thread-inherit. Statuses: pass, fail, skip (cannot be checked here, e.g. no driver
backend), info (an observation; never fails). `ok` is false when any check failed.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import json
import threading
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

import torch

from torchplace.runtime import _driver
from torchplace.runtime.guard import DeviceGuard
from torchplace.runtime.threads import inherit_device

THREAD_TIMEOUT_S = 30.0


class Status(str, enum.Enum):
    PASS = "pass"
    FAIL = "fail"
    SKIP = "skip"
    INFO = "info"


@dataclass(frozen=True)
class InvariantCheck:
    """One check on one device: what was observed against what was expected."""

    name: str
    status: Status
    observed: str
    expected: str
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "status": self.status.value}


@dataclass(frozen=True)
class DeviceInvariants:
    index: int
    checks: tuple[InvariantCheck, ...]

    @property
    def ok(self) -> bool:
        return all(c.status is not Status.FAIL for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "ok": self.ok, "checks": [c.to_dict() for c in self.checks]}


@dataclass(frozen=True)
class ContextInvariantReport:
    cuda_available: bool
    device_count: int
    driver: str
    torch_version: str
    cuda_version: str | None
    devices: tuple[DeviceInvariants, ...]
    skipped_reason: str | None = None

    @property
    def ok(self) -> bool:
        return all(d.ok for d in self.devices)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["devices"] = [d.to_dict() for d in self.devices]
        return {"ok": self.ok, **data}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def _context_text() -> str:
    driver = _driver.get_driver()
    if driver.query is None:
        return "unknown (no driver backend)"
    code, device = driver.query()
    return str(device) if code == 0 else _driver.error_name(code)


def _in_thread(
    probe: Callable[[], Any], start: Callable[[threading.Thread], None] | None = None
) -> Any:
    """Run `probe` in a new thread and return its result (or raise what it raised)."""
    box: dict[str, Any] = {}

    def body() -> None:
        try:
            box["value"] = probe()
        except BaseException as error:  # reported by the caller, whatever it is
            box["error"] = error

    thread = threading.Thread(target=body, name="torchplace-invariant-probe", daemon=True)
    (start or threading.Thread.start)(thread)
    thread.join(THREAD_TIMEOUT_S)
    if thread.is_alive():
        raise TimeoutError(f"probe thread still running after {THREAD_TIMEOUT_S:.0f} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


def _state() -> str:
    """The thread's view, read before the allocation (which would create a context)."""
    seen = f"current_device={torch.cuda.current_device()}, context={_context_text()}"
    return f"{seen}, alloc={torch.empty(1, device='cuda').device}"


def _expected_state(i: int) -> str:
    context = str(i) if _driver.get_driver().available else "unknown (no driver backend)"
    return f"current_device={i}, context={context}, alloc=cuda:{i}"


def _checked(name: str, run: Callable[[], InvariantCheck]) -> InvariantCheck:
    try:
        return run()
    except Exception as error:
        return InvariantCheck(name, Status.FAIL, f"{type(error).__name__}: {error}", "no error")


def _verdict(name: str, observed: Any, expected: Any, detail: str) -> InvariantCheck:
    status = Status.PASS if observed == expected else Status.FAIL
    return InvariantCheck(
        name, status, str(observed), str(expected), detail if status is Status.FAIL else ""
    )


def _set_device_holds(i: int) -> InvariantCheck:
    torch.cuda.set_device(i)
    return _verdict(
        "set-device-holds",
        torch.cuda.current_device(),
        i,
        f"torch.cuda.set_device({i}) did not change torch.cuda.current_device()",
    )


def _allocation_lands(i: int) -> InvariantCheck:
    torch.cuda.set_device(i)
    landed = torch.empty(1, device="cuda").device
    return _verdict(
        "allocation-lands",
        str(landed),
        f"cuda:{i}",
        f"after set_device({i}) a tensor made with device='cuda' landed elsewhere",
    )


def _driver_context_current(i: int) -> InvariantCheck:
    if not _driver.get_driver().available:
        return InvariantCheck(
            "driver-context-current", Status.SKIP, "", str(i), "no driver backend"
        )
    torch.cuda.set_device(i)
    return _verdict(
        "driver-context-current",
        _context_text(),
        str(i),
        f"after set_device({i}) cuCtxGetDevice reports another device or no context",
    )


def _plain_start() -> Callable[[threading.Thread], None]:
    from torchplace.runtime import threads

    return threads._original_start or threading.Thread.start


def _fresh_thread_plain(i: int) -> InvariantCheck:
    torch.cuda.set_device(i)
    observed = _in_thread(_state, _plain_start())
    inherits = observed.startswith(f"current_device={i},")
    detail = (
        ""
        if inherits
        else (
            f"a plain new thread does not start on cuda:{i} like its creator: use "
            "torchplace.inherit_device() or torchplace.bound_thread()"
        )
    )
    return InvariantCheck("fresh-thread-plain", Status.INFO, observed, _expected_state(i), detail)


def _fresh_thread_torch_device(i: int) -> InvariantCheck:
    name = "fresh-thread-torch-device"
    if not _driver.get_driver().available:
        return InvariantCheck(name, Status.SKIP, "", str(i), "no driver backend")

    def probe() -> str:
        with torch.cuda.device(i):
            return _context_text()

    observed = _in_thread(probe, _plain_start())
    detail = (
        ""
        if observed == str(i)
        else (
            f"torch.cuda.device({i}) in a new thread leaves it without device {i}'s context "
            "(pytorch issue 195256): use torchplace.DeviceGuard"
        )
    )
    return InvariantCheck(name, Status.INFO, observed, str(i), detail)


def _fresh_thread_guard(i: int) -> InvariantCheck:
    def probe() -> str:
        with DeviceGuard(i):
            return _state()

    observed = _in_thread(probe, _plain_start())
    return _verdict(
        "fresh-thread-guard",
        observed,
        _expected_state(i),
        f"DeviceGuard({i}) in a new thread did not make device {i} and its context current",
    )


def _fresh_thread_inherit(i: int) -> InvariantCheck:
    torch.cuda.set_device(i)
    with inherit_device():
        observed = _in_thread(_state, threading.Thread.start)
    return _verdict(
        "fresh-thread-inherit",
        observed,
        _expected_state(i),
        f"under inherit_device() a thread started from cuda:{i} did not start there",
    )


_MAIN_CHECKS = (_set_device_holds, _allocation_lands, _driver_context_current)
_THREAD_CHECKS = (
    _fresh_thread_plain,
    _fresh_thread_torch_device,
    _fresh_thread_guard,
    _fresh_thread_inherit,
)


def _check_device(i: int, count: int, threads: bool) -> DeviceInvariants:
    if not 0 <= i < count:
        missing = InvariantCheck(
            "device-exists",
            Status.FAIL,
            f"cuda:{i}",
            f"cuda:0..cuda:{count - 1}",
            f"this process sees {count} GPU(s)",
        )
        return DeviceInvariants(i, (missing,))
    checks = [*_MAIN_CHECKS, *(_THREAD_CHECKS if threads else ())]
    names = [c.__name__.lstrip("_").replace("_", "-") for c in checks]
    results = tuple(
        _checked(n, functools.partial(c, i)) for n, c in zip(names, checks, strict=True)
    )
    return DeviceInvariants(i, results)


def check_context_invariants(
    devices: Iterable[int] | None = None, threads: bool = True
) -> ContextInvariantReport:
    """Check, for each CUDA device (default: all visible), that the runtime assumptions hold.

    Never raises for a failing check: a check that crashes is reported as failed. Restores the
    calling thread's current device afterwards. It creates a CUDA context on every device it
    checks (a few hundred MiB each), so check only the devices this process should use. Without
    CUDA the report has no devices and says why in `skipped_reason`.
    """
    driver = _driver.get_driver().name
    versions = (str(torch.__version__), torch.version.cuda)
    if not torch.cuda.is_available():
        reason = "torch.cuda.is_available() is False"
        return ContextInvariantReport(False, 0, driver, *versions, (), reason)
    count = torch.cuda.device_count()
    original = torch.cuda.current_device()
    try:
        wanted = range(count) if devices is None else list(devices)
        results = tuple(_check_device(i, count, threads) for i in wanted)
    finally:
        with contextlib.suppress(Exception):  # a broken set_device is already reported above
            torch.cuda.set_device(original)
    return ContextInvariantReport(True, count, driver, *versions, results)
