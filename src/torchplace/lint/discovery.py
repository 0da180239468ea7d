"""Which files to lint: Python files under the given paths, less the excluded ones."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from torchplace.lint.config import LintConfig

PYTHON_SUFFIXES = (".py", ".pyi")


class MissingPathError(Exception):
    """A path given on the command line does not exist."""


def python_files(paths: Sequence[str], config: LintConfig) -> Iterator[Path]:
    """Files named directly are always linted; directories are walked, skipping exclusions."""
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            yield path
        elif path.is_dir():
            yield from _walk(path, config)
        else:
            raise MissingPathError(f"{raw}: no such file or directory")


def _walk(root: Path, config: LintConfig) -> Iterator[Path]:
    for directory, subdirectories, files in os.walk(root):
        base = Path(directory)
        subdirectories[:] = sorted(d for d in subdirectories if not config.is_excluded(base / d))
        for name in sorted(files):
            if name.endswith(PYTHON_SUFFIXES):
                candidate = base / name
                if not config.is_excluded(candidate):
                    yield candidate
