"""Whether a line sits in an `if` arm that runs only when the process group is not NCCL's.

Code that supports both backends often builds its tensors per backend: GPU tensors for NCCL,
CPU tensors for gloo (`cuda = backend == dist.Backend.NCCL; if cuda: ... else:
torch.FloatTensor(...)`). A CPU tensor handed to a collective from the gloo arm is what gloo
wants. An arm is off NCCL when its `if` compares the backend with NCCL (a string holding
"nccl", an attribute `NCCL`) and the arm is the one where they differ, or compares it equal to
another backend ("gloo", "mpi"); a test that is a name the function bound to such a comparison
reads the same, `not` flips it, and `and torch.cuda.is_available()` beside an NCCL test keeps
it NCCL's (NCCL needs CUDA). Pure syntax; no torch import.
"""

from __future__ import annotations

import ast

_OTHER_BACKENDS = ("gloo", "mpi", "ucc")


def off_nccl(function: ast.AST, node: ast.AST) -> bool:
    """`node` lies in an arm of an `if` in `function` that runs only on a backend other than
    NCCL."""
    bound = _bound_comparisons(function)
    return _search(getattr(function, "body", []), node, bound)


def _search(statements: list[ast.stmt], node: ast.AST, bound: dict[str, bool | None]) -> bool:
    for statement in statements:
        if not _holds(statement, node):
            continue
        if isinstance(statement, ast.If):
            nccl = _says_nccl(statement.test, bound)
            if _holds_in(statement.body, node):
                return nccl is False or _search(statement.body, node, bound)
            if _holds_in(statement.orelse, node):
                return nccl is True or _search(statement.orelse, node, bound)
            return False
        for field in ("body", "orelse", "finalbody"):
            block = getattr(statement, field, None)
            if isinstance(block, list) and _holds_in(block, node):
                return _search(block, node, bound)
        for handler in getattr(statement, "handlers", ()):
            if _holds_in(handler.body, node):
                return _search(handler.body, node, bound)
        return False
    return False


def _holds(statement: ast.stmt, node: ast.AST) -> bool:
    start, end = statement.lineno, getattr(statement, "end_lineno", statement.lineno)
    line = getattr(node, "lineno", -1)
    return start <= line <= (end or start) and any(n is node for n in ast.walk(statement))


def _holds_in(block: list[ast.stmt], node: ast.AST) -> bool:
    return any(_holds(statement, node) for statement in block)


def _bound_comparisons(function: ast.AST) -> dict[str, bool | None]:
    """Names the function binds once, to a comparison of the backend (`cuda = backend ==
    NCCL`): what the name being true says about NCCL."""
    bound: dict[str, bool | None] = {}
    counts: dict[str, int] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                counts[target.id] = counts.get(target.id, 0) + 1
                bound[target.id] = _says_nccl(node.value, {})
    return {name: says for name, says in bound.items() if counts[name] == 1 and says is not None}


def _says_nccl(test: ast.expr, bound: dict[str, bool | None]) -> bool | None:
    """True when `test` being true means the backend is NCCL, False when it means it is not,
    None when it says nothing about it."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _says_nccl(test.operand, bound)
        return None if inner is None else not inner
    if isinstance(test, ast.Name):
        return bound.get(test.id)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        # `backend == "nccl" and torch.cuda.is_available()`: NCCL needs CUDA, so the test
        # is NCCL's; its `else` is every other backend.
        says = [(_says_nccl(value, bound), value) for value in test.values]
        if any(nccl is True for nccl, _ in says) and all(
            nccl is True or _cuda_available(value) for nccl, value in says
        ):
            return True
        return None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    operator = test.ops[0]
    if not isinstance(operator, ast.Eq | ast.NotEq | ast.Is | ast.IsNot):
        return None
    equal = isinstance(operator, ast.Eq | ast.Is)
    for side in (test.left, test.comparators[0]):
        named = _backend_named(side)
        if named == "nccl":
            return equal
        if named == "other" and equal:
            return False
    return None


def _cuda_available(node: ast.expr) -> bool:
    """`torch.cuda.is_available()`."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "is_available"
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "cuda"
    )


def _backend_named(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value.lower()
        if text == "nccl":
            return "nccl"
        return "other" if text in _OTHER_BACKENDS else None
    if isinstance(node, ast.Attribute):
        if node.attr == "NCCL":
            return "nccl"
        return "other" if node.attr.lower() in _OTHER_BACKENDS else None
    return None
