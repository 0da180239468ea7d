"""The device checks CUDA kernels make, with their eager error texts.

Three families, as in ATen: TensorIterator ops (pointwise: a CPU 0-dim tensor is a scalar and
allowed, unless the op's schema asks for the generated check: see `device_checked`),
codegen-checked ops (every tensor argument on one device, named in the message), and ops with
their own rules (`copy_` and `.to` allow any mix; `x[idx]` allows CPU indices;
`masked_fill` wants the mask on self's device).
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections.abc import Callable, Iterator
from typing import Any

import torch

from torchplace.sim.device_checked import codegen_checked_pointwise, structured

aten = torch.ops.aten
_CPU = torch.device("cpu")

# Ops that move data between devices: any mix is fine.
ALLOWED_MIX = {
    aten.copy_.default,
    aten._to_copy.default,
    aten.copy.default,
    aten.lift_fresh.default,
    aten.detach.default,
    aten.alias.default,
    aten.set_.source_Tensor,
    aten._copy_from.default,
    aten._copy_from_and_resize.default,
}

# Structured kernels are named wrapper_CUDA_<name>; others wrapper_CUDA_<overload>_<name>.
# Read from torch's schema file where it is installed (`device_checked.structured`); this list
# is the fallback without it.
_STRUCTURED = {
    "mm",
    "bmm",
    "addmm",
    "baddbmm",
    "addmv",
    "mv",
    "cat",
    "gather",
    "scatter",
    "scatter_add",
    "index_add",
    "index_copy",
    "addbmm",
    "topk",
    "sort",
    "_softmax",
    "_log_softmax",
    "nll_loss_forward",
    "nll_loss_backward",
}


def _device_of(tensor: torch.Tensor) -> torch.device | None:
    """The device a CUDA kernel would see; None for plain meta tensors (made by C++ internals)."""
    device = tensor.device
    return None if device.type == "meta" else device


def _is_cpu_scalar(tensor: torch.Tensor) -> bool:
    return tensor.dim() == 0 and tensor.device.type == "cpu"


def _named_tensors(func: Any, args: Any, kwargs: Any) -> Iterator[tuple[str, torch.Tensor]]:
    schema = func._schema.arguments
    for position, argument in enumerate(schema):
        if position < len(args):
            value = args[position]
        elif argument.name in kwargs:
            value = kwargs[argument.name]
        else:
            continue
        if isinstance(value, torch.Tensor):
            yield argument.name, value
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, torch.Tensor):
                    yield argument.name, item


def _method(func: Any) -> str:
    name = func._schema.name.split("::")[-1]
    overload = func._overloadname
    if (name, overload) in structured():
        return f"wrapper_CUDA_{name}" + ("" if overload == "default" else f"_{overload}")
    if name in _STRUCTURED or name.rstrip("_") in _STRUCTURED:
        return f"wrapper_CUDA_{name}"
    overload = "" if overload == "default" else overload
    return f"wrapper_CUDA_{overload}_{name}"


def mismatch(name: str, device: torch.device, common: torch.device, method: str) -> RuntimeError:
    return RuntimeError(
        f"Expected all tensors to be on the same device, but got {name} is on {device}, "
        f"different from other tensors on {common} (when checking argument in method {method})"
    )


def two_devices(first: torch.device, second: torch.device) -> RuntimeError:
    return RuntimeError(
        "Expected all tensors to be on the same device, but found at least two devices, "
        f"{first} and {second}!"
    )


def codegen_check(func: Any, args: Any, kwargs: Any, method: str | None = None) -> None:
    common: torch.device | None = None
    for name, tensor in _named_tensors(func, args, kwargs):
        device = _device_of(tensor)
        if device is None:
            continue
        if common is None:
            common = device
        elif device != common:
            raise mismatch(name, device, common, method or _method(func))


def iterator_check(func: Any, args: Any, kwargs: Any) -> None:
    tensors = [t for _, t in _named_tensors(func, args, kwargs) if _device_of(t) is not None]
    # Outputs (out=, or self of an in-place op) come first in TensorIterator's operand list.
    common = next((t.device for t in tensors if t.device.type != "cpu"), _CPU)
    for tensor in tensors:
        if tensor.device != common and not _is_cpu_scalar(tensor):
            raise two_devices(common, tensor.device)


def _masked_fill(func: Any, args: Any, kwargs: Any) -> None:
    self, mask = args[0], args[1]
    known = _device_of(mask) is not None and _device_of(self) is not None
    if known and mask.device != self.device:
        raise RuntimeError(
            "expected self and mask to be on the same device, but got mask on "
            f"{mask.device} and self on {self.device}"
        )


def _indices_check(self: torch.Tensor, indices: Any) -> None:
    device = _device_of(self)
    for index in indices or ():
        if index is None or _device_of(index) is None:
            continue
        if index.device.type != "cpu" and index.device != device:
            raise RuntimeError(
                "indices should be either on cpu or on the same device as the indexed tensor "
                f"({device})"
            )


def _index(func: Any, args: Any, kwargs: Any) -> None:
    _indices_check(args[0], args[1])


def _index_put(func: Any, args: Any, kwargs: Any) -> None:
    self, indices, values = args[0], args[1], args[2]
    _indices_check(self, indices)
    if _device_of(values) is None or _device_of(self) is None:
        return
    if values.device != self.device and not (values.dim() == 0 and values.numel() == 1):
        raise two_devices(self.device, values.device)


def _embedding(func: Any, args: Any, kwargs: Any) -> None:
    weight, indices = args[0], args[1]
    known = _device_of(weight) is not None and _device_of(indices) is not None
    if known and indices.device != weight.device:
        raise mismatch("index", indices.device, weight.device, "wrapper_CUDA__index_select")


def _fill(func: Any, args: Any, kwargs: Any) -> None:
    # fill_ reads a CPU value as a scalar; a value on another GPU meets TensorIterator's check.
    value = args[1]
    if _device_of(value) is not None and value.device.type != "cpu":
        iterator_check(func, args, kwargs)


def _codegen_checked(func: Any) -> bool:
    name = func._schema.name.split("::")[-1]
    return (name, func._overloadname) in codegen_checked_pointwise()


SPECIAL: dict[Any, Callable[[Any, Any, Any], None]] = {
    aten.fill_.Tensor: _fill,
    aten.fill.Tensor: _fill,
    aten.masked_fill.Scalar: _masked_fill,
    aten.masked_fill.Tensor: _masked_fill,
    aten.masked_fill_.Scalar: _masked_fill,
    aten.masked_fill_.Tensor: _masked_fill,
    aten.index.Tensor: _index,
    aten._unsafe_index.Tensor: _index,
    aten.index_put.default: _index_put,
    aten.index_put_.default: _index_put,
    aten._index_put_impl_.default: _index_put,
    aten.embedding.default: _embedding,
}


def check(func: Any, args: Any, kwargs: Any) -> None:
    """Raise as a CUDA kernel would for this op's mix of devices (called only on a mix)."""
    if func in ALLOWED_MIX:
        return
    special = SPECIAL.get(func)
    if special is not None:
        special(func, args, kwargs)
    elif func.__name__.startswith("_foreach"):
        return  # foreach kernels group their tensors by device themselves
    elif torch.Tag.pointwise in func.tags and not _codegen_checked(func):
        iterator_check(func, args, kwargs)
    else:
        codegen_check(func, args, kwargs)
