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
    that uses CUDA, unless the function returns early when CUDA is already initialized
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
        "multiprocessing set-up in files that use CUDA; not behind an `is_initialized()` guard"
    )
    summary = "`fork` start method in a program that uses CUDA (Cannot re-initialize CUDA)"
    pattern = "fork-after-cuda-init"
    candidate = AnyOf(r"[\"']fork[\"']")
    file_gate = ("fork", "cuda")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        uses_cuda: bool | None = None
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
                if uses_cuda and not _guarded(ctx, located.scope, call.lineno):
                    yield self.finding(ctx, value)


def _guarded(ctx: FileContext, scope: Scope, line: int) -> bool:
    """A test of whether CUDA is initialized runs before the fork in the same function."""
    return scope.function is not None and "is_initialized(" in code_before(ctx, scope, line)
