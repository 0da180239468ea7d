"""Ops that need more than the generic path: moves between devices and copies."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from typing import Any

import torch

from torchplace.sim import devices, errors, meta_mix
from torchplace.sim.dispatch import generic, special, to_meta
from torchplace.sim.fastmeta import _empty_like as empty_like
from torchplace.sim.tensor import META, VirtualTensor, wrap

aten = torch.ops.aten
_CPU = torch.device("cpu")


@special(aten._to_copy.default)
def to_copy(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    source = args[0]
    target = kwargs.get("device")
    if target is None or (type(source) is VirtualTensor and torch.device(target).type == "meta"):
        # C++ composites cast with the tensor's own options (`softmax(x, dtype=)`, `type_as`,
        # fp16/bf16 layerwise casting), which name a virtual tensor's C++ device, meta: on CUDA
        # they name its GPU. A program's own move to meta never gets here (`Tensor.to` makes it).
        device = source.device
    else:
        device = devices.require().resolve(torch.device(target))
    if source.layout != torch.strided and device.type == "cuda":  # a virtual tensor is dense
        raise errors.not_simulated(f"moving a {source.layout} tensor to {device}")
    elem = source._elem if type(source) is VirtualTensor else source
    options = dict(kwargs)
    options["device"] = _CPU if elem.device.type == "cpu" else META
    options.pop("pin_memory", None)
    meta = elem.is_meta
    out = empty_like(elem, dtype=options.get("dtype")) if meta else func(elem, **options)
    if device.type == "cpu" and out.device.type == "cpu":
        return out
    return wrap(out, device)


@special(aten.copy_.default)
def copy_(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    target, source = args[0], args[1]
    foreign = type(target) is VirtualTensor and type(source) is not VirtualTensor
    if foreign and source.is_meta and meta_mix.is_programs(source):  # as CUDA's copy_ from meta
        raise NotImplementedError("Cannot copy out of meta tensor; no data!")
    source_elem = source._elem if type(source) is VirtualTensor else source
    if type(target) is not VirtualTensor:
        if target.device.type == "cpu" and source_elem.is_meta:
            raise errors.data_needed("copying a virtual GPU tensor's values to the CPU")
        target.copy_(source_elem)
        return target
    if target._elem.is_meta or source_elem.is_meta:
        target._elem = to_meta(target._elem)
        target._elem.copy_(to_meta(source_elem))
    else:
        target._elem.copy_(source_elem)
    return target


# Dtypes CUDA's kernel of an op takes and the CPU kernel does not, with how CUDA computes them:
# op -> (input dtypes, dtype to compute in here). The result keeps the input's dtype, as the
# CUDA kernel's output does. A CPU build would fail with "..._cpu not implemented for 'Int'".
_INTEGERS = frozenset((torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64))
CUDA_ONLY_DTYPES: dict[Any, tuple[frozenset[torch.dtype], torch.dtype]] = {
    # MoE routing counts expert ids with histc (Qwen2-MoE, Qwen3-MoE)
    aten.histc.default: (_INTEGERS, torch.float64),
}


def _integer_bounds(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """histc's min and max as CUDA reads them for an integer input: converted to integers
    (`min.to<int64_t>()`, truncating), before any binning."""
    bins = args[1] if len(args) > 1 else kwargs.get("bins", 100)
    low = args[2] if len(args) > 2 else kwargs.get("min", 0)
    high = args[3] if len(args) > 3 else kwargs.get("max", 0)
    return (args[0], bins, int(low), int(high))


@special(*CUDA_ONLY_DTYPES)
def cuda_only_dtype(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    source = args[0]
    dtypes, compute = CUDA_ONLY_DTYPES[func]
    if (
        type(source) is not VirtualTensor
        or source._vdev.type != "cuda"
        or source.dtype not in dtypes
    ):
        return generic(func, args, kwargs)
    if func is aten.histc.default:
        args, kwargs = _integer_bounds(args, kwargs), {}
    widened = (source.to(compute), *args[1:])
    return generic(func, widened, kwargs).to(source.dtype)
