"""Sub-projects of a monorepo: directories below a project's root that a user runs on their own.

A repository that gathers several research projects (AdvancedLiterateMachinery's `OCR/VLPT-STD`
beside `AIGC/SceneVTG/TRCG`) has one project root for the linter, but a fact one sub-project's
code or configuration shows (a ZeRO stage-3 config in `TRCG/scripts/`) says nothing of how
another trains its models (VLPT-STD wraps them in apex's DDP, full replicas), while the code of
the repository as a whole (a framework its examples build on, a root training script) speaks for
every part of it. A sub-project is a
directory documented on its own (a README) that is also run or installed on its own: it holds
a requirements file, a packaging file, a shell script, a `scripts/` directory, or a Python
script with a `__main__` block. A file's sub-project is the topmost such directory between it
and the root (the widest reading: a README beside one demo script deep in a package does not
cut that package off from the rest of its project).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from torchplace.lint.cache import read_regular_file

_README = re.compile(r"readme(?:\.\w+)?$", re.IGNORECASE)
_OWN_RUN = re.compile(r"requirements[\w.-]*\.txt$|setup\.py$|setup\.cfg$|pyproject\.toml$|\.sh$")
_MAIN_BLOCK = re.compile(rb"^if\s+__name__\s*==\s*[\"']__main__[\"']", re.MULTILINE)
# Scripts larger than this are not read for a `__main__` block (generated or vendored code).
_SCRIPT_BYTES = 1_000_000


def sub_project_of(path: str, root: str, known: dict[str, bool] | None = None) -> str | None:
    """The topmost sub-project directory holding `path` strictly below `root`, or None (the
    file belongs to the project as a whole). `known` caches `is_sub_project` by directory:
    every file of a tree asks about the same few ancestors."""
    known = {} if known is None else known
    root = os.path.abspath(root)
    current = os.path.dirname(os.path.abspath(path))
    found: str | None = None
    while current != root and current.startswith(root + os.sep):
        if current not in known:
            known[current] = is_sub_project(current)
        if known[current]:
            found = current
        current = os.path.dirname(current)
    return found


def is_sub_project(directory: str) -> bool:
    """`directory` is documented (a README) and run or installed on its own."""
    try:
        names = os.listdir(directory)
    except OSError:
        return False
    if not any(_README.match(name) for name in names):
        return False
    if any(_OWN_RUN.search(name) for name in names):
        return True
    if "scripts" in names and os.path.isdir(os.path.join(directory, "scripts")):
        return True
    for name in names:
        if not name.endswith(".py"):
            continue
        data = read_regular_file(Path(directory, name), _SCRIPT_BYTES)
        if data is not None and _MAIN_BLOCK.search(data):
            return True
    return False
