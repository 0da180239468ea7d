"""Placement checks over a model's tensors, before anything runs.

Each check returns `AuditFinding`s named after the bad pattern (ruff's convention), with the
catalogue's failure-pattern id where there is one.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import torch
from torch import nn

from torchplace.audit._tensors import device_name
from torchplace.audit.inventory import Subtree, main_device, own_tensors
from torchplace.audit.report import AuditFinding, DeviceUsage, ModuleRow
from torchplace.report import Severity

_PARALLEL_TYPES = ("DataParallel", "DistributedDataParallel", "FullyShardedDataParallel")
_SHOWN = 4


def parallel_wrapper(model: nn.Module) -> str | None:
    """The name of the parallel wrapper the model is (or declares), if any."""
    name = type(model).__name__
    if name in _PARALLEL_TYPES or getattr(model, "is_parallel", False):
        return name
    if getattr(model, "_device_mesh", None) is not None or getattr(model, "_tp_plan", None):
        return f"{name} (tensor parallel)" if getattr(model, "_device_mesh", None) else None
    return None


def hook_execution_device(module: nn.Module) -> str | None:
    """The device accelerate's hook on this module moves inputs to, if it has one."""
    hook = module.__dict__.get("_hf_hook")  # not getattr: a miss costs nn.Module.__getattr__
    for candidate in getattr(hook, "hooks", None) or [hook]:
        device = getattr(candidate, "execution_device", None)
        if device is not None:
            return device_name(device)
    return None


def split_modules(rows: list[ModuleRow], wrapper: str | None) -> list[AuditFinding]:
    """Modules whose own tensors sit on several devices: their forward mixes devices."""
    if wrapper:
        return []
    return [
        AuditFinding(
            "module-split-across-devices",
            Severity.ERROR,
            row.name,
            f"`{row.name or row.type}` ({row.type}) has its own tensors on "
            f"{', '.join(row.devices)}; an op that uses them together fails with "
            "'Expected all tensors to be on the same device'. Move them to one device.",
        )
        for row in rows
        if len(row.devices) > 1
    ]


def unsplittable_modules(model: nn.Module, trees: dict[str, Subtree]) -> list[AuditFinding]:
    """Modules the model says must not be split (`_no_split_modules`) whose tensors are split."""
    classes = set(getattr(model, "_no_split_modules", None) or ())
    findings = []
    for name, module in model.named_modules():
        devices = trees[name].devices if name in trees else {}
        if type(module).__name__ in classes and len(devices) > 1:
            findings.append(
                AuditFinding(
                    "unsplittable-module-split-across-devices",
                    Severity.ERROR,
                    name,
                    f"`{name}` is a {type(module).__name__}, which the model lists in "
                    f"`_no_split_modules`, but its tensors are on {', '.join(sorted(devices))}: "
                    "its residual additions will mix devices. Pass `no_split_module_classes` "
                    "to the device map.",
                )
            )
    return findings


def split_without_mover(
    model: nn.Module, usage: list[DeviceUsage], wrapper: str | None
) -> list[AuditFinding]:
    """The seed's warning: tensors on several devices and nothing that moves activations."""
    devices = [u.device for u in usage if u.device != "meta" and u.parameters]
    if len(devices) < 2 or wrapper:
        return []
    if any(hasattr(m, "_hf_hook") for m in model.modules()):
        return []
    return [
        AuditFinding(
            "model-split-without-parallel-wrapper",
            Severity.WARNING,
            "",
            f"parameters and buffers are split across {', '.join(devices)} without a parallel "
            "wrapper or accelerate hooks: unless forward moves activations itself, the first "
            "layer on another device fails. Place the model with `device_map` (accelerate "
            "`dispatch_model`) or move activations between stages.",
            pattern="inputs-not-on-model-device",
        )
    ]


def tied_weights(model: nn.Module, device_map: dict[str, str] | None) -> list[AuditFinding]:
    """Weights declared tied that live on different devices, or a tie split by the device map."""
    findings = []
    declared = getattr(model, "all_tied_weights_keys", None) or {}
    config = getattr(model, "config", None)
    if config is not None and not getattr(config, "tie_word_embeddings", True):
        declared = {}
    for target, source in dict(declared).items():
        target_tensor, source_tensor = _lookup(model, target), _lookup(model, source)
        if target_tensor is None or source_tensor is None or target_tensor is source_tensor:
            continue
        devices = {device_name(target_tensor.device), device_name(source_tensor.device)}
        if len(devices) > 1:
            findings.append(_tie_finding(target, source, sorted(devices), _broken_tie(model)))
    for names in _shared_parameters(model):
        mapped = {n: _mapped_device(device_map, n) for n in names} if device_map else {}
        devices = {d for d in mapped.values() if d is not None}
        if len(devices) > 1:
            findings.append(
                _tie_finding(
                    names[1],
                    names[0],
                    sorted(devices),
                    "are one tensor that the "
                    "device map assigns to different devices; accelerate copies it every forward",
                )
            )
    return findings


def _broken_tie(model: nn.Module) -> str:
    if any("_hf_hook" in m.__dict__ for m in model.modules()):
        return (
            "are two tensors: accelerate keeps a copy on each device, so the weight takes its "
            "memory twice and training would let the copies diverge"
        )
    return "are no longer shared: the copies hold separate values from now on"


def _tie_finding(target: str, source: str, devices: list[str], why: str) -> AuditFinding:
    return AuditFinding(
        "tied-weights-on-different-devices",
        Severity.ERROR if "no longer shared" in why else Severity.WARNING,
        target.rpartition(".")[0],
        f"tied weights `{target}` and `{source}` {why} ({' and '.join(devices)}). Keep tied "
        "modules on one device (accelerate's `infer_auto_device_map` does) and call "
        "`model.tie_weights()` after moving.",
        tensors=(target, source),
    )


def _lookup(model: nn.Module, name: str) -> torch.Tensor | None:
    value: torch.Tensor
    try:
        value = model.get_parameter(name)
    except AttributeError:
        try:
            value = model.get_buffer(name)
        except AttributeError:
            return None
    return value


def _shared_parameters(model: nn.Module) -> list[list[str]]:
    groups: dict[int, list[str]] = defaultdict(list)
    for name, parameter in model.named_parameters(remove_duplicate=False):
        groups[id(parameter)].append(name)
    return [names for names in groups.values() if len(names) > 1]


def buffers_left_behind(model: nn.Module, trees: dict[str, Subtree]) -> list[AuditFinding]:
    """Buffers on another device than the parameters of the layer they belong to."""
    modules = dict(model.named_modules())
    findings = []
    for name, module in modules.items():
        buffers = [(n, b) for n, b, is_param in own_tensors(module) if not is_param]
        if not buffers:
            continue
        home, owner = _home_device(name, modules, trees)
        if home is None:
            continue
        for local, buffer in buffers:
            device = device_name(buffer.device)
            if device != home and device != "meta":
                full = f"{name}.{local}" if name else local
                findings.append(
                    AuditFinding(
                        "buffer-left-on-other-device",
                        Severity.WARNING,
                        name,
                        f"buffer `{full}` is on {device} but the parameters of `{owner or name}` "
                        f"are on {home}; forward will mix the two or copy it every call. "
                        "Register it with `register_buffer(..., persistent=False)` so it moves "
                        "with its module.",
                        pattern="buffer-left-on-other-device",
                        tensors=(full,),
                    )
                )
    return findings


def _home_device(
    name: str, modules: dict[str, nn.Module], trees: dict[str, Subtree]
) -> tuple[str | None, str | None]:
    """The device of the nearest enclosing layer's parameters, when that is one device."""
    current: str | None = name
    while current is not None:
        module = modules[current]
        hooked = hook_execution_device(module)
        if hooked is not None:
            return hooked, current
        params = {device_name(p.device) for p in module.parameters() if p.device.type != "meta"}
        if len(params) == 1:
            return params.pop(), current
        if len(params) > 1:
            return None, None
        current = None if current == "" else current.rpartition(".")[0]
    return None, None


def device_map_mismatches(
    model: nn.Module, device_map: dict[str, str] | None
) -> list[AuditFinding]:
    """Entries of `hf_device_map` whose module has tensors somewhere else."""
    if not device_map:
        return []
    wrong: dict[str, list[str]] = defaultdict(list)
    totals: dict[str, int] = defaultdict(int)
    modules = dict(model.named_modules())
    for is_buffer, tensors in enumerate((model.named_parameters(), model.named_buffers())):
        for tensor_name, tensor in tensors:
            key = _map_key(device_map, tensor_name)
            if key is None:
                continue
            totals[key] += 1
            actual = device_name(tensor.device)
            if _agrees(device_map[key], actual):
                continue
            # accelerate keeps an offloaded module's buffers on its execution device
            # (offload_buffers=False, the default): that is where the map sends them.
            offloaded = device_map[key] in {"cpu", "disk"} and key in modules
            if is_buffer and offloaded and hook_execution_device(modules[key]) == actual:
                continue
            wrong[key].append(f"{tensor_name} on {actual}")
    return [_map_finding(key, device_map[key], wrong[key], totals[key]) for key in wrong]


def _map_finding(key: str, mapped: str, wrong: list[str], total: int) -> AuditFinding:
    shown = "; ".join(wrong[:_SHOWN]) + (
        f"; and {len(wrong) - _SHOWN} more" if len(wrong) > _SHOWN else ""
    )
    return AuditFinding(
        "device-map-disagrees-with-tensors",
        Severity.ERROR,
        key,
        f"hf_device_map puts `{key or '(model)'}` on {mapped} but {len(wrong)} of its {total} "
        f"tensors are elsewhere: {shown}. Something moved them after dispatch; move them back "
        "or re-dispatch the model.",
        tensors=tuple(w.split(" on ")[0] for w in wrong),
    )


def _map_key(device_map: dict[str, str], tensor_name: str) -> str | None:
    best = None
    for key in device_map:
        inside = key == "" or tensor_name == key or tensor_name.startswith(key + ".")
        if inside and (best is None or len(key) > len(best)):
            best = key
    return best


def _mapped_device(device_map: dict[str, str] | None, tensor_name: str) -> str | None:
    key = _map_key(device_map or {}, tensor_name)
    return None if key is None or device_map is None else device_map[key]


def _agrees(mapped: str, actual: str) -> bool:
    if mapped in {"cpu", "disk"}:
        return actual in {"cpu", "meta"}  # offloaded weights wait on meta until their hook runs
    return mapped == actual


def normalize_device_map(raw: Any, accelerator: str = "cuda") -> dict[str, str] | None:
    """`hf_device_map` with every value spelled as a device name (`0` -> `cuda:0`)."""
    if not isinstance(raw, dict):
        return None
    result = {}
    for key, value in raw.items():
        if isinstance(value, int) and not isinstance(value, bool):
            result[str(key)] = f"{accelerator}:{value}"
        else:
            result[str(key)] = device_name(str(value))
    return result


def meta_tensors(usage: list[DeviceUsage], device_map: dict[str, str] | None) -> list[AuditFinding]:
    """Tensors on the meta device with no offload to explain them: they hold no values."""
    meta = next((u for u in usage if u.device == "meta"), None)
    offloaded = bool(device_map) and any(v in {"cpu", "disk"} for v in (device_map or {}).values())
    if meta is None or offloaded:
        return []
    return [
        AuditFinding(
            "tensors-on-meta-device",
            Severity.NOTE,
            "",
            f"{meta.parameters} parameters and {meta.buffers} buffers are on the meta device: "
            "they hold no values (built under `init_empty_weights` and never loaded).",
            pattern="offloaded-module-used-outside-scope",
        )
    ]


def run_all(
    model: nn.Module,
    usage: list[DeviceUsage],
    rows: list[ModuleRow],
    trees: dict[str, Subtree],
    device_map: dict[str, str] | None,
) -> list[AuditFinding]:
    """Every static check, in a stable order."""
    wrapper = parallel_wrapper(model)
    return [
        *split_modules(rows, wrapper),
        *unsplittable_modules(model, trees),
        *split_without_mover(model, usage, wrapper),
        *tied_weights(model, device_map),
        *buffers_left_behind(model, trees),
        *device_map_mismatches(model, device_map),
        *meta_tensors(usage, device_map),
    ]


__all__ = ["main_device", "run_all"]
