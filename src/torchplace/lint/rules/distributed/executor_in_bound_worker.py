"""TPL409 executor-in-bound-worker-without-initializer."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, keyword
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import without_comments
from torchplace.report import Finding

# `set_device(x)` with x not the literal 0: the worker chose a GPU other than the default.
_BINDS_GPU = re.compile(r"\bset_device\s*\(\s*(?!0\s*\))[^)\s]")


class ExecutorInBoundWorker(Rule):
    """## What it does
    Flags a `ThreadPoolExecutor(...)` built without `initializer=` in a method of a class
    that binds its GPU with `torch.cuda.set_device(...)` (a worker that owns one GPU),
    when no function submitted to it in the file is known to stay off CUDA. An executor
    whose submitted functions are read and use CUDA is `thread-without-device-binding`
    (TPL403) or `held-executor-without-device-binding` (TPL408) instead.

    ## Why is this bad?
    `set_device` binds the calling thread only. The executor's threads start on the
    process's device 0: raw Triton launches, `torch.cuda.current_stream()`, `synchronize()`
    and `device="cuda"` in them land on GPU 0, unordered with the worker's own stream, or
    make a second CUDA context there. On every worker but the first this is the wrong GPU.

    ## Example
    ```python
    class Worker:
        def __init__(self, device):
            self.device = device
            torch.cuda.set_device(device)

        def run(self):
            self.gpu_executor = ThreadPoolExecutor(max_workers=1)
    ```

    Use instead:
    ```python
    class Worker:
        def __init__(self, device):
            self.device = device
            torch.cuda.set_device(device)

        def run(self):
            self.gpu_executor = ThreadPoolExecutor(
                max_workers=1, initializer=torch.cuda.set_device, initargs=(self.device,)
            )
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    - https://docs.python.org/3/library/concurrent.futures.html#threadpoolexecutor
    """

    code = "TPL409"
    name = "executor-in-bound-worker-without-initializer"
    preview = True
    contexts = "`ThreadPoolExecutor`s built in methods of classes that call `set_device`"
    summary = "Executor built in a worker that bound its GPU: its threads start on cuda:0"
    pattern = None
    candidate = AnyOf(r"ThreadPoolExecutor\s*\(")
    file_gate = ("set_device", "ThreadPoolExecutor")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        lines = ctx.source.text.splitlines()
        for call, located in self.located_calls(ctx, "ThreadPoolExecutor"):
            if keyword(call, "initializer") is not None or call.args[2:]:
                continue
            owner = located.scope.method_class
            if owner is None or not isinstance(owner.node, ast.ClassDef):
                continue
            node = owner.node
            text = without_comments("\n".join(lines[node.lineno - 1 : node.end_lineno]))
            bind = _BINDS_GPU.search(text)
            if bind is None or _work_is_known(ctx, node, call):
                continue
            line = node.lineno + text.count("\n", 0, bind.start())
            message = (
                f"Executor's threads start on cuda:0, not the GPU this worker bound with "
                f"set_device (line {line}): pass an `initializer=` that binds it"
            )
            yield self.finding(ctx, call, message)


def _work_is_known(ctx: FileContext, owner: ast.ClassDef, built: ast.Call) -> bool:
    """Some function submitted to this executor is read: TPL403/TPL408 judge it instead."""
    target = _assigned_to(ctx, owner, built)
    if target is None:
        return False
    for node in ast.walk(owner):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("submit", "map")
            and ctx.source.segment(node.func.value) == target
            and node.args
        ):
            name = getattr(node.args[0], "attr", getattr(node.args[0], "id", None))
            if isinstance(name, str) and len(ctx.functions.get(name, [])) == 1:
                return True
    return False


def _assigned_to(ctx: FileContext, owner: ast.ClassDef, built: ast.Call) -> str | None:
    """The name the executor is kept under: `x = ThreadPoolExecutor()`, `with ... as x`."""
    for node in ast.walk(owner):
        if isinstance(node, ast.Assign) and node.value is built and len(node.targets) == 1:
            return ctx.source.segment(node.targets[0])
        if isinstance(node, ast.withitem) and node.context_expr is built and node.optional_vars:
            return ctx.source.segment(node.optional_vars)
    return None
