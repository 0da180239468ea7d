"""CUDA autocast on virtual GPUs: the dtype changes `torch.autocast("cuda")` makes on real ones.

C++ sees a virtual tensor as a meta tensor, so torch's own AutocastCUDA kernels never run for it.
Which op autocast casts, and to what, is asked of those kernels once (`policies`): each op that
has an AutocastCUDA kernel in this torch's dispatcher is called through that kernel on probe
tensors that C++ takes for CUDA tensors, and the casts it makes are recorded. While CUDA autocast
is on, a torch-function mode applies the same casts to virtual GPU tensors before the op runs,
above autograd as autocast itself sits, so gradients flow back through the casts.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
import threading
from collections.abc import Callable
from typing import Any

import torch
from torch.overrides import TorchFunctionMode

from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor

LOWER = "lower_precision_fp"  # cast floating CUDA inputs to the autocast dtype
FP32 = "fp32"  # cast them to float32 (or, for reductions, compute in float32)
PROMOTE = "promote"  # cast them to the widest floating dtype among them
BANNED = "banned"  # autocast refuses the op (binary_cross_entropy)
_CUDA = torch.device("cuda")
_PROBE_DTYPE = torch.bfloat16  # the autocast dtype while probing; inputs are float16


class _Probe(torch.Tensor):
    """A tensor C++ takes for a CUDA tensor (no storage): records what autocast does to it."""

    seen: list[torch.dtype] = []

    @staticmethod
    def __new__(cls, dtype: torch.dtype) -> Any:
        return torch.Tensor._make_wrapper_subclass(cls, (2, 2), dtype=dtype, device=_CUDA)

    @classmethod
    def __torch_dispatch__(  # type: ignore[override]
        cls, func: Any, types: Any, args: Any = (), kwargs: Any = None
    ) -> Any:
        # the first dtype the kernel passes on: a cast's target, or a reduction's `dtype=`
        for value in (*args, *(kwargs or {}).values()):
            if isinstance(value, torch.dtype):
                cls.seen.append(value)
        raise _Stop


class _Stop(Exception):
    """Ends a probe once the autocast kernel has shown what it does."""


def _sample(kind: str, first: list[bool]) -> Any:
    """An argument of schema type `kind` for a probe call (tensors: float16, the first float32
    when `first` says so, to tell promotion from a cast)."""
    if "Tensor" in kind:
        if kind.startswith("List") or kind.endswith("[]"):
            return [_Probe(torch.float16), _Probe(torch.float16)]
        dtype = torch.float32 if first[0] else torch.float16
        first[0] = False
        return _Probe(dtype)
    if kind.startswith("Optional") or kind.endswith("?"):
        return None
    simple: dict[str, Any] = {"int": 1, "SymInt": 1, "float": 1.0, "bool": False, "str": "mean"}
    if kind in simple:
        return simple[kind]
    if kind in ("number", "Scalar"):
        return 1.0
    return [1]  # int[] / SymInt[]


def _probe(op: Any, first_fp32: bool) -> tuple[list[torch.dtype], str]:
    first = [first_fp32]
    arguments = [_sample(str(a.real_type), first) for a in op._schema.arguments if not a.kwarg_only]
    _Probe.seen = []
    keys = torch._C.DispatchKeySet(torch._C.DispatchKey.AutocastCUDA)
    try:
        with torch._C._AutoDispatchBelowAutograd():
            op.redispatch(keys, *arguments)
    except _Stop:
        pass
    except Exception as error:  # the kernel refused the probe: its message says why
        return _Probe.seen, str(error)
    return _Probe.seen, ""


def _classify(op: Any) -> tuple[str, str] | None:
    seen, error = _probe(op, first_fp32=False)
    if seen:
        return (LOWER if seen[0] == _PROBE_DTYPE else FP32), ""
    if "prioritize" in error:  # the promote kernel, which float16 under bfloat16 upsets
        return PROMOTE, ""
    if "autocast" in error or "unsafe to autocast" in error:
        return BANNED, error
    return None


@functools.cache
def policies() -> dict[str, tuple[str, str]]:
    """aten op name (`mm`, `softmax`) -> (policy, refusal message), from this torch's
    AutocastCUDA kernels."""
    found: dict[str, tuple[str, str]] = {}
    enabled, dtype = torch.is_autocast_enabled("cuda"), torch.get_autocast_dtype("cuda")
    torch.set_autocast_enabled("cuda", True)
    torch.set_autocast_dtype("cuda", _PROBE_DTYPE)
    try:
        with torch._C.DisableTorchFunction():
            for name in torch._C._dispatch_get_all_op_names():
                if name.startswith("aten::") and torch._C._dispatch_has_kernel_for_dispatch_key(
                    name, "AutocastCUDA"
                ):
                    base, _, overload = name[6:].partition(".")
                    packet = getattr(torch.ops.aten, base)
                    policy = _classify(getattr(packet, overload or "default"))
                    if policy is not None and base not in found:
                        found[base] = policy
    finally:
        torch.set_autocast_enabled("cuda", enabled)
        torch.set_autocast_dtype("cuda", dtype)
    return found


def _aten_name(func: Any) -> str:
    """`torch.mm`, `Tensor.mm` -> `mm`; `Tensor.__matmul__` / `__rmatmul__` -> `matmul`."""
    name: str = getattr(func, "__name__", "")
    if name.startswith("__") and name.endswith("__"):
        name = name[2:-2]
        name = name[1:] if name.startswith(("r", "i")) and name[1:] in _DUNDER else name
    return name


_DUNDER = {"matmul", "pow"}


def _eligible(value: Any) -> bool:
    """A tensor CUDA autocast would cast: on a (virtual) GPU, floating, not float64."""
    return (
        type(value) is VirtualTensor
        and value._vdev.type == "cuda"
        and value.is_floating_point()
        and value.dtype is not torch.float64
    )


def _cast(value: Any, dtype: torch.dtype) -> Any:
    if _eligible(value):
        return value if value.dtype is dtype else value.to(dtype)
    if type(value) in (list, tuple):
        return type(value)(_cast(item, dtype) for item in value)
    return value


def _widest(values: Any) -> torch.dtype | None:
    dtypes: set[torch.dtype] = set()
    for value in values:
        items = value if type(value) in (list, tuple) else (value,)
        dtypes.update(item.dtype for item in items if _eligible(item))
    if not dtypes:
        return None
    return torch.float32 if torch.float32 in dtypes or len(dtypes) > 1 else dtypes.pop()


def cast_arguments(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """The arguments of op `name` as CUDA autocast hands them to the op (unchanged when the
    op has no autocast policy or no argument is a floating tensor on a GPU)."""
    policy = policies().get(name)
    if policy is None:
        return args, kwargs
    kind, refusal = policy
    if kind == BANNED:
        if any(_eligible(a) for a in args):
            raise RuntimeError(refusal)
        return args, kwargs
    if kind == PROMOTE:
        target = _widest((*args, *kwargs.values()))
    else:
        target = torch.get_autocast_dtype("cuda") if kind == LOWER else torch.float32
    if target is None:
        return args, kwargs
    return _cast(args, target), {k: _cast(v, target) for k, v in kwargs.items()}


class CudaAutocast(TorchFunctionMode):
    """Applies CUDA autocast's casts to virtual GPU tensors while CUDA autocast is on."""

    def __torch_function__(
        self, func: Any, types: Any, args: tuple[Any, ...] = (), kwargs: Any = None
    ) -> Any:
        kwargs = kwargs or {}
        if torch.is_autocast_enabled("cuda"):
            args, kwargs = cast_arguments(_aten_name(func), args, kwargs)
        return func(*args, **kwargs)


class _Active(threading.local):
    """This thread's modes pushed by `autocast.__enter__`, popped by the matching `__exit__`
    (autocast, like the mode stack, is per thread)."""

    def __init__(self) -> None:
        self.modes: list[CudaAutocast | None] = []


_active = _Active()


def _make_enter(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def __enter__(self: Any) -> Any:
        result = original(self)
        mode = None
        if self.device == "cuda" and self._enabled:
            policies()  # asked before the mode is on (the probe calls torch functions)
            mode = CudaAutocast()
            mode.__enter__()  # type: ignore[no-untyped-call]
        _active.modes.append(mode)
        return result

    return __enter__


def _make_exit(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def __exit__(self: Any, *exc: Any) -> Any:
        mode = _active.modes.pop() if _active.modes else None
        if mode is not None:
            mode.__exit__(None, None, None)  # type: ignore[no-untyped-call]
        return original(self, *exc)

    return __exit__


def _autocast_aware(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A simulator's replacement of a torch function (`F.linear`), which the mode cannot see
    (it is no torch function), given the same casts."""

    @functools.wraps(function)
    def replacement(*args: Any, **kwargs: Any) -> Any:
        if _active.modes and torch.is_autocast_enabled("cuda"):
            args, kwargs = cast_arguments(name, args, kwargs)
        return function(*args, **kwargs)

    return replacement


def install(patches: Patches) -> None:
    """Make `torch.autocast("cuda")` (and `torch.cuda.amp.autocast`) cast virtual tensors."""
    _active.modes = []
    autocast = torch.amp.autocast_mode.autocast
    patches.set(autocast, "__enter__", _make_enter(autocast.__enter__))
    patches.set(autocast, "__exit__", _make_exit(autocast.__exit__))
    functional = torch.nn.functional
    for name in ("linear", "scaled_dot_product_attention"):
        patches.set(functional, name, _autocast_aware(name, getattr(functional, name)))
