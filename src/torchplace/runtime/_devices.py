"""Small helpers shared by the runtime modules: naming devices and finding a module's device."""

from __future__ import annotations

from typing import Any, TypeAlias

import torch

DeviceLike: TypeAlias = "torch.device | str | int | None"


def cuda_index(device: Any) -> int | None:
    """The CUDA index a device spec names, or None for "not CUDA" (CPU, None, negative ints).

    Accepts ints, strings, `torch.device` and anything with a `.device` (tensors). A CUDA
    device without an index (`"cuda"`) means the current device, like `torch.cuda.device`.
    """
    if device is None:
        return None
    if isinstance(device, bool):
        raise TypeError(f"expected a device, got {device!r}")
    if isinstance(device, int):
        return device if device >= 0 else None
    if not isinstance(device, (str, torch.device)):
        inner = getattr(device, "device", None)
        if inner is None:
            raise TypeError(f"expected a device, index, or tensor; got {type(device).__name__}")
        device = inner
    if isinstance(device, str):
        device = torch.device(device)
    if device.type != "cuda":
        return None
    return device.index if device.index is not None else torch.cuda.current_device()


class TensorRef:
    """Where a module's reference tensor lives, so it can be found again cheaply after a move."""

    __slots__ = ("kind", "name", "owner")

    def __init__(self, owner: torch.nn.Module, kind: str, name: str) -> None:
        self.owner = owner
        self.kind = kind
        self.name = name

    def tensor(self) -> torch.Tensor | None:
        table = self.owner._parameters if self.kind == "p" else self.owner._buffers
        return table.get(self.name)


def find_reference(module: torch.nn.Module) -> TensorRef | None:
    """The first parameter (then buffer) of the module or its descendants, as a `TensorRef`."""
    for owner in module.modules():
        for name, param in owner._parameters.items():
            if param is not None:
                return TensorRef(owner, "p", name)
    for owner in module.modules():
        for name, buffer in owner._buffers.items():
            if buffer is not None:
                return TensorRef(owner, "b", name)
    return None


def device_of(ref: Any) -> torch.device | None:
    """The device a tensor, module, device spec or index names (None: a module holding nothing)."""
    if isinstance(ref, torch.Tensor):
        return ref.device
    if isinstance(ref, torch.nn.Module):
        found = find_reference(ref)
        tensor = None if found is None else found.tensor()
        return None if tensor is None else tensor.device
    if isinstance(ref, torch.device):
        return ref
    if isinstance(ref, str):
        return torch.device(ref)
    if isinstance(ref, int) and not isinstance(ref, bool):
        return torch.device("cuda", ref)
    raise TypeError(
        f"expected a tensor, module, torch.device, device string or index; got {type(ref).__name__}"
    )


META = torch.device("meta")


class DeviceTracker:
    """The device a module lives on now (or a fixed one), cheap enough to ask on every call.

    `resolve()` reads the module's reference tensor straight from its owner's parameter (or
    buffer) table and compares devices without building strings; it returns None for a module
    holding no tensor and for one on the meta device (offloaded: decided at run time).
    """

    __slots__ = ("device", "module", "name", "table")

    def __init__(self, module: torch.nn.Module, device: torch.device | None) -> None:
        self.module = module
        self.device = device
        self.table: dict[str, Any] | None = None
        self.name = ""
        if device is None:
            self._find()

    def _find(self) -> None:
        ref = find_reference(self.module)
        if ref is None:
            self.table = None
            return
        self.table = ref.owner._parameters if ref.kind == "p" else ref.owner._buffers
        self.name = ref.name

    @property
    def found(self) -> bool:
        return self.device is not None or self.table is not None

    def resolve(self) -> torch.device | None:
        if self.device is not None:
            return self.device
        tensor = None if self.table is None else self.table.get(self.name)
        if tensor is None:  # the parameter was replaced or deleted: look again
            self._find()
            tensor = None if self.table is None else self.table.get(self.name)
            if tensor is None:
                return None
        found: torch.device = tensor.device
        return None if found == META else found
