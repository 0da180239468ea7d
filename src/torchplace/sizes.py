"""Memory sizes as people type them (`141GiB`, `80 GB`, `81920MiB`), for every part that takes
one: `sim --memory`, `preflight --gpu-memory`, `virtual_gpus(memory=...)`. No dependencies."""

from __future__ import annotations

import re

GIB = 1024**3

_UNITS = {
    "": 1,
    "b": 1,
    "k": 1000,
    "kb": 1000,
    "m": 1000**2,
    "mb": 1000**2,
    "g": 1000**3,
    "gb": 1000**3,
    "t": 1000**4,
    "tb": 1000**4,
    "kib": 1024,
    "mib": 1024**2,
    "gib": 1024**3,
    "tib": 1024**4,
}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-zA-Z]*)\s*$")


def parse_size(text: str | int, allow_zero: bool = False) -> int:
    """Bytes in `text` (an int passes through); raises ValueError saying how to write a size."""
    if isinstance(text, int):
        value = float(text)
    else:
        match = _SIZE.match(text)
        unit = match.group(2).lower() if match else ""
        if match is None or unit not in _UNITS:
            raise ValueError(
                f"{text!r} is not a memory size; write it like 141GiB, 80GB or 81920MiB"
            )
        value = float(match.group(1)) * _UNITS[unit]
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{text!r} must be more than zero")
    return int(value)


def gib(num_bytes: float) -> str:
    """`139.8 GiB`: the unit vLLM's own messages use."""
    return f"{num_bytes / GIB:.1f} GiB"
