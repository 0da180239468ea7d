"""Whether a device object built in the code (`torch.device("cuda", 0)`) can reach a placement.

A device object places nothing by itself: it matters where it goes. Its uses are followed
through a local name it is bound to, containers and conditional expressions around it, and the
returns of a private function of the file (to that function's callers). A use is *only a
value* when it is compared (`==`, `in`, a set of devices), printed, formatted or logged, or
handed to a query that asks about a GPU (`get_device_capability`, `get_device_name`,
`mem_get_info`, ...). Every other use (a `.to`, a factory's `device=`, `set_device`, an unknown
call, an attribute, a module-level name others may import) may place and is kept.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import FileContext, Scope, call_name
from torchplace.lint.run_conditions import parent_map

#: Calls that only ask about a device (capability, name, memory, readiness).
QUERY = re.compile(
    r"^(?:is_|has_|can_|supports?_|query)|capabilit|propert|_name$|ready|available|mem_get_info"
)
#: Calls that only show or compare a value.
_SHOWN = frozenset(
    {"print", "str", "repr", "format", "isinstance", "debug", "info", "warning", "warn", "error"}
)
_CONTAINERS = (ast.Set, ast.List, ast.Tuple, ast.IfExp, ast.BoolOp, ast.FormattedValue)
_DEPTH = 4


def only_a_value(ctx: FileContext, scope: Scope, node: ast.expr) -> bool:
    """Whether every use of the device object `node` is only a value (never a placement)."""
    function = scope.function
    root = function.node if function is not None else ctx.tree
    return _only_value(ctx, root, node, _DEPTH, ctx.parents)


def _only_value(
    ctx: FileContext, root: ast.AST, node: ast.AST, depth: int, cache: dict[int, dict[int, ast.AST]]
) -> bool:
    if depth == 0:
        return False
    parents = parent_map(cache, root)
    parent = parents.get(id(node))
    while isinstance(parent, _CONTAINERS):
        node, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.keyword):
        parent = parents.get(id(parent))
    if isinstance(parent, ast.Compare | ast.JoinedStr):
        return True
    if isinstance(parent, ast.Call) and node is not parent.func:
        name = call_name(parent) or ""
        return name in _SHOWN or QUERY.search(name) is not None
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        target = parent.targets[0]
        if isinstance(target, ast.Name) and isinstance(
            root, ast.FunctionDef | ast.AsyncFunctionDef
        ):
            uses = _loads(root, target.id)
            return all(_only_value(ctx, root, use, depth - 1, cache) for use in uses)
    if isinstance(parent, ast.Return) and isinstance(root, ast.FunctionDef | ast.AsyncFunctionDef):
        return _callers_only_value(ctx, root, depth - 1)
    return False


def _loads(function: ast.AST, name: str) -> list[ast.Name]:
    return [
        node
        for node in ast.walk(function)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
    ]


def _callers_only_value(ctx: FileContext, function: ast.AST, depth: int) -> bool:
    """A private function of the file (`_name`) whose every call in the file uses the returned
    device only as a value. Public functions have callers elsewhere: not followed. The file is
    parsed whole here (`regions` keeps only stubs of functions without a candidate line); this
    runs only for device objects returned from a private function, rare."""
    name = getattr(function, "name", "")
    if not name.startswith("_") or name.startswith("__"):
        return False
    try:
        tree = ast.parse(ctx.source.text)
    except (SyntaxError, ValueError, RecursionError):
        return False
    calls: list[tuple[ast.AST, ast.Call]] = []
    for holder in ast.walk(tree):
        if isinstance(holder, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            for node in _own_calls(holder):
                callee = node.func
                called = callee.attr if isinstance(callee, ast.Attribute) else None
                if getattr(callee, "id", called) == name:
                    calls.append((holder, node))
    # Its own cache: node ids of this throw-away tree must not outlive it in `ctx.parents`.
    cache: dict[int, dict[int, ast.AST]] = {}
    return bool(calls) and all(
        _only_value(ctx, holder, call, depth, cache) for holder, call in calls
    )


def _own_calls(holder: ast.AST) -> list[ast.Call]:
    """Calls in a function's (or the module's) own code, nested functions left out."""
    found: list[ast.Call] = []
    stack = list(ast.iter_child_nodes(holder))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, ast.Call):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found
