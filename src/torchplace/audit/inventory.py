"""Where a model's parameters and buffers are: per device, per module, and as placement blocks."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import torch
from torch import nn

from torchplace.audit._tensors import device_name, device_sort_key, nbytes
from torchplace.audit.report import Block, DeviceUsage, ModuleRow

_NUMBERED = re.compile(r"^(?P<prefix>.*)\.(?P<index>\d+)$")


@dataclass
class Subtree:
    """Devices and bytes of every tensor under one module (each tensor counted once)."""

    tensors: dict[int, tuple[str, int]] = field(default_factory=dict)
    _devices: Counter[str] | None = field(default=None, repr=False, compare=False)

    @property
    def devices(self) -> Counter[str]:
        """Device -> bytes under this module (a tensor with no bytes counts as one)."""
        if self._devices is None or sum(self._devices.values()) < len(self.tensors):
            found: Counter[str] = Counter()
            for device, size in self.tensors.values():
                found[device] += size or 1
            self._devices = found
        return self._devices

    @property
    def bytes(self) -> int:
        return sum(size for _, size in self.tensors.values())


def module_names(model: nn.Module) -> dict[int, str]:
    """id(module) -> its qualified name (the first one, for a module registered twice)."""
    names: dict[int, str] = {}
    for name, module in model.named_modules(remove_duplicate=False):
        names.setdefault(id(module), name)
    return names


def own_tensors(module: nn.Module) -> list[tuple[str, torch.Tensor, bool]]:
    """(local name, tensor, is_parameter) for the module's own parameters and buffers."""
    found: list[tuple[str, torch.Tensor, bool]] = [
        (n, p, True) for n, p in module.named_parameters(recurse=False)
    ]
    found += [(n, b, False) for n, b in module.named_buffers(recurse=False) if b is not None]
    return found


def device_usage(model: nn.Module, capacity: dict[str, int] | None = None) -> list[DeviceUsage]:
    """Parameters and buffers per device, sorted accelerators first."""
    usage: dict[str, DeviceUsage] = {}
    for tensors, is_param in ((model.parameters(), True), (model.buffers(), False)):
        for tensor in tensors:
            name = device_name(tensor.device)
            _count(usage.setdefault(name, DeviceUsage(name)), tensor, is_param)
    for name, total in (capacity or {}).items():
        usage.setdefault(name, DeviceUsage(name)).total_memory = total
    return [usage[name] for name in sorted(usage, key=device_sort_key)]


def subtrees(model: nn.Module) -> dict[str, Subtree]:
    """Qualified module name -> the devices and bytes of everything under it."""
    modules = dict(model.named_modules(remove_duplicate=False))
    result: dict[str, Subtree] = {}
    for name in reversed(list(modules)):
        tree = result.setdefault(name, Subtree())
        for _, tensor, _ in own_tensors(modules[name]):
            tree.tensors[id(tensor)] = (device_name(tensor.device), nbytes(tensor))
        for child_name, _ in modules[name].named_children():
            child = result.get(f"{name}.{child_name}" if name else child_name)
            if child is not None:
                tree.tensors.update(child.tensors)
    return result


def module_rows(model: nn.Module, trees: dict[str, Subtree]) -> list[ModuleRow]:
    """One row per module that owns tensors, in the model's own order."""
    rows = []
    for name, module in model.named_modules():
        tensors = own_tensors(module)
        if not tensors:
            continue
        row = ModuleRow(
            name, type(module).__name__, _sorted({device_name(t.device) for _, t, _ in tensors})
        )
        for _, tensor, is_param in tensors:
            _count(row, tensor, is_param)
        tree = trees.get(name, Subtree())
        row.subtree_devices = _sorted(tree.devices)
        row.subtree_bytes = tree.bytes
        rows.append(row)
    return rows


def _sorted(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=device_sort_key))


def main_device(tree: Subtree) -> str | None:
    """The device holding most of a subtree's bytes, or None when it holds no tensor."""
    return tree.devices.most_common(1)[0][0] if tree.devices else None


def blocks(
    model: nn.Module, trees: dict[str, Subtree], device_map: dict[str, str] | None
) -> list[Block]:
    """Placement blocks in forward order, runs of numbered siblings on one device merged."""
    names = [n for n in device_map if n] if device_map and len(device_map) > 1 else None
    if names is None:
        names = _structural_blocks(model, trees)
    else:  # the model's own order (embeddings, layers, norm, head), not the map's
        order = {name: i for i, (name, _) in enumerate(model.named_modules())}
        names.sort(key=lambda n: order.get(n, len(order)))
    single: list[Block] = []
    seen: set[int] = set()
    for name in names:
        tree = trees.get(name)
        if tree is None or not tree.tensors:
            continue
        device = main_device(tree) or "meta"
        size = sum(s for key, (_, s) in tree.tensors.items() if key not in seen)
        seen.update(tree.tensors)
        single.append(Block(name or type(model).__name__, device, size, (name,)))
    return merge_runs(single)


def _structural_blocks(model: nn.Module, trees: dict[str, Subtree]) -> list[str]:
    lists = (nn.ModuleList, nn.Sequential, nn.ModuleDict)
    holds_list = {
        n: any(isinstance(m, lists) for m in mod.modules()) for n, mod in model.named_modules()
    }
    found: list[str] = []

    def visit(name: str, module: nn.Module, parent: nn.Module | None) -> None:
        tree = trees.get(name)
        if tree is None or not tree.tensors:
            return
        if len(tree.devices) == 1 and (isinstance(parent, lists) or not holds_list[name]):
            found.append(name)
            return
        if own_tensors(module):
            found.append(name)
        for child_name, child in module.named_children():
            visit(f"{name}.{child_name}" if name else child_name, child, module)

    visit("", model, None)
    return found


def merge_runs(single: list[Block]) -> list[Block]:
    """`model.layers.0` ... `model.layers.9` on one device become `model.layers.0-9`."""
    merged: list[Block] = []
    run_prefix, run_last = None, -2
    for block in single:
        match = _NUMBERED.match(block.name)
        if (
            match
            and merged
            and run_prefix == match["prefix"]
            and int(match["index"]) == run_last + 1
        ):
            last = merged[-1]
            if last.device == block.device:
                first = _NUMBERED.match(last.modules[0])
                start = first["index"] if first else "?"
                merged[-1] = Block(
                    f"{run_prefix}.{start}-{match['index']}",
                    last.device,
                    last.bytes + block.bytes,
                    last.modules + block.modules,
                )
                run_last = int(match["index"])
                continue
        merged.append(block)
        run_prefix = match["prefix"] if match else None
        run_last = int(match["index"]) if match else -2
    return merged


def _count(row: DeviceUsage | ModuleRow, tensor: torch.Tensor, is_param: bool) -> None:
    if is_param:
        row.parameters += 1
        row.parameter_bytes += nbytes(tensor)
    else:
        row.buffers += 1
        row.buffer_bytes += nbytes(tensor)
