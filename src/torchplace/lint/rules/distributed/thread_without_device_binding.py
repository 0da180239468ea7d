"""TPL403 thread-without-device-binding."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import ClassVar

from torchplace.lint.context import FileContext, Scope, keyword
from torchplace.lint.job_scale import in_one_process_branch, picks_gpu_other_than_rank
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    branches,
    scope_nodes,
    without_comments,
    without_unentered_contexts,
)
from torchplace.lint.run_conditions import (
    runs_only_on_cpu,
    runs_only_on_rank_zero,
    single_process_script,
)
from torchplace.report import Finding

_USES_CUDA = re.compile(
    r"\.cuda\s*\(|(?:\bdevice\s*=\s*|\.to\(\s*)f?[\"']cuda"
    r"|torch\.cuda\.(?!is_available|device_count|get_device_\w+|current_device|is_initialized"
    r"|set_device|device\b)\w+\s*\(|torch\.device\(\s*f?[\"']cuda"
)
# Methods of CUDA events and streams. `elapsed_time` made a CUDA context on the calling thread's
# current device (GPU 0 in a new thread) until PyTorch guarded it with the event's own device
# (pytorch#122538, torch 2.3; pytorch-pfn-extras#726 is the bug it caused): it counts for
# TPL403. A wait (`synchronize()`) never did: `Stream.synchronize` guards the stream's device
# and `cudaEventSynchronize` runs from any device; a new thread that only waits makes no
# context (measured on an H200). A thread that only waits, then works on host data, is not a
# CUDA user. TPL408 (executors of current serving stacks) counts neither.
_EVENT_METHODS = re.compile(r"\.elapsed_time\s*\(")
_EVENT_WAITS = re.compile(r"\.(?:synchronize|elapsed_time)\s*\(")
_CUDA_EVENTS = re.compile(r"\bcuda\.(?:Event|Stream)\b")
# Uses that act on the thread's *current* GPU: no device named (`.cuda()`, `"cuda"`,
# `torch.cuda.memory_allocated()`), or the current device read (`current_device()`).
_ON_CURRENT_DEVICE = re.compile(
    r"\.cuda\s*\(\s*\)|current_device\s*\(|(?:\bdevice\s*=\s*|\.to\(\s*)[\"']cuda[\"']"
    r"|torch\.device\(\s*[\"']cuda[\"']\s*\)"
    r"|torch\.cuda\.(?!is_available|device_count|get_device_\w+|is_initialized)\w+\(\s*\)"
)
# TPL403's uses of the thread's current GPU: `.cuda()` without an index (`non_blocking=` may
# follow), an unindexed `"cuda"` as a device, `current_device()`, and `torch.cuda.*()` calls
# given no device (`Stream()`, `synchronize()`, `memory_allocated()`), and the legacy typed
# constructors (`torch.cuda.FloatTensor(n)`), which allocate on the current GPU whatever their
# arguments. A call that names its device, or `torch.cuda.stream(s)` (which switches to the
# stream's device), does not depend on which GPU the thread starts on.
_CURRENT_GPU = re.compile(
    r"\.cuda\s*\(\s*(?:\)|(?!device\b)\w+\s*=)|current_device\s*\("
    r"|torch\.cuda\.(?:Float|Double|Half|BFloat16|Byte|Char|Short|Int|Long|Bool)Tensor\s*\("
    r"|(?:\bdevice\s*=\s*|\.to\(\s*|map_location\s*=\s*)[\"']cuda[\"']"
    r"|torch\.device\(\s*[\"']cuda[\"']\s*\)"
    r"|torch\.cuda\.(?!is_available|device_count|get_device_\w+|is_initialized|set_device|device\b"
    r"|stream\b|Event\b|nvtx\b)\w+\s*\(\s*(?:\)|(?!device\b)\w+\s*=)"
)
_BINDS = re.compile(
    r"set_device(?:_index)?\s*\(|cuda\s*\.\s*device\s*\(|DeviceGuard\s*\(|bound_thread\s*\("
)
# `torch.cuda.stream(s)` and `torch.cuda.set_stream(s)` switch the thread to the stream's GPU
# (PyTorch's `_cuda_setStream` sets the device first when they differ): a stream made
# elsewhere, on the rank's GPU, binds the thread. One made in the thread with no device
# (`torch.cuda.Stream()`) is on the thread's current GPU, GPU 0, and binds nothing.
_STREAM_SWITCH = re.compile(r"cuda\s*\.\s*(?:set_)?stream\s*\(\s*([\w.]+)\s*\)")
_NEW_STREAM = r"(?:torch\s*\.\s*)?cuda\s*\.\s*Stream\s*\(\s*\)"


#: A choice of GPU anywhere in a file: a device name or variable, an index, a binding.
_CHOOSES_DEVICE = re.compile(
    r"\bdevice\b|cuda:|set_device|cuda\s*\.\s*device\s*\("
    r"|\.cuda\s*\(\s*(?!\)|non_blocking\b|memory_format\b)"
)


def _one_gpu_program(ctx: FileContext) -> bool:
    """A one-process script (`single_process_script`) that never chooses a GPU: its main
    thread and every thread it starts use the current device, GPU 0 in each of them."""
    return single_process_script(ctx) and not _CHOOSES_DEVICE.search(
        without_comments(ctx.source.text)
    )


class ThreadWithoutDeviceBinding(Rule):
    """## What it does
    Flags `threading.Thread(target=f)`, and `executor.submit(f, ...)` / `executor.map(f,
    ...)` on a `ThreadPoolExecutor`, when `f` (a function of the same file, or a lambda)
    uses the thread's current GPU (`.cuda()`, `"cuda"`, `torch.cuda.*()` calls given no
    device, `current_device()`, or `.elapsed_time()` on the `torch.cuda.Event`s of the
    file; a call that names its device does not count) and never binds a device
    (`torch.cuda.set_device`, `torch.cuda.device`, `DeviceGuard`, `torchplace.bound_thread`, or
    `torch.cuda.stream(s)` / `set_stream(s)` with a stream made elsewhere: switching to a stream
    switches to its GPU). A thread that only waits on an event or a stream (`.synchronize()`)
    and then works on host data uses no GPU of its own. Not flagged: a thread started only when
    the device is the CPU, or only in rank 0 (global, or `rank % nprocs_per_node == 0`: the
    process of the node's first GPU, cuda:0; `RANK == 0` too), or only when the job has one
    process (`world_size == 1`, or a flag set from such a test: `single_gpu = size() == 1`) in
    a file that picks no GPU but by rank (`set_device(args.gpu)` may pick GPU 3), or
    by a one-process script that never chooses a GPU (no device name, index or binding
    anywhere), nor in a checkout nobody installs whose code binds no GPU per process and enters
    no `torch.cuda.device(...)`: all its threads use GPU 0, as its main thread does. An executor
    built with an `initializer=` is left alone (the initializer runs first in each of its
    threads); executors kept in `self.<attr>` are `held-executor-without-device-binding`
    (TPL408).

    ## Why is this bad?
    The current CUDA device is per thread, and a new thread starts on device 0 whatever its
    parent chose with `set_device`. Its `.cuda()`, `device="cuda"` and new streams land on
    GPU 0, next to tensors on the rank's own GPU: `Expected all tensors to be on the same
    device, but found at least two devices, cuda:0 and cuda:1!`, or a silent extra context
    and memory on GPU 0.

    ## Example
    ```python
    def prefetch(batch):
        return batch.cuda(non_blocking=True)

    threading.Thread(target=prefetch, args=(batch,)).start()
    ```

    Use instead:
    ```python
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"]))

    def prefetch(batch):
        torch.cuda.set_device(device)
        return batch.to(device, non_blocking=True)
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    - https://github.com/pytorch/pytorch/issues/195256
    """

    code = "TPL403"
    # Preview: its findings at first look on unseen sets were TRUE on 1 of 3 (fresh-5 TRUE;
    # fresh-7 FALSE, a profiler thread that only a one-process, one-GPU run starts; fresh-15
    # FALSE, worker threads of a one-process evaluation script: lint_precision_unseen.md);
    # on fresh-37 on 0 of 2 (loader threads of a chat app that binds no GPU anywhere: every
    # thread is on GPU 0 as its main one is; now read from the project). fresh-69's 2 FALSE
    # (msrflute's client threads, started only when `WORLD_SIZE` is 1) and fresh-70's FALSE
    # (Triton-distributed's server thread, only where `RANK == 0`) are now read as one process
    # and rank 0 (`job_scale.in_one_process_branch` reads a flag set from the world size;
    # upper-case rank names).
    preview = True
    name = "thread-without-device-binding"
    project_condition = "may-bind-another-gpu"
    contexts = (
        "thread targets that use CUDA (not only event waits); not threads started only on the"
        " CPU path, only in rank 0 or only in a one-process job, nor in applications that never"
        " bind a GPU per process"
    )
    summary = "Thread target uses CUDA but never binds a device (threads start on cuda:0)"
    pattern: ClassVar[str | None] = "thread-without-device-binding"
    candidate = AnyOf(r"Thread\s*\(", r"ThreadPoolExecutor\s*\(", r"\.\s*(?:submit|map)\s*\(")
    file_gate = ("cuda",)
    # The target's body is read by name from anywhere in the file: keep parsed every function
    # holding a use `_uses_cuda` reads (`_CURRENT_GPU` names some, `current_device()`, that
    # `_USES_CUDA` leaves out), or the finding would depend on which other rules run.
    context_hint = re.compile(f"{_USES_CUDA.pattern}|{_CURRENT_GPU.pattern}|{_EVENT_WAITS.pattern}")

    #: Whether to follow executors held in `self.<attr>` (TPL408) instead of local ones.
    held_executors = False

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        executors: dict[int, set[str]] = {}
        held: dict[str, ast.Call] | None = None
        reported: set[int] = set()
        for call, located in self.located_calls(ctx, "Thread", "submit", "map"):
            built: ast.Call | None = None
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr in ("submit", "map"):
                if held is None:
                    held = _held_executors(ctx)
                built = held.get(ctx.source.segment(func.value))
                if built is not None and keyword(built, "initializer") is not None:
                    continue  # its threads run an initializer first: the binding's place
            if (built is not None) != self.held_executors:
                continue
            target = (
                call.args[0]
                if built is not None and call.args
                else _target(ctx, call, located.scope, executors)
            )
            if target is None:
                continue
            function, label = _resolve(ctx, target, located.scope)
            if function is None:
                continue
            text = without_comments(
                ctx.node_text(function)
                if not isinstance(function, ast.Lambda)
                else ctx.source.segment(function)
            )
            if not _uses_cuda(ctx, text, self.held_executors) or _binds(text):
                continue
            if (
                runs_only_on_cpu(ctx, located.scope, call)
                or runs_only_on_rank_zero(ctx, located.scope, call)
                or (
                    in_one_process_branch(ctx, call, _function_node(located.scope))
                    and not picks_gpu_other_than_rank(ctx)
                )
            ):
                continue  # no GPU in use, or the process of the node's first GPU (cuda:0)
            if _one_gpu_program(ctx):
                continue  # every thread's current GPU is the one the whole program uses
            if self.held_executors and not _on_current_device(ctx, text):
                continue  # every CUDA use names its device: the thread's own does not matter
            if built is None:
                message = f"Thread target `{label}` uses CUDA without binding a device"
                yield self.finding(ctx, call, message)
            elif id(built) not in reported:
                reported.add(id(built))
                message = (
                    f"Executor's threads run `{label}` (line {call.lineno}), which uses CUDA, "
                    "without binding a device: pass an `initializer=` that calls set_device"
                )
                yield self.finding(ctx, built, message)


class HeldExecutorWithoutDeviceBinding(ThreadWithoutDeviceBinding):
    """## What it does
    Flags a `ThreadPoolExecutor` kept in `self.<attr>`, built without an `initializer=`, when
    a function of the same file submitted to it (`self.<attr>.submit(f, ...)`, `.map`) uses
    the thread's current GPU (`.cuda()`, `"cuda"`, `torch.cuda.memory_allocated()`,
    `current_device()`) and never binds a device. A mere wait on a CUDA event is not counted:
    on current torch and CUDA it makes no context on GPU 0. Functions whose
    CUDA calls all name their device (`torch.cuda.current_stream(device)`) are left alone.
    The finding is where the executor is built: the place of the fix.

    ## Why is this bad?
    The executor's threads start on the process's device 0, whatever the rank bound with
    `set_device` on its main thread: memory queries, `.cuda()` and new streams in them land
    on GPU 0 (a monitor that measures and resets GPU 0, work unordered with the rank's own
    stream).

    ## Example
    ```python
    class Monitor:
        def __init__(self):
            self.executor = ThreadPoolExecutor(max_workers=1)

        def start(self):
            self.executor.submit(self.measure)

        def measure(self):
            return torch.cuda.max_memory_allocated()
    ```

    Use instead:
    ```python
    class Monitor:
        def __init__(self):
            device = torch.cuda.current_device()
            self.executor = ThreadPoolExecutor(
                max_workers=1, initializer=lambda: torch.cuda.set_device(device)
            )
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    - https://docs.python.org/3/library/concurrent.futures.html#threadpoolexecutor
    """

    code = "TPL408"
    # Preview: it raised nothing at first look on fresh-7 to fresh-9 (its one fresh-7
    # finding, a thread inside `torch.cuda.stream(s)`, is no longer raised), then on fresh-16
    # TRUE on 0 of 1: every CUDA use of the thread named the tensor's own device
    # (lint_precision_unseen.md). The default set needs 90% there.
    preview = True
    name = "held-executor-without-device-binding"
    contexts = (
        "`ThreadPoolExecutor`s kept in `self.<attr>` whose submitted functions use the current GPU"
    )
    summary = "Executor's threads use CUDA but never bind a device (they start on cuda:0)"
    held_executors = True
    pattern = None  # the catalogue's thread pattern names TPL403 alone


def _binds(text: str) -> bool:
    """The thread's code binds a device: `set_device`, a device context, or a switch to a
    stream made elsewhere (not `None`, not a `torch.cuda.Stream()` made here without a device)."""
    if _BINDS.search(without_unentered_contexts(text)):
        return True
    for switch in _STREAM_SWITCH.finditer(text):
        stream = switch.group(1)
        made_here = re.search(rf"(?<![\w.]){re.escape(stream)}\s*=\s*{_NEW_STREAM}", text)
        if stream != "None" and not made_here:
            return True
    return False


def _uses_cuda(ctx: FileContext, text: str, any_use: bool = False) -> bool:
    """Uses of the thread's current GPU, or `elapsed_time` on the CUDA events of the file
    (see `_EVENT_METHODS`); with `any_use` (TPL408, which then asks `_on_current_device`),
    any CUDA call or event wait."""
    if (_USES_CUDA if any_use else _CURRENT_GPU).search(text):
        return True
    events = _EVENT_WAITS if any_use else _EVENT_METHODS
    return bool(events.search(text)) and bool(_CUDA_EVENTS.search(ctx.source.text))


def _on_current_device(ctx: FileContext, text: str) -> bool:
    """Uses of the thread's current GPU (waits on events are not: see `_EVENT_METHODS`)."""
    return bool(_ON_CURRENT_DEVICE.search(text))


def _held_executors(ctx: FileContext) -> dict[str, ast.Call]:
    """`self.<attr>` attributes the file sets (once) to a `ThreadPoolExecutor(...)`."""
    built: dict[str, list[ast.Call]] = {}
    for node in ast.walk(ctx.tree):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
        if (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
            and isinstance(value, ast.Call)
            and (ctx.qualified(value.func) or "").endswith("ThreadPoolExecutor")
        ):
            built.setdefault(ctx.source.segment(target), []).append(value)
    return {name: calls[0] for name, calls in built.items() if len(calls) == 1}


def _target(
    ctx: FileContext, call: ast.Call, scope: Scope, executors: dict[int, set[str]]
) -> ast.expr | None:
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in ("submit", "map"):
        key = id(scope.node)
        if key not in executors:
            executors[key] = _executor_names(ctx, scope)
        receiver = ctx.source.segment(func.value)
        return call.args[0] if call.args and receiver in executors[key] else None
    if not (ctx.qualified(func) or "").endswith("Thread"):
        return None
    target = keyword(call, "target")
    return target.value if target else None


def _executor_names(ctx: FileContext, scope: Scope) -> set[str]:
    """Names bound to a ThreadPoolExecutor in the scope (`with ... as pool`, `pool = ...`, `pool
    = ThreadPoolExecutor(...) if cond else None`)."""
    names: set[str] = set()
    for node in scope_nodes(ctx, scope):
        pairs: list[tuple[ast.expr | None, ast.expr]] = []
        if isinstance(node, ast.With | ast.AsyncWith):
            pairs = [(item.optional_vars, item.context_expr) for item in node.items]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs = [(node.targets[0], node.value)]
        for target, value in pairs:
            # `pool = ThreadPoolExecutor(...) if pipelined else None`: either arm may build it.
            if target is not None and any(
                isinstance(arm, ast.Call)
                and (ctx.qualified(arm.func) or "").endswith("ThreadPoolExecutor")
                for arm in branches(value)
            ):
                names.add(ctx.source.segment(target))
    return names


def _resolve(
    ctx: FileContext, target: ast.expr, scope: Scope | None = None
) -> tuple[ast.AST | None, str]:
    """The function a thread runs: a lambda, or a def of this file (through `partial`); a
    method named on `self` is looked up in the class of the code starting the thread."""
    if isinstance(target, ast.Call) and (ctx.qualified(target.func) or "").endswith("partial"):
        target = target.args[0] if target.args else target
    if isinstance(target, ast.Lambda):
        return target, "lambda"
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
    if not isinstance(name, str):
        return None, ""
    definitions = ctx.functions.get(name, [])
    if len(definitions) > 1 and isinstance(target, ast.Attribute) and scope is not None:
        # `self._worker` with a `_worker` in two classes of the file: the caller's own class's
        # method is the one the thread runs.
        owner = scope.enclosing("class")
        definitions = [d for d in definitions if owner is not None and d.scope.node is owner.node]
    if len(definitions) != 1:
        return None, name
    return definitions[0].node, name


def _function_node(scope: Scope) -> ast.AST | None:
    function = scope.function
    return function.node if function is not None else None
