"""Whether a device object built in the code (`torch.device("cuda", 0)`) can reach a placement.

A device object places nothing by itself: it matters where it goes. Its uses are followed
through a local name it is bound to (or a name set in a script's `__main__` block, which no
other module can import), containers and conditional expressions around it, and the returns of
a private function of the file (to that function's callers). A use is *only a
value* when it is compared (`==`, `in`, a set of devices), printed or logged, or handed to a
query that asks about a GPU (`get_device_capability`, `get_device_name`,
`mem_get_info`, ...). Every other use (a `.to`, a factory's `device=`, `set_device`, an unknown
call, an attribute, a module-level name others may import) may place and is kept. A device
turned into a string (`str(device)`, `f"{device}"`, `"{}".format(device)`) is followed as the
device itself: `.to("cuda:0")` places as well as `.to(torch.device("cuda", 0))`.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import FileContext, Scope, call_name
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.run_conditions import in_main_block, parent_map, per_file

#: Calls that only ask about a device (capability, name, memory, readiness, load): a literal
#: device there names which GPU to ask about, not where work runs.
QUERY = re.compile(
    r"^(?:is_|has_|can_|supports?_|query)|capabilit|propert|_name$|ready|available|mem_get_info"
    r"|^(?:max_)?memory_|^reset_(?:peak|accumulated)_memory|^utilization$|^temperature$"
    r"|^power_draw$|^clock_rate$|^list_gpu_processes$"
)
#: Calls that only show or compare a value.
_SHOWN = frozenset({"print", "repr", "isinstance", "debug", "info", "warning", "warn", "error"})
#: Calls whose result is the device as a string, which places as well as the device does.
_AS_TEXT = frozenset({"str", "format"})
_CONTAINERS = (
    ast.Set,
    ast.List,
    ast.Tuple,
    ast.IfExp,
    ast.BoolOp,
    ast.FormattedValue,
    ast.JoinedStr,
)
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
    while parent is not None and (isinstance(parent, _CONTAINERS) or _as_text(parent, node)):
        node, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.keyword):
        parent = parents.get(id(parent))
    if isinstance(parent, ast.Compare):
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
        if isinstance(target, ast.Name) and isinstance(root, ast.Module):
            return _main_block_name_only_value(ctx, parent, target.id, depth, cache)
    if isinstance(parent, ast.Return) and isinstance(root, ast.FunctionDef | ast.AsyncFunctionDef):
        return _callers_only_value(ctx, root, depth - 1)
    return False


def _main_block_name_only_value(
    ctx: FileContext,
    assign: ast.Assign,
    name: str,
    depth: int,
    cache: dict[int, dict[int, ast.AST]],
) -> bool:
    """A module-level name set in the `if __name__ == "__main__":` block: no other module can
    import it, so its uses are the file's own (read in the whole file, since `regions` may
    have left stubs of the functions that read it)."""
    whole = ctx.whole_tree() if in_main_block(ctx, assign.lineno) else None
    if whole is None:
        return False
    uses = _loads(whole, name)
    return all(_only_value(ctx, whole, use, depth - 1, cache) for use in uses)


def _as_text(parent: ast.AST, node: ast.AST) -> bool:
    """`parent` turns `node` into a string (`str(node)`, `"cuda:{}".format(node)`)."""
    return (
        isinstance(parent, ast.Call)
        and node is not parent.func
        and (call_name(parent) or "") in _AS_TEXT
    )


def _loads(function: ast.AST, name: str) -> list[ast.Name]:
    return [
        node
        for node in ast.walk(function)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
    ]


def _callers_only_value(ctx: FileContext, function: ast.AST, depth: int) -> bool:
    """A private function of the file (`_name`) whose every call in the file uses the returned
    device only as a value. Public functions have callers elsewhere: not followed. The calls
    come from the whole file (`regions` keeps only stubs of functions without a candidate
    line), parsed once per file."""
    name = getattr(function, "name", "")
    if not name.startswith("_") or name.startswith("__"):
        return False
    whole = per_file(ctx, "device-value-calls", _calls_by_callee)
    calls = whole.calls.get(name, [])
    answer = whole.answers.get((name, depth))
    if answer is None:
        whole.answers[(name, depth)] = False  # a recursive private function: not followed
        answer = bool(calls) and all(
            _only_value(ctx, holder, call, depth, whole.parents) for holder, call in calls
        )
        whole.answers[(name, depth)] = answer
    return answer


class _WholeFile:
    """The whole file's calls by callee name, with each call's function (or the module), the
    parent maps of that tree and the answers already given, per private function."""

    def __init__(self) -> None:
        self.calls: dict[str, list[tuple[ast.AST, ast.Call]]] = {}
        # Its own parent maps: node ids of this tree must not mix with `ctx.parents`.
        self.parents: dict[int, dict[int, ast.AST]] = {}
        self.answers: dict[tuple[str, int], bool] = {}
        self.tree: ast.AST | None = None  # keeps the nodes (and so their ids) alive


def _calls_by_callee(ctx: FileContext) -> _WholeFile:
    whole = _WholeFile()
    tree = ctx.whole_tree()
    if tree is None:
        return whole
    whole.tree = tree
    for holder in ast.walk(whole.tree):
        if isinstance(holder, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            for node in own_nodes(holder):
                if isinstance(node, ast.Call):
                    callee = node.func
                    called = callee.attr if isinstance(callee, ast.Attribute) else None
                    name = getattr(callee, "id", called)
                    if isinstance(name, str):
                        whole.calls.setdefault(name, []).append((holder, node))
    return whole
