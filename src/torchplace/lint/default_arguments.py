"""Whether a function's callers leave its defaulted parameters alone, read from the code.

DCP's `data_parallel(model, n_gpus, gpu0=0)` builds `device_ids = list(range(gpu0, gpu0 +
n_gpus))`: the ids start at GPU 0 unless a caller passes `gpu0`. No caller does, so the
function always runs with its default. `keeps_defaults` reads one text that names the function
and says whether every mention there is a call that fills none of the parameters with a
default: not by keyword, nor by a positional argument at or past the first defaulted one, nor
by `*args` / `**kwargs` whose contents are unknown. A mention that is no call (the function
handed on, a string naming it as a word, not in `__all__`; an import renaming it) may be called
any way. Names
are matched as written (`data_parallel(...)`, `utils.data_parallel(...)`), whatever module
they resolve to: a call of another function of the same name counts against, never for.
Static: parsing only, no import.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Defaults:
    """A function's parameters that have defaults: the first defaulted positional index
    (None: none), and every defaulted parameter's name (positional or keyword-only)."""

    name: str
    first_positional: int | None
    names: frozenset[str]


def defaults_of(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Defaults | None:
    """The defaulted parameters of a module-level function; None where it has none."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    count = len(arguments.defaults)
    first = len(positional) - count if count else None
    names = {a.arg for a in positional[len(positional) - count :]} if count else set()
    names |= {
        a.arg
        for a, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        if default is not None
    }
    if not names:
        return None
    return Defaults(function.name, first, frozenset(names))


def keeps_defaults(tree: ast.Module, defaults: Defaults) -> bool:
    """Every mention of `defaults.name` in `tree` is a call filling none of its defaulted
    parameters (a definition of a function of that name is no mention)."""
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    name = defaults.name
    word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    exported = {id(inner) for value in _export_lists(tree) for inner in ast.walk(value)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in exported and word.search(node.value):
                # `getattr(utils, "data_parallel")`, a Hydra `_target_` ending in the name,
                # `eval("data_parallel(m, 2, 1)")`: called some other way
                return False
            continue
        if isinstance(node, ast.ImportFrom) and any(
            a.name == name and a.asname not in (None, name) for a in node.names
        ):
            return False  # `import data_parallel as dp`: called by a name not read here
        mentioned = (isinstance(node, ast.Name) and node.id == name) or (
            isinstance(node, ast.Attribute) and node.attr == name
        )
        if not mentioned or not isinstance(getattr(node, "ctx", None), ast.Load):
            continue
        call = parents.get(id(node))
        if not isinstance(call, ast.Call) or call.func is not node or _fills(call, defaults):
            return False
    return True


def calls_in(tree: ast.Module, name: str) -> int:
    """How many calls in `tree` name `name` (`name(...)`, `module.name(...)`)."""
    return sum(
        1
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == name)
            or (isinstance(node.func, ast.Attribute) and node.func.attr == name)
        )
    )


def _export_lists(tree: ast.Module) -> list[ast.expr]:
    """The values of the module's `__all__ = [...]` (and `+=`): names exported, not calls."""
    found: list[ast.expr] = []
    for statement in tree.body:
        if isinstance(statement, ast.Assign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                found.append(statement.value)
    return found


def _fills(call: ast.Call, defaults: Defaults) -> bool:
    """The call may give a value to a defaulted parameter."""
    if any(isinstance(a, ast.Starred) for a in call.args):
        return True
    if any(k.arg is None or k.arg in defaults.names for k in call.keywords):
        return True
    return defaults.first_positional is not None and len(call.args) > defaults.first_positional
