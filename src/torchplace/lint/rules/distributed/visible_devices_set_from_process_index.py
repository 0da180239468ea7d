"""TPL411 visible-devices-set-from-a-process-index."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext
from torchplace.lint.process_indexes import process_index
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import is_env_read
from torchplace.lint.run_conditions import parent_map
from torchplace.lint.visible_device_writes import (
    VARIABLE,
    is_environ_key,
    sets_variable,
    written_value,
)
from torchplace.report import Finding


class VisibleDevicesSetFromProcessIndex(Rule):
    """## What it does
    Flags `os.environ["CUDA_VISIBLE_DEVICES"] = str(i)` (or `f"{i}"`, `.update`, `putenv`)
    where `i` is a process's index, 0, 1, 2, ... (`process_indexes`: the spawn index,
    `LOCAL_RANK` / `RANK` / `SLURM_LOCALID`, `dist.get_rank()`, `self.rank`, a `range` loop's
    variable, the position `enumerate` gives, or a parameter every hand-off in the file fills
    with one), in a file that reads `CUDA_VISIBLE_DEVICES` too: the program expects to be
    given a list of GPUs (it counts them, checks them, or saves the list to put it back).
    Not flagged: a value picked out of that list (`visible.split(",")[i]`), a GPU id the user
    gives (`args.gpu`).

    ## Why is this bad?
    `CUDA_VISIBLE_DEVICES` holds physical GPU ids. A program started with
    `CUDA_VISIBLE_DEVICES=4,5,6,7` that writes its worker's index there sends worker 0 to
    physical GPU 0, worker 1 to GPU 1, ...: onto GPUs it was not given (another user's, or
    another job's), while GPUs 4 to 7 stay idle. Nothing fails: the jobs only collide.

    ## Example
    ```python
    def work(split, gpu_id):
        os.environ["CUDA_VISIBLE_DEVICES"] = str(gpu_id)
        ...

    num_gpus = os.environ["CUDA_VISIBLE_DEVICES"].count(",") + 1
    pool.starmap(work, [(s, i) for i, s in enumerate(splits)])
    ```

    Use instead:
    ```python
    def work(split, gpu_id, visible):
        os.environ["CUDA_VISIBLE_DEVICES"] = visible[gpu_id]
        ...

    visible = os.environ["CUDA_VISIBLE_DEVICES"].split(",")
    pool.starmap(work, [(s, i, visible) for i, s in enumerate(splits)])
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars
    """

    code = "TPL411"
    name = "visible-devices-set-from-a-process-index"
    # New, with no first look on code it was not written against yet: in preview until one.
    preview = True
    in_tests = False
    contexts = (
        "writes of CUDA_VISIBLE_DEVICES in a file that reads it too; not a value picked out"
        " of the list, nor a GPU id the user gives"
    )
    summary = (
        "CUDA_VISIBLE_DEVICES set to a process's index: a physical GPU id, not the GPU at"
        " that place in the list the program was given"
    )
    pattern = "cuda-visible-devices-misuse"
    candidate = AnyOf(VARIABLE)
    file_gate = (VARIABLE,)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        tree = ctx.whole_tree()
        if tree is None:
            return
        parents = parent_map({}, tree)
        writes: list[tuple[ast.AST, ast.expr, ast.AST | None]] = []
        for located in ctx.assignments:
            node = located.node
            if isinstance(node, ast.Assign) and any(is_environ_key(ctx, t) for t in node.targets):
                writes.append((node, node.value, _function_of(located.scope)))
        for call, located in self.located_calls(ctx, "update", "setdefault", "putenv"):
            value = written_value(call) if sets_variable(ctx, call) else None
            if value is not None:
                writes.append((call, value, _function_of(located.scope)))
        if not writes:
            return
        reads = [
            node
            for node in ast.walk(tree)
            if is_env_read(ctx, node, VARIABLE) is not None and not _is_write_target(node)
        ]
        if not reads:
            return  # no sign the program is given a list of GPUs
        read_line = min(getattr(node, "lineno", 0) for node in reads)
        # The whole tree's nodes, matched to the pruned tree's by place.
        whole = _whole_functions(tree)
        for node, value, function in writes:
            own = whole.get(_place(function)) if function is not None else None
            whole_value = _whole_node(tree, value)
            if whole_value is None:
                continue
            index = process_index(whole_value, own, tree, parents)
            if index is None:
                continue
            message = (
                f"{VARIABLE} set to {index}, a process's index (0, 1, ...): a physical GPU "
                f"id, not the GPU at that place in the list the program reads (line "
                f"{read_line}); given `{VARIABLE}=4,5,6,7`, its workers use GPUs 0 to 3"
            )
            yield self.finding(ctx, node, message)


def _function_of(scope: object) -> ast.AST | None:
    function = getattr(scope, "function", None)
    return getattr(function, "node", None) if function is not None else None


def _is_write_target(node: ast.AST) -> bool:
    """The "read" is a write's own target (`os.environ[...] = ...` is a Subscript too)."""
    return isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store)


def _place(node: ast.AST) -> tuple[int, int]:
    return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))


def _whole_functions(tree: ast.Module) -> dict[tuple[int, int], ast.AST]:
    return {
        _place(node): node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def _whole_node(tree: ast.Module, node: ast.expr) -> ast.expr | None:
    """The whole tree's node at `node`'s place and of its kind: the rule reads the pruned
    tree's writes, the whole file's hand-offs."""
    place = (node.lineno, node.col_offset, getattr(node, "end_lineno", 0), type(node))
    for candidate in ast.walk(tree):
        if (
            isinstance(candidate, ast.expr)
            and (
                candidate.lineno,
                candidate.col_offset,
                getattr(candidate, "end_lineno", 0),
                type(candidate),
            )
            == place
        ):
            return candidate
    return None
