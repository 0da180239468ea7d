"""Describe tensors and modules: device, shape, dtype; where a module's state lives."""

from __future__ import annotations

from collections import Counter
from types import FrameType
from typing import Any

import torch

from torchplace.explain.model import ModuleInfo, Operand, Origin

OriginLookup = Any  # Callable[[torch.Tensor], Origin | None]


def describe(label: str, value: Any, origin_of: OriginLookup = None) -> Operand | None:
    """An Operand for a tensor, parameter, module or device; None for anything else."""
    if isinstance(value, torch.Tensor):
        kind = "parameter" if isinstance(value, torch.nn.Parameter) else "tensor"
        origin: Origin | None = origin_of(value) if origin_of is not None else None
        return Operand(
            expr=label,
            kind=kind,
            device=_device_text(value),
            shape=_shape(value),
            dtype=str(value.dtype).removeprefix("torch."),
            origin=origin,
        )
    if isinstance(value, torch.nn.Module):
        devices = module_devices(value)
        return Operand(
            expr=label, kind="module", device=", ".join(devices) or None, note=type(value).__name__
        )
    if isinstance(value, torch.device):
        return Operand(expr=label, kind="device", device=str(value))
    return None


def _device_text(tensor: torch.Tensor) -> str:
    try:
        return str(tensor.device)
    except Exception:
        return "unknown"


def _shape(tensor: torch.Tensor) -> list[int] | None:
    try:
        return [int(s) for s in tensor.shape]
    except Exception:
        return None


def module_devices(module: torch.nn.Module) -> list[str]:
    counts = Counter(str(t.device) for t in _state(module))
    return [dev for dev, _ in counts.most_common()]


def _state(module: torch.nn.Module) -> list[torch.Tensor]:
    return [*module.parameters(), *module.buffers()]


def enclosing_module(frames: list[FrameType]) -> torch.nn.Module | None:
    """The innermost `self` that is an nn.Module, frames given innermost first."""
    for frame in frames:
        candidate = frame.f_locals.get("self")
        if isinstance(candidate, torch.nn.Module):
            return candidate
    return None


def module_info(module: torch.nn.Module, outer_frames: list[FrameType]) -> ModuleInfo:
    """Name `module` in the outermost root model found in the frames, and where its state is."""
    qualname, root = _qualified_name(module, outer_frames)
    params = Counter(str(p.device) for p in module.parameters())
    buffers = Counter(str(b.device) for b in module.buffers())
    info = ModuleInfo(
        qualname=qualname,
        class_name=type(module).__name__,
        root_class=type(root).__name__ if root is not None and root is not module else None,
        parameter_devices=dict(params.most_common()),
        buffer_devices=dict(buffers.most_common()),
    )
    info.strays = _strays(module, params + buffers)
    return info


def _strays(module: torch.nn.Module, counts: Counter[str]) -> dict[str, str]:
    if len(counts) < 2:
        # Tensor attributes that are not registered buffers are strays too when off-device.
        return _unregistered_strays(module, counts)
    ranked = counts.most_common(2)
    main = ranked[0][0]
    if ranked[0][1] == ranked[1][1]:
        # A tie (a base layer and its adapter): the first registered tensor, the base, decides.
        first = next(iter([*module.parameters(), *module.buffers()]))
        main = str(first.device)
    strays = {}
    for name, tensor in [*module.named_parameters(), *module.named_buffers()]:
        if str(tensor.device) != main:
            strays[name] = str(tensor.device)
    strays.update(_unregistered_strays(module, counts))
    return dict(list(strays.items())[:20])


def _unregistered_strays(module: torch.nn.Module, counts: Counter[str]) -> dict[str, str]:
    if not counts:
        return {}
    main = counts.most_common(1)[0][0]
    found = {}
    for name, value in vars(module).items():
        if isinstance(value, torch.Tensor) and str(value.device) != main:
            found[name] = f"{value.device}, plain attribute, not a buffer"
    return found


def _qualified_name(
    module: torch.nn.Module, outer_frames: list[FrameType]
) -> tuple[str, torch.nn.Module | None]:
    best: tuple[str, torch.nn.Module | None] = (type(module).__name__, None)
    seen: set[int] = set()
    for frame in outer_frames:
        for value in _modules_in(frame):
            if id(value) in seen:
                continue
            seen.add(id(value))
            name = _find_in(value, module)
            if name is not None:
                # Outer frames come later: the last root found is the outermost one.
                best = (name or "(root)", value)
    return best


def _modules_in(frame: FrameType) -> list[torch.nn.Module]:
    values = [frame.f_locals.get("self")]
    values += [v for k, v in frame.f_locals.items() if k != "self"]
    return [v for v in values if isinstance(v, torch.nn.Module)]


def _find_in(root: torch.nn.Module, target: torch.nn.Module) -> str | None:
    if root is target:
        return ""
    for name, sub in root.named_modules(remove_duplicate=False):
        if sub is target:
            return str(name)
    return None
