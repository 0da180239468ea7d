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
    # Relative paths are built by joining names onto the root's, not by resolving each path:
    # resolving costs a system call per path component, for every file of a large tree.
    top = str(root)
    root_relative = config.relative(root)
    prefix = "" if root_relative == "." else root_relative.rstrip("/") + "/"
    for directory, subdirectories, files in os.walk(root):
        base = Path(directory)
        inside = directory[len(top) :].strip(os.sep).replace(os.sep, "/")
        here = prefix + inside + "/" if inside else prefix
        subdirectories[:] = sorted(
            d for d in subdirectories if not config.is_excluded(base / d, here + d)
        )
        for name in sorted(files):
            if name.endswith(PYTHON_SUFFIXES):
                candidate = base / name
                if not config.is_excluded(candidate, here + name):
                    yield candidate
