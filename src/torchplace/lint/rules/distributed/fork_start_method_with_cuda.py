"""TPL406 fork-start-method-with-cuda."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope, keyword
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    all_calls,
    code_before,
    literal_string,
    without_comments,
)
from torchplace.report import Finding

_USES_CUDA = re.compile(
    r"\.cuda\s*\(|(?:\bdevice\s*=\s*|\.to\(\s*)f?[\"']cuda"
    r"|torch\.cuda\.(?!is_available|device_count)\w+\s*\(|torch\.device\(\s*f?[\"']cuda"
)
_METHOD_CALLS = ("set_start_method", "get_context")
_KEYWORDS = ("multiprocessing_context", "mp_context", "start_method")


class ForkStartMethodWithCuda(Rule):
    """## What it does
    Flags the `fork` start method (`multiprocessing.set_start_method("fork")`,
    `get_context("fork")`, `multiprocessing_context="fork"`, `mp_context=...`) in a file
    whose child processes use CUDA: a function of the file run by `Process(target=...)` or
    a pool (`map`, `apply`, `submit`) calls `.cuda()`, `torch.cuda.*` or places on "cuda".
    Left alone: children that never touch CUDA (file writers forked after a device-to-host
    copy), and a function that returns early when CUDA is already initialized
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
    name = "fork-start-method-with-cuda"
    preview = True
    contexts = (
        "multiprocessing set-up whose child processes use CUDA; not behind an"
        " `is_initialized()` guard"
    )
    summary = "`fork` start method in a program that uses CUDA (Cannot re-initialize CUDA)"
    pattern = "fork-after-cuda-init"
    candidate = AnyOf(r"[\"']fork[\"']")
    file_gate = ("fork", "cuda")
    # The children's functions are read by name from anywhere in the file.
    context_hint = _USES_CUDA

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        uses_cuda: bool | None = None
        child: str | None = None
        for located in all_calls(ctx):
            call = located.node
            assert isinstance(call, ast.Call)
            values = [kw.value for kw in call.keywords if kw.arg in _KEYWORDS]
            method = keyword(call, "method")
            if getattr(call.func, "attr", getattr(call.func, "id", "")) in _METHOD_CALLS:
                values += call.args[:1] + ([method.value] if method else [])
            for value in values:
                if literal_string(value) != "fork":
                    continue
                if uses_cuda is None:
                    uses_cuda = bool(_USES_CUDA.search(without_comments(ctx.source.text)))
                    child = _cuda_child(ctx) if uses_cuda else None
                if child is not None and not _guarded(ctx, located.scope, call.lineno):
                    message = f"`fork` start method, and the child runs `{child}`, which uses CUDA"
                    yield self.finding(ctx, value, message)


def _cuda_child(ctx: FileContext) -> str | None:
    """A function of this file that a child process runs (`Process(target=f)`,
    `pool.map(f, ...)`, `apply`, `submit`, `starmap`) and that uses CUDA, if any."""
    for node in ast.walk(ctx.tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        target: ast.expr | None = None
        if name == "Process":
            found = keyword(node, "target")
            target = found.value if found else None
        elif name in _POOL_METHODS and node.args:
            target = node.args[0]
        if isinstance(target, ast.Call) and (ctx.qualified(target.func) or "").endswith("partial"):
            target = target.args[0] if target.args else None
        label = getattr(target, "attr", getattr(target, "id", None))
        defs = ctx.functions.get(label, []) if isinstance(label, str) else []
        if len(defs) == 1 and _USES_CUDA.search(without_comments(ctx.node_text(defs[0].node))):
            return str(label)
    return None


_POOL_METHODS = ("apply", "apply_async", "map", "map_async", "imap", "starmap", "submit")


def _guarded(ctx: FileContext, scope: Scope, line: int) -> bool:
    """A test of whether CUDA is initialized runs before the fork in the same function."""
    return scope.function is not None and "is_initialized(" in code_before(ctx, scope, line)
