"""`DeviceGuard`: switch the current CUDA device, make its context current, restore on exit.

`torch.cuda.device(i)` compares `i` with the runtime's idea of the current device and does
nothing when they agree; in a fresh thread the runtime says 0 although no context is current
there, so `with torch.cuda.device(0)` leaves the thread without one and driver calls fail with
CUDA_ERROR_INVALID_CONTEXT (FACTS.md). This guard asks the driver (`cuCtxGetDevice`), which
is cheap, and only skips work when the context of the wanted device really is current.
"""

from __future__ import annotations

import threading
from contextlib import ContextDecorator
from types import TracebackType
from typing import Any

import torch

from torchplace.runtime import _driver
from torchplace.runtime._devices import cuda_index
from torchplace.runtime.errors import ContextError

_CURRENT = -2  # "cuda" without an index: the thread's current device, looked up on entry
_NO_RESTORE = -1
_get_ident = threading.get_ident


def _static_index(device: Any) -> int | None:
    if isinstance(device, int) and not isinstance(device, bool):
        return device if device >= 0 else None
    if isinstance(device, (str, torch.device)):
        parsed = torch.device(device) if isinstance(device, str) else device
        if parsed.type != "cuda":
            return None
        return _CURRENT if parsed.index is None else parsed.index
    return cuda_index(device)


def _make_context_current(index: int) -> None:
    """Ask the runtime for something that needs the current device's context, without waiting."""
    torch.cuda.current_stream(index).query()


def make_current(index: int) -> str:
    """Bind this thread to device `index` for good: set it and make its context current.

    Returns how the context was verified: "driver" or "unverified" (no driver backend).
    Raises ContextError when the driver reports another device or no context afterwards.
    """
    torch.cuda.set_device(index)
    query = _driver.get_driver().query
    if query is None:
        return "unverified"
    _verify(query, index)
    return "driver"


def _verify(query: Any, index: int) -> None:
    code, current = query()
    if current == index:
        return
    _make_context_current(index)
    code, current = query()
    if current != index:
        found = (
            f"device {current}'s context"
            if code == 0
            else f"no context ({_driver.error_name(code)})"
        )
        raise ContextError(
            f"after torch.cuda.set_device({index}) and a runtime call the CUDA driver reports "
            f"{found} on this thread; another library may have pushed its own context here "
            "(cuCtxPushCurrent/cuCtxSetCurrent): pop it before using PyTorch on this thread"
        )


class DeviceGuard(ContextDecorator):
    """Make `device` current on this thread, with its CUDA context, and restore on exit.

    `device` is an index, `"cuda:1"`, `torch.device`, or a tensor (its device). CPU devices and
    None make the guard a no-op, so device-agnostic code can use it unconditionally; `"cuda"`
    without an index means the thread's current device (the guard then only ensures the context).

    Works as a context manager and as a decorator; one instance may be shared between threads
    and nested. Cost: one `cuCtxGetDevice` when the device and its context are already current,
    plus two `set_device` calls when it switches.
    """

    __slots__ = ("_index", "_saved", "_spec")

    def __init__(self, device: Any) -> None:
        self._spec = device
        self._index = _static_index(device)
        self._saved: dict[int, list[int]] = {}

    @property
    def index(self) -> int | None:
        """The CUDA index this guard selects; None for a no-op guard or for bare `"cuda"`."""
        return None if self._index is None or self._index < 0 else self._index

    def _recreate_cm(self) -> DeviceGuard:
        return DeviceGuard(self._spec)

    def __enter__(self) -> DeviceGuard:
        index = self._index
        if index is None:
            return self
        if index == _CURRENT:
            index = torch.cuda.current_device()
        previous = self._switch(index)
        saved = self._saved.get(_get_ident())
        if saved is None:
            self._saved[_get_ident()] = [previous]
        else:
            saved.append(previous)
        return self

    def _switch(self, index: int) -> int:
        query = _driver.get_driver().query
        if query is None:
            previous = torch.cuda.current_device()
            if previous != index or torch.version.cuda is not None:
                torch.cuda.set_device(index)
            return previous if previous != index else _NO_RESTORE
        code, current = query()
        if current == index:
            return _NO_RESTORE
        # No context at all: restore the runtime's idea of the device (0 in a fresh thread).
        previous = current if code == 0 else torch.cuda.current_device()
        torch.cuda.set_device(index)
        _verify(query, index)
        return previous if previous != index else _NO_RESTORE

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._index is None:
            return
        ident = _get_ident()
        saved = self._saved[ident]
        previous = saved.pop()
        if not saved:
            del self._saved[ident]
        if previous != _NO_RESTORE:
            torch.cuda.set_device(previous)

    def __repr__(self) -> str:
        return f"DeviceGuard({self._spec!r})"
