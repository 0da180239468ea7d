"""Where a file's project begins: the nearest directory holding a project marker
(`pyproject.toml`, `setup.py`, `setup.cfg`, `.git`), else the top of the Python package tree
holding it (`marked_root`, `package_root`). Whether a file is a test or a benchmark is judged
from the outermost marked directory above it (`relative_to_project`): a checkout cloned under
`~/test/` or a CI directory `/builds/bench/...` is no test or benchmark for it, and a project
nested in another's `benchmarks/` still is. Markers are read once per directory and process."""

from __future__ import annotations

import os
from functools import lru_cache

from torchplace.lint.shared_directories import is_shared_directory

MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
#: Directories of installed distributions, side by side: not one project.
_INSTALL_DIRECTORIES = frozenset({"site-packages", "dist-packages"})


def relative_to_project(path: str) -> str:
    """`path` relative to the outermost marked directory above it (module docs): a project
    nested in another's `benchmarks/` or `tests/` (its own `pyproject.toml`, a submodule's
    `.git` file) is judged within the outer one. A file under no marker is judged by the
    path as given."""
    absolute = os.path.abspath(path)
    root = _outermost_marked_root(os.path.dirname(absolute))
    return path if root is None else os.path.relpath(absolute, root)


@lru_cache(maxsize=4096)
def _outermost_marked_root(directory: str) -> str | None:
    found = None
    current = marked_root(directory)
    while current is not None:
        found = current
        parent = os.path.dirname(current)
        current = marked_root(parent) if parent != current else None
    return found


def marked_root(directory: str) -> str | None:
    """The nearest directory at or above `directory` holding a marker (`MARKERS`), never a
    directory many unrelated files share (`shared_directories`)."""
    current = directory
    while True:
        if is_shared_directory(current):
            return None  # a dotfiles `.git` in the home directory marks no project
        if any(os.path.lexists(os.path.join(current, marker)) for marker in MARKERS):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def package_root(directory: str) -> str | None:
    """The top of the Python tree holding `directory`: climb while the parent holds Python
    files (a package, or a namespace package's directory, which has no `__init__.py`), or
    the grandparent does (a directory that holds only subpackages), never into a directory
    many unrelated files share (`shared_directories`).
    None when `directory` is neither a package nor below one (a lone script)."""
    if is_shared_directory(directory):
        return None  # a stray `/tmp/__init__.py` makes no package of all of /tmp
    top = directory
    while (above := _python_above(top)) is not None:
        top = above
    if top == directory and not os.path.isfile(os.path.join(directory, "__init__.py")):
        return None
    return top


def _python_above(directory: str) -> str | None:
    """The parent when it holds Python files, else the grandparent when it does (a
    directory of subpackages only, `srt/hardware_backend/{musa,xpu}`, is one gap); None at
    the filesystem's root or a directory many unrelated files share."""
    below = directory
    for _ in range(2):
        above = os.path.dirname(below)
        if above == below or is_shared_directory(above):
            return None
        if _holds_python(above):
            return above
        below = above
    return None


def _holds_python(directory: str) -> bool:
    if os.path.basename(directory) in _INSTALL_DIRECTORIES:
        return False  # installed distributions side by side are not one project
    try:
        with os.scandir(directory) as entries:
            return any(e.name.endswith(".py") and e.is_file() for e in entries)
    except OSError:
        return False
