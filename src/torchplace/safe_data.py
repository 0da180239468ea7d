"""Bounded loaders for JSON, TOML and YAML read from files we do not control.

Every loader here refuses, with one `DataError` naming the source, input that would take
unbounded memory or recursion: files larger than `Limits.max_file_bytes`, nesting deeper than
`Limits.max_depth`, and YAML whose aliases (`*a`, merge keys `<<: *a`) expand to more than
`Limits.max_nodes` nodes or `Limits.max_expanded_bytes` bytes of scalars. The expansion is
counted on the composed node graph, before any Python object is built, so a 600-byte alias
bomb is refused in microseconds instead of growing to gigabytes when a caller serialises it.
YAML goes through PyYAML's safe loader only: tags such as `!!python/object` are refused.
Files are opened without following a FIFO's block (non-regular files are refused) and decoded
as UTF-8 (a BOM is allowed); anything else is a `DataError`, never a traceback.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "DEFAULT_LIMITS",
    "DataError",
    "Limits",
    "load_json",
    "load_toml",
    "load_yaml",
    "loads_json",
    "loads_toml",
    "loads_yaml",
    "read_text",
]


class DataError(ValueError):
    """The input cannot be read within the limits (or is not valid); the message says why."""


@dataclass(frozen=True)
class Limits:
    """How much a loader accepts. The defaults fit every real config file by orders of size."""

    max_file_bytes: int = 64 * 1024**2
    max_depth: int = 64
    max_nodes: int = 1_000_000
    max_expanded_bytes: int = 64 * 1024**2


DEFAULT_LIMITS = Limits()


def read_text(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> str:
    """The UTF-8 text of a regular file no larger than `limits.max_file_bytes`."""
    raw = _read_bytes(Path(path), limits.max_file_bytes)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataError(
            f"{path} is not UTF-8 text (byte {error.start}: {raw[error.start : error.start + 1]!r})"
        ) from None


def _read_bytes(path: Path, limit: int) -> bytes:
    try:
        # O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{path} is not a regular file")
        if info.st_size > limit:
            raise DataError(f"{path} is {info.st_size} bytes; the limit is {limit}")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(limit + 1)
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise DataError(f"{path} is larger than the limit of {limit} bytes")
    return raw


def _check_depth(data: Any, limits: Limits, source: str) -> None:
    """Iteratively measure the nesting of lists and dicts; refuse beyond `max_depth`."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limits.max_depth:
            raise DataError(f"{source} is nested deeper than {limits.max_depth} levels")
        if isinstance(value, dict):
            stack.extend((child, depth + 1) for child in value.values())
        elif isinstance(value, list):
            stack.extend((child, depth + 1) for child in value)


def _too_deep(source: str, limits: Limits) -> DataError:
    return DataError(f"{source} is nested deeper than {limits.max_depth} levels")


def loads_json(text: str, limits: Limits = DEFAULT_LIMITS, source: str = "<json>") -> Any:
    """`json.loads` with the limits; errors become DataError."""
    if len(text) > limits.max_file_bytes:
        raise DataError(f"{source} is larger than the limit of {limits.max_file_bytes} bytes")
    try:
        data = json.loads(text)
    except RecursionError:
        raise _too_deep(source, limits) from None
    except ValueError as error:  # JSONDecodeError, and ints longer than Python allows
        raise DataError(f"{source} is not valid JSON: {_one_line(error)}") from None
    _check_depth(data, limits, source)
    return data


def loads_toml(text: str, limits: Limits = DEFAULT_LIMITS, source: str = "<toml>") -> Any:
    """`tomllib.loads` with the limits; errors become DataError."""
    if len(text) > limits.max_file_bytes:
        raise DataError(f"{source} is larger than the limit of {limits.max_file_bytes} bytes")
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise _too_deep(source, limits) from None
    except (tomllib.TOMLDecodeError, ValueError) as error:
        raise DataError(f"{source} is not valid TOML: {_one_line(error)}") from None
    _check_depth(data, limits, source)
    return data


def loads_yaml(text: str, limits: Limits = DEFAULT_LIMITS, source: str = "<yaml>") -> Any:
    """One YAML document through the safe loader, with nesting and alias expansion bounded."""
    from torchplace import _bounded_yaml

    if len(text) > limits.max_file_bytes:
        raise DataError(f"{source} is larger than the limit of {limits.max_file_bytes} bytes")
    return _bounded_yaml.load(text, limits, source)


def load_json(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> Any:
    return loads_json(read_text(path, limits), limits, str(path))


def load_toml(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> Any:
    return loads_toml(read_text(path, limits), limits, str(path))


def load_yaml(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> Any:
    return loads_yaml(read_text(path, limits), limits, str(path))


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())[:300]
