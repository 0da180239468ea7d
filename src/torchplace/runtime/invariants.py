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

import enum
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


def _in_thread(probe: Callable[[], Any], start: Callable[[threading.Thread], None] | None = None) -> Any:
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
    probe = torch.empty(1, device="cuda")
    return f"current_device={torch.cuda.current_device()}, context={_context_text()}, alloc={probe.device}"


def _checked(name: str, run: Callable[[], InvariantCheck]) -> InvariantCheck:
    try:
        return run()
    except Exception as error:
        return InvariantCheck(name, Status.FAIL, f"{type(error).__name__}: {error}", "no error")


def _verdict(name: str, observed: Any, expected: Any, detail: str) -> InvariantCheck:
    status = Status.PASS if observed == expected else Status.FAIL
    return InvariantCheck(name, status, str(observed), str(expected), detail if status is Status.FAIL else "")


def _set_device_holds(i: int) -> InvariantCheck:
    torch.cuda.set_device(i)
    return _verdict(
        "set-device-holds", torch.cuda.current_device(), i,
        f"torch.cuda.set_device({i}) did not change torch.cuda.current_device()",
    )


def _allocation_lands(i: int) -> InvariantCheck:
    torch.cuda.set_device(i)
    landed = torch.empty(1, device="cuda").device
    return _verdict(
        "allocation-lands", str(landed), f"cuda:{i}",
        f"after set_device({i}) a tensor made with device='cuda' landed elsewhere",
    )


def _driver_context_current(i: int) -> InvariantCheck:
    if not _driver.get_driver().available:
        return InvariantCheck("driver-context-current", Status.SKIP, "", str(i), "no driver backend")
    torch.cuda.set_device(i)
    return _verdict(
        "driver-context-current", _context_text(), str(i),
        f"after set_device({i}) cuCtxGetDevice reports another device or no context",
    )
