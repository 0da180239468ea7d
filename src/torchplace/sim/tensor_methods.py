"""Tensor methods that name a device, as a CUDA build answers them on virtual GPUs: `Tensor.to`
(an int is a GPU, no index is the current one, a meta tensor has nothing to copy), `.cuda()`,
`.type()` / `.type_as()` with CUDA's type names, `.new_tensor`, `.pin_memory` and `.data`."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from typing import Any

import torch

from torchplace.sim import devices, errors, factories, meta_mix
from torchplace.sim import tensor as tensor_module
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor

_RealDevice = torch.device


def _resolve_to_args(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """`.to(1)` and `.to("cuda")` as CUDA reads them: an int is a GPU; no index is the current."""
    if not args:
        return args
    first = args[0]
    machine = devices.require()
    if isinstance(first, int) and not isinstance(first, bool):
        return (_RealDevice("cuda", machine.check_index(first)), *args[1:])
    if isinstance(first, str) and first.startswith("cuda"):
        return (machine.resolve(_RealDevice(first)), *args[1:])
    if type(first) is _RealDevice and first.type == "cuda":
        return (machine.resolve(first), *args[1:])
    if isinstance(first, torch.Tensor) and type(first) is VirtualTensor:
        return (first.device, first.dtype, *args[1:])
    return args


def _resolve_device_kwarg(kwargs: dict[str, Any]) -> dict[str, Any]:
    device = kwargs.get("device")
    if device is None:
        return kwargs
    if isinstance(device, int) and not isinstance(device, bool):
        device = _RealDevice("cuda", device)
    device = _RealDevice(device)
    if device.type == "cuda":
        kwargs = {**kwargs, "device": devices.require().resolve(device)}
    return kwargs


def _new_tensor(self: torch.Tensor, data: Any, **kwargs: Any) -> torch.Tensor:
    kwargs.setdefault("dtype", self.dtype)
    kwargs.setdefault("device", self.device)
    if isinstance(data, torch.Tensor):
        return data.detach().clone().to(kwargs.pop("device"), **kwargs)
    return torch.tensor(data, **kwargs)


def _is_meta_device(target: Any) -> bool:
    if isinstance(target, tuple):
        target = target[0] if target else None
    if isinstance(target, str):
        return target == "meta"
    return isinstance(target, _RealDevice) and target.type == "meta"


def _refuse_meta_copy(target: Any) -> None:
    """A meta tensor has no data to copy to a GPU (meta's own kernel would not say so)."""
    if isinstance(target, _RealDevice) and target.type == "cuda":
        raise NotImplementedError(
            "Cannot copy out of meta tensor; no data! Please use torch.nn.Module.to_empty() "
            "instead of torch.nn.Module.to() when moving module from meta to a different device."
        )


_TYPE_NAMES = {
    "Float": torch.float32, "Double": torch.float64, "Half": torch.float16,
    "BFloat16": torch.bfloat16, "Byte": torch.uint8, "Char": torch.int8, "Short": torch.int16,
    "Int": torch.int32, "Long": torch.int64, "Bool": torch.bool,
    "ComplexFloat": torch.complex64, "ComplexDouble": torch.complex128,
}  # fmt: skip
_original_type = torch._C.TensorBase.type
_original_type_as = torch._C.TensorBase.type_as


def _type_name(tensor: VirtualTensor) -> str:
    """`Tensor.type()` of a virtual tensor: `torch.cuda.FloatTensor`, as CUDA names it (C++
    sees the held meta tensor and would say `torch.meta.FloatTensor`)."""
    kind = _original_type(tensor._elem).rsplit(".", 1)[1]
    device_type = tensor._vdev.type
    return f"torch.{kind}" if device_type == "cpu" else f"torch.{device_type}.{kind}"


def _parse_type(target: Any) -> tuple[str, torch.dtype] | None:
    """(device type, dtype) named by a type string (`"torch.cuda.HalfTensor"`) or class."""
    if isinstance(target, type):
        target = f"{target.__module__}.{target.__name__}"
    if not isinstance(target, str) or not target.endswith("Tensor"):
        return None
    parts = target.split(".")
    dtype = _TYPE_NAMES.get(parts[-1][: -len("Tensor")])
    if dtype is None or parts[0] != "torch" or len(parts) not in (2, 3):
        return None
    return ("cpu" if len(parts) == 2 else parts[1]), dtype


def _tensor_type(
    self: torch.Tensor, dtype: Any = None, non_blocking: bool = False, **kw: Any
) -> Any:
    """`Tensor.type()`: the CUDA name of a virtual tensor; a cast that keeps it on its virtual
    GPU (or moves it there, for a `torch.cuda.*Tensor` target) with its values, as CUDA does."""
    virtual = type(self) is VirtualTensor
    if dtype is None:
        return _type_name(self) if virtual else _original_type(self)  # type: ignore[arg-type]
    if isinstance(dtype, torch.dtype):
        parsed: tuple[str, torch.dtype] | None = (self.device.type, dtype)
    else:
        parsed = _parse_type(dtype)
    if parsed is None or not (virtual or parsed[0] == "cuda"):
        return _original_type(self, dtype, non_blocking, **kw)
    device_type, target_dtype = parsed
    # like C++: the same device type keeps the device; another one is that type's current
    device = self.device if device_type == self.device.type else _RealDevice(device_type)
    return self.to(device, target_dtype, non_blocking=non_blocking)


def _tensor_type_as(self: torch.Tensor, other: torch.Tensor) -> Any:
    """`Tensor.type_as(other)`, which is `self.to(other.options())`: C++ reads a virtual
    tensor's options as meta, so the result would leave the virtual GPU."""
    if type(self) is VirtualTensor or type(other) is VirtualTensor:
        return self.to(other.device, other.dtype)
    return _original_type_as(self, other)


def install(patches: Patches) -> None:
    """Replace the methods for the life of the simulation."""
    original_to = torch._C.TensorBase.to
    original_parse_to = torch._C._nn._parse_to

    def to(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        if type(self) is VirtualTensor and args and "dtype" not in kwargs and len(args) == 1:
            target = args[0]  # the hot case: accelerate's hooks moving inputs, already there
            vdev = self._vdev
            if (
                target is vdev
                or target is self.dtype  # `.to(dtype)` to its own dtype: C++ returns self too
                or (type(target) is int and vdev.index == target)
                or (type(target) is _RealDevice and target == vdev)
            ):
                return self
        args = _resolve_to_args(args)
        kwargs = _resolve_device_kwarg(kwargs)
        if self.layout != torch.strided:  # a virtual tensor is dense: say so, not densify
            target = kwargs.get("device", args[0] if args else None)
            if type(target) is _RealDevice and target.type == "cuda":
                raise errors.not_simulated(f"moving a {self.layout} tensor to {target}")
        if self.is_meta:  # plain meta, or a virtual tensor accelerate sent to meta
            _refuse_meta_copy(kwargs.get("device", args[0] if args else None))
            if type(self) is not VirtualTensor and meta_mix.is_programs(self):
                return meta_mix.mark(original_to(self, *args, **kwargs))  # e.g. a dtype change
        if _is_meta_device(kwargs.get("device", args[0:1])):
            if type(self) is not VirtualTensor:
                return meta_mix.mark(original_to(self, *args, **kwargs))
            # C++ sees a meta tensor already and would return it unchanged: move it ourselves.
            dtype = kwargs.get("dtype") or next(
                (a for a in args if isinstance(a, torch.dtype)), self.dtype
            )
            moved = torch.empty_strided(self.shape, self.stride(), dtype=dtype, device="meta")
            return meta_mix.mark(moved)
        if type(self) is VirtualTensor and not kwargs.get("copy", False):
            device = kwargs.get("device", args[0] if args else None)
            if isinstance(device, torch.device) and device == self._vdev:
                dtype = kwargs.get("dtype", args[1] if len(args) > 1 else None)
                if dtype is None or dtype == self.dtype or not isinstance(dtype, torch.dtype):
                    return self
        if type(self) is not VirtualTensor:  # a real tensor's values are copied: keep them
            with factories.moving_values():
                return original_to(self, *args, **kwargs)
        return original_to(self, *args, **kwargs)

    def cuda(self: torch.Tensor, device: Any = None, non_blocking: bool = False, **kw: Any) -> Any:
        target = torch.device("cuda", devices.require().index_of(device))
        return to(self, target, non_blocking=non_blocking, **kw)

    def parse_to(*args: Any, **kwargs: Any) -> Any:
        return original_parse_to(*_resolve_to_args(args), **_resolve_device_kwarg(kwargs))

    # `module.to("cuda")` keeps each parameter object (`param.data = moved`), as on CUDA, so
    # tied weights stay one object.
    base_data = tensor_module._base_data
    patches.set(torch.Tensor, "data", property(base_data.__get__, tensor_module.set_data))
    patches.set(
        torch,
        "_has_compatible_shallow_copy_type",
        tensor_module.has_compatible_shallow_copy_type(torch._has_compatible_shallow_copy_type),
    )
    patches.set(torch.Tensor, "new_tensor", _new_tensor)
    patches.set(torch.Tensor, "to", to)
    patches.set(torch.Tensor, "cuda", cuda)
    patches.set(torch.Tensor, "type", _tensor_type)
    patches.set(torch.Tensor, "type_as", _tensor_type_as)
    patches.set(torch.Tensor, "pin_memory", lambda self, device=None: self)
    patches.set(torch._C._nn, "_parse_to", parse_to)
