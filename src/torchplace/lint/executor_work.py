"""Which functions run on an executor kept by a class, and whether each binds its own GPU.

The functions are those handed to the executor's `submit` / `map` in the class, followed
through a method that forwards its parameter to the executor (`def thread_submit(cls, fn):
return cls._executor.submit(fn)`) to the arguments of every call of that method in the class.
A function is resolved to a nested `def` of the calling function, a method of the class, a
function of the module, or a lambda. If every one of them is found and binds a device itself
(`torch.cuda.set_device`, `torch.cuda.device`, `DeviceGuard`), the executor's threads run
nothing before their own binding.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import FileContext, parameter_names
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rules._helpers import without_comments, without_unentered_contexts

_BINDS = re.compile(r"set_device(?:_index)?\s*\(|cuda\s*\.\s*device\s*\(|DeviceGuard\s*\(")
_Function = ast.FunctionDef | ast.AsyncFunctionDef


def work_binds_itself(ctx: FileContext, owner: ast.ClassDef, executor: str | None) -> bool:
    """Whether every function run on the executor kept under `executor` (its source text, e.g.
    `self._pool`) is known and binds a device itself."""
    if executor is None:
        return False
    owner = _whole(ctx, owner)
    works: list[ast.AST | None] = []
    for holder in _functions(owner):
        for call in _own_calls(holder):
            func = call.func
            if not (isinstance(func, ast.Attribute) and func.attr in ("submit", "map")):
                continue
            if ctx.source.segment(func.value) != executor or not call.args:
                continue
            works += _resolve(ctx, owner, holder, call.args[0], depth=2)
    return bool(works) and all(
        work is not None
        and _BINDS.search(without_unentered_contexts(without_comments(ctx.node_text(work))))
        for work in works
    )


def _whole(ctx: FileContext, owner: ast.ClassDef) -> ast.ClassDef:
    """The class parsed whole: `regions` leaves stubs of methods without a candidate line, and
    a method that only calls the forwarding one (`cls.thread_submit(_work)`) has none. This
    runs only for executors of classes that bind a GPU, rare; the file is parsed once."""
    tree = ctx.whole_tree()
    if tree is None:
        return owner
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.lineno == owner.lineno:
            return node
    return owner


def _resolve(
    ctx: FileContext, owner: ast.ClassDef, holder: _Function, node: ast.expr, depth: int
) -> list[ast.AST | None]:
    """The functions `node` (an argument in `holder`) may be; None for one not found."""
    if isinstance(node, ast.Lambda):
        return [node]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if node.value.id in ("self", "cls"):
            return [_method(owner, node.attr)]
        return [None]
    if not isinstance(node, ast.Name):
        return [None]
    nested = [n for n in _own_defs(holder) if n.name == node.id]
    if len(nested) == 1:
        return [nested[0]]
    if node.id in parameter_names(holder) and depth > 0:
        return _forwarded(ctx, owner, holder, node.id, depth - 1)
    module = [located.node for located in ctx.functions.get(node.id, [])]
    return [module[0] if len(module) == 1 else None]


def _forwarded(
    ctx: FileContext, owner: ast.ClassDef, method: _Function, parameter: str, depth: int
) -> list[ast.AST | None]:
    """The arguments every call of `method` in the class passes as `parameter`, resolved."""
    names = [a.arg for a in (*method.args.posonlyargs, *method.args.args)]
    bound = bool(names) and names[0] in ("self", "cls")
    position = _call_position(names, parameter, bound)
    found: list[ast.AST | None] = []
    for holder in _functions(owner):
        for call in _own_calls(holder):
            func = call.func
            if not (isinstance(func, ast.Attribute) and func.attr == method.name):
                continue
            given = next((k.value for k in call.keywords if k.arg == parameter), None)
            if given is None and position is not None and position < len(call.args):
                given = call.args[position]
            found += [None] if given is None else _resolve(ctx, owner, holder, given, depth)
    return found or [None]


def _call_position(names: list[str], parameter: str, bound: bool) -> int | None:
    """Where a call through `self.` / `cls.` gives `parameter`: None for the bound first
    parameter itself (`submit(self)`), which no argument of such a call gives."""
    if parameter not in names:
        return None
    position = names.index(parameter) - (1 if bound else 0)
    return position if position >= 0 else None


def _functions(owner: ast.ClassDef) -> list[_Function]:
    return [n for n in ast.walk(owner) if isinstance(n, _Function)]


def _method(owner: ast.ClassDef, name: str) -> ast.AST | None:
    methods = [s for s in owner.body if isinstance(s, _Function) and s.name == name]
    return methods[0] if len(methods) == 1 else None


def _own_defs(function: _Function) -> list[_Function]:
    return [s for s in ast.walk(function) if isinstance(s, _Function) and s is not function]


def _own_calls(function: _Function) -> list[ast.Call]:
    """Calls in the function's own code (its nested functions are functions of their own)."""
    return [node for node in own_nodes(function) if isinstance(node, ast.Call)]
