"""A virtual-GPU tensor meets a meta tensor: torch's own meta kernel decides, as on CUDA.

On a real GPU an op given a CUDA tensor and a meta tensor runs its meta kernel (Meta outranks
CUDA in dispatch) with the real devices; measured on 2x H200 (torch 2.11): `cuda * meta`
raises "Tensor on device meta is not on the expected device cuda:1!" (the check of torch's
elementwise meta functions, first operand's device expected), `layer_norm`, `cat`, `addmm`
likewise, while `mm`, `embedding` or `add_` return without complaint (a new CUDA tensor holding
nothing, a meta tensor, or self unchanged). To get the same answers the op runs here on shells:
meta tensors whose device, to Python and to C++ (`dispatch_device`), is the virtual one, with
the Python dispatch key off so torch's meta kernel runs on them directly.

Which meta tensors count: the simulator's virtual tensors are meta tensors to C++, so C++
composites (SDPA's math path...) make plain meta intermediates from them that stand for CUDA
tensors. A meta tensor counts as the program's own only when it is an `nn.Parameter` (weights
offloaded by accelerate, `init_empty_weights`, `module.to("meta")`), was moved to meta (or
converted there) by `Tensor.to` during the simulation (`mark`), or is a view of such a tensor.
Other plain meta tensors are treated as before: a meta tensor the program made with
`torch.empty(..., device="meta")`, or computed from its meta tensors with other ops, mixes with
virtual tensors without the error CUDA would raise.

Known difference: a 0-dim GPU tensor broadcast against a meta tensor passes here (torch's
elementwise meta function expands it, and the expanded view is no longer a shell) where CUDA
raises. Answers are those of the installed torch's meta kernels, which change between
versions: of 36 mixes measured on torch 2.11, the simulator on torch 2.13 gives the same
outcome and message for 31 (`addmm` with a meta bias, `bmm`, and the 0-dim case differ).
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import weakref
from typing import Any

import torch

from torchplace.sim import errors
from torchplace.sim.tensor import META, VirtualTensor

# id -> tensor, for the tensors `mark` saw (held weakly; not an attribute on the tensor, which
# accelerate would pass back to `Parameter(...)` and pickling would carry along).
_marked: weakref.WeakValueDictionary[int, torch.Tensor] = weakref.WeakValueDictionary()
_Parameter = torch.nn.Parameter
_NO_PYTHON = torch._C.DispatchKeySet(torch._C.DispatchKey.Python)
_prim_device = torch.ops.prim.device.default


def mark(tensor: Any) -> Any:
    """Record that the program itself put `tensor` on the meta device; returns it."""
    if isinstance(tensor, torch.Tensor) and tensor.device.type == "meta":
        _marked[id(tensor)] = tensor
    return tensor


def is_programs(tensor: torch.Tensor) -> bool:
    """Whether a plain meta tensor is the program's own (not a C++ intermediate of sim's):
    a parameter, a marked tensor, or a view of one (`weight.t()`)."""
    if isinstance(tensor, _Parameter) or _marked.get(id(tensor)) is tensor:
        return True
    base = tensor._base
    return base is not None and is_programs(base)


class _Shell(torch.Tensor):
    """A meta tensor that says it is on its virtual device, to Python and to C++."""

    __slots__ = ("_source", "_vdev")
    _source: VirtualTensor
    _vdev: torch.device
    __torch_function__ = torch._C._disabled_torch_function_impl  # type: ignore[assignment]

    @classmethod
    def __torch_dispatch__(  # type: ignore[override]
        cls, func: Any, types: Any, args: Any = (), kwargs: Any = None
    ) -> Any:
        if func is _prim_device:
            return args[0]._vdev
        raise errors.not_simulated(f"aten.{func.__name__} inside a meta kernel")

    @property
    def device(self) -> torch.device:  # type: ignore[override]
        return self._vdev


def _shell(tensor: VirtualTensor) -> _Shell:
    shell: _Shell = torch.Tensor._make_wrapper_subclass(
        _Shell, tensor.size(), strides=tensor.stride(), storage_offset=tensor.storage_offset(),
        dtype=tensor.dtype, device=META, dispatch_device=True,
    )  # fmt: skip
    shell._source = tensor
    shell._vdev = tensor._vdev
    return shell


def _to_shells(value: Any) -> Any:
    if type(value) is VirtualTensor:
        return _shell(value)
    if type(value) in (list, tuple):
        return type(value)(_to_shells(item) for item in value)
    return value


def _from_shell(value: Any) -> Any:
    if type(value) is _Shell:
        return value._source  # an in-place op returned self: the tensor is unchanged
    if type(value) is VirtualTensor and not value._elem.is_meta:
        value._elem = torch.empty_strided(
            value.size(), value.stride(), dtype=value.dtype, device=META
        )  # a meta kernel's new CUDA tensor holds nothing
    return value


def run(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Run `func`'s meta kernel on the virtual tensors' devices; raise what it raises."""
    decomposition = _meta_decomposition(func)
    if decomposition is not None:
        # torch's Meta kernel of this op is a decomposition into other ops (`addmm` is
        # `mm(mat1, mat2) + bias`). On CUDA each of them dispatches with the real devices, and
        # the intermediate (`mm` of a CUDA input: a CUDA tensor) meets the meta bias in `add`,
        # which raises. Run on shells, the intermediate would be a plain meta tensor and pass;
        # run op by op here, each meets the simulator as on CUDA.
        with _CarryProgramMeta():
            return decomposition(*args, **kwargs)
    shell_args = _to_shells(args)
    shell_kwargs = {k: _to_shells(v) for k, v in kwargs.items()}
    with torch._C._ExcludeDispatchKeyGuard(_NO_PYTHON), torch.no_grad():
        out = func._op(*shell_args, **shell_kwargs)
    if type(out) in (list, tuple):
        return type(out)(_from_shell(item) for item in out)
    return _from_shell(out)


# Ops whose decomposition torch does not register as their Meta kernel (`activate_meta`).
_NOT_ACTIVATED = frozenset((
    "aten::empty_strided", "aten::clone", "aten::_to_copy", "aten::copy_",
    "aten::constant_pad_nd", "aten::rot90", "aten::as_strided_scatter",
))  # fmt: skip


class _CarryProgramMeta(torch.overrides.TorchFunctionMode):
    """Inside a decomposition, a meta tensor computed from the program's own meta tensor is the
    program's too (`beta * bias` in addmm's), so the next op mixing it with a virtual tensor
    answers as CUDA does."""

    def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        out = func(*args, **(kwargs or {}))
        inputs = [*args, *(kwargs or {}).values()]
        if any(isinstance(t, torch.Tensor) and t.is_meta and is_programs(t) for t in inputs):
            for item in out if isinstance(out, (list, tuple)) else (out,):
                if type(item) is torch.Tensor and item.is_meta:
                    mark(item)
        return out


def _meta_decomposition(func: Any) -> Any:
    """The Python decomposition torch registers as `func`'s Meta kernel, or None where the
    Meta kernel is a meta function proper (run on shells) or C++."""
    from torch._decomp import decomposition_table, global_decomposition_table

    if not isinstance(func, torch._ops.OpOverload) or func in global_decomposition_table["meta"]:
        return None
    decomposition = decomposition_table.get(func)
    name = str(func._schema.name)
    if decomposition is None or func.is_view or name in _NOT_ACTIVATED:
        return None
    if getattr(decomposition, "__module__", "") != "torch._decomp.decompositions":
        return None  # a reference (torch._refs): the meta function proper, checks included
    if torch._C._dispatch_has_kernel_for_dispatch_key(name, "CompositeImplicitAutograd"):
        return None  # decomposed before any Meta kernel
    return decomposition
