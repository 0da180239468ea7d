"""`VirtualTensor`: a tensor that reports a virtual device and holds meta or real CPU storage.

C++ sees a meta tensor (so no CUDA device guard, stream or allocator is ever asked for); Python
sees `.device == cuda:N`. Every aten op on it goes to `torchplace.sim.dispatch.handle`, which
checks devices like the CUDA kernels do and runs the op on the held `elem`: a meta tensor (no
values, any size) or a real CPU tensor (values kept, so small programs compute for real).
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import copy
import weakref
from typing import Any

import torch

from torchplace.sim import devices, errors

META = torch.device("meta")
_make_wrapper = torch.Tensor._make_wrapper_subclass
_base_data: Any = torch._C.TensorBase.__dict__["data"]


class VirtualTensor(torch.Tensor):
    """A tensor on a virtual device; see the module docstring."""

    # No __slots__: `torch.utils.swap_tensors` (how a CPU parameter becomes a virtual one in
    # place, see `become_virtual`) needs the same slots on both sides.
    _elem: torch.Tensor
    _vdev: torch.device
    # Skip the subclass-preserving __torch_function__ wrapper: outputs are wrapped in dispatch.
    __torch_function__ = torch._C._disabled_torch_function_impl  # type: ignore[assignment]

    def __new__(cls, data: Any = None, requires_grad: bool = True, **_: Any) -> Any:
        # Reached only when code rebuilds a parameter as `type(param)(value, requires_grad=...)`
        # (accelerate does): behave like nn.Parameter.
        return torch.nn.Parameter(data, requires_grad=requires_grad)

    @classmethod
    def __torch_dispatch__(  # type: ignore[override]
        cls, func: Any, types: Any, args: Any = (), kwargs: Any = None
    ) -> Any:
        # replaced by `torchplace.sim.dispatch.torch_dispatch` when that module loads (torch
        # asks for this method when the class is made)
        raise RuntimeError("torchplace sim: the simulator's dispatcher is not loaded")

    # -- the device, as Python code sees it --------------------------------------------------
    @property
    def device(self) -> torch.device:  # type: ignore[override]
        return self._vdev

    @property
    def is_cuda(self) -> bool:  # type: ignore[override]
        return self._vdev.type == "cuda"

    @property
    def is_cpu(self) -> bool:  # type: ignore[override]
        return self._vdev.type == "cpu"

    @property
    def is_meta(self) -> bool:  # type: ignore[override]
        return self._vdev.type == "meta"

    def get_device(self) -> int:
        return -1 if self._vdev.type == "cpu" else (self._vdev.index or 0)

    @property
    def data(self) -> torch.Tensor:
        return _base_data.__get__(self)  # type: ignore[no-any-return]

    @data.setter
    def data(self, value: torch.Tensor) -> None:
        if not isinstance(value, VirtualTensor):
            value = wrap(value, value.device)
        _base_data.__set__(self, value)
        self._elem = value._elem
        self._vdev = value._vdev

    def __getitem__(self, index: Any) -> Any:
        return super().__getitem__(_cpu_indices(index))

    def __setitem__(self, index: Any, value: Any) -> None:
        # C++ would turn a Python number into a meta tensor (this tensor's C++ device), losing
        # it; a CPU 0-dim tensor keeps it and is a scalar for CUDA's rules as well.
        if isinstance(value, (int, float, bool, complex)):
            value = torch.tensor(value, dtype=self.dtype)
        super().__setitem__(_cpu_indices(index), value)

    def has_values(self) -> bool:
        """Whether this tensor holds real values (it does when made from real CPU tensors)."""
        return self._elem.device.type == "cpu"

    # -- reading values -----------------------------------------------------------------------
    def numpy(self, *, force: bool = False) -> Any:
        if self._vdev.type != "cpu":
            raise TypeError(
                f"can't convert {self._vdev} device type tensor to numpy. Use Tensor.cpu() to "
                "copy the tensor to host memory first."
            )
        if not self.has_values():
            raise errors.data_needed("Tensor.numpy()")
        return self._elem.numpy(force=force)

    def tolist(self) -> Any:
        if not self.has_values():
            raise errors.data_needed("Tensor.tolist()")
        return self._elem.tolist()

    def __array__(self, dtype: Any = None) -> Any:
        return self.numpy() if dtype is None else self.numpy().astype(dtype)

    def data_ptr(self) -> int:
        elem = self._elem
        if elem.device.type == "cpu":
            return elem.data_ptr()
        # meta storages all report 0; their StorageImpl address tells storages apart.
        storage = elem.untyped_storage()._cdata
        return int(storage + elem.storage_offset() * elem.element_size())

    def untyped_storage(self) -> torch.UntypedStorage:
        return self._elem.untyped_storage()

    def pin_memory(self, device: Any = None) -> torch.Tensor:
        return self

    def is_pinned(self, device: Any = None) -> bool:
        return False

    def record_stream(self, stream: Any) -> None:
        """Simulated streams order nothing, so no allocation waits on one (FSDP records its
        unsharded parameters on its streams; C++ cannot parse a simulated stream)."""

    def __repr__(self, *, tensor_contents: Any = None) -> str:  # type: ignore[override]
        suffix = f", device='{self._vdev}'"
        grad = ", requires_grad=True" if self.requires_grad else ""
        if self.has_values():
            body = repr(self._elem.detach())
            return body[:-1] + suffix + grad + ")"
        dtype = "" if self.dtype == torch.get_default_dtype() else f", dtype={self.dtype}"
        return f"tensor(..., size={tuple(self.shape)}{suffix}{dtype}{grad})"

    def __deepcopy__(self, memo: dict[int, Any]) -> VirtualTensor:
        # torch's own __deepcopy__ rebuilds through `new_empty([])` + `set_`, which a wrapper
        # subclass turns into a 0-dim tensor. Copy the held tensor instead: its storage is
        # copied through `memo`, so views of one storage stay views of one copy, as on CUDA.
        found = memo.get(id(self))
        if found is not None:
            return found  # type: ignore[no-any-return]
        if not self.is_leaf:
            raise RuntimeError(
                "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
                "protocol at the moment.  If you were attempting to deepcopy a module, this may "
                "be because of a torch.nn.utils.weight_norm usage, see "
                "https://github.com/pytorch/pytorch/pull/103001"
            )
        with torch.no_grad():
            new = wrap(copy.deepcopy(self._elem.detach(), memo), self._vdev)
        if self.requires_grad:
            new.requires_grad_()
        if self.grad is not None:
            new.grad = copy.deepcopy(self.grad, memo)
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        memo[id(self)] = new
        return new

    def __reduce_ex__(self, protocol: Any) -> Any:
        from torchplace.sim import serialization  # which imports this module

        return serialization.reduce(self)


def _cpu_indices(index: Any) -> Any:
    """List indices (`x[:, [-1, 0]]`) as CPU index tensors, which CUDA indexing accepts: C++
    would build them on this tensor's C++ device (meta), losing their values."""
    if type(index) is list:
        return torch.tensor(index) if index else index
    if type(index) is tuple and any(type(part) is list for part in index):
        return tuple(torch.tensor(p) if type(p) is list and p else p for p in index)
    return index


def wrap(elem: torch.Tensor, device: torch.device) -> VirtualTensor:
    """A VirtualTensor on `device` holding `elem` (a meta or CPU tensor of the same shape)."""
    offset = elem.storage_offset()
    if offset:
        out: VirtualTensor = _make_wrapper(
            VirtualTensor, elem.size(), strides=elem.stride(), storage_offset=offset,
            dtype=elem.dtype, device=META, requires_grad=False,
        )  # fmt: skip
    elif elem.is_contiguous():  # C++ computes contiguous strides itself, faster than Python
        out = _make_wrapper(VirtualTensor, elem.size(), dtype=elem.dtype, device=META)
    else:
        out = _make_wrapper(
            VirtualTensor, elem.size(), strides=elem.stride(), dtype=elem.dtype, device=META,
            requires_grad=False,
        )  # fmt: skip
    out._elem = elem
    out._vdev = device
    index = _CUDA_INDEX.get(device)
    if index is None:
        index = _cuda_index(device)
    if index >= 0:  # an allocation on that GPU: the driver context follows it
        machine = devices._active
        if machine is not None and index not in machine.contexts._local.settled:
            machine.work(index)
    return out


_CUDA_INDEX: dict[torch.device, int] = {}


def _cuda_index(device: torch.device) -> int:
    """The GPU index of a CUDA device, -1 for any other (remembered: asked per op)."""
    index = (device.index or 0) if device.type == "cuda" else -1
    _CUDA_INDEX[device] = index
    return index


_DEVICE_TYPES: dict[torch.device, str] = {}


def device_type(device: torch.device) -> str:
    """`device.type`, remembered: torch builds a new string on every `.type` (a microsecond
    per op on the simulator's hot path)."""
    kind = _DEVICE_TYPES.get(device)
    if kind is None:
        kind = _DEVICE_TYPES[device] = device.type
    return kind


_PYTHON_KEY = torch._C.DispatchKeySet(torch._C.DispatchKey.Python)


def follow_shape(tensor: VirtualTensor) -> None:
    """Give the wrapper the shape of its held tensor after an op resized that one in place
    (`out=` kernels do: `torch.arange(8, device="cuda")` fills an empty tensor through
    `arange.out`). The wrapper's own sizes are C++'s; they change only by a meta resize."""
    elem = tensor._elem
    with torch._C._ExcludeDispatchKeyGuard(_PYTHON_KEY):
        torch.ops.aten.resize_.default(tensor, elem.size())
        if tensor.stride() != elem.stride() or tensor.storage_offset() != elem.storage_offset():
            torch.ops.aten.as_strided_.default(
                tensor, elem.size(), elem.stride(), elem.storage_offset()
            )


def become_virtual(tensor: torch.Tensor, value: VirtualTensor) -> None:
    """`tensor.data = value` for a real (CPU) `tensor`: it keeps its identity, as on CUDA.

    C++ cannot give a CPU tensor a meta-keyed body, so the Python object swaps bodies with a
    fresh wrapper of `value`'s held tensor and keeps its own attributes and `requires_grad`.
    """
    kind = type(tensor)
    if kind not in (torch.Tensor, torch.nn.Parameter):
        raise RuntimeError(
            f"torchplace sim: `.data = <virtual GPU tensor>` on a {kind.__name__} is not "
            f"simulated{errors.where()}; move the tensor with `.to()` instead."
        )
    grad = tensor.grad
    if grad is not None:  # the gradient lives in the body being swapped: carry it over
        tensor.grad = None
        if type(grad) is not VirtualTensor:
            become_virtual(grad, grad.to(value._vdev))  # type: ignore[arg-type]
    fresh = wrap(value._elem, value._vdev)
    if tensor.requires_grad:
        fresh.requires_grad_()
    attributes = dict(tensor.__dict__)
    torch.utils.swap_tensors(tensor, fresh)  # type: ignore[no-untyped-call]
    tensor.__dict__.update(attributes)
    if kind is torch.nn.Parameter:
        tensor._is_param = True  # isinstance(.., Parameter) holds
    if grad is not None:
        tensor.grad = grad


def swappable(tensor: Any) -> bool:
    """Whether `become_virtual` can swap `tensor`'s body: no weak references, and no C++ owner
    other than its gradient accumulator (an autograd graph that used it holds it)."""
    if type(tensor) is VirtualTensor or not isinstance(tensor, torch.Tensor):
        return True
    if weakref.getweakrefs(tensor):
        return False
    count = tensor._use_count()  # type: ignore[attr-defined]
    return count == 1 or (count == 2 and tensor.is_leaf)


def set_data(tensor: torch.Tensor, value: torch.Tensor) -> None:
    """The `.data` setter of every tensor during a simulation."""
    if type(value) is VirtualTensor and type(tensor) is not VirtualTensor:
        become_virtual(tensor, value)
    else:
        _base_data.__set__(tensor, value)


def has_compatible_shallow_copy_type(original: Any) -> Any:
    """`torch._has_compatible_shallow_copy_type`: a virtual GPU tensor is a dense CUDA tensor
    (C++ sees meta, which it would call incompatible with CPU; `module.to()` asks this to decide
    whether to keep each parameter object)."""

    def _has_compatible_shallow_copy_type(*args: Any, **kwargs: Any) -> bool:
        # a wildcard signature: torch._dynamo's polyfill of this function checks signatures
        given = (*args, *kwargs.values())
        if len(given) == 2 and type(given[1]) is VirtualTensor and not swappable(given[0]):
            return False  # `.data =` could not keep the object: module.to() makes a new one
        tensors = [_DENSE if type(t) is VirtualTensor else t for t in given]
        return bool(original(*tensors))

    return _has_compatible_shallow_copy_type


_DENSE = torch.empty(0)


def is_virtual(tensor: object) -> bool:
    """Whether `tensor` lives on a virtual device."""
    return type(tensor) is VirtualTensor
