"""Whether a script's process may have started CUDA before it starts a child process.

A child forked from a process that has not started CUDA starts its own (measured on an H200:
`benchmarks/lint_cuda_init_facts.py`); one forked after CUDA started cannot. When the start
is made by a script's `__main__` block, directly or through a function of the file that only
that block calls, the parent's code up to the start is in the file: the module's statements,
the block's statements before the start (or before the call of that function) and the
function's statements before it, and the file's functions all these call (three levels
down). None of it may start CUDA (`import_cuda.STARTS_CUDA`, which leaves out the seeds: torch
queues them until CUDA starts). A module-level import of the project's own code may start CUDA
when imported, and is not read here: it keeps the answer "may". So does a start anywhere
else (a library's function may be called by a process that has started CUDA).
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext
from torchplace.lint.import_cuda import STARTS_CUDA
from torchplace.lint.project_modules import is_project_module
from torchplace.lint.rules._helpers import without_comments
from torchplace.lint.run_conditions import in_main_block

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def file_functions(tree: ast.Module) -> dict[str, _Function]:
    """The file's top-level functions by name."""
    return {node.name: node for node in tree.body if isinstance(node, _Function)}


def code_called(
    ctx: FileContext, functions: dict[str, _Function], roots: list[ast.AST]
) -> list[str]:
    """The text of `roots` and of the file's functions they call, three levels down."""
    texts = []
    seen: set[int] = set()
    pending = [(root, 0) for root in roots]
    while pending:
        node, depth = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        texts.append(ctx.node_text(node))
        if depth < 3:
            pending += [
                (functions[call.func.id], depth + 1)
                for call in ast.walk(node)
                if isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id in functions
            ]
    return texts


def starts_cuda_before(ctx: FileContext, start: ast.AST) -> bool:
    """Whether the process may have started CUDA before `start` runs (see the module's
    docstring); False only when the file shows it has not."""
    tree = ctx.whole_tree()
    if tree is None:
        return True
    line = getattr(start, "lineno", 0)
    functions = file_functions(tree)
    holder = next(
        (f for f in functions.values() if f.lineno <= line <= (f.end_lineno or f.lineno)), None
    )
    if holder is None:
        sites = [line]
        inside: list[ast.AST] = []
    else:
        # Called only from the `__main__` block, and never named otherwise (a callback).
        uses = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == holder.name]
        calls = [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func is not None
            and n.func.id == holder.name
        ]
        if not calls or len(calls) != len(uses):
            return True
        sites = [call.lineno for call in calls]
        inside = _statements_before(holder, line)
    if not all(in_main_block(ctx, site) for site in sites):
        return True
    before: list[ast.AST] = list(inside)
    for statement in tree.body:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            names = (
                [(alias.name, 0) for alias in statement.names]
                if isinstance(statement, ast.Import)
                else [(statement.module or "", statement.level)]
            )
            if any(is_project_module(ctx.source.path, n, level) for n, level in names):
                return True
        elif not isinstance(statement, _Function | ast.ClassDef):
            last = max(sites)
            if (statement.end_lineno or statement.lineno) < last:
                before.append(statement)
            elif statement.lineno <= last:  # the `__main__` block: its statements above
                before += _statements_before(statement, last)
    code = without_comments("".join(code_called(ctx, functions, before)))
    return STARTS_CUDA.search(code) is not None


def _statements_before(holder: ast.AST, line: int) -> list[ast.AST]:
    """The statements under `holder` that end before `line` (not `holder` itself)."""
    return [
        s
        for s in ast.walk(holder)
        if isinstance(s, ast.stmt) and s is not holder and (s.end_lineno or s.lineno) < line
    ]
