"""Common tensor methods on virtual tensors that hold values, computed without torch's dispatch.

A method call on a virtual tensor normally goes C++ -> `__torch_dispatch__` -> the held CPU
tensor -> a new wrapper: most of the simulator's cost per op (measured: about 15 us against 1 us
for the same op on the CPU). When every tensor of the call is virtual, on one device, holds
values, and nothing could observe the dispatch (no torch function or dispatch mode, no JIT
tracer, no autograd recording), the method runs on the held tensors and its result is wrapped,
exactly what `dispatch._run_valued` does, minus the round trip through C++.

Views are taken this way only in inference mode on inference tensors, where torch records no
view relation either (`_base` is None): elsewhere the C++ path links a view to its base (version
counter, `_base`), which a wrapper made here would lack. In-place methods, `out=`, conversions
that may return `self` (`float()`, `contiguous()`), random ops and everything else keep the
dispatch path.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections.abc import Callable
from typing import Any

import torch

from torchplace.sim.tensor import _CUDA_INDEX, VirtualTensor, device_type, wrap

_Tensor = torch.Tensor
_TensorBase = torch._C.TensorBase
_grad_enabled = torch.is_grad_enabled
_inference_mode = torch.is_inference_mode_enabled
_function_mode = torch._C._is_torch_function_mode_enabled
_dispatch_modes = torch._C._len_torch_dispatch_stack
_tracing = torch._C._get_tracing_state

# Methods computing a new tensor from their inputs (one result, no randomness, never `self`).
# No reflected operator (`__radd__`): overriding one would make Python call it first for
# `cpu_tensor + virtual_tensor`, turning the operands (and CUDA's device message) around.
VALUE_METHODS = (
    "__add__", "__sub__", "__mul__", "__truediv__", "__matmul__", "__neg__", "add", "sub", "mul",
    "div", "neg", "pow", "matmul", "bmm", "mm", "mean", "sum", "amax", "exp", "log", "sqrt",
    "rsqrt", "sigmoid", "tanh", "sin", "cos", "abs", "softmax", "log_softmax", "masked_fill",
    "clamp", "where",
)  # fmt: skip
# Methods returning a view of `self` (a new tensor object sharing its storage).
VIEW_METHODS = (
    "view", "reshape", "transpose", "permute", "unsqueeze", "squeeze", "expand", "narrow", "t",
)  # fmt: skip


def _unobserved() -> bool:
    """No mode, tracer or dispatch-level machinery would see the op."""
    return not _function_mode() and not _dispatch_modes() and _tracing() is None


def _plain(kwargs: dict[str, Any]) -> bool:
    """Keyword arguments without tensors and without `out=`."""
    if not kwargs:
        return True
    if "out" in kwargs:
        return False
    return not any(isinstance(value, _Tensor) for value in kwargs.values())


def held_arguments(device: torch.device, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """`args` with each virtual tensor on `device` replaced by its held values; None when any
    tensor is elsewhere, value-less, recording autograd, or not virtual (the dispatch path
    checks and converts those)."""
    held: list[Any] | None = None
    for position, value in enumerate(args):
        kind = type(value)
        if kind is VirtualTensor:
            elem = value._elem
            if (
                (value._vdev is not device and value._vdev != device)
                or elem.is_meta
                or (value.requires_grad and _grad_enabled())
            ):
                return None
            if held is None:
                held = list(args)
            held[position] = elem
        elif isinstance(value, _Tensor):
            return None  # a CPU or meta tensor: the dispatch path checks the mix
        elif kind in _SEQUENCES and any(isinstance(item, _Tensor) for item in value):
            return None
    return args if held is None else tuple(held)


_SEQUENCES = (list, tuple)


def _fast_method(name: str, view: bool) -> Callable[..., Any]:
    compute = getattr(torch.Tensor, name)  # C methods of TensorBase (`__neg__` is `neg`)

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            # (written out flat: this runs for most ops of a forward with values)
            if (
                (
                    (_inference_mode() and self.is_inference())
                    if view
                    else not (self.requires_grad and _grad_enabled())
                )
                and not self._elem.is_meta
                and (not kwargs or _plain(kwargs))
                and not _function_mode()
                and not _dispatch_modes()
                and _tracing() is None
            ):
                device = self._vdev
                held = held_arguments(device, args) if args else args
                if held is not None and _CUDA_INDEX.get(device, -1) >= 0:
                    out = compute(self._elem, *held, **kwargs)
                    if type(out) is _Tensor:
                        return wrap(out, device)
            return compute(self, *args, **kwargs)  # through C++ and `__torch_dispatch__`
        except Exception as error:  # the simulator's frames below this one are noise
            raise error.with_traceback(None)  # noqa: B904 (torchplace sim: the torch call failed)

    method.__name__ = method.__qualname__ = name
    return method


def _basic_index(index: Any) -> bool:
    """Whether `index` takes a view (ints, int slices, None, ...) without any tensor or list."""
    parts = index if type(index) is tuple else (index,)
    for part in parts:
        kind = type(part)
        if kind is slice:
            if not (
                type(part.start) in _BOUNDS
                and type(part.stop) in _BOUNDS
                and type(part.step) in _BOUNDS
            ):
                return False
        elif kind is not int and part is not None and part is not Ellipsis:
            return False
    return True


_BOUNDS = (int, type(None))


def basic_getitem(tensor: Any, index: Any) -> Any:
    """`tensor[index]` for a basic index, computed on the held values; None when the dispatch
    path must take it (see the module docstring)."""
    if (
        _inference_mode()
        and tensor.is_inference()
        and not tensor._elem.is_meta
        and device_type(tensor._vdev) != "cpu"
        and _basic_index(index)
        and _unobserved()
    ):
        return wrap(tensor._elem[index], tensor._vdev)
    return None


def install() -> None:
    """Give `VirtualTensor` the fast methods (once, when the simulator loads)."""
    dispatched_getitem = VirtualTensor.__getitem__

    def __getitem__(self: Any, index: Any) -> Any:
        try:
            out = basic_getitem(self, index)
            return dispatched_getitem(self, index) if out is None else out
        except Exception as error:  # the simulator's frames below this one are noise
            raise error.with_traceback(None)  # noqa: B904 (torchplace sim: the torch call failed)

    VirtualTensor.__getitem__ = __getitem__  # type: ignore[method-assign]
    for name in VALUE_METHODS:
        setattr(VirtualTensor, name, _fast_method(name, view=False))
    for name in VIEW_METHODS:
        setattr(VirtualTensor, name, _fast_method(name, view=True))
