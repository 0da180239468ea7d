"""`torch.save` / `torch.load` of virtual-GPU tensors, with the device tags real CUDA writes.

A real checkpoint records each storage's location (`cuda:0`); `torch.load` without
`map_location` puts it back on that GPU, and `map_location` redirects it. Here the bytes are the
tensor's CPU values and the location is the virtual device: a storage is marked with the device
it stands for (`_torchplace_device`, an attribute on the storage's Python object, which torch
keeps for the storage's lifetime). On save, `location_tag` reports the mark; on load, torch's
own restore path validates the location (its "Attempting to deserialize object on CUDA device
1 but torch.cuda.device_count() is 1" included) and moves the storage with `_to`, which here
copies the bytes and marks the copy; the rebuilt tensor becomes a virtual tensor on that GPU.
Saving a tensor that holds no values (meta-built, or over `keep_values_up_to`) would write a
checkpoint without data: that raises `DataNeededError` instead.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections import OrderedDict
from typing import Any

import torch
import torch._utils
import torch.serialization
import torch.storage

from torchplace.sim import devices, errors
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor, wrap

_MARK = "_torchplace_device"


def _mark_of(storage: Any) -> torch.device | None:
    untyped = getattr(storage, "_untyped_storage", storage)
    return getattr(untyped, _MARK, None)


def reduce(tensor: VirtualTensor) -> tuple[Any, tuple[Any, ...]]:
    """`VirtualTensor.__reduce_ex__`: pickle the values as a tensor on its virtual device."""
    if getattr(tensor, "_is_param", False):  # as nn.Parameter pickles itself
        return (
            torch._utils._rebuild_parameter,
            (tensor.detach(), tensor.requires_grad, OrderedDict()),
        )
    if not tensor.has_values():
        raise errors.data_needed("torch.save of a virtual-GPU tensor")
    # A CPU tensor's reduction: (rebuild, (storage, offset, size, stride, requires_grad, ...)).
    rebuild, args = tensor._elem.detach().__reduce_ex__(2)  # type: ignore[no-untyped-call]
    storage = args[0]
    setattr(getattr(storage, "_untyped_storage", storage), _MARK, tensor._vdev)
    return rebuild, (*args[:4], tensor.requires_grad, *args[5:])


def _location_tag(original: Any) -> Any:
    def location_tag(storage: Any) -> str:
        device = _mark_of(storage)
        return str(device) if device is not None else str(original(storage))

    return location_tag


def _storage_to(original: Any) -> Any:
    """`storage.to(device)` / `.cuda()`: a marked CPU copy stands for a copy on a virtual GPU."""

    def storage_to(self: Any, device: torch.device, non_blocking: bool = False) -> Any:
        if device.type == "cuda":
            target = devices.require().resolve(device)
            copy = torch.UntypedStorage(self.nbytes())  # type: ignore[no-untyped-call]
            copy.copy_(self)
            setattr(copy, _MARK, target)
            return copy
        if device.type == "cpu" and _mark_of(self) is not None:  # off the GPU: a plain copy
            copy = torch.UntypedStorage(self.nbytes())  # type: ignore[no-untyped-call]
            copy.copy_(self)
            return copy
        return original(self, device, non_blocking)

    return storage_to


def _on_marked_device(rebuilt: torch.Tensor) -> torch.Tensor:
    device = _mark_of(rebuilt.untyped_storage())
    if device is None:
        return rebuilt
    out = wrap(rebuilt.detach(), device)
    out.requires_grad_(rebuilt.requires_grad)
    return out


def _rebuild(original: Any) -> Any:
    def rebuild(*args: Any, **kwargs: Any) -> torch.Tensor:
        return _on_marked_device(original(*args, **kwargs))

    return rebuild


def _clear_allowlist() -> None:
    # weights_only loading caches torch's globals (torch.device, the rebuild functions) on
    # first use: forget them so loads inside and after the simulation see the current ones.
    cached = getattr(torch._weights_only_unpickler, "_get_allowed_globals", None)
    if cached is not None and hasattr(cached, "cache_clear"):
        cached.cache_clear()


def install(patches: Patches) -> None:
    """Mark saved storages with their virtual device and restore them onto it."""
    serialization, utils = torch.serialization, torch._utils
    patches.set(serialization, "location_tag", _location_tag(serialization.location_tag))
    patches.set(torch.storage, "_to", _storage_to(torch.storage._to))  # type: ignore[attr-defined]
    # v2 (most dtypes) rebuilds through `_rebuild_tensor`; v3 (uint16 and other newer dtypes)
    # builds its tensor itself.
    patches.set(utils, "_rebuild_tensor", _rebuild(utils._rebuild_tensor))
    patches.set(utils, "_rebuild_tensor_v3", _rebuild(utils._rebuild_tensor_v3))
    _clear_allowlist()


def uninstall() -> None:
    _clear_allowlist()
