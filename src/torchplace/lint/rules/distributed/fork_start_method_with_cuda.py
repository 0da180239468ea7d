"""TPL406 fork-start-method-with-cuda."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator

from torchplace.lint.context import FileContext, Scope, call_name, keyword
from torchplace.lint.fork_safety import starts_cuda_before
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    all_calls,
    code_before,
    literal_string,
    scope_nodes,
    without_comments,
)
from torchplace.report import Finding

_USES_CUDA = re.compile(
    r"\.cuda\s*\(|(?:\bdevice\s*=\s*|\.to\(\s*)f?[\"']cuda"
    r"|torch\.cuda\.(?!is_available|device_count)\w+\s*\(|torch\.device\(\s*f?[\"']cuda"
)
_METHOD_CALLS = ("set_start_method", "get_context")
#: Calls that start a child process or hand it a function (`_children`).
_STARTS_CHILDREN = r"\bProcess\s*\(|\.(?:apply|apply_async|map|map_async|imap|starmap|submit)\s*\("


class ForkStartMethodWithCuda(Rule):
    """## What it does
    Flags the `fork` start method (`multiprocessing.set_start_method("fork")`,
    `get_context("fork")`) when a child it starts uses CUDA: a function of the file run by
    `Process(target=...)` or a pool (`map`, `apply`, `submit`) of that context (or of the
    module, after `set_start_method`) calls `.cuda()`, `torch.cuda.*` or places on "cuda".
    A DataLoader's `multiprocessing_context="fork"` runs dataset code not seen here.
    Left alone: children that never touch CUDA (file writers forked after a device-to-host
    copy), children a script starts before its own process starts CUDA (from its
    `__main__` block, or a function of the file only that block calls; read in the file,
    see `fork_safety`), and a function that returns early when CUDA is already initialized
    (`if torch.cuda.is_initialized(): return ...`).

    ## Why is this bad?
    A CUDA context cannot be inherited across `fork`. Once the parent has touched CUDA,
    any forked child that uses it dies with `Cannot re-initialize CUDA in forked
    subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method`,
    and DataLoader workers that touch CUDA fail the same way.

    ## Example
    ```python
    mp.set_start_method("fork")
    procs = [mp.Process(target=worker, args=(r,)) for r in range(world_size)]
    ```

    Use instead:
    ```python
    mp.set_start_method("spawn", force=True)

    def worker(local_rank):
        torch.cuda.set_device(local_rank)  # each child binds its own GPU
    ```

    ## Fix safety
    No automatic fix: `spawn` re-imports the main module and needs picklable targets.

    ## References
    - https://pytorch.org/docs/stable/notes/multiprocessing.html#cuda-in-multiprocessing
    - https://docs.python.org/3/library/multiprocessing.html#contexts-and-start-methods
    """

    code = "TPL406"
    # Preview: it raised nothing at first look on every earlier set, then on fresh-17 TRUE on
    # 0 of 1: a demo that forks its one worker before its own process starts CUDA, now read
    # (`fork_safety`) (benchmarks/results/lint_precision_unseen.md). The default set needs
    # 90% there.
    preview = True
    name = "fork-start-method-with-cuda"
    contexts = (
        "multiprocessing set-up whose child processes use CUDA; not behind an"
        " `is_initialized()` guard"
    )
    summary = "`fork` start method in a program that uses CUDA (Cannot re-initialize CUDA)"
    pattern = "fork-after-cuda-init"
    candidate = AnyOf(r"[\"']fork[\"']")
    file_gate = ("fork", "cuda")
    # The children's functions are read by name from anywhere in the file, and so are the
    # functions that start them (`Process(target=f)` in a `main()` the fork line calls).
    context_hint = re.compile(f"{_USES_CUDA.pattern}|{_STARTS_CHILDREN}")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for located in all_calls(ctx):
            call = located.node
            assert isinstance(call, ast.Call)
            method = keyword(call, "method")
            if getattr(call.func, "attr", getattr(call.func, "id", "")) not in _METHOD_CALLS:
                continue
            values = call.args[:1] + ([method.value] if method else [])
            if not any(literal_string(value) == "fork" for value in values):
                continue
            # A fork context's children are started where the context is kept (its function);
            # after `set_start_method("fork")`, anywhere in the file.
            global_fork = call_name(call) == "set_start_method"
            where = ast.walk(ctx.tree) if global_fork else scope_nodes(ctx, located.scope)
            children = _cuda_children(ctx, _forking_receivers(ctx, located.scope, call), where)
            # A child started before its parent starts CUDA starts its own (`fork_safety`).
            late = [label for label, start in children if starts_cuda_before(ctx, start)]
            if late and not _guarded(ctx, located.scope, call.lineno):
                message = f"`fork` start method, and the child runs `{late[0]}`, which uses CUDA"
                yield self.finding(ctx, values[0], message)


def _forking_receivers(ctx: FileContext, scope: Scope, call: ast.Call) -> set[str]:
    """What fork children are started from: the context `get_context("fork")` is kept in
    (`ctx = ...`, `with ....Pool() as pool`), or, after `set_start_method("fork")`, the
    multiprocessing modules themselves."""
    if getattr(call.func, "attr", getattr(call.func, "id", "")) == "set_start_method":
        return {alias for alias, module in ctx.aliases.items() if module in _MODULES}
    receivers = {ctx.source.segment(call)}
    changed = True
    while changed:
        changed = False
        for node in scope_nodes(ctx, scope):
            pairs: list[tuple[ast.expr | None, ast.expr]] = []
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                pairs = [(node.targets[0], node.value)]
            elif isinstance(node, ast.With | ast.AsyncWith):
                pairs = [(item.optional_vars, item.context_expr) for item in node.items]
            for target, value in pairs:
                made = {ctx.source.segment(value)}
                if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
                    made.add(ctx.source.segment(value.func.value))  # `ctx.Pool(...)`
                if target is None or not made & receivers:
                    continue
                name = ctx.source.segment(target)
                if name not in receivers:
                    receivers.add(name)
                    changed = True
    return receivers


def _cuda_children(
    ctx: FileContext, receivers: set[str], nodes: Iterable[ast.AST]
) -> list[tuple[str, ast.Call]]:
    """Each function of this file that a child started from `receivers` runs
    (`Process(target=f)`, `pool.map(f, ...)`, `apply`, `submit`, `starmap`) and that uses
    CUDA, with the call that starts it."""
    found = []
    for node in nodes:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if ctx.source.segment(node.func.value) not in receivers:
            continue
        name = node.func.attr
        target: ast.expr | None = None
        if name == "Process":
            found_target = keyword(node, "target")
            target = found_target.value if found_target else None
        elif name in _POOL_METHODS and node.args:
            target = node.args[0]
        if isinstance(target, ast.Call) and (ctx.qualified(target.func) or "").endswith("partial"):
            target = target.args[0] if target.args else None
        label = getattr(target, "attr", getattr(target, "id", None))
        defs = ctx.functions.get(label, []) if isinstance(label, str) else []
        if len(defs) == 1 and _USES_CUDA.search(without_comments(ctx.node_text(defs[0].node))):
            found.append((str(label), node))
    return found


_MODULES = ("multiprocessing", "torch.multiprocessing")
_POOL_METHODS = ("apply", "apply_async", "map", "map_async", "imap", "starmap", "submit")


def _guarded(ctx: FileContext, scope: Scope, line: int) -> bool:
    """A test of whether CUDA is initialized runs before the fork in the same function."""
    return scope.function is not None and "is_initialized(" in code_before(ctx, scope, line)
