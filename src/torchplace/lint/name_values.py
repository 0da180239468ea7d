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
from collections.abc import Callable, Iterable, Iterator

from torchplace.lint.context import FileContext, Scope, parameter_default
from torchplace.lint.rank_flow import module_nodes, own_nodes


def possible_values(
    ctx: FileContext, scope: Scope, name: str, defaults: bool = True
) -> list[ast.expr] | None:
    """Every value `name` may hold in `scope`'s function (see the module's docstring), or
    None when some of them cannot be read. `defaults=False`: a parameter holds whatever
    the caller gives, its default aside (`device=None` of a function meant to be given a
    device)."""
    function = scope.function
    if function is not None and isinstance(function.node, ast.FunctionDef | ast.AsyncFunctionDef):
        node = function.node
        values = _assigned(own_nodes(node), name)
        if values is None:
            return None
        if name in _parameters(node):
            default = parameter_default(node, name) if defaults else None
            return None if default is None else [*values, default]
        if values:
            return values
    values = _assigned(module_nodes(ctx.tree), name)
    return values or None


def holds_only(
    ctx: FileContext,
    scope: Scope,
    node: ast.expr,
    test: Callable[[ast.expr], bool],
    depth: int = 2,
    defaults: bool = True,
) -> bool:
    """Whether every value `node` may hold passes `test`: `node` itself, or for a name, each
    of its `possible_values` (names among them followed `depth` times)."""
    if isinstance(node, ast.Name) and depth > 0:
        values = possible_values(ctx, scope, node.id, defaults)
        return values is not None and all(
            holds_only(ctx, scope, value, test, depth - 1, defaults) for value in values
        )
    return test(node)


def _assigned(nodes: Iterable[ast.AST], name: str) -> list[ast.expr] | None:
    """The values of the plain assignments to `name` among `nodes`; None when another
    binding of it is there too."""
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
        elif isinstance(node, ast.Global | ast.Nonlocal) and name in node.names:
            return None
    # The targets of the assignments read above are visited too, as stores of their own.
    return values if stores == len(values) else None


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    return {argument.arg for argument in every}


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
        for inner in _blocks(candidate):
            found = _path_to(inner, statement)
            if found:
                return [(body, index), *found]
    return []


def _blocks(statement: ast.stmt) -> Iterator[list[ast.stmt]]:
    for field in ("body", "orelse", "finalbody"):
        block = getattr(statement, field, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
            yield block
    for handler in getattr(statement, "handlers", []):
        yield handler.body
    for case in getattr(statement, "cases", []):
        yield case.body
