"""Every aten op on a virtual tensor comes here: check devices as CUDA would, run, re-wrap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from torchplace.sim import checks, devices, errors
from torchplace.sim.tensor import META, VirtualTensor, wrap

aten = torch.ops.aten
_CPU = torch.device("cpu")
_Tensor = torch.Tensor
Handler = Callable[[Any, tuple[Any, ...], dict[str, Any]], Any]
SPECIAL_OPS: dict[Any, Handler] = {}


class _OpInfo:
    """Per-op facts from the schema, computed once."""

    __slots__ = ("mutated", "returns_self")

    def __init__(self, func: Any) -> None:
        arguments = func._schema.arguments
        self.mutated = tuple(
            i for i, a in enumerate(arguments) if a.alias_info is not None and a.alias_info.is_write
        )
        self.returns_self = bool(self.mutated)


_INFO: dict[Any, _OpInfo] = {}


def _info(func: Any) -> _OpInfo:
    info = _INFO.get(func)
    if info is None:
        info = _INFO[func] = _OpInfo(func)
    return info


def to_meta(tensor: torch.Tensor) -> torch.Tensor:
    """A meta tensor with `tensor`'s metadata (values dropped)."""
    if tensor.device.type == "meta":
        return tensor
    return torch.empty_strided(tensor.size(), tensor.stride(), dtype=tensor.dtype, device=META)


class _Scan:
    """Devices and value-holding of one op's tensor arguments."""

    __slots__ = ("first", "mixed", "real", "virtual", "out_device")

    def __init__(self) -> None:
        self.first: torch.device | None = None
        self.mixed = False
        self.real = True
        self.virtual: torch.device | None = None
        self.out_device = _CPU

    def add(self, tensor: torch.Tensor) -> None:
        if type(tensor) is VirtualTensor:
            device = tensor._vdev
            if self.virtual is None:
                self.virtual = device
            if tensor._elem.is_meta:
                self.real = False
        else:
            device = tensor.device
        if device.type == "meta":
            self.real = False
            return
        if self.first is None:
            self.first = device
        elif device != self.first:
            self.mixed = True
        if device.type != "cpu" and self.out_device.type == "cpu":
            self.out_device = device


def _scan(args: tuple[Any, ...], kwargs: dict[str, Any]) -> _Scan:
    scan = _Scan()
    for value in (*args, *kwargs.values()):
        if isinstance(value, _Tensor):
            scan.add(value)
        elif type(value) in (list, tuple):
            for item in value:
                if isinstance(item, _Tensor):
                    scan.add(item)
    return scan


def _unwrap_one(value: Any, real: bool) -> Any:
    if type(value) is VirtualTensor:
        return value._elem if real else to_meta(value._elem)
    if not real and isinstance(value, _Tensor):
        return to_meta(value)
    return value


def _unwrap(value: Any, real: bool) -> Any:
    if type(value) in (list, tuple):
        return type(value)(_unwrap_one(item, real) for item in value)
    return _unwrap_one(value, real)


def _target_device(kwargs: dict[str, Any], scan: _Scan) -> torch.device:
    """For ops with a `device=` argument (new_empty, *_like, ...): where the result goes."""
    device = kwargs.get("device")
    if device is None or torch.device(device).type == "meta":
        return scan.virtual or scan.out_device
    return devices.require().resolve(torch.device(device))


def handle(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    special = SPECIAL_OPS.get(func)
    if special is not None:
        return special(func, args, kwargs)
    scan = _scan(args, kwargs)
    if scan.mixed:
        checks.check(func, args, kwargs)
    out_device = scan.out_device
    real = scan.real
    new_kwargs = {k: _unwrap(v, real) for k, v in kwargs.items()} if kwargs else kwargs
    if "device" in kwargs:
        out_device = _target_device(kwargs, scan)
        new_kwargs["device"] = _CPU if real or out_device.type == "cpu" else META
    info = _info(func)
    if not real and info.mutated:
        _drop_values(args, info)
    new_args = tuple(_unwrap(a, real) for a in args)
    try:
        out = func(*new_args, **new_kwargs)
    except errors.NotSimulatedError:
        raise
    except Exception as error:
        raise _translate(func, error, real) from None
    return _rewrap(out, args, new_args, out_device, info)


def _drop_values(args: tuple[Any, ...], info: _OpInfo) -> None:
    """An op mixing value-less inputs into a tensor in place leaves that tensor value-less."""
    for position in info.mutated:
        if position < len(args):
            target = args[position]
            if type(target) is VirtualTensor and not target._elem.is_meta:
                target._elem = to_meta(target._elem)


def _translate(func: Any, error: Exception, real: bool) -> Exception:
    text = str(error)
    data_dependent = (
        "DataDependent" in type(error).__name__
        or "meta tensor" in text
        or "Meta" in text
        or isinstance(error, NotImplementedError)
    )
    if data_dependent and not real:
        return errors.data_needed(f"aten.{func.__name__}")
    return error


def _rewrap(
    out: Any, args: tuple[Any, ...], new_args: tuple[Any, ...], device: torch.device, info: _OpInfo
) -> Any:
    if isinstance(out, _Tensor):
        return _rewrap_one(out, args, new_args, device, info)
    if type(out) in (list, tuple):
        return type(out)(
            _rewrap_one(o, args, new_args, device, info) if isinstance(o, _Tensor) else o
            for o in out
        )
    return out


def _rewrap_one(
    out: torch.Tensor,
    args: tuple[Any, ...],
    new_args: tuple[Any, ...],
    device: torch.device,
    info: _OpInfo,
) -> torch.Tensor:
    if info.returns_self:
        for position in info.mutated:
            if position < len(new_args) and new_args[position] is out:
                return args[position]  # type: ignore[no-any-return]
        for original, unwrapped in zip(args, new_args, strict=False):
            if unwrapped is out:
                return original  # type: ignore[no-any-return]
    if device.type == "cpu" and out.device.type == "cpu":
        return out
    return wrap(out, device)


def special(*ops: Any) -> Callable[[Handler], Handler]:
    """Register a handler that replaces the generic path for these ops."""

    def register(function: Handler) -> Handler:
        for op in ops:
            SPECIAL_OPS[op] = function
        return function

    return register
