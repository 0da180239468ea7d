"""What a name may hold where a function reads it: the values its function, or its module,
gives it.

A rule asking whether `device=device` is the CPU, or whether `device_ids=ids` starts at the
current GPU, reads the name's assignments: every `name = value` of the function, with the
parameter's default when the name is a parameter (a parameter without one holds whatever the
caller gives); a name the function neither sets nor takes holds what the module-level code
sets. A name bound any other way (a loop, a tuple target, `with ... as`, `+=`) holds values
not read here, and so does a name nothing binds.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from contextvars import ContextVar

from torchplace.lint.context import FileContext, Scope, parameter_default
from torchplace.lint.rank_flow import all_arguments, module_nodes, own_nodes
from torchplace.lint.run_conditions import per_file, statement_blocks

#: The names being followed by the `holds_only` calls under way: a test that asks about one
#: of them again (`device = torch.device(device)`) adds no value of its own.
_FOLLOWING: ContextVar[frozenset[tuple[int, str]]] = ContextVar("_FOLLOWING", default=frozenset())


def possible_values(
    ctx: FileContext, scope: Scope, name: str, defaults: bool = True
) -> list[ast.expr] | None:
    """Every value `name` may hold in `scope`'s function (see the module's docstring), or
    None when some of them cannot be read. `defaults=False`: a parameter holds whatever
    the caller gives, its default aside (`device=None` of a function meant to be given a
    device)."""
    if name in per_file(ctx, "global-names", _global_names):
        return None  # another function may set it: `global device; device = ...`
    function = scope.function
    if function is not None:
        node = function.node
        if isinstance(node, ast.Lambda):
            return None if name in {a.arg for a in all_arguments(node.args)} else _module(ctx, name)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return None
        values = _assigned(own_nodes(node), name)
        if values is None:
            return None
        if name in {a.arg for a in all_arguments(node.args)}:
            default = parameter_default(node, name) if defaults else None
            return None if default is None else [*values, default]
        if values:
            return values
        if function.parent is not None and function.parent.function is not None:
            return None  # a nested function reads its enclosing function's name
    return _module(ctx, name)


def _module(ctx: FileContext, name: str) -> list[ast.expr] | None:
    return _assigned(module_nodes(ctx.tree), name) or None


def holds_only(
    ctx: FileContext,
    scope: Scope,
    node: ast.expr,
    test: Callable[[ast.expr], bool],
    depth: int = 2,
    defaults: bool = True,
) -> bool:
    """Whether every value `node` may hold passes `test`: `node` itself, or for a name, each
    of its `possible_values` (names among them followed `depth` times; a name already being
    followed, by this call or one that `test` itself made, adds nothing)."""
    if not isinstance(node, ast.Name) or depth <= 0:
        return test(node)
    key = (id(scope.node), node.id)
    following = _FOLLOWING.get()
    if key in following:
        # `device = torch.device(device)`: the name's values are the ones being tested
        # already; it adds none of its own.
        return True
    values = possible_values(ctx, scope, node.id, defaults)
    if values is None:
        return False
    token = _FOLLOWING.set(following | {key})
    try:
        return all(holds_only(ctx, scope, value, test, depth - 1, defaults) for value in values)
    finally:
        _FOLLOWING.reset(token)


def _assigned(nodes: Iterable[ast.AST], name: str) -> list[ast.expr] | None:
    """The values of the plain assignments to `name` among `nodes`; None when another
    binding of it is there too (a loop or tuple target, `with ... as`, `+=`, an import, a
    `match` capture, `except ... as`)."""
    values: list[ast.expr] = []
    stores = 0
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id == name:
                values.append(node.value)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name) and node.target.id == name:
                values.append(node.value)
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            stores += 1
        elif _binds_otherwise(node, name):
            return None
    # The targets of the assignments read above are visited too, as stores of their own.
    return values if stores == len(values) else None


def _binds_otherwise(node: ast.AST, name: str) -> bool:
    """`global name`, `nonlocal name`, `import name`, a `match` capture of it, `except ... as
    name`: a binding whose value is not read here."""
    if isinstance(node, ast.Global | ast.Nonlocal):
        return name in node.names
    if isinstance(node, ast.alias):
        return (node.asname or node.name.split(".")[0]) == name
    if isinstance(node, ast.MatchAs | ast.MatchStar | ast.ExceptHandler):
        return node.name == name
    return isinstance(node, ast.MatchMapping) and node.rest == name


def _global_names(ctx: FileContext) -> frozenset[str]:
    """The names some function of the file declares `global`, read from the whole file (the
    pruned tree stubs functions that hold no candidate line)."""
    if "global" not in ctx.source.text:
        return frozenset()
    tree = ctx.whole_tree() or ctx.tree
    return frozenset(
        name for node in ast.walk(tree) if isinstance(node, ast.Global) for name in node.names
    )


def value_on_path(function: ast.AST, name: str, statement: ast.stmt) -> ast.expr | None:
    """The value `name` holds when `statement` runs, read from the statements before it on
    its own path: the last plain `name = value` in its block or an enclosing one, with no
    other binding of `name` between (in a branch or a loop that may or may not have run).
    None when that cannot be told (a parameter, or a binding that may or may not run)."""
    for block, index in reversed(_path_to(getattr(function, "body", []), statement)):
        for earlier in reversed(block[:index]):
            if isinstance(earlier, ast.Assign) and len(earlier.targets) == 1:
                target = earlier.targets[0]
                if isinstance(target, ast.Name) and target.id == name:
                    return earlier.value
            if any(
                isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
                for node in ast.walk(earlier)
            ):
                return None
    return None


def _path_to(body: list[ast.stmt], statement: ast.stmt) -> list[tuple[list[ast.stmt], int]]:
    """The blocks from `body` down to the one holding `statement`, each with the index of
    the statement that holds (or is) it; empty when it is not there."""
    for index, candidate in enumerate(body):
        if candidate is statement:
            return [(body, index)]
        first, last = candidate.lineno, candidate.end_lineno or candidate.lineno
        if not first <= statement.lineno <= last or isinstance(
            candidate, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
        ):
            continue
        for inner in statement_blocks(candidate):
            found = _path_to(inner, statement)
            if found:
                return [(body, index), *found]
    return []
