"""Whether code runs only when the process group is not NCCL's.

Code that supports both backends often builds its tensors per backend: GPU tensors for NCCL,
CPU tensors for gloo (`cuda = backend == dist.Backend.NCCL; if cuda: ... else:
torch.FloatTensor(...)`). A CPU tensor handed to a collective from the gloo arm is what gloo
wants. The tests known to hold or fail where the code runs are `run_conditions.conditions`'s
(enclosing `if`s, early exits); one is off NCCL when it compares the backend with NCCL (a
string "nccl", an attribute `NCCL`) and fails, or compares it equal to another backend ("gloo",
"mpi") and holds. A test that is a name the function binds once to such a comparison reads the
same, `not` flips it, and `and torch.cuda.is_available()` beside an NCCL test keeps it NCCL's
(NCCL needs CUDA). Pure syntax; no torch import.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.run_conditions import conditions, is_cuda_available

_OTHER_BACKENDS = ("gloo", "mpi", "ucc")


def runs_only_off_nccl(ctx: FileContext, scope: Scope, node: ast.AST) -> bool:
    """`node` runs only where the backend is not NCCL."""
    function = scope.function
    bound = _bound_comparisons(function.node if function is not None else ctx.tree)
    for test, holds in conditions(ctx, scope, node):
        says = _says_nccl(test, bound)
        if says is not None and says != holds:
            return True
    return False


def _bound_comparisons(root: ast.AST) -> dict[str, bool]:
    """Names bound once, to a comparison of the backend (`cuda = backend == NCCL`): what the
    name being true says about NCCL."""
    bound: dict[str, bool | None] = {}
    counts: dict[str, int] = {}
    for node in ast.walk(root):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                counts[target.id] = counts.get(target.id, 0) + 1
                bound[target.id] = _says_nccl(node.value, {})
    return {name: says for name, says in bound.items() if counts[name] == 1 and says is not None}


def _says_nccl(test: ast.expr, bound: dict[str, bool]) -> bool | None:
    """True when `test` being true means the backend is NCCL, False when it means it is not,
    None when it says nothing about it."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _says_nccl(test.operand, bound)
        return None if inner is None else not inner
    if isinstance(test, ast.Name):
        return bound.get(test.id)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        # `backend == "nccl" and torch.cuda.is_available()`: NCCL needs CUDA, so the test
        # is NCCL's; when it fails, the backend is another one.
        says = [(_says_nccl(value, bound), value) for value in test.values]
        if any(nccl is True for nccl, _ in says) and all(
            nccl is True or (isinstance(value, ast.Call) and is_cuda_available(value))
            for nccl, value in says
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
