"""Where a project loads a model class of its own, and whether every such load keeps it whole.

An installable library's models may be split by its users (`from_pretrained(...,
device_map="auto")`), so a hazard that needs a split is real there even if the library never
splits one itself. An application that ships the same kind of class loads it itself: Wan2.1's
`WanModel.from_pretrained(checkpoint_dir)` then `.to(device)` in every generation script. Where
the project's own code loads the class by name, every such load passes no mapping it is handed
(`**kwargs` may carry a user's `device_map`), and nothing in the project spreads a model over
devices (`project_facts.SPLITS`), the class runs whole on one GPU as its project runs it.

A load is a call of the class itself (`WanModel(**config)`), or of its `from_pretrained`,
`from_single_file` or `from_config`, in code: prose and examples in docstrings do not count,
and neither do tests and benchmarks (they build small models to check them).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

#: The class methods that build a model.
_LOADERS = frozenset({"from_pretrained", "from_single_file", "from_config"})


def model_class_at(data: bytes, line: int) -> str | None:
    """The name of the top-level class of a file whose body holds `line`."""
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.lineno <= line <= (node.end_lineno or line):
            return node.name
    return None


def whole_load(name: str, files: Iterable[tuple[str, bytes]]) -> str | None:
    """`file:line` of the first load of class `name` in `files` (path and bytes, tests and
    benchmarks already left out), when there is one and no load passes a mapping it is
    handed (`**kwargs`); None otherwise."""
    written = re.compile(rb"\b" + re.escape(name.encode()) + rb"\b")
    first: str | None = None
    for path, data in files:
        if written.search(data) is None:
            continue
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not _loads(node.func, name):
                continue
            if any(keyword.arg is None for keyword in node.keywords):
                return None  # `Model.from_pretrained(path, **kwargs)`: a user's map may pass
            if first is None:
                first = f"{path}:{node.lineno}"
    return first


def _loads(function: ast.expr, name: str) -> bool:
    """`function` is the class `name` or one of its loaders."""
    if isinstance(function, ast.Name):
        return function.id == name
    return (
        isinstance(function, ast.Attribute)
        and function.attr in _LOADERS
        and isinstance(function.value, ast.Name)
        and function.value.id == name
    )
