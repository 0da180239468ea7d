"""Move the tensors inside nested arguments to one device, copying containers only when needed.

Containers are rebuilt (never mutated: the caller may reuse them) only when a tensor inside
them moved, so the common case, everything already in place, allocates nothing.
"""

from __future__ import annotations

import copy
from typing import Any

import torch

_Tensor = torch.Tensor
_SCALARS = (bool, int, float, str)


def move(obj: Any, device: torch.device, non_blocking: bool = False) -> Any:
    """`obj` with every tensor in it (lists, tuples, namedtuples, dicts) on `device`.

    Returns `obj` itself when nothing had to move. Other objects pass through untouched.
    """
    if isinstance(obj, _Tensor):
        return obj if obj.device == device else obj.to(device, non_blocking=non_blocking)
    kind = type(obj)
    if kind is tuple or kind is list:
        return move_sequence(obj, device, non_blocking)
    if kind is dict:
        return move_mapping(obj, device, non_blocking)
    if isinstance(obj, (tuple, list)):
        moved = move_sequence(list(obj), device, non_blocking)
        if moved is obj or all(a is b for a, b in zip(moved, obj, strict=True)):
            return obj
        return kind(*moved) if hasattr(obj, "_fields") else kind(moved)
    if isinstance(obj, dict):
        return _move_dict_subclass(obj, device, non_blocking)
    return obj


def move_sequence(items: Any, device: torch.device, non_blocking: bool = False) -> Any:
    """A list/tuple: the same object when nothing moved, else a new one of the same type."""
    moved = None
    for position, item in enumerate(items):
        if isinstance(item, _Tensor):  # the hot path, inlined: most arguments are tensors
            if item.device == device:
                continue
            new = item.to(device, non_blocking=non_blocking)
        elif item is None or isinstance(item, _SCALARS):
            continue
        else:
            new = move(item, device, non_blocking)
            if new is item:
                continue
        if moved is None:
            moved = list(items)
        moved[position] = new
    if moved is None:
        return items
    return tuple(moved) if isinstance(items, tuple) else moved


def move_mapping(mapping: dict[str, Any], device: torch.device, non_blocking: bool = False) -> Any:
    """A plain dict (e.g. forward kwargs): the same object when nothing moved, else a new one."""
    moved = None
    for key, value in mapping.items():
        if isinstance(value, _Tensor):
            if value.device == device:
                continue
            new = value.to(device, non_blocking=non_blocking)
        elif value is None or isinstance(value, _SCALARS):
            continue
        else:
            new = move(value, device, non_blocking)
            if new is value:
                continue
        if moved is None:
            moved = dict(mapping)
        moved[key] = new
    return mapping if moved is None else moved


def _move_dict_subclass(obj: dict[Any, Any], device: torch.device, non_blocking: bool) -> Any:
    moved = move_mapping(dict(obj), device, non_blocking)
    if all(moved[k] is v for k, v in obj.items()):
        return obj
    result = copy.copy(obj)
    for key, value in moved.items():
        result[key] = value
    return result
