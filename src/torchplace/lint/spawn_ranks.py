"""Whether a file's global rank is the index of a process it spawned on this machine.

`torch.multiprocessing.spawn(train, nprocs=n)` starts `n` processes on the local machine and
calls `train(i, ...)` with `i` = 0..n-1. When the process group is then created with
`rank=i` (in `train`, or in a helper `train` passes `i` to), every rank of the job lives on
this machine and `dist.get_rank()` is this machine's GPU index: the program is single-node
by construction (nnU-Net's `run_training`). A job that adds a node offset
(`rank=node_rank * n + i`) does not qualify.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, call_name, keyword

_Function = ast.FunctionDef | ast.AsyncFunctionDef
_SPAWNERS = ("spawn", "start_processes")


def ranks_are_spawn_indices(ctx: FileContext) -> bool:
    """Whether the file creates its process group with `rank=` the index `mp.spawn` gives."""
    if "spawn" not in ctx.source.text and "start_processes" not in ctx.source.text:
        return False
    try:
        tree = ast.parse(ctx.source.text)  # the whole file: the launcher may hold no candidate
    except (SyntaxError, ValueError, RecursionError):
        return False
    functions: dict[str, list[_Function]] = {}
    for node in ast.walk(tree):
        if isinstance(node, _Function):
            functions.setdefault(node.name, []).append(node)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and call_name(node) in _SPAWNERS:
            target = node.args[0] if node.args else getattr(keyword(node, "fn"), "value", None)
            defs = functions.get(getattr(target, "id", ""), [])
            if len(defs) == 1 and _groups_with_first_parameter(defs[0], functions, depth=2):
                return True
    return False


def _groups_with_first_parameter(
    function: _Function, functions: dict[str, list[_Function]], depth: int
) -> bool:
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    return bool(names) and _groups_with(function, names[0], functions, depth)


def _groups_with(
    function: _Function, parameter: str, functions: dict[str, list[_Function]], depth: int
) -> bool:
    """`init_process_group(rank=parameter)` in `function`, or in a function of the file it
    passes `parameter` to (unchanged)."""
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        if call_name(node) == "init_process_group":
            rank = keyword(node, "rank")
            if rank is not None and _is_name(rank.value, parameter):
                return True
            continue
        defs = functions.get(getattr(node.func, "id", ""), [])
        if depth == 0 or len(defs) != 1:
            continue
        callee = defs[0]
        names = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
        for index, argument in enumerate(node.args[: len(names)]):
            if _is_name(argument, parameter) and _groups_with(
                callee, names[index], functions, depth - 1
            ):
                return True
    return False


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
