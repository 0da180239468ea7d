"""Where a project loads a model class of its own, and whether every such load keeps it whole.

An installable library's models may be split by its users (`from_pretrained(...,
device_map="auto")`), so a hazard that needs a split is real there even if the library never
splits one itself. An application that ships the same kind of class loads it itself: Wan2.1's
`WanModel.from_pretrained(checkpoint_dir)` then `.to(device)` in every generation script. Where
the project's own code loads the class by name, no file naming the class hands a load a
mapping of its caller's (`**kwargs` may carry a user's `device_map`, through an alias, a
registry or a module attribute too), and nothing in the project, its documents included,
spreads a model over devices (`project_facts.SPLITS`), the class runs whole on one GPU as its
project runs it.

A load is a call of the class's `from_pretrained`, `from_single_file` or `from_config`, in
code: a constructor call (`Model(config)`, a smoke test counting parameters) says nothing of
how users load released weights; prose and examples in docstrings do not count, and neither
do tests and benchmarks (they build small models to check them). Each file is parsed once.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field

from torchplace.lint.parse_around import tolerant_tree

#: The class methods that build a model from released weights or a configuration.
_LOADERS = frozenset({"from_pretrained", "from_single_file", "from_config"})


@dataclass
class FileLoads:
    """What one file says of model loads: its top-level classes (name, first and last line),
    the names it mentions, and each loader call (the class name called on, if a bare name;
    whether it hands on a mapping; its line)."""

    classes: list[tuple[str, int, int]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    loads: list[tuple[str | None, bool, int]] = field(default_factory=list)


def read_loads(data: bytes) -> FileLoads:
    """One parse of a file: its classes, names and loader calls."""
    found = FileLoads()
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError):
        return found
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef):
            last = statement.end_lineno or statement.lineno
            found.classes.append((statement.name, statement.lineno, last))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.names.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.names.add(node.attr)
            continue
        elif isinstance(node, ast.alias):
            found.names.add(node.name.rpartition(".")[2])  # `from models import Outer as VT`
            continue
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr not in _LOADERS:
            continue
        receiver = node.func.value
        called = receiver.id if isinstance(receiver, ast.Name) else None
        handed = any(keyword.arg is None for keyword in node.keywords)
        found.loads.append((called, handed, node.lineno))
    return found


def model_class_at(loads: FileLoads, line: int) -> str | None:
    """The name of the top-level class of a file whose body holds `line`."""
    for name, first, last in loads.classes:
        if first <= line <= last:
            return name
    return None


def whole_load(name: str, files: Iterable[tuple[str, FileLoads]]) -> str | None:
    """`file:line` of the first load of class `name` in `files` (path and loads, tests and
    benchmarks already left out), when there is one, no file that names the class hands a
    load its caller's mapping (`**kwargs`), and no file hands one to a class it does not
    name (a registry's entry, a `getattr`); None otherwise."""
    first: str | None = None
    for path, loads in files:
        if any(handed and called is None for called, handed, _ in loads.loads):
            # `MODELS[name].from_pretrained(path, **kwargs)`, `getattr(models, cls)...`:
            # a class this file cannot name, given a user's mapping
            return None
        if name not in loads.names:
            continue
        if any(handed for _, handed, _ in loads.loads):
            return None  # `VT.from_pretrained(path, **kwargs)`: a user's map may pass
        for called, _, line in loads.loads:
            if called == name and first is None:
                first = f"{path}:{line}"
    return first
