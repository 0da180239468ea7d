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
from dataclasses import dataclass, field

from torchplace.lint.context import FileContext, Scope, parameter_default
from torchplace.lint.rank_flow import all_arguments, module_nodes
from torchplace.lint.run_conditions import per_file, statement_blocks

#: The names being followed by the `holds_only` calls under way, by the scope that holds
#: them: a test that asks about one of them again (`device = torch.device(device)`) adds no
#: value of its own.
_FOLLOWING: ContextVar[frozenset[tuple[int, str]]] = ContextVar("_FOLLOWING", default=frozenset())
#: How many values one outermost `holds_only` may read before it answers "not known": a
#: chain of names each set twice from the one before doubles the values at every link.
_BUDGET = 256
_SPENT: ContextVar[list[int] | None] = ContextVar("_SPENT", default=None)
#: How many names one `holds_only` may follow one inside another (`d2 = torch.device(d1)`,
#: `d3 = torch.device(d2)`, ...) before it answers "not known".
_MAX_CHAIN = 24

#: A test of one value, read in the scope that gives it.
Test = Callable[[Scope, ast.expr], bool]


@dataclass
class _Bindings:
    """One scope's bindings of each name: the values of its plain assignments, and whether
    it binds the name any other way."""

    values: dict[str, list[ast.expr]] = field(default_factory=dict)
    other: set[str] = field(default_factory=set)
    #: Names a nested function declares `nonlocal` (it may set them).
    nonlocal_names: set[str] = field(default_factory=set)


def possible_values(
    ctx: FileContext, scope: Scope, name: str, defaults: bool = True
) -> tuple[list[ast.expr], Scope] | None:
    """Every value `name` may hold where `scope` reads it, with the scope that gives them
    (see the module's docstring), or None when some of them cannot be read. The innermost
    scope that binds the name gives its values: a class body, the function, the functions
    around it, else the module. `defaults=False`: a parameter holds whatever the caller
    gives, its default aside (`device=None` of a function meant to be given a device)."""
    current: Scope | None = scope
    first = True
    while current is not None and current.kind != "module":
        if current.kind == "class" and not first:
            current = current.parent  # a class body's names are not seen by its methods
            continue
        first = False
        node = current.node
        bindings = _bindings_of(ctx, node)
        if name in bindings.other or name in bindings.nonlocal_names:
            return None
        arguments = getattr(node, "args", None)
        parameters = {a.arg for a in all_arguments(arguments)} if arguments else set()
        values = bindings.values.get(name, [])
        if name in parameters:
            default = parameter_default(node, name) if defaults else None  # type: ignore[arg-type]
            return None if default is None else ([*values, default], current)
        if values:
            return values, current
        current = current.parent
    if name in per_file(ctx, "global-names", _global_names):
        return None  # a function may set it: `global device; device = ...`
    bindings = _bindings_of(ctx, ctx.tree)
    if name in bindings.other or name not in bindings.values:
        return None
    return bindings.values[name], ctx.module_scope


def holds_only(
    ctx: FileContext,
    scope: Scope,
    node: ast.expr,
    test: Test,
    defaults: bool = True,
) -> bool:
    """Whether every value `node` may hold passes `test`: `node` itself, or for a name, each
    of its `possible_values`, read in the scope that gives them (a name already being
    followed, by this call or one that `test` itself made, adds nothing; past `_BUDGET`
    values or `_MAX_CHAIN` names followed one inside another, not known)."""
    if not isinstance(node, ast.Name):
        return test(scope, node)
    spent = _SPENT.get()
    outermost = spent is None
    token = _SPENT.set([0]) if outermost else None
    try:
        return _holds_only(ctx, scope, node, test, defaults)
    finally:
        if token is not None:
            _SPENT.reset(token)


def _holds_only(ctx: FileContext, scope: Scope, node: ast.Name, test: Test, defaults: bool) -> bool:
    found = possible_values(ctx, scope, node.id, defaults)
    if found is None:
        return False
    values, owner = found
    key = (id(owner.node), node.id)
    following = _FOLLOWING.get()
    if key in following:
        # `device = torch.device(device)`: the name's values are the ones being tested
        # already; it adds none of its own.
        return True
    spent = _SPENT.get()
    assert spent is not None
    spent[0] += len(values)
    if spent[0] > _BUDGET or len(following) >= _MAX_CHAIN:
        return False
    token = _FOLLOWING.set(following | {key})
    try:
        return all(holds_only(ctx, owner, value, test, defaults) for value in values)
    finally:
        _FOLLOWING.reset(token)


def _bindings_of(ctx: FileContext, node: ast.AST) -> _Bindings:
    """The bindings of a function, a class body or the module, read once per file."""
    table = per_file(ctx, "name-bindings", lambda _: dict[int, _Bindings]())
    found = table.get(id(node))
    if found is None:
        found = table[id(node)] = _read_bindings(node)
    return found


def _read_bindings(scope: ast.AST) -> _Bindings:
    if isinstance(scope, ast.Module):
        nodes: Iterable[ast.AST] = module_nodes(scope)
    else:
        nodes = _scope_nodes(scope)
    bindings = _Bindings()
    stores: dict[str, int] = {}
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                bindings.values.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                bindings.values.setdefault(node.target.id, []).append(node.value)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            bindings.nonlocal_names.update(_nonlocal_names(node))
            if not isinstance(node, ast.Lambda):
                bindings.other.add(node.name)
        else:
            bindings.other.update(_other_bindings(node))
    # The targets of the assignments read above are visited too, as stores of their own.
    for name, count in stores.items():
        if count != len(bindings.values.get(name, [])):
            bindings.other.add(name)
    return bindings


def _scope_nodes(scope: ast.AST) -> Iterable[ast.AST]:
    """The nodes of a function's, a lambda's or a class's own body: a nested def, class or
    lambda is given but not entered (its names are its own)."""
    nested = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
    body = scope.body if isinstance(scope.body, list) else [scope.body]  # type: ignore[attr-defined]
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, nested):
            stack.extend(ast.iter_child_nodes(node))


def _nonlocal_names(function: ast.AST) -> set[str]:
    return {
        name for node in ast.walk(function) if isinstance(node, ast.Nonlocal) for name in node.names
    }


def _other_bindings(node: ast.AST) -> set[str]:
    """`global name`, `nonlocal name`, `import name`, a `match` capture of it, `except ... as
    name`, a def or class of that name: bindings whose value is not read here."""
    if isinstance(node, ast.Global | ast.Nonlocal):
        return set(node.names)
    if isinstance(node, ast.alias):
        return {node.asname or node.name.split(".")[0]}
    if isinstance(node, ast.MatchAs | ast.MatchStar | ast.ExceptHandler):
        return {node.name} if node.name else set()
    if isinstance(node, ast.MatchMapping) and node.rest:
        return {node.rest}
    if isinstance(node, ast.ClassDef):
        return {node.name}
    return set()


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
                (isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store))
                or name in _other_bindings(node)
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
