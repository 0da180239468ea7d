"""Lines a function never reaches: past a read of a local name that no path there has bound.

dualprompt's `EPrompt.forward` binds `embed_dim` only in its `if self.prompt_pool:` arm (by
unpacking a shape); its `else:` arm reads `embed_dim` first thing (`assert embed_dim %
self.num_heads == 0`). Python makes the name local to the whole function, so that read raises
`UnboundLocalError`, and nothing after it in its block runs: the parameter re-creations
further down that arm describe code that cannot run.

A read of name `n` in one arm of an `if` / `else` makes the rest of its block unreachable when:
- `n` is local to the function: bound in it (an assignment, a loop or `with` target, an
  import, a definition, a walrus, also one inside a comprehension), not a parameter, not
  declared `global` or `nonlocal` (nor `nonlocal` in a function nested in it);
- every binding of `n` in the function lies in the other arm of that `if`, or after the `if`,
  or later in the read's own arm;
- no loop of the function holds the `if` (an earlier pass might have bound `n`), no `try`
  holds the read (a handler might catch the error), and the function calls neither `locals`,
  `vars`, `exec` nor `eval` and has no `match` statement;
- the read is in the function's own code, not in a nested function, lambda or comprehension.
Reads for sure are those the statement evaluates whatever happens: not a definition's
annotations, a variable annotation or an `except` clause's type. The unreachable lines are
those after the statement holding the read, to the end of the block (the list of statements)
that holds that statement. Each call of the function is read on its own. Read from the syntax
tree, never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

_Function = ast.FunctionDef | ast.AsyncFunctionDef
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_DYNAMIC = frozenset({"locals", "vars", "exec", "eval"})
_NOT_OURS = _SCOPES + _COMPREHENSIONS


def unreachable_spans(tree: ast.Module) -> list[tuple[int, int]]:
    """The `(first, last)` line spans of the module's functions that never run (see the
    module's docstring)."""
    spans: list[tuple[int, int]] = []
    for function in ast.walk(tree):
        if isinstance(function, _Function):
            spans += _spans_in(function)
    return spans


def _spans_in(function: _Function) -> list[tuple[int, int]]:
    own = list(_own_nodes(function))
    if any(isinstance(n, ast.Match) for n in own) or any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _DYNAMIC
        for n in own
    ):
        return []
    bindings = _bindings(function, own)
    if not bindings:
        return []
    spans: list[tuple[int, int]] = []
    for statement, _block, path in _statements(function.body, []):
        if not isinstance(statement, ast.If) or not statement.orelse:
            continue
        if any(isinstance(p, (*_LOOPS, ast.Try, ast.TryStar)) for p in path):
            continue  # an earlier pass may have bound the name; a handler may catch the error
        for arm, other in ((statement.body, statement.orelse), (statement.orelse, statement.body)):
            spans += _dead_after_reads(statement, arm, other, bindings)
    return spans


def _dead_after_reads(
    test: ast.If, arm: list[ast.stmt], other: list[ast.stmt], bindings: dict[str, list[ast.AST]]
) -> Iterator[tuple[int, int]]:
    """The spans that the unbound reads of `arm` make unreachable, one per block they open."""
    in_other = {id(n) for statement in other for n in ast.walk(statement)}
    end = test.end_lineno or test.lineno
    for statement, block, path in _statements(arm, []):
        if any(isinstance(p, (ast.Try, ast.TryStar, *_LOOPS)) for p in path):
            continue
        done = statement.end_lineno or statement.lineno
        for name in _reads(statement):
            binders = bindings.get(name.id)
            if binders is not None and all(
                id(b) in in_other or _line(b) > end or _line(b) > done for b in binders
            ):
                last = block[-1].end_lineno or block[-1].lineno
                if done < last:
                    yield done + 1, last
                break


def _line(node: ast.AST) -> int:
    return getattr(node, "lineno", 0)


def _statements(
    block: list[ast.stmt], path: list[ast.AST]
) -> Iterator[tuple[ast.stmt, list[ast.stmt], list[ast.AST]]]:
    """Each statement of `block` and of the blocks nested in it (not in nested functions or
    classes), with the block holding it and the compound statements around it."""
    for statement in block:
        yield statement, block, path
        if isinstance(statement, _SCOPES):
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                yield from _statements(inner, [*path, statement])
        for handler in getattr(statement, "handlers", ()):
            yield from _statements(handler.body, [*path, statement])


def _reads(statement: ast.stmt) -> Iterator[ast.Name]:
    """Names the statement itself reads for sure (not those of the blocks nested in it, which
    `_statements` visits on their own), outside nested scopes: not a definition's (its
    annotations may never be evaluated), not an annotation, not an `except` clause's type
    (read only when something is raised)."""
    if isinstance(statement, _SCOPES):
        return
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.stmt, ast.excepthandler, *_NOT_OURS)):
                continue  # nested blocks are statements of their own; scopes are not ours
            if isinstance(node, ast.AnnAssign) and child is node.annotation:
                continue
            if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
                yield child
            pending.append(child)


def _bindings(function: _Function, own: list[ast.AST]) -> dict[str, list[ast.AST]]:
    """The nodes binding each of the function's local names; parameters and names declared
    `global` or `nonlocal` (here, or `nonlocal` in a function nested in it, which may bind
    them at any call) left out. A walrus inside a comprehension binds the function's name."""
    arguments = function.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    parameters |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
    declared: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Global | ast.Nonlocal):
            declared.update(node.names)
    found: dict[str, list[ast.AST]] = {}

    def bind(name: str, node: ast.AST) -> None:
        found.setdefault(name, []).append(node)

    for node in own:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            bind(node.id, node)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                bind((alias.asname or alias.name).partition(".")[0], node)
        elif isinstance(node, ast.ExceptHandler | ast.FunctionDef | ast.AsyncFunctionDef):
            name = node.name  # an `except ... as name`, a nested definition
            if name:
                bind(name, node)
        elif isinstance(node, ast.ClassDef):
            bind(node.name, node)
        elif isinstance(node, _COMPREHENSIONS):
            for inner in ast.walk(node):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    bind(inner.target.id, inner)
    return {n: nodes for n, nodes in found.items() if n not in parameters | declared}


def _own_nodes(function: _Function) -> Iterator[ast.AST]:
    """The function's nodes, nested functions, classes, lambdas and comprehensions left out
    (their definitions' names are the function's)."""
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, _NOT_OURS):
            continue
        pending.extend(ast.iter_child_nodes(node))
