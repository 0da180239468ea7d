"""Which files to lint: Python files under the given paths, less the excluded ones.

Only regular files are linted: a FIFO, socket or device named `*.py` is skipped with a
warning (reading one would block or never end). A directory that cannot be read is an error
when it was named, and a warning naming it when it was found inside a named one.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from torchplace.lint.config import BUILD_OUTPUT_NAMES, LintConfig
from torchplace.report.terminal import escape_line

PYTHON_SUFFIXES = (".py", ".pyi")
_ARCHIVES = (".whl", ".tar.gz", ".egg", ".zip")
_PROJECT_FILES = ("setup.py", "pyproject.toml", "setup.cfg")

Warn = Callable[[str], None]


class MissingPathError(Exception):
    """A path given on the command line does not exist."""


class UnreadableDirectoryError(MissingPathError):
    """A directory given on the command line cannot be listed."""


def warn_on_stderr(message: str) -> None:
    print(f"torchplace lint: warning: {message}", file=sys.stderr)


def python_files(
    paths: Sequence[str], config: LintConfig, warn: Warn = warn_on_stderr
) -> Iterator[Path]:
    """Files named directly are always linted; directories are walked, skipping exclusions."""
    for raw in paths:
        path = Path(raw)
        try:
            mode = path.stat().st_mode
        except OSError:
            if os.path.lexists(raw):
                yield path  # a broken link or unreadable entry: the linter reports it
                continue
            raise MissingPathError(f"{escape_line(raw)}: no such file or directory") from None
        if stat.S_ISREG(mode):
            yield path
        elif stat.S_ISDIR(mode):
            yield from _walk(path, config, warn)
        else:
            warn(f"{escape_line(raw)}: not a regular file ({_kind(mode)}); skipped")


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def _walk(root: Path, config: LintConfig, warn: Warn) -> Iterator[Path]:
    # Relative paths are built by joining names onto the root's, not by resolving each path:
    # resolving costs a system call per path component, for every file of a large tree.
    # `scandir` tells files from directories without a `stat` per entry (links excepted).
    root_relative = config.relative(root)
    prefix = "" if root_relative == "." else root_relative.rstrip("/") + "/"
    pending = [(root, prefix)]
    while pending:
        directory, here = pending.pop()
        try:
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as error:
            message = f"{escape_line(str(directory))}: cannot read directory ({error.strerror})"
            if directory is root:
                raise UnreadableDirectoryError(message) from None
            warn(f"{message}; skipped")
            continue
        subdirectories: list[tuple[Path, str]] = []
        for entry in entries:
            at_root = directory is root
            yield from _entry(entry, directory, here, config, warn, subdirectories, at_root)
        pending.extend(reversed(subdirectories))


def _entry(
    entry: os.DirEntry[str],
    directory: Path,
    here: str,
    config: LintConfig,
    warn: Warn,
    subdirectories: list[tuple[Path, str]],
    at_root: bool,
) -> Iterator[Path]:
    name = entry.name
    is_python = name.endswith(PYTHON_SUFFIXES)
    try:
        is_file = is_python and entry.is_file()
        is_directory = not is_file and entry.is_dir()  # a directory may be named `x.py`
    except OSError:
        is_directory = is_file = False
    if not is_directory and not is_python:
        return
    candidate = directory / name
    relative = here + name
    if config.is_excluded(candidate, relative):
        return
    if is_directory and name in BUILD_OUTPUT_NAMES and is_build_output(candidate, at_root):
        return
    if is_directory:
        if not entry.is_symlink():
            subdirectories.append((candidate, relative + "/"))
    elif is_file or entry.is_symlink():
        yield candidate  # a broken link is reported by the linter as a file it cannot read
    else:
        try:
            kind = _kind(entry.stat(follow_symlinks=False).st_mode)
        except OSError:
            kind = "not a file"
        warn(f"{escape_line(str(candidate))}: not a regular file ({kind}); skipped")


def is_build_output(directory: Path, at_walk_root: bool) -> bool:
    """Whether a `build/` or `dist/` folder is what build tools wrote, not a package.

    A folder holding `__init__.py` is a package (`mmengine/dist/`). Otherwise it is build
    output when it holds a built archive (`dist/*.whl`), setuptools' work folders
    (`build/lib`, `build/bdist.linux-x86_64`), or when it sits where build tools put it:
    at the top of the linted tree or next to `setup.py` / `pyproject.toml`.
    """
    try:
        with os.scandir(directory) as listing:
            names = [entry.name for entry in listing]
    except OSError:
        return False  # the walk reports an unreadable folder itself
    if "__init__.py" in names:
        return False
    if any(n.endswith(_ARCHIVES) or n == "lib" or n.startswith(("bdist.", "lib.")) for n in names):
        return True
    return at_walk_root or any((directory.parent / n).is_file() for n in _PROJECT_FILES)
