"""TPL409 executor-in-bound-worker-without-initializer."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator

from torchplace.lint.context import FileContext, keyword
from torchplace.lint.executor_work import work_binds_itself
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import branches, without_comments
from torchplace.report import Finding

# `set_device(x)` with x not the literal 0: the worker chose a GPU other than the default.
_BINDS_GPU = re.compile(r"\bset_device\s*\(\s*(?!0\s*\))[^)\s]")
_USES_CUDA = re.compile(
    r"\.cuda\s*\(|(?:\bdevice\s*=\s*|\.to\(\s*)f?[\"']cuda|torch\.cuda\.\w+\s*\(|current_stream"
)


class ExecutorInBoundWorker(Rule):
    """## What it does
    Flags a `ThreadPoolExecutor(...)` built without `initializer=` in a method of a class
    that binds its GPU with `torch.cuda.set_device(...)` (a worker that owns one GPU),
    when no function run on it in the file (`submit`, `map`, `loop.run_in_executor`) is
    known to stay off CUDA (a function of the file, read by TPL403 / TPL408, or one of the
    standard library or an HTTP client: `executor.submit(requests.post, url)`), and not
    every function run on it binds its own device (followed through a method that forwards
    its argument to `submit`: `cls.thread_submit(_work)`, where each `_work` starts with
    `torch.cuda.set_device(device)`). An executor whose submitted functions are read and use
    CUDA is `thread-without-device-binding` (TPL403) or `held-executor-without-device-binding`
    (TPL408) instead.

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
    # Default: before the fixes made against them its first looks on unseen package sets
    # were TRUE on 0 of 2 (fresh-11's: an executor kept under a name set by a conditional
    # expression, whose one function binds itself, now read); as it is now it raised nothing
    # there (benchmarks/results/lint_precision_unseen.md).
    name = "executor-in-bound-worker-without-initializer"
    contexts = (
        "`ThreadPoolExecutor`s built in methods of classes that call `set_device`; not when"
        " every function submitted to it binds its own device"
    )
    summary = "Executor built in a worker that bound its GPU: its threads start on cuda:0"
    pattern = None
    candidate = AnyOf(r"ThreadPoolExecutor\s*\(")
    file_gate = ("set_device", "ThreadPoolExecutor")
    # Methods that hand work to an executor are read whole, with their nested functions.
    context_hint = re.compile(r"run_in_executor\s*\(|\.(?:submit|map)\s*\(")

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
            if work_binds_itself(ctx, node, _assigned_to(ctx, node, call)):
                continue  # the `set_device` is the submitted functions' own binding
            line = node.lineno + text.count("\n", 0, bind.start())
            message = (
                f"Executor's threads start on cuda:0, not the GPU this worker bound with "
                f"set_device (line {line}): pass an `initializer=` that binds it"
            )
            yield self.finding(ctx, call, message)


def _work_is_known(ctx: FileContext, owner: ast.ClassDef, built: ast.Call) -> bool:
    """What runs on the executor is read: functions given to its `submit` / `map` (judged by
    TPL403 / TPL408), or to `loop.run_in_executor(executor, f)` that stay off CUDA."""
    target = _assigned_to(ctx, owner, built)
    if target is None:
        return False
    for node in ast.walk(owner):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method = node.func.attr
        if method in ("submit", "map") and ctx.source.segment(node.func.value) == target:
            work, given = node.args[:1], node.args[1:]
        elif method == "run_in_executor" and node.args[:1]:
            if ctx.source.segment(node.args[0]) != target:
                continue
            work, given = node.args[1:2], node.args[2:]
            function = _function(ctx, owner, work[0]) if work else None
            if function is not None and _USES_CUDA.search(function):
                return False  # the known work uses CUDA: this rule's finding
        else:
            continue
        if work and _function(ctx, owner, work[0]) is not None:
            return True
        given = [*given, *(k.value for k in node.keywords)]
        if work and _off_cuda(ctx, work[0]) and not _runs_given_code(ctx, owner, given):
            return True
    return False


#: Standard modules whose functions run the code they are given (`asyncio.run(coro)`,
#: `functools.partial(f)`, a thread, a pool): what they run is not known to stay off CUDA.
_RUNS_USER_CODE = frozenset(
    {"asyncio", "functools", "threading", "concurrent", "multiprocessing", "contextvars"}
    | {"runpy", "operator", "sched", "queue", "subprocess", "code", "builtins", "inspect"}
)


def _runs_given_code(ctx: FileContext, owner: ast.ClassDef, given: list[ast.expr]) -> bool:
    """An argument handed to the work is code to run: a lambda, a function of the file or
    class, or a call of one (a coroutine such as `self.serve(model)`, a `partial`)."""
    for argument in given:
        if isinstance(argument, ast.Lambda):
            return True
        named = argument.func if isinstance(argument, ast.Call) else argument
        if _function(ctx, owner, named) is not None:
            return True
        if isinstance(argument, ast.Call) and (ctx.qualified(named) or "").startswith("functools."):
            return True
    return False


#: Client libraries for HTTP and storage: they never touch a GPU.
_IO_CLIENTS = frozenset({"requests", "httpx", "aiohttp", "urllib3", "boto3", "fsspec"})


def _off_cuda(ctx: FileContext, node: ast.expr) -> bool:
    """A function of an imported module that never touches a GPU: the standard library
    (`json.dump`, `shutil.copy`, `time.sleep`) or an HTTP / storage client
    (`requests.post`), but not a standard module that runs the code it is given
    (`asyncio.run`, `functools.partial`, `threading`, `concurrent.futures`)."""
    qualified = ctx.qualified(node) or ""
    root, _, rest = qualified.partition(".")
    imported = {target.partition(".")[0] for target in ctx.aliases.values()}
    if not rest or root not in imported or root in _RUNS_USER_CODE:
        return False
    return root in sys.stdlib_module_names or root in _IO_CLIENTS


def _function(ctx: FileContext, owner: ast.ClassDef, node: ast.expr) -> str | None:
    """The text of the function that `node` names (a method or nested function of the
    class, or a function of the module), if there is exactly one."""
    name = getattr(node, "attr", getattr(node, "id", None))
    if not isinstance(name, str):
        return None
    inner: list[ast.AST] = [
        n
        for n in ast.walk(owner)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name
    ]
    defs = inner or [located.node for located in ctx.functions.get(name, [])]
    return without_comments(ctx.node_text(defs[0])) if len(defs) == 1 else None


def _assigned_to(ctx: FileContext, owner: ast.ClassDef, built: ast.Call) -> str | None:
    """The name the executor is kept under: `x = ThreadPoolExecutor()`, `x =
    ThreadPoolExecutor() if pipelined else None`, `with ... as x`."""
    for node in ast.walk(owner):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and any(arm is built for arm in branches(node.value))
        ):
            return ctx.source.segment(node.targets[0])
        if isinstance(node, ast.withitem) and node.context_expr is built and node.optional_vars:
            return ctx.source.segment(node.optional_vars)
    return None
