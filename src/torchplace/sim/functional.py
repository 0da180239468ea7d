"""`F.scaled_dot_product_attention` and `F.linear` on virtual tensors in one step each.

On a meta tensor the C++ attention operator takes the math path (about fifteen ops, with a
Python reference for `tril`) where a CUDA build calls one fused kernel; `linear` decomposes into
four ops before any of them reaches the simulator. Inference calls here check devices as the
CUDA kernel would (same message) and compute the output directly: its shape on meta storage, its
values on the CPU when the inputs hold values. Calls that record autograd use the operator.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import math
from typing import Any

import torch

from torchplace.sim import checks, errors
from torchplace.sim.dispatch import _scan, _unwrap
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import META, VirtualTensor, device_type, wrap

_fused = torch.ops.aten._scaled_dot_product_efficient_attention.default
_flash = torch.ops.aten._scaled_dot_product_flash_attention.default
_HALF = (torch.float16, torch.bfloat16)
_mm = torch.ops.aten.mm.default
_addmm = torch.ops.aten.addmm.default


def _kernel(query: torch.Tensor, attn_mask: Any) -> Any:
    """The fused kernel a CUDA build would pick, for the message of a device mismatch."""
    return _flash if attn_mask is None and query.dtype in _HALF else _fused


def _needs_autograd(tensors: tuple[Any, ...]) -> bool:
    return torch.is_grad_enabled() and any(
        isinstance(t, torch.Tensor) and t.requires_grad for t in tensors
    )


def _repeat_heads(query: torch.Tensor, other: torch.Tensor) -> torch.Tensor:
    if other.dim() < 3 or other.shape[-3] == query.shape[-3]:
        return other
    return other.repeat_interleave(query.shape[-3] // other.shape[-3], dim=-3)


def _check_same_device(query: Any, key: Any, value: Any) -> None:
    """SDPA's own input check (`validate_sdpa_input`), which a meta key or value fails."""
    if not query.device == key.device == value.device:
        raise RuntimeError(
            "Expected query, key, and value to have the same device type, but got query.device: "
            f"{query.device} key.device: {key.device} and value.device: {value.device} instead."
        )


def _check_attention_devices(scan: Any, query: Any, key: Any, value: Any, mask: Any) -> None:
    if scan.program_meta:
        _check_same_device(query, key, value)
    if scan.mixed:
        kernel = _kernel(query, mask)
        name = f"wrapper_CUDA___{kernel._schema.name[6:]}"
        checks.codegen_check(kernel, (query, key, value, mask), {}, name)


def _attention_with_autograd(
    query: Any, key: Any, value: Any, attn_mask: Any, dropout_p: float, is_causal: bool,
    scale: Any, enable_gqa: bool,
) -> Any:  # fmt: skip
    """SDPA's math path written in differentiable torch ops, for calls that record autograd.

    The C++ math path makes its causal mask on `query.device()`, which C++ sees as meta, so its
    result would lose its values; here every new tensor is made on the virtual device.
    """
    if enable_gqa:
        key, value = _repeat_heads(query, key), _repeat_heads(query, value)
    factor = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    scores = query @ key.transpose(-2, -1) * factor
    if is_causal:
        causal = torch.ones(
            query.size(-2), key.size(-2), dtype=torch.bool, device=query.device
        ).tril()
        scores = scores.masked_fill(causal.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            scores = scores + attn_mask
    # torch's kernels (CUDA's and the CPU math path alike) give 0 for a query that may attend
    # to nothing (a row of -inf, as a padded first token under a causal mask), not NaN
    weights = torch.ops.aten._safe_softmax(scores, -1)
    if dropout_p > 0.0:
        weights = torch.dropout(weights, dropout_p, train=True)
    return weights @ value


def install(patches: Patches) -> None:
    _install_attention(patches)
    _install_linear(patches)
    _simulate_flex_attention(patches)
    _install_one_hot(patches)


def _install_one_hot(patches: Patches) -> None:
    """`F.one_hot` of a virtual tensor with values computes them on the CPU: C++ sees the
    virtual tensor as meta and answers a meta tensor's one_hot, an empty one (MoE routers read
    the result: `one_hot(selected_experts).sum(...).nonzero()`)."""
    original = torch.nn.functional.one_hot

    def one_hot(tensor: Any, num_classes: int = -1) -> Any:
        if type(tensor) is not VirtualTensor:
            return original(tensor, num_classes)
        scan = _scan((tensor,), {})
        if not scan.real:
            return original(tensor, num_classes)
        return wrap(original(_unwrap(tensor, True), num_classes), scan.out_device)

    patches.set(torch.nn.functional, "one_hot", one_hot)


def _simulate_flex_attention(patches: Patches) -> None:
    """flex_attention on virtual GPUs runs torch's own eager implementation of the operator
    (`sdpa_dense`: the scores materialised, `score_mod` and `mask_mod` vmapped over index
    tensors made on the query's device) as differentiable ops on the virtual tensors.

    CUDA runs the operator as a kernel Triton generates; its placement rules are the public
    function's checks (q/k/v on one device, the block mask on theirs), which run unchanged. The
    operator's own autograd (`FlexAttentionAutogradOp`) is not entered: tracing its graph
    through virtual tensors aborts the whole process (a C++ assertion), so its backward operator
    refuses virtual tensors (`NotSimulatedError`) rather than reach that.
    """
    import importlib

    # (the package exports the operator under the module's name: import the module itself)
    hops = importlib.import_module("torch._higher_order_ops.flex_attention")
    forward = hops.FlexAttentionHOP.__call__

    def __call__(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not any(type(a) is VirtualTensor for a in args[:3]):
            return forward(self, *args, **kwargs)
        return hops.sdpa_dense(*args, **kwargs)

    patches.set(hops.FlexAttentionHOP, "__call__", __call__)
    backward = hops.FlexAttentionBackwardHOP
    patches.set(backward, "__call__", _refusing_virtual(backward.__call__))


def _refusing_virtual(call: Any) -> Any:
    def __call__(self: Any, *args: Any, **kwargs: Any) -> Any:
        if any(type(a) is VirtualTensor for a in args[:3]):
            raise errors.not_simulated(f"{self.name()} (a Triton kernel on CUDA)")
        return call(self, *args, **kwargs)

    return __call__


def _held_on_one_device(input: Any, weight: Any, bias: Any) -> tuple[Any, ...] | None:
    """The held tensors of a `linear` whose tensors are all virtual, on the weight's (GPU)
    device and hold values; None for any other call (`_scan` sorts those out)."""
    device = weight._vdev
    if type(input) is not VirtualTensor or device_type(device) == "cpu":
        return None
    x, w = input._elem, weight._elem
    if input._vdev != device or x.is_meta or w.is_meta:
        return None
    if bias is None:
        return x, w, None
    if type(bias) is not VirtualTensor or bias._vdev != device or bias._elem.is_meta:
        return None
    return x, w, bias._elem


def _install_linear(patches: Patches) -> None:
    original = torch.nn.functional.linear

    def linear(input: Any, weight: Any, bias: Any = None) -> Any:
        if type(weight) is not VirtualTensor or _needs_autograd((input, weight, bias)):
            return original(input, weight, bias)
        held = _held_on_one_device(input, weight, bias)
        if held is not None:  # the common case, as `_scan` would find it: compute and wrap
            return wrap(original(*held), weight._vdev)
        inputs = (input, weight, bias)
        scan = _scan(inputs, {})
        if scan.program_meta:  # a meta weight or bias: the meta kernels decide (meta_mix)
            return original(input, weight, bias)
        if scan.mixed:
            if bias is None:
                checks.codegen_check(_mm, (input, weight), {}, "wrapper_CUDA_mm")
            else:
                checks.codegen_check(_addmm, (bias, input, weight), {}, "wrapper_CUDA_addmm")
        x, w, b = (_unwrap(t, scan.real) for t in inputs)
        if scan.real or x.dtype != w.dtype or x.dim() == 0 or x.shape[-1] != w.shape[-1]:
            out = original(x, w, b)
        else:
            out = torch.empty((*x.shape[:-1], w.shape[0]), dtype=x.dtype, device=META)
        return out if scan.out_device.type == "cpu" else wrap(out, scan.out_device)

    patches.set(torch.nn.functional, "linear", linear)


def _install_attention(patches: Patches) -> None:
    original = torch.nn.functional.scaled_dot_product_attention

    def scaled_dot_product_attention(
        query: Any, key: Any, value: Any, attn_mask: Any = None, dropout_p: float = 0.0,
        is_causal: bool = False, scale: Any = None, enable_gqa: bool = False,
    ) -> Any:  # fmt: skip
        inputs = (query, key, value, attn_mask)
        if type(query) is not VirtualTensor:
            return original(query, key, value, attn_mask, dropout_p, is_causal, scale=scale,
                            enable_gqa=enable_gqa)  # fmt: skip
        scan = _scan(inputs, {})
        if _needs_autograd(inputs):
            if scan.program_meta:
                _check_same_device(query, key, value)
            if scan.mixed:
                kernel = _kernel(query, attn_mask)
                checks.codegen_check(
                    kernel, inputs, {}, f"wrapper_CUDA___{kernel._schema.name[6:]}"
                )
            return _attention_with_autograd(
                query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa
            )
        _check_attention_devices(scan, query, key, value, attn_mask)
        q, k, v, mask = (_unwrap(t, scan.real) for t in inputs)
        if scan.real:  # the CPU kernel takes grouped heads itself, as the CPU run does
            out = original(q, k, v, mask, dropout_p, is_causal, scale=scale, enable_gqa=enable_gqa)
        else:
            out = torch.empty(q.shape[:-1] + v.shape[-1:], dtype=q.dtype, device=META)
        return out if scan.out_device.type == "cpu" else wrap(out, scan.out_device)

    patches.set(torch.nn.functional, "scaled_dot_product_attention", scaled_dot_product_attention)
