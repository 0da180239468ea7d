"""Whether a line lies in a function that nothing can call: a script's unused function.

A script (a file with an `if __name__ == "__main__":` block) whose module name no other file
of the project mentions is run, never imported; a function of its own that the script never
names again (no call, no reference, no decorator that registers it) never runs. Findings
there describe code that cannot execute. Files that are imported (the module name appears
elsewhere), functions referenced anywhere in the file, decorated functions, and methods are
all taken as reachable.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Sequence
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
