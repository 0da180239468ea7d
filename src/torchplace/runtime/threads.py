"""New threads start on the device of the thread that created them, with its CUDA context.

A new `threading.Thread` starts on device 0 with no context at all, whatever the thread that
started it had selected (FACTS.md), so `.cuda()` and `device="cuda"` there land on cuda:0.
`inherit_device()` patches `Thread.start` (the starting thread's device is captured; the new
thread binds it before `run`) and `ThreadPoolExecutor.submit` (each task runs on the device of
the thread that submitted it, since pool workers are reused). `bound_thread` is the explicit form.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType
from typing import Any

import torch

from torchplace.runtime._devices import cuda_index
from torchplace.runtime.guard import DeviceGuard, make_current

_state_lock = threading.Lock()
_installs = 0
_original_start: Callable[[threading.Thread], None] | None = None
_original_submit: Callable[..., Future[Any]] | None = None


def creator_device() -> int | None:
    """The calling thread's CUDA device, or None when CUDA is unused (never initialises it)."""
    if not torch.cuda.is_initialized() or not torch.cuda.is_available():  # type: ignore[no-untyped-call]
        return None
    return torch.cuda.current_device()


def _bind_then_run(run: Callable[[], None], index: int) -> Callable[[], None]:
    @functools.wraps(run)
    def run_on_device() -> None:
        make_current(index)
        run()

    return run_on_device


def _patched_start(self: threading.Thread) -> None:
    index = creator_device()
    if index is not None and not isinstance(self, BoundThread):
        # An instance attribute shadows the class's `run`, subclasses' overrides included.
        self.run = _bind_then_run(self.run, index)  # type: ignore[method-assign]
    assert _original_start is not None
    _original_start(self)


def _patched_submit(
    self: ThreadPoolExecutor, fn: Callable[..., Any], /, *args: Any, **kwargs: Any
) -> Future[Any]:
    index = creator_device()
    assert _original_submit is not None
    if index is None:
        return _original_submit(self, fn, *args, **kwargs)
    return _original_submit(self, DeviceGuard(index)(fn), *args, **kwargs)


def _install() -> None:
    global _installs, _original_start, _original_submit
    with _state_lock:
        _installs += 1
        if _installs > 1:
            return
        _original_start = threading.Thread.start
        _original_submit = ThreadPoolExecutor.submit
        setattr(threading.Thread, "start", _patched_start)  # noqa: B010 - patching a method
        setattr(ThreadPoolExecutor, "submit", _patched_submit)  # noqa: B010 - patching a method


def _uninstall() -> None:
    global _installs
    with _state_lock:
        _installs -= 1
        if _installs > 0:
            return
        # Leave a later patch by someone else in place; the originals stay recorded so a
        # patched call already under way still finds them.
        if threading.Thread.start is _patched_start:
            setattr(threading.Thread, "start", _original_start)  # noqa: B010 - patching a method
        if ThreadPoolExecutor.submit is _patched_submit:
            setattr(ThreadPoolExecutor, "submit", _original_submit)  # noqa: B010


def is_installed() -> bool:
    """Whether some `inherit_device()` is active in this process."""
    return _installs > 0


class inherit_device:  # used like a function: `with inherit_device():`
    """Make threads and executor tasks run on their creator's CUDA device, process-wide.

    Active from the call until `remove()` (or the end of the `with` block)::

        with torchplace.inherit_device():        # scoped
            ...
        handle = torchplace.inherit_device()     # for the rest of the process
        handle.remove()                          # reversible; calls nest and are counted

    Patches `threading.Thread.start` and `ThreadPoolExecutor.submit` while any handle is
    active and restores the originals when the last one is removed. A thread inherits the
    device current in the thread that calls `start()`; a pool task inherits the device of the
    thread that calls `submit()` / `map()`. Threads started while CUDA is unused are untouched.
    """

    def __init__(self) -> None:
        self._active = True
        _install()

    def remove(self) -> None:
        """Stop inheriting (once every other active handle is removed too). Idempotent."""
        if self._active:
            self._active = False
            _uninstall()

    @property
    def active(self) -> bool:
        return self._active

    def __enter__(self) -> inherit_device:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.remove()


class BoundThread(threading.Thread):
    """A thread that makes `device` (and its CUDA context) current before running its target."""

    def __init__(
        self,
        target: Callable[..., object],
        device: Any,
        args: Iterable[Any] = (),
        kwargs: Mapping[str, Any] | None = None,
        *,
        name: str | None = None,
        daemon: bool | None = None,
    ) -> None:
        super().__init__(target=target, args=args, kwargs=kwargs, name=name, daemon=daemon)
        self.device_index = cuda_index(device)

    def run(self) -> None:
        if self.device_index is not None:
            make_current(self.device_index)
        super().run()


_CALLER = object()


def bound_thread(
    target: Callable[..., object],
    device: Any = _CALLER,
    args: Iterable[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
    *,
    name: str | None = None,
    daemon: bool | None = None,
    start: bool = False,
) -> BoundThread:
    """A `threading.Thread` for `target` bound to `device` (default: the caller's device).

    The thread makes the device current and its context exist before calling `target`, so
    `.cuda()`, `device="cuda"` and driver calls there use it. `device` may be an index,
    `"cuda:1"`, a `torch.device` or a tensor; CPU or None leaves the thread alone. With
    `start=True` the thread is started before it is returned.
    """
    if device is _CALLER:
        device = creator_device()
    thread = BoundThread(target, device, args, kwargs, name=name, daemon=daemon)
    if start:
        thread.start()
    return thread
