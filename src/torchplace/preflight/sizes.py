"""Memory sizes in preflight's options; the parsing itself is `torchplace.sizes`."""

from __future__ import annotations

from torchplace import sizes
from torchplace.preflight.errors import PreflightInputError
from torchplace.sizes import GIB, gib

__all__ = ["GIB", "gib", "parse_size"]


def parse_size(text: str, option: str = "--gpu-memory") -> int:
    """Bytes in `text`; raises PreflightInputError naming the option when it is not a size."""
    try:
        return sizes.parse_size(text)
    except ValueError as error:
        raise PreflightInputError(f"{option} {error}") from error
