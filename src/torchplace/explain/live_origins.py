"""Origins mode: remember where tensors were created or moved to another device.

A `TorchFunctionMode` sees every torch call; only factories and device moves are looked at,
and only when called from outside torch itself (so `nn.Linear`'s own `torch.empty` or
`Module.to` do not count, and no weak reference is taken to parameters). The map is keyed by
`id()` with a weak reference check, because tensors compare element-wise and cannot be
keys of a `WeakKeyDictionary`.
"""

from __future__ import annotations

import sys
import threading
import weakref
from collections.abc import Callable
from types import FrameType
from typing import Any

import torch
from torch.overrides import TorchFunctionMode

from torchplace.explain.live_frames import is_internal, is_torch
from torchplace.explain.model import Origin
from torchplace.torch_names import TENSOR_FACTORIES

_FACTORY_NAMES = tuple(sorted(TENSOR_FACTORIES))
_MOVES = ("to", "cuda", "cpu")


def _tracked() -> dict[Any, str]:
    found: dict[Any, str] = {}
    for name in _FACTORY_NAMES:
        func = getattr(torch, name, None)
        if func is not None:
            found[func] = f"torch.{name}"
    for name in _MOVES:
        found[getattr(torch.Tensor, name)] = f".{name}()"
    return found


class OriginTracker(TorchFunctionMode):
    """Records, per live tensor, the user frame that created it or moved it."""

    def __init__(self) -> None:
        super().__init__()
        self._tracked = _tracked()
        self._origins: dict[int, tuple[weakref.ref[torch.Tensor], Origin]] = {}
        self._lock = threading.Lock()

    def __torch_function__(
        self,
        func: Callable[..., Any],
        types: Any,
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        kwargs = kwargs or {}
        result = func(*args, **kwargs)
        label = self._tracked.get(func)
        if label is not None and isinstance(result, torch.Tensor):
            self._record(label, args, kwargs, result)
        return result

    def _record(
        self, label: str, args: tuple[Any, ...], kwargs: dict[str, Any], result: torch.Tensor
    ) -> None:
        source = args[0] if args else None
        if (
            label.startswith(".")
            and isinstance(source, torch.Tensor)
            and source.device == result.device
        ):
            return  # a dtype cast or a no-op move: nothing new about placement
        frame = _caller()
        if frame is None:
            return
        note = _note(label, args, kwargs)
        origin = Origin(
            frame.f_code.co_filename,
            frame.f_lineno,
            label,
            str(result.device),
            note,
            frame.f_code.co_name,
        )
        key = id(result)
        try:
            ref = weakref.ref(result, self._forgetter(key))
        except TypeError:
            return
        with self._lock:
            self._origins[key] = (ref, origin)

    def _forgetter(self, key: int) -> Callable[[weakref.ref[torch.Tensor]], None]:
        def forget(_ref: weakref.ref[torch.Tensor]) -> None:
            self._forget(key)

        return forget

    def _forget(self, key: int) -> None:
        with self._lock:
            self._origins.pop(key, None)

    def record_loaded(self, loaded: Any, kwargs: dict[str, Any]) -> None:
        """Tag every tensor `torch.load` returned (it is no torch function the mode sees)."""
        frame = _caller_of_load()
        if frame is None:
            return
        note = "" if kwargs.get("map_location") is not None else "without map_location="
        for tensor in _tensors_in(loaded):
            origin = Origin(
                frame.f_code.co_filename,
                frame.f_lineno,
                "torch.load",
                str(tensor.device),
                note,
                frame.f_code.co_name,
            )
            key = id(tensor)
            try:
                ref = weakref.ref(tensor, self._forgetter(key))
            except TypeError:
                continue
            with self._lock:
                self._origins[key] = (ref, origin)

    def origin_of(self, tensor: torch.Tensor) -> Origin | None:
        entry = self._origins.get(id(tensor))
        if entry is None or entry[0]() is not tensor:
            return None
        return entry[1]

    def __len__(self) -> int:
        return len(self._origins)


def _caller() -> FrameType | None:
    """The first frame outside torch and torchplace that made the call; None if in torch."""
    frame: FrameType | None = sys._getframe(3)
    while frame is not None and is_internal(frame.f_code.co_filename):
        frame = frame.f_back
    if frame is None or is_torch(frame.f_code.co_filename):
        return None
    return frame


def _caller_of_load() -> FrameType | None:
    frame: FrameType | None = sys._getframe(2)
    while frame is not None and (
        is_internal(frame.f_code.co_filename) or is_torch(frame.f_code.co_filename)
    ):
        frame = frame.f_back
    return frame


def _tensors_in(value: Any, depth: int = 0) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if depth >= 3:
        return []
    items: list[Any] = []
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, (list, tuple)):
        items = list(value)
    found: list[torch.Tensor] = []
    for item in items[:10000]:
        found += _tensors_in(item, depth + 1)
    return found


def _note(label: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    if label.startswith("torch.") and label != "torch.from_numpy":
        device = kwargs.get("device")
        if device is None:
            return "without device="
        return f"with a hardcoded device ({device!r})" if isinstance(device, (str, int)) else ""
    if label == ".cuda()":
        return "with a hardcoded device (.cuda() uses the current device)"
    target = kwargs.get("device", args[1] if len(args) > 1 else None)
    if isinstance(target, (str, int)):
        return f"with a hardcoded device ({target!r})"
    return ""


_ACTIVE: OriginTracker | None = None
_ORIGINAL_LOAD: Callable[..., Any] | None = None


def _patch_load(tracker: OriginTracker) -> None:
    global _ORIGINAL_LOAD
    if _ORIGINAL_LOAD is not None:
        return
    original = torch.load
    _ORIGINAL_LOAD = original

    def load(*args: Any, **kwargs: Any) -> Any:
        loaded = original(*args, **kwargs)
        try:
            tracker.record_loaded(loaded, kwargs)
        except Exception:
            pass
        return loaded

    torch.load = load


def _unpatch_load() -> None:
    global _ORIGINAL_LOAD
    if _ORIGINAL_LOAD is not None:
        torch.load = _ORIGINAL_LOAD
        _ORIGINAL_LOAD = None


def start() -> OriginTracker:
    """Start recording in this thread (idempotent)."""
    global _ACTIVE
    if _ACTIVE is None:
        _ACTIVE = OriginTracker()
        _ACTIVE.__enter__()  # type: ignore[no-untyped-call]
        _patch_load(_ACTIVE)
    return _ACTIVE


def stop() -> None:
    global _ACTIVE
    _unpatch_load()
    if _ACTIVE is not None:
        try:
            _ACTIVE.__exit__(None, None, None)  # type: ignore[no-untyped-call]
        except Exception:
            pass
        _ACTIVE = None


def active() -> OriginTracker | None:
    return _ACTIVE
