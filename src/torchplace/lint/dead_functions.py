"""Whether a line lies in code that nothing can call: a script's unused function, or a class
nothing names.

A script (a file with an `if __name__ == "__main__":` block) whose module name no other file
of the project mentions is run, never imported; a function of its own that the script never
names again (no call, no reference, no decorator that registers it) never runs. Findings
there describe code that cannot execute. Files that are imported (the module name appears
elsewhere), functions referenced anywhere in the file, decorated functions, and methods are
all taken as reachable.

A class runs only when something names it: a call, a subclass, a registry lookup by the
name a configuration file or a launch command spells out. In a checkout nobody installs, a
class of a module other files import (a file loaded by path, as a Triton model or a pytest
file is, may be searched for its classes) with no decorator (a registry may file it under
another name) and no keyword (`metaclass=` may file it) that no text of the project names
outside its own body, other than another file's definition of a class of the same name (a
copied module), in a project that never scans modules for their classes, never runs
(`plain_classes` and `named_in` here; the project-wide reading is
`ProjectIndex.in_class_nothing_names`). Only code in the class's methods is dropped: its
body's own statements run when the module is imported.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from torchplace.lint.cache import read_regular_file

MAIN_GUARD = re.compile(rb"""if\s+__name__\s*==\s*["']__main__["']\s*:""")


def is_main_guard(statement: ast.AST) -> bool:
    """The statement is a script's `if __name__ == "__main__":` block (also written the other
    way round): the parsed form of `MAIN_GUARD`."""
    if not isinstance(statement, ast.If) or not isinstance(statement.test, ast.Compare):
        return False
    test = statement.test
    if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [side.id for side in sides if isinstance(side, ast.Name)]
    texts = [side.value for side in sides if isinstance(side, ast.Constant)]
    return names == ["__name__"] and texts == ["__main__"]


def unused_script_function(data: bytes | None, line: int) -> str | None:
    """The name of the unused top-level function of a script (its bytes: `data`) that holds
    `line`, if any (the project-wide part, that no other file names the script, is
    `mentioned_elsewhere`)."""
    if data is None or not MAIN_GUARD.search(data):
        return None
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError):
        return None
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.decorator_list:
            continue
        if node.lineno <= line <= (node.end_lineno or node.lineno):
            uses = [
                n
                for n in ast.walk(tree)
                if (isinstance(n, ast.Name) and n.id == node.name)
                or (isinstance(n, ast.Attribute) and n.attr == node.name)
                or (isinstance(n, ast.Constant) and n.value == node.name)
            ]
            return None if uses else node.name
    return None


def mentioned_elsewhere(path: str, files: Sequence[str], max_file_bytes: int) -> bool:
    """Some other file of the project names the module of `path` (it may be imported), or a
    file could not be read."""
    stem = Path(path).stem.encode()
    if stem == b"__init__":
        return True
    own = os.path.abspath(path)
    for other in files:
        if os.path.abspath(other) == own:
            continue
        data = read_regular_file(Path(other), max_file_bytes)
        if data is None or stem in data:
            return True
    return False


@dataclass(frozen=True)
class PlainClass:
    """A class with no decorator and no keyword, the lines of its body and of its methods
    (its body's own statements run when the module is imported; its methods only when
    something calls them)."""

    name: str
    first: int
    last: int
    methods: tuple[tuple[int, int], ...]

    def holds_in_a_method(self, line: int) -> bool:
        return any(first <= line <= last for first, last in self.methods)


def plain_classes(data: bytes | None) -> list[PlainClass]:
    """The classes of the file (`data`), nested ones too, that no decorator or keyword may
    register under another name; none for a file that does not parse."""
    if data is None:
        return []
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError):
        return []
    return [
        PlainClass(
            node.name,
            node.lineno,
            node.end_lineno or node.lineno,
            tuple(
                (method.lineno, method.end_lineno or method.lineno)
                for method in node.body
                if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef)
            ),
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and not node.decorator_list and not node.keywords
    ]


def named_in(text: str, name: str, outside: tuple[int, int] | None = None) -> bool:
    """The text names `name` other than in a definition (`class name`, `def name`), on a
    line outside the `outside` span (first and last line) when given. Words are read as
    Python reads identifiers (`class Modèle`)."""
    pattern = re.compile(r"(?<!\w)(?:(class|def)\s+)?" + re.escape(name) + r"(?!\w)")
    for match in pattern.finditer(text):
        if match.group(1) is not None:
            continue
        if outside is not None:
            line = text.count("\n", 0, match.start()) + 1
            if outside[0] <= line <= outside[1]:
                continue
        return True
    return False


#: Ways a program reaches classes it never names: every subclass of a base, a base's hook or
#: a metaclass of its own that files each subclass as it is defined (`class Registry(type)`,
#: inherited by every subclass of a base that names it), a scan of a module's members
#: (`inspect.getmembers` over the modules `pkgutil.walk_packages` finds, `module.__dict__`
#: matched against a name built at run time, `globals()[name]`, `getattr(module, f"...")`).
#: `getattr(self, f"...")` is not one: it reaches attributes of an object whose class already
#: runs (NATSpeech's `getattr(self, f"{prefix}_loss")`), never a class nothing names; nor is
#: a library's member fetched by name (ESPnet's `getattr(torch, f"{window}_window")`,
#: `getattr(F, f"{name}")`): torch, numpy and math hold none of the project's classes.
FINDS_CLASSES = re.compile(
    rb"__subclasses__|__init_subclass__|\bgetmembers\b|\bgetmro\b|\bwalk_packages\b"
    rb"|(?<!self)\.__dict__\b|\bglobals\(\)\s*(?:\[|\.get\b|\.items\b)"
    rb"|\bgetattr\(\s*(?!(?:self|cls|torch|nn|F|np|numpy|math|torchaudio|torchvision)"
    rb"(?:\.\w+)*\s*,)[\w.]+\s*,\s*f[\"']|\bsys\.modules\s*\["
    rb"|\bclass\s+\w+\s*\(\s*(?:abc\.)?(?:type|ABCMeta)\s*\)"
)
