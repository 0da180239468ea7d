"""Move the tensors inside nested arguments to one device, copying containers only when needed.

Containers are rebuilt (never mutated: the caller may reuse them) only when a tensor inside
them moved, so the common case, everything already in place, allocates nothing.

`KINDS` sorts argument types once (a dict lookup per argument afterwards): `isinstance(x,
torch.Tensor)` is cheap for a tensor but several times dearer for anything else, and the hot
path (`align_inputs` on every module) mostly asks about tensors, None, bools and opaque objects
such as caches.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, Final

import torch

_Tensor = torch.Tensor
_SCALARS = (bool, int, float, str)

PASS: Final = 0  # holds no tensor we follow: None, scalars, any other object (passed as is)
TENSOR: Final = 1  # torch.Tensor and its subclasses
NESTED: Final = 2  # tuple, list, dict and their subclasses (namedtuples, OrderedDict, ...)
KINDS: dict[type, int] = {
    _Tensor: TENSOR,
    torch.nn.Parameter: TENSOR,
    type(None): PASS,
    bool: PASS,
    int: PASS,
    float: PASS,
    str: PASS,
    tuple: NESTED,
    list: NESTED,
    dict: NESTED,
}
_MAX_KINDS = 4096  # types made on the fly (a namedtuple per call) must not grow it forever


def kind_of(cls: type) -> int:
    """PASS, TENSOR or NESTED for objects of type `cls`, remembered in `KINDS`."""
    kind = KINDS.get(cls)
    if kind is None:
        if issubclass(cls, _Tensor):
            kind = TENSOR
        elif issubclass(cls, (tuple, list, dict)):
            kind = NESTED
        else:
            kind = PASS
        if len(KINDS) < _MAX_KINDS:
            KINDS[cls] = kind
    return kind


def settled(items: Iterable[Any], device: torch.device) -> bool:
    """True when every tensor in `items` (followed into nested containers) is on `device`.

    The check `move` would make, without building anything: when it holds, `move` of each item
    returns the item itself.
    """
    for item in items:
        kind = KINDS.get(type(item))
        if kind is None:
            kind = kind_of(type(item))
        if kind == TENSOR:
            if item.device != device:
                return False
        elif kind == NESTED and not settled(
            item.values() if isinstance(item, dict) else item, device
        ):
            return False
    return True


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
