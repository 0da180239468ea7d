"""Keep a module's tensor inputs on the module's device, and check or fix devices by hand.

`align_inputs(module)` moves every tensor the module is called with (positional or keyword,
nested in lists, tuples and dicts) to the device of the module's first parameter or buffer,
looked up on every call so the hook follows the module when it moves. A module that holds no
tensor and is given no `device` is left unhooked.

Two ways to hook, same behaviour: `via="forward"` (default) wraps the module's `forward`
(like accelerate's hooks; see `_forward_wrapper`); `via="pre_hook"` uses
`register_forward_pre_hook(with_kwargs=True)`. Any forward pre-hook sends every call of that
module through PyTorch's slow call path (about 1-3 µs, a measured 10-11% on a 1B-class Llama
decode step with every module hooked); the forward wrapper keeps the fast path (2.6-2.9%), and
aligns PyTorch's single-kernel layers on the error path (see `_forward_wrapper`).

The common call moves nothing, so it is checked before anything is built: the reference
tensor is read from its owner's table, each argument's type is sorted by one dict lookup
(`_moving.KINDS`), each tensor's device is compared (by index on the forward wrapper's fast
path, see `_forward_wrapper`), and containers are searched without copying
(`_moving.settled`). Only when something must move are `args`/`kwargs` rebuilt.

Every module holding a tensor (its own or a descendant's) is hooked, containers without
parameters of their own included (a decoder layer, an attention block): they use their inputs
directly (a residual add, rotary cos/sin, a mask), so skipping them would break the promise
that every aligned module sees its inputs on its device.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import TracebackType
from typing import Any, Literal, overload

import torch

from torchplace.runtime._devices import DeviceTracker, device_of
from torchplace.runtime._forward_wrapper import wrap_forward
from torchplace.runtime._moving import (
    move,
    move_mapping,
    move_sequence,
    settled,
)
from torchplace.runtime.errors import DeviceMismatchError


def _align(
    target: DeviceTracker, args: tuple[Any, ...], kwargs: dict[str, Any], non_blocking: bool
) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
    device = target.resolve()
    if device is None or (settled(args, device) and settled(kwargs.values(), device)):
        return None
    new_args = move_sequence(args, device, non_blocking) if args else args
    new_kwargs = move_mapping(kwargs, device, non_blocking) if kwargs else kwargs
    if new_args is args and new_kwargs is kwargs:
        return None
    return new_args, new_kwargs


class AlignHandle:
    """What `align_inputs` returns: `remove()` undoes it; also a context manager."""

    def __init__(self, removers: Sequence[Any] = ()) -> None:
        self._removers = list(removers)

    @property
    def hooked(self) -> int:
        """How many modules this handle hooked."""
        return len(self._removers)

    def remove(self) -> None:
        for remover in reversed(self._removers):
            remover()
        self._removers.clear()

    def __enter__(self) -> AlignHandle:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.remove()


def _pre_hook(module: torch.nn.Module, target: DeviceTracker, non_blocking: bool) -> Any:
    def hook(
        _module: torch.nn.Module, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
        return _align(target, args, kwargs, non_blocking)

    return module.register_forward_pre_hook(hook, with_kwargs=True).remove


def align_inputs(
    module: torch.nn.Module,
    device: Any = None,
    *,
    recurse: bool = False,
    via: Literal["forward", "pre_hook"] = "forward",
    non_blocking: bool = False,
) -> AlignHandle:
    """Move tensor inputs of `module` to its device before every call; returns a handle.

    `device`: a fixed target instead of the module's own (current) device. `recurse`: also
    hook every submodule (each to its own device). Modules holding no tensor are skipped
    unless `device` is given. Tensors created inside `forward` are not touched: only inputs.
    """
    fixed = device_of(device) if device is not None else None
    install = wrap_forward if via == "forward" else _pre_hook
    if via not in ("forward", "pre_hook"):
        raise ValueError(f"via={via!r}: expected 'forward' or 'pre_hook'")
    modules: Iterable[torch.nn.Module] = module.modules() if recurse else (module,)
    removers = []
    for each in modules:
        target = DeviceTracker(each, fixed)
        if not target.found:
            continue
        removers.append(install(each, target, non_blocking))
    return AlignHandle(removers)


@overload
def to_device_of(ref: Any, tensor: Any, /, *, non_blocking: bool = ...) -> Any: ...


@overload
def to_device_of(
    ref: Any, first: Any, second: Any, /, *rest: Any, non_blocking: bool = ...
) -> tuple[Any, ...]: ...


def to_device_of(ref: Any, *tensors: Any, non_blocking: bool = False) -> Any:
    """`tensors` moved to the device of `ref` (a tensor, module, device or index).

    One argument gives one result, several give a tuple. Nested lists, tuples and dicts are
    followed; tensors already there are returned as they are (no copy).
    """
    device = device_of(ref)
    if device is None:
        raise ValueError(f"{type(ref).__name__} holds no parameter or buffer: it has no device")
    moved = tuple(move(t, device, non_blocking) for t in tensors)
    return moved[0] if len(moved) == 1 else moved


def _is_cpu_scalar(tensor: torch.Tensor) -> bool:
    return tensor.device.type == "cpu" and tensor.dim() == 0


def assert_same_device(
    *tensors: torch.Tensor | None,
    names: Sequence[str] | None = None,
    allow_cpu_scalars: bool = True,
    **named: torch.Tensor | None,
) -> torch.device | None:
    """Raise DeviceMismatchError naming each tensor and its device unless all share one.

    Give names positionally (`names=["q", "k"]`) or pass tensors as keywords (`q=q, k=k`).
    None entries are ignored; 0-dim CPU tensors are allowed beside CUDA ones, as PyTorch's
    kernels allow them (`allow_cpu_scalars=False` to forbid). Returns the common device.
    """
    if names is not None and len(names) != len(tensors):
        raise ValueError(f"{len(names)} names for {len(tensors)} tensors")
    labels = list(names) if names is not None else [f"tensor {i}" for i in range(len(tensors))]
    pairs = [(label, t) for label, t in zip(labels, tensors, strict=True) if t is not None]
    pairs += [(label, t) for label, t in named.items() if t is not None]
    strict = [(n, t) for n, t in pairs if not (allow_cpu_scalars and _is_cpu_scalar(t))]
    devices = {t.device for _, t in strict}
    if len(devices) <= 1:
        return next(iter(devices), pairs[0][1].device if pairs else None)
    raise DeviceMismatchError(_mismatch_message(strict))


def _mismatch_message(pairs: list[tuple[str, torch.Tensor]]) -> str:
    counts: dict[torch.device, int] = {}
    for _, tensor in pairs:
        counts[tensor.device] = counts.get(tensor.device, 0) + 1
    majority = max(counts, key=lambda d: counts[d])
    listing = ", ".join(f"{name} on {tensor.device}" for name, tensor in pairs)
    anchor = next(name for name, t in pairs if t.device == majority)
    strays = [name for name, t in pairs if t.device != majority]
    return (
        f"expected all tensors on one device, got {listing}; move {', '.join(strays)} with "
        f".to({anchor}.device)"
    )
