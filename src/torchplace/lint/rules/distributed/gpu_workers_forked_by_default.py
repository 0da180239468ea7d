"""TPL410 gpu-workers-forked-by-default."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.device_kind import targets_other_accelerator
from torchplace.lint.fork_safety import code_called, file_functions, starts_cuda_before
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import enclosing_function, scope_nodes, without_comments
from torchplace.report import Finding

_MODULES = ("multiprocessing", "torch.multiprocessing")
# A loop bound that counts GPUs or ranks: one process per GPU.
_PER_GPU = re.compile(
    r"world_size|parallel_size|tp_size|device_count\s*\(|num_gpus|n_gpus|ngpus|gpus_per_node"
    r"|nprocs|nproc_per_node"
)
# A start method chosen anywhere in the file (`spawn` or `forkserver`, or `fork` on purpose,
# which TPL406 judges).
_CHOSEN = re.compile(r"set_start_method\s*\(|get_context\s*\(|start_method\s*=")


class GpuWorkersForkedByDefault(Rule):
    """## What it does
    Flags `multiprocessing.Process(...)` (or `torch.multiprocessing.Process`) started with
    the platform's default start method, one per GPU: in a loop over a rank count
    (`range(world_size)`, `range(1, tensor_parallel_size)`, `range(device_count())`) that
    passes the loop's index to the process, in a file that never chooses a start method
    (`set_start_method`, `get_context`). Not flagged: a file whose code never names CUDA
    and names another accelerator (an Intel NPU or XPU, a Habana HPU, XLA), or imports its
    runtime from a module of its own package that does (and never names CUDA): no CUDA
    context exists there for a fork to copy. Nor workers whose target (a function of the
    file, or one the starting function defines: then every definition of it, with the
    assignments there of the names it closes over), with the file's functions it calls,
    never name CUDA, a GPU, NCCL or a device and either never use torch or join a `gloo`
    process group (API callers, CPU test workers); nor workers started from a script's
    `__main__` block before its process starts CUDA (read in the file and the functions it
    calls; a module-level import of the project's own code may start it, so the rule then
    holds).

    ## Why is this bad?
    The default start method on Linux is `fork`. A GPU worker forked from a parent that
    has touched CUDA (a model built, `torch.cuda.is_available()` answered by the driver, a
    tensor moved) dies with `Cannot re-initialize CUDA in forked subprocess. To use CUDA
    with multiprocessing, you must use the 'spawn' start method`; whether the parent has
    touched CUDA depends on the caller, so the engine breaks when imported by a program
    that has.

    ## Example
    ```python
    for rank in range(1, config.tensor_parallel_size):
        process = mp.Process(target=ModelRunner, args=(config, rank))
        process.start()
    ```

    Use instead:
    ```python
    ctx = mp.get_context("spawn")
    for rank in range(1, config.tensor_parallel_size):
        process = ctx.Process(target=ModelRunner, args=(config, rank))
        process.start()
    ```

    ## Fix safety
    No automatic fix: `spawn` re-imports the main module and needs picklable targets.

    ## References
    - https://pytorch.org/docs/stable/notes/multiprocessing.html#cuda-in-multiprocessing
    - https://docs.python.org/3/library/multiprocessing.html#contexts-and-start-methods
    """

    code = "TPL410"
    # Preview: at first look on fresh-16 (9,817 files chosen by the default rules' text) TRUE
    # on 0 of 6: workers that never use a GPU (API callers, CPU gloo tests) and a script
    # whose parent starts no CUDA before forking (benchmarks/results/lint_precision_unseen.md).
    # The default set needs 90% there.
    preview = True
    name = "gpu-workers-forked-by-default"
    contexts = (
        "one process per GPU rank, in files that never choose a start method; not files that"
        " target another accelerator and never CUDA"
    )
    summary = "GPU worker processes started with the default start method (fork on Linux)"
    pattern = None  # the catalogue's fork pattern names TPL406 alone
    project_condition = "may-run-on-cuda"
    candidate = AnyOf(r"Process\s*\(")
    file_gate = ("Process", "multiprocessing")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if _CHOSEN.search(ctx.source.text) or targets_other_accelerator(ctx):
            return
        for call, located in self.located_calls(ctx, "Process"):
            if (ctx.qualified(call.func) or "").rpartition(".")[0] not in _MODULES:
                continue
            loop = _rank_loop(ctx, located.scope, call)
            if loop is None or _worker_stays_off_gpu(ctx, call):
                continue
            if not starts_cuda_before(ctx, call):
                continue  # a script that forks before its own process touches CUDA
            message = (
                f"one process per GPU (loop at line {loop.lineno}) started with the default "
                'start method, fork on Linux: use `get_context("spawn")`'
            )
            yield self.finding(ctx, call, message)


def _rank_loop(ctx: FileContext, scope: Scope, call: ast.Call) -> ast.For | None:
    """The loop over a GPU or rank count that holds `call` and passes it the index."""
    for node in scope_nodes(ctx, scope):
        if not (isinstance(node, ast.For) and isinstance(node.target, ast.Name)):
            continue
        bound = node.iter
        if not (isinstance(bound, ast.Call) and getattr(bound.func, "id", None) == "range"):
            continue
        if not _PER_GPU.search(ctx.source.segment(bound)):
            continue
        if not any(n is call for n in ast.walk(node)):
            continue
        index = node.target.id
        passed = [*call.args, *(kw.value for kw in call.keywords)]
        if any(isinstance(n, ast.Name) and n.id == index for a in passed for n in ast.walk(a)):
            return node
    return None


#: Words of GPU work in a worker's code (a device, CUDA, a GPU, NCCL, a move).
_GPU_WORDS = re.compile(r"(?<![a-z0-9])(?:cuda|gpus?|nccl|device\w*)(?![a-z0-9])|\.to\(", re.I)
_GLOO = re.compile(r"""backend\s*=\s*["']gloo["']|init_process_group\(\s*["']gloo["']""")


def _local_functions(holder: ast.AST) -> dict[str, list[ast.AST]]:
    """The functions `holder` itself defines (in its nested blocks too, not inside its other
    functions), every definition of each name (one per arm of an `if`)."""
    found: dict[str, list[ast.AST]] = {}
    for node in (holder, *own_nodes(holder)):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found.setdefault(child.name, []).append(child)
    return found


def _closure_bindings(holder: ast.AST, workers: list[ast.AST]) -> list[ast.AST]:
    """The assignments in `holder`'s own code (not in the functions it defines) of names the
    `workers` read without binding them: what they close over."""
    free: set[str] = set()
    for worker in workers:
        bound = {
            n.id
            for n in ast.walk(worker)
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
        }
        assert isinstance(worker, ast.FunctionDef | ast.AsyncFunctionDef)
        bound |= {a.arg for a in ast.walk(worker.args) if isinstance(a, ast.arg)}
        free |= {
            n.id
            for n in ast.walk(worker)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
        } - bound
    return [
        node
        for node in own_nodes(holder)
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign)
        and any(
            isinstance(t, ast.Name) and t.id in free
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            for t in ast.walk(target)
        )
    ]


def _worker_stays_off_gpu(ctx: FileContext, call: ast.Call) -> bool:
    """The process's target is a function of the file (or one the starting function defines)
    whose code, with the file's functions it calls (three levels down), names no GPU work
    and either never uses torch or joins a gloo (CPU) process group: a worker that calls a
    web API, or a CPU test of a collective."""
    target = next((k.value for k in call.keywords if k.arg == "target"), None)
    if not isinstance(target, ast.Name):
        return False
    tree = ctx.whole_tree()
    if tree is None:
        return False
    functions = file_functions(tree)
    holder = enclosing_function(tree, call.lineno)
    local = _local_functions(holder) if holder is not None else {}
    if holder is not None and target.id in local:
        # A worker the starting function defines (TorchEasyRec's tests define
        # `_writer_worker` in each test method): every definition of the name is read, and
        # so are the starting function's assignments of the names it closes over (a CUDA
        # model built there and used in the worker).
        roots: list[ast.AST] = [*local[target.id]]
        roots += _closure_bindings(holder, local[target.id])
    elif target.id in functions:
        roots = [functions[target.id]]
    else:
        return False
    code = without_comments("".join(code_called(ctx, functions, roots)))
    if _GPU_WORDS.search(code):
        return False
    return "torch" not in code or _GLOO.search(code) is not None
