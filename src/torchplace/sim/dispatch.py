"""Every aten op on a virtual tensor comes here: check devices as CUDA would, run, re-wrap.

The per-op path is the simulator's cost, so it is written flat: one pass over the arguments
finds their devices and whether all hold values; a mix goes to `checks.check`; value-less inputs
take a `fastmeta` rule when one exists, else the op's meta kernel; inputs with values run the
real CPU kernel.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections.abc import Callable
from typing import Any

import torch

from torchplace.sim import checks, devices, errors, fastpath, meta_mix
from torchplace.sim.fastmeta import RULES
from torchplace.sim.generators import check_generator
from torchplace.sim.tensor import META, VirtualTensor, device_type, follow_shape, wrap

aten = torch.ops.aten
_CPU = torch.device("cpu")
_Tensor = torch.Tensor
_empty_strided = torch.empty_strided
Handler = Callable[[Any, tuple[Any, ...], dict[str, Any]], Any]


class _Registry(dict[Any, Handler]):
    """Special handlers by op; a new registration drops the plans made without it."""

    def __setitem__(self, op: Any, handler: Handler) -> None:
        super().__setitem__(op, handler)
        _PLANS.clear()


SPECIAL_OPS: dict[Any, Handler] = _Registry()
_MUTATED: dict[Any, tuple[int, ...]] = {}


class Plan:
    """What `dispatch` needs to know of one op, found once: its special handler, the
    arguments it writes to, whether it returns a view, and its C++ entry point."""

    __slots__ = ("call", "func", "mutated", "special", "view")

    def __init__(self, func: Any) -> None:
        self.func = func  # keeps the op alive, so its id stays its own
        self.special = SPECIAL_OPS.get(func)
        self.mutated = _mutated(func)
        self.view = bool(func.is_view)
        self.call = func._op


# by `id(op)`: an OpOverload's own hash is a Python method, a cost on every op
_PLANS: dict[int, Plan] = {}


def plan(func: Any) -> Plan:
    found = _PLANS.get(id(func))
    if found is None:
        found = _PLANS[id(func)] = Plan(func)
    return found


def _mutated(func: Any) -> tuple[int, ...]:
    """Positions of the arguments an op writes to (in-place and out= ops)."""
    positions = _MUTATED.get(func)
    if positions is None:
        positions = _MUTATED[func] = tuple(
            i
            for i, a in enumerate(func._schema.arguments)
            if a.alias_info is not None and a.alias_info.is_write
        )
    return positions


def to_meta(tensor: torch.Tensor) -> torch.Tensor:
    """A meta tensor with `tensor`'s metadata (values dropped)."""
    if tensor.is_meta:
        return tensor
    return _empty_strided(tensor.size(), tensor.stride(), dtype=tensor.dtype, device=META)


class Scan:
    """Devices of one op's tensor arguments: mixed?, all holding values?, result device."""

    __slots__ = ("convert", "mixed", "out_device", "program_meta", "real", "virtual")

    def __init__(
        self,
        mixed: bool,
        real: bool,
        out_device: torch.device,
        virtual: Any,
        valued: bool,
        program_meta: bool = False,
    ) -> None:
        self.mixed, self.real, self.out_device, self.virtual = mixed, real, out_device, virtual
        self.program_meta = program_meta  # a meta tensor of the program's own (meta_mix)
        # value-less op with some inputs holding values: those must be converted to meta
        self.convert = valued and not real


def _scan(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Scan:
    first: torch.device | None = None
    mixed = False
    real = True
    valued = False
    out_device = _CPU
    virtual = None
    program_meta = False
    values = (*args, *kwargs.values()) if kwargs else args
    for value in values:
        if type(value) is VirtualTensor:
            items: Any = (value,)
        elif isinstance(value, _Tensor):
            items = (value,)
        elif type(value) in (list, tuple):
            items = value
        else:
            continue
        for tensor in items:
            if type(tensor) is VirtualTensor:
                device = tensor._vdev
                if virtual is None:
                    virtual = device
                if tensor._elem.is_meta:
                    real = False
                else:
                    valued = True
            elif isinstance(tensor, _Tensor):
                device = tensor.device
                if device.type == "meta":
                    real = False
                    program_meta = program_meta or meta_mix.is_programs(tensor)
                    continue
                valued = True
            else:
                continue
            if device.type == "meta":
                continue
            if first is None:
                first = device
            elif device != first:
                mixed = True
            if out_device.type == "cpu" and device.type != "cpu":
                out_device = device
    return Scan(mixed, real, out_device, virtual, valued, program_meta)


def _unwrap_one(value: Any, real: bool) -> Any:
    if type(value) is VirtualTensor:
        return value._elem if real else to_meta(value._elem)
    if not real and isinstance(value, _Tensor):
        return to_meta(value)
    return value


def _unwrap_all(args: tuple[Any, ...], scan: Scan) -> list[Any]:
    """The held tensors in place of virtual ones (as meta where the op runs without values)."""
    if scan.convert:
        return [_unwrap(a, False) for a in args]
    return [
        a._elem if type(a) is VirtualTensor else _unwrap(a, True) if type(a) in _SEQ else a
        for a in args
    ]


_SEQ = (list, tuple)


def _unwrap(value: Any, real: bool) -> Any:
    if type(value) in (list, tuple):
        return type(value)(_unwrap_one(item, real) for item in value)
    return _unwrap_one(value, real)


def _target_device(kwargs: dict[str, Any], scan: Scan) -> torch.device:
    """For ops with a `device=` argument (new_empty, *_like, ...): where the result goes."""
    device = kwargs.get("device")
    if device is None or torch.device(device).type == "meta":
        return scan.virtual or scan.out_device
    return devices.require().resolve(torch.device(device))


def torch_dispatch(
    cls: Any, func: Any, types: Any, args: tuple[Any, ...] = (), kwargs: Any = None
) -> Any:
    """`VirtualTensor.__torch_dispatch__`."""
    try:
        return handle(func, args, kwargs or {})
    except Exception as error:  # the simulator's frames below this one are noise
        raise error.with_traceback(None)  # noqa: B904 (torchplace sim: the torch call above failed)


def handle(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    found = _PLANS.get(id(func)) or plan(func)
    if found.special is not None:
        return found.special(func, args, kwargs)
    device = _one_valued_device(args, kwargs)
    if device is not None:
        return _run_valued(found, args, kwargs, device)
    return generic(func, args, kwargs)


_NOT_FAST = ("device", "generator")


def _one_valued_device(args: tuple[Any, ...], kwargs: dict[str, Any]) -> torch.device | None:
    """The fast path's question: are the tensors all virtual, on one device, with values (and
    the rest plain values)? Then nothing is checked or converted: the op runs on the held
    tensors. Anything else (a mix, a CPU or meta tensor, a list of tensors, `device=`,
    `generator=`, value-less tensors) takes `generic`."""
    first = None
    for value in args:
        if type(value) is VirtualTensor:
            if value._elem.is_meta:
                return None
            device = value._vdev
            if first is None:
                first = device
            elif device is not first and device != first:
                return None
        elif isinstance(value, _Tensor):
            return None
        elif type(value) in _SEQ:  # sizes, dims, and virtual tensors (`cat`) as above
            for item in value:
                if type(item) is VirtualTensor:
                    if item._elem.is_meta:
                        return None
                    device = item._vdev
                    if first is None:
                        first = device
                    elif device is not first and device != first:
                        return None
                elif isinstance(item, _Tensor):
                    return None
    if kwargs:
        for key, value in kwargs.items():
            if key in _NOT_FAST or isinstance(value, _Tensor) or type(value) in _SEQ:
                return None
    return first


def _held(values: Any) -> Any:
    return type(values)(v._elem if type(v) is VirtualTensor else v for v in values)


def _run_valued(
    found: Plan, args: tuple[Any, ...], kwargs: dict[str, Any], device: torch.device
) -> Any:
    """`_run` for inputs that all hold values on one virtual device (see `_one_valued_device`)."""
    new_args = [
        a._elem if type(a) is VirtualTensor else _held(a) if type(a) in _SEQ else a for a in args
    ]
    out = found.call(*new_args, **kwargs)  # errors are the CPU kernel's own, as they stand
    mutated = found.mutated
    if type(out) is _Tensor and not mutated and not found.view and device_type(device) != "cpu":
        return wrap(out, device)  # the common case of `_rewrap_one`
    return _rewrap(out, args, tuple(new_args), device, mutated, found.view)


def _rewrap(
    out: Any,
    args: tuple[Any, ...],
    new_args: tuple[Any, ...],
    device: torch.device,
    mutated: tuple[int, ...],
    view: bool,
) -> Any:
    """The op's result with each held tensor wrapped again (an in-place op's own target kept).

    A view of a tensor made outside inference mode is a normal tensor even inside it, as on
    CUDA (a wrapper made inside would be an inference tensor, which C++ cannot link to its base:
    "Cannot set version_counter for inference tensor")."""
    if view and _inference_mode() and not _all_inference(args):
        with _no_inference():
            return _rewrap(out, args, new_args, device, mutated, False)
    if isinstance(out, _Tensor):
        return _rewrap_one(out, args, new_args, device, mutated)
    if type(out) in _SEQ:
        return type(out)(
            _rewrap_one(o, args, new_args, device, mutated) if isinstance(o, _Tensor) else o
            for o in out
        )
    return out


def _all_inference(args: tuple[Any, ...]) -> bool:
    return all(a.is_inference() for a in args if isinstance(a, _Tensor))


_inference_mode = torch.is_inference_mode_enabled


def _no_inference() -> Any:
    return torch.inference_mode(False)


def generic(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """The path of every op without a special handler (special handlers may end here)."""
    scan = _scan(args, kwargs)
    if kwargs and kwargs.get("generator") is not None and scan.virtual is not None:
        check_generator(kwargs["generator"], scan.virtual)
    if scan.program_meta and scan.virtual is not None and scan.virtual.type == "cuda":
        return meta_mix.run(func, args, kwargs)  # CUDA runs the meta kernel on such a mix
    if scan.mixed:
        try:
            checks.check(func, args, kwargs)
        except Exception as error:  # raise from here: the checker's frames are noise
            raise error.with_traceback(None) from None
    real = scan.real
    if not real and "device" not in kwargs:
        rule = RULES.get(func)
        if rule is not None:
            out = rule(*_unwrap_all(args, scan), **kwargs)
            if out is not None:
                return wrap(out, scan.out_device)
    return _run(func, args, kwargs, scan)


def _run(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any], scan: Scan) -> Any:
    real = scan.real
    out_device = scan.out_device
    new_kwargs = {k: _unwrap(v, real) for k, v in kwargs.items()} if kwargs else kwargs
    if "device" in kwargs:
        out_device = _target_device(kwargs, scan)
        new_kwargs["device"] = _CPU if real or out_device.type == "cpu" else META
    found = plan(func)
    mutated = found.mutated
    if not real and mutated:
        _drop_values(args, mutated)
    new_args = tuple(_unwrap_all(args, scan))
    try:
        out = found.call(*new_args, **new_kwargs)
    except errors.NotSimulatedError:
        raise
    except Exception as error:
        raise _translate(func, error, real) from None
    if mutated and kwargs:  # out= arguments: pair each with what the kernel wrote to
        args = (*args, *kwargs.values())
        new_args = (*new_args, *new_kwargs.values())
    return _rewrap(out, args, new_args, out_device, mutated, found.view)


def _drop_values(args: tuple[Any, ...], mutated: tuple[int, ...]) -> None:
    """An op mixing value-less inputs into a tensor in place leaves that tensor value-less."""
    for position in mutated:
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


def _rewrap_one(
    out: torch.Tensor,
    args: tuple[Any, ...],
    new_args: tuple[Any, ...],
    device: torch.device,
    mutated: tuple[int, ...],
) -> torch.Tensor:
    if mutated:
        for original, unwrapped in zip(args, new_args, strict=False):
            if unwrapped is out:
                if type(original) is VirtualTensor and (
                    original.shape != out.shape or original.stride() != out.stride()
                ):
                    follow_shape(original)  # an out= kernel resized the held tensor
                return original  # type: ignore[no-any-return]
    if device.type == "cpu" and not out.is_meta:
        return out
    return wrap(out, device)


def special(*ops: Any) -> Callable[[Handler], Handler]:
    """Register a handler that replaces the generic path for these ops."""

    def register(function: Handler) -> Handler:
        for op in ops:
            SPECIAL_OPS[op] = function
        return function

    return register


VirtualTensor.__torch_dispatch__ = classmethod(torch_dispatch)  # type: ignore[assignment]
fastpath.install()
