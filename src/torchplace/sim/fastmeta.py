"""Output metadata of the hottest ops on value-less inputs, computed directly.

Many meta kernels are Python references (`torch._refs`, `torch._meta_registrations`) that cost
0.3-2 ms per call; a 70B-shaped forward makes thousands. For the ops a transformer forward is made
of, the output's shape and dtype follow from a few lines. Each rule returns a meta tensor, or None
to let the op's own meta kernel run (which also produces the proper error for bad shapes).
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections.abc import Callable
from typing import Any

import torch

aten = torch.ops.aten
META = torch.device("meta")
_empty = torch.empty
_empty_strided = torch.empty_strided


def _empty_like(
    tensor: torch.Tensor, dtype: torch.dtype | None = None, memory_format: Any = None
) -> torch.Tensor:
    """`torch.empty_like` on meta, without its Python meta kernel (about 0.3 ms a call)."""
    dtype = dtype or tensor.dtype
    if memory_format not in (None, torch.preserve_format) or tensor.is_contiguous():
        return _empty(tensor.shape, dtype=dtype, device=META)
    sizes, strides = tensor.shape, tensor.stride()
    order = sorted(range(tensor.dim()), key=lambda i: -strides[i])
    dense = [0] * tensor.dim()
    step = 1
    for i in reversed(order):
        dense[i] = step
        step *= max(sizes[i], 1)
    return _empty_strided(sizes, dense, dtype=dtype, device=META)


Rule = Callable[..., "torch.Tensor | None"]
RULES: dict[Any, Rule] = {}


def _rule(*ops: Any) -> Callable[[Rule], Rule]:
    def register(function: Rule) -> Rule:
        for op in ops:
            RULES[op] = function
        return function

    return register


def _broadcast(*shapes: torch.Size) -> list[int] | None:
    ndim = max(len(s) for s in shapes)
    out = [1] * ndim
    for shape in shapes:
        offset = ndim - len(shape)
        for i, size in enumerate(shape):
            current = out[offset + i]
            if current == 1:
                out[offset + i] = size
            elif size != 1 and size != current:
                return None
    return out


def _like_or_new(tensors: list[torch.Tensor], shape: list[int], dtype: torch.dtype) -> torch.Tensor:
    """Keep the layout of an input of the output's shape, as TensorIterator does."""
    for tensor in tensors:
        if list(tensor.shape) == shape:
            return _empty_like(tensor, dtype=dtype)
    return _empty(shape, dtype=dtype, device=META)


def _elementwise(*args: Any, **kwargs: Any) -> torch.Tensor | None:
    tensors = [a for a in args if isinstance(a, torch.Tensor)]
    shape = _broadcast(*(t.shape for t in tensors))
    if shape is None:
        return None
    dtype = torch.result_type(args[0], args[1]) if len(args) > 1 else tensors[0].dtype
    return _like_or_new(tensors, shape, dtype)


def _float_unary(self: torch.Tensor, *args: Any, **kwargs: Any) -> torch.Tensor:
    dtype = self.dtype
    if not (dtype.is_floating_point or dtype.is_complex):
        dtype = torch.get_default_dtype()
    return _empty_like(self, dtype=dtype)


def _same_unary(self: torch.Tensor, *args: Any, **kwargs: Any) -> torch.Tensor:
    return _empty_like(self)


_rule(aten.add.Tensor, aten.sub.Tensor, aten.mul.Tensor, aten.maximum.default,
      aten.minimum.default, aten.pow.Tensor_Scalar,
      aten.pow.Tensor_Tensor)(_elementwise)  # fmt: skip
_rule(aten.rsqrt.default, aten.sqrt.default, aten.exp.default, aten.sin.default,
      aten.cos.default, aten.sigmoid.default, aten.tanh.default, aten.reciprocal.default,
      aten.log.default)(_float_unary)  # fmt: skip
_rule(aten.neg.default, aten.silu.default, aten.relu.default, aten.gelu.default,
      aten.abs.default)(_same_unary)  # fmt: skip


@_rule(aten.clone.default)
def _clone(self: torch.Tensor, memory_format: Any = None) -> torch.Tensor:
    return _empty_like(self, memory_format=memory_format or torch.preserve_format)


@_rule(aten.div.Tensor)
def _div(self: Any, other: Any, **kwargs: Any) -> torch.Tensor | None:
    out = _elementwise(self, other)
    integral = out is not None and not (out.dtype.is_floating_point or out.dtype.is_complex)
    if integral and kwargs.get("rounding_mode") is None:
        return _empty_like(out, dtype=torch.get_default_dtype())  # type: ignore[arg-type]
    return out


@_rule(aten.mean.dim, aten.sum.dim_IntList, aten.amax.default)
def _reduce(
    self: torch.Tensor, dim: Any = None, keepdim: bool = False, dtype: Any = None, **_: Any
) -> torch.Tensor | None:
    ndim = self.dim()
    if ndim == 0:
        return None
    dims = range(ndim) if not dim else [d % ndim for d in dim]
    shape = [1 if i in dims else s for i, s in enumerate(self.shape) if keepdim or i not in dims]
    out_dtype = dtype or self.dtype
    if dtype is None and not (self.dtype.is_floating_point or self.dtype.is_complex):
        return None  # sum of integers promotes; mean of integers raises: let the kernel decide
    return _empty(shape, dtype=out_dtype, device=META)


@_rule(aten.mm.default)
def _mm(self: torch.Tensor, mat2: torch.Tensor) -> torch.Tensor | None:
    if self.dim() != 2 or mat2.dim() != 2 or self.shape[1] != mat2.shape[0]:
        return None
    if self.dtype != mat2.dtype:
        return None
    return _empty((self.shape[0], mat2.shape[1]), dtype=self.dtype, device=META)


@_rule(aten.addmm.default)
def _addmm(bias: torch.Tensor, self: torch.Tensor, mat2: torch.Tensor, **_: Any) -> Any:
    out = _mm(self, mat2)
    if out is None or bias.dtype != out.dtype or _broadcast(bias.shape, out.shape) is None:
        return None
    return out


@_rule(aten.bmm.default)
def _bmm(self: torch.Tensor, mat2: torch.Tensor) -> torch.Tensor | None:
    if self.dim() != 3 or mat2.dim() != 3 or self.dtype != mat2.dtype:
        return None
    if self.shape[0] != mat2.shape[0] or self.shape[2] != mat2.shape[1]:
        return None
    return _empty((self.shape[0], self.shape[1], mat2.shape[2]), dtype=self.dtype, device=META)


@_rule(aten.cat.default)
def _cat(tensors: list[torch.Tensor], dim: int = 0) -> torch.Tensor | None:
    tensors = [t for t in tensors if not (t.dim() == 1 and t.shape[0] == 0)]
    if not tensors:
        return None
    ndim = tensors[0].dim()
    if ndim == 0 or any(t.dim() != ndim for t in tensors):
        return None
    dim %= ndim
    shape = list(tensors[0].shape)
    for t in tensors[1:]:
        if any(a != b for i, (a, b) in enumerate(zip(shape, t.shape, strict=True)) if i != dim):
            return None
    shape[dim] = sum(t.shape[dim] for t in tensors)
    dtype = tensors[0].dtype
    for t in tensors[1:]:
        if t.dtype != dtype:
            dtype = torch.promote_types(dtype, t.dtype)
    return _empty(shape, dtype=dtype, device=META)


@_rule(aten.embedding.default)
def _embedding(weight: torch.Tensor, indices: torch.Tensor, *_: Any, **__: Any) -> Any:
    if weight.dim() != 2 or indices.dtype not in (torch.int64, torch.int32):
        return None
    return _empty((*indices.shape, weight.shape[1]), dtype=weight.dtype, device=META)
