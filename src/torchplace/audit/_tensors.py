"""Small helpers over tensors and devices shared by the audit modules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import torch


def device_name(device: torch.device | str | int) -> str:
    """`cuda:0`, `cpu`, `meta`: one spelling for every device (a bare `cuda` means `cuda:0`)."""
    if isinstance(device, int):
        return f"cuda:{device}"
    text = str(device)
    if text in {"cuda", "xpu", "npu", "mps", "hpu"}:
        return f"{text}:0"
    return text


def nbytes(tensor: torch.Tensor) -> int:
    """Bytes the tensor's elements take (works on meta and virtual tensors, which hold none)."""
    return int(tensor.numel()) * int(tensor.element_size())


def iter_tensors(value: Any, depth: int = 0) -> Iterator[torch.Tensor]:
    """Tensors inside nested tuples, lists, dicts and dataclass-like model outputs."""
    if isinstance(value, torch.Tensor):
        yield value
    elif depth > 4:
        return
    elif isinstance(value, dict):
        for item in value.values():
            yield from iter_tensors(item, depth + 1)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from iter_tensors(item, depth + 1)


def named_tensors(value: Any, prefix: str = "output") -> Iterator[tuple[str, torch.Tensor]]:
    """(path, tensor) pairs inside a model output: `output.logits`, `output[0]`."""
    if isinstance(value, torch.Tensor):
        yield prefix, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from named_tensors(item, f"{prefix}.{key}")
    elif isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            yield from named_tensors(item, f"{prefix}[{index}]")


def device_sort_key(name: str) -> tuple[int, str, int]:
    """Accelerators by index first, then the CPU, then meta and anything else."""
    kind, _, index = name.partition(":")
    rank = {"cpu": 1, "meta": 2, "disk": 3}.get(kind, 0)
    return (rank, kind, int(index) if index.isdigit() else -1)


def human_bytes(count: int) -> str:
    """`1.5 GiB`, `64.0 KiB`, `12 B`."""
    value = float(count)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(value) < 1024 or unit == "GiB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GiB"


def compress_names(names: list[str]) -> list[str]:
    """`model.layers.0`, `model.layers.1`, `model.layers.2` -> `model.layers.0-2`."""
    out: list[str] = []
    prefix, first, last = None, -1, -1
    for name in names:
        head, _, tail = name.rpartition(".")
        if tail.isdigit() and head == prefix and int(tail) == last + 1:
            last = int(tail)
            out[-1] = f"{prefix}.{first}-{last}"
            continue
        out.append(name or "(model)")
        prefix, first, last = (head, int(tail), int(tail)) if tail.isdigit() else (None, -1, -1)
    return out


def compress_inner(names: list[str]) -> list[str]:
    """`model.layers.0.mlp.experts` ... `model.layers.31.mlp.experts` ->
    `model.layers.0-31.mlp.experts`: consecutive layer numbers inside names that otherwise agree."""
    import re

    out: list[str] = []
    shape, first, last = None, -1, -1
    for name in names:
        match = re.search(r"\.(\d+)\.", name)
        key = (name[: match.start()], name[match.end() :]) if match else None
        number = int(match.group(1)) if match else -1
        if key is not None and key == shape and number == last + 1:
            last = number
            out[-1] = f"{key[0]}.{first}-{last}.{key[1]}"
            continue
        out.append(name or "(model)")
        shape, first, last = key, number, number
    return out
