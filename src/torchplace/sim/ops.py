"""Ops that need more than the generic path: moves between devices, copies, attention."""

from __future__ import annotations

from typing import Any

import torch

from torchplace.sim import checks, devices, errors
from torchplace.sim.dispatch import _scan, _unwrap, special, to_meta
from torchplace.sim.fastmeta import _empty_like as empty_like
from torchplace.sim.tensor import META, VirtualTensor, wrap

aten = torch.ops.aten
_CPU = torch.device("cpu")

# SDPBackend values returned by aten._fused_sdp_choice.
_SDP_EFFICIENT = 2


@special(aten._to_copy.default)
def to_copy(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    source = args[0]
    target = kwargs.get("device")
    device = source.device if target is None else devices.require().resolve(torch.device(target))
    elem = source._elem if type(source) is VirtualTensor else source
    options = dict(kwargs)
    options["device"] = _CPU if elem.device.type == "cpu" else META
    options.pop("pin_memory", None)
    if elem.is_meta:
        out = empty_like(elem, dtype=options.get("dtype"))
    else:
        out = func(elem, **options)
    if device.type == "cpu" and out.device.type == "cpu":
        return out
    return wrap(out, device)


@special(aten.copy_.default)
def copy_(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    target, source = args[0], args[1]
    source_elem = source._elem if type(source) is VirtualTensor else source
    if type(target) is not VirtualTensor:
        if target.device.type == "cpu" and source_elem.is_meta:
            raise errors.data_needed("copying a virtual GPU tensor's values to the CPU")
        target.copy_(source_elem)
        return target
    if type(source) is not VirtualTensor and source.is_meta:
        raise NotImplementedError(
            "Cannot copy out of meta tensor; no data! Please use torch.nn.Module.to_empty() "
            "instead of torch.nn.Module.to() when moving module from meta to a different device."
        )
    if target._elem.is_meta or source_elem.is_meta:
        target._elem = to_meta(target._elem)
        target._elem.copy_(to_meta(source_elem))
    else:
        target._elem.copy_(source_elem)
    return target


@special(aten._fused_sdp_choice.default)
def sdp_choice(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    # Memory-efficient attention takes masks and every dtype, and is one op: route all
    # scaled_dot_product_attention calls there (a CUDA build may pick flash; same devices).
    return _SDP_EFFICIENT


@special(aten._scaled_dot_product_efficient_attention.default)
def efficient_attention(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    scan = _scan(args, kwargs)
    if scan.mixed:
        checks.codegen_check(func, args, kwargs)
    query, key, value, bias = (_unwrap(a, scan.real) for a in args[:4])
    options = dict(zip(("compute_log_sumexp", "dropout_p", "is_causal", "scale"), args[4:]))
    options.update(kwargs)
    if key.shape[-3] != query.shape[-3]:
        repeat = query.shape[-3] // key.shape[-3]
        key = key.repeat_interleave(repeat, dim=-3)
        value = value.repeat_interleave(repeat, dim=-3)
    if scan.real:
        out = torch.nn.functional.scaled_dot_product_attention(
            query,
            key,
            value,
            attn_mask=bias,
            dropout_p=float(options.get("dropout_p", 0.0)),
            is_causal=bool(options.get("is_causal", False)),
            scale=options.get("scale"),
        )
        lse = torch.empty(query.shape[:-3] + (query.shape[-3], 0), dtype=torch.float32)
        seed = torch.empty((), dtype=torch.int64)
        outs: tuple[Any, ...] = (out, lse, seed, seed.clone())
    else:
        outs = func(query, key, value, bias, *args[4:], **kwargs)
    device = scan.out_device
    return tuple(wrap(o, device) if device.type != "cpu" else o for o in outs)
