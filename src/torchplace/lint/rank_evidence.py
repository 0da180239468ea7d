"""Where a file's own code shows that a value read as the global rank cannot be another node's.

Two readings the rank rules (TPL402, TPL407) need beside the provenance of `rank_flow`:

- A parameter named like a rank with a literal default (`def quantize(w, tp_rank=0)`) that no
  call in the file fills while some call in the file calls the function: the file's evidence
  is the default, not a rank. A required parameter, or one a call fills, or a function the
  file never calls (a public entry point), is still read by its name.
- A device under `if rank == 0:` (or after `if rank != 0: return`), where the tested value is
  the device's own rank source: the global rank is 0 there, which is local GPU 0 of the node
  that holds rank 0 under any launcher. The same holds under `if device == "cpu":` for a
  value that is the rank on one path only: there it is the string, not a rank.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass

from torchplace.lint.context import FileContext
from torchplace.lint.run_conditions import per_file

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: A rank-named parameter given a literal default: the gate before the whole file is parsed.
_DEFAULTED_RANK = re.compile(r"\b(?:tp|pp|dp|ep|global|world)_rank\s*(?::\s*\w+\s*)?=\s*-?\d")


@dataclass(frozen=True)
class _Span:
    name: str
    first: int
    last: int


def default_only(ctx: FileContext, node: ast.AST, names: frozenset[str]) -> bool:
    """`node` is a parameter among `names` that holds only its literal default in the file's
    evidence (see the module's docstring)."""
    if not isinstance(node, ast.Name):
        return False
    line = getattr(node, "lineno", 0)
    spans = per_file(ctx, "rank-defaults", lambda c: _default_only_parameters(c, names))
    return any(s.name == node.id and s.first <= line <= s.last for s in spans)


def _default_only_parameters(ctx: FileContext, names: frozenset[str]) -> list[_Span]:
    if not _DEFAULTED_RANK.search(ctx.source.text):
        return []
    tree = ctx.whole_tree()  # the whole file: its calls may lie outside regions
    if tree is None:
        return []
    functions: dict[str, list[_Function]] = {}
    calls: dict[str, list[ast.Call]] = {}
    for node in ast.walk(tree):
        if isinstance(node, _Function):
            functions.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.Call):
            callee = _callee(node)
            if callee is not None:
                calls.setdefault(callee, []).append(node)
    spans = []
    for name, defs in functions.items():
        if len(defs) != 1 or not calls.get(name):
            continue
        function = defs[0]
        for parameter, position in _defaulted(function, names):
            if not any(_fills(call, parameter, position) for call in calls[name]):
                spans.append(_Span(parameter, function.lineno, function.end_lineno or 0))
    return spans


def _callee(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.attr if func.value.id in ("self", "cls") else None
    return None


def _defaulted(function: _Function, names: frozenset[str]) -> list[tuple[str, int | None]]:
    """Rank-named parameters with a literal default, with their position (None: keyword-only);
    positions leave `self` / `cls` out."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    offset = 1 if positional and positional[0].arg in ("self", "cls") else 0
    found: list[tuple[str, int | None]] = []
    defaults = dict(zip(reversed(positional), reversed(arguments.defaults), strict=False))
    for index, argument in enumerate(positional):
        if argument.arg in names and isinstance(defaults.get(argument), ast.Constant):
            found.append((argument.arg, index - offset))
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        if argument.arg in names and isinstance(default, ast.Constant):
            found.append((argument.arg, None))
    return found


def _fills(call: ast.Call, parameter: str, position: int | None) -> bool:
    if any(kw.arg in (parameter, None) for kw in call.keywords):
        return True  # by name, or through `**kwargs`
    if any(isinstance(a, ast.Starred) for a in call.args):
        return True
    return position is not None and position < len(call.args)


def under_rank_zero(function: ast.AST, site: ast.AST, same_rank: Callable[[ast.AST], bool]) -> bool:
    """`site` runs only where a value `same_rank` accepts is 0: inside `if r == 0:` (`if not
    r:`), in the `else` of `if r != 0:` (`if r:`), or after `if r != 0: return` at the top of
    the function."""
    line = getattr(site, "lineno", 0)
    for node in ast.walk(function):
        if not isinstance(node, ast.If):
            continue
        zero = _tests_zero(node.test, same_rank)
        if zero is None:
            continue
        arm = node.body if zero else node.orelse
        if arm and arm[0].lineno <= line <= (arm[-1].end_lineno or arm[-1].lineno):
            return True
    return _after_nonzero_exit(function, line, same_rank)


def _after_nonzero_exit(function: ast.AST, line: int, same_rank: Callable[[ast.AST], bool]) -> bool:
    for statement in getattr(function, "body", []):
        if statement.lineno >= line:
            return False
        if (
            isinstance(statement, ast.If)
            and _tests_zero(statement.test, same_rank) is False
            and statement.body
            and isinstance(statement.body[-1], ast.Return | ast.Raise)
            and not statement.orelse
        ):
            return True
    return False


def _tests_zero(test: ast.expr, same_rank: Callable[[ast.AST], bool]) -> bool | None:
    """True when `test` holds only where the rank is 0, False when it fails only where the
    rank is 0 (it holds wherever the rank is not 0), else None.

    One conjunct of an `and` that holds only at rank 0 is enough (`if args.eval and rank == 0:`
    runs its body on rank 0 alone); so is one operand of an `or` that holds wherever the rank
    is not 0 (`if rank != 0 or not path: return` leaves rank 0 below it)."""
    if isinstance(test, ast.BoolOp):
        wanted = isinstance(test.op, ast.And)
        if any(_tests_zero(operand, same_rank) is wanted for operand in test.values):
            return wanted
        return None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _tests_zero(test.operand, same_rank)
        return None if inner is None else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right = test.left, test.comparators[0]
        if (_is_zero(right) and same_rank(left)) or (_is_zero(left) and same_rank(right)):
            if isinstance(test.ops[0], ast.Eq | ast.Is):
                return True
            if isinstance(test.ops[0], ast.NotEq | ast.IsNot):
                return False
        return None
    if same_rank(test):
        return False  # `if rank:` holds where the rank is not 0
    return None


def _is_zero(node: ast.expr) -> bool:
    """0, or a value that is no rank at all (`device == "cpu"`, `rank is None`): where the
    rank's value equals it, no other node's GPU index reaches the device."""
    if not isinstance(node, ast.Constant) or isinstance(node.value, bool):
        return False
    return node.value == 0 or node.value is None or isinstance(node.value, str)
