"""Read and write memory sizes the way people type them: `141GiB`, `80 GB`, `81920MiB`."""

from __future__ import annotations

import re

from torchplace.preflight.errors import PreflightInputError

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
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$")

GIB = 1024**3


def parse_size(text: str, option: str = "--gpu-memory") -> int:
    """Bytes in `text`; raises PreflightInputError with an example when it is not a size."""
    match = _SIZE.match(text)
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in _UNITS:
        raise PreflightInputError(
            f"{option} {text!r} is not a memory size; write it like 141GiB, 80GB or 81920MiB"
        )
    value = float(match.group(1)) * _UNITS[unit]
    if value <= 0:
        raise PreflightInputError(f"{option} {text!r} must be more than zero")
    return int(value)


def gib(num_bytes: float) -> str:
    """`139.8 GiB`: the unit vLLM's own messages use."""
    return f"{num_bytes / GIB:.1f} GiB"
