"""Code that drives several GPUs itself, one after another by index.

A process that places work on each GPU through a loop (`[torch.cuda.Stream(device=i) for i in
range(n_stage)]`, `for i in range(n): layers[i].to(f"cuda:{i}")`) owns those GPUs: it is the
one process of its node (a pipeline of stages in one process, an engine's scheduler, a model
split by hand), not one of several ranks that share the node. Alipay's flood engine builds
its streams and layers that way and then puts a lookahead table on `torch.device(0)` and
its batching stream on device 0: index 0 is one of its own GPUs, not a GPU every rank fights
for, and a process group made before any binding makes its communicator on that same GPU.

So does a script that wraps a model over several GPUs at once, unconditionally in its own
top-level code (or its `__main__` block), in a file that speaks of no ranks, launchers,
process groups, world sizes or processes (`run_conditions.speaks_of_one_process`):
`nn.DataParallel(model, device_ids=[0, 1, 2, 3], output_device=0)`, torchgpipe's
`GPipe(model, balance, devices=[0, 1, 2, 3])`. TUNiB's tutorials do so and feed the first
stage with `input_ids.to(0)`: every index is one of the process's own GPUs. A wrap inside a
function or a branch (`if args.local_rank == -1: model = DataParallel(model)`, the one-
process arm of a DDP trainer) proves nothing about the other arm.

Only placements count (a stream, `device=`, `torch.device(...)`, `.to`, `.cuda`,
`torch.cuda.device(...)`, `set_device`), never queries (`get_device_properties(i)`,
`mem_get_info(i)`), which a rank bound to one GPU may still ask about every GPU.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from torchplace.lint.context import FileContext, call_name
from torchplace.lint.run_conditions import per_file, speaks_of_one_process

#: Calls that place work on the device their argument names.
_PLACING = frozenset({"to", "cuda", "device", "Stream", "set_device", "set_device_index"})
#: `torch.cuda` queries and waits given `device=`: they place nothing.
_QUERIES = ("memory", "max_memory", "reset", "get_device", "mem_get_info", "utilization", "sync")
_Holder = ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


#: The words a finding's message carries where the only reason to keep it is how the
#: project launches its script: a script that reads as one process wrapping its model over
#: several GPUs (`wraps_its_gpus_at`) owns each literal index unless a launch of the project
#: runs it as several processes (`project_facts`).
ONE_PROCESS_WRAP = "in a script that wraps its model over several GPUs"


def holder_drives_gpus(ctx: FileContext, line: int) -> bool:
    """Whether the class holding `line` (else its function, else the module) drives GPUs by
    index (`drives_gpus_by_index`): its other methods show what process runs it. The file's
    holders are listed once, and each holder is read once, however many sites ask."""
    holder = _holder(ctx, line)
    if holder is None:
        return False
    answers = per_file(ctx, "gpu-spanning-answers", lambda _: {})
    if id(holder) not in answers:
        answers[id(holder)] = drives_gpus_by_index(holder)
    return answers[id(holder)]


def wraps_its_gpus_at(ctx: FileContext, line: int) -> bool:
    """Whether `line` lies in the top-level code of a script that wraps its model over
    several GPUs as one process (`_wraps_over_several_gpus`) and speaks of no ranks,
    launchers, groups or world sizes (`run_conditions.speaks_of_one_process`). What its
    words say is all a file tells: a README that runs it under `torchrun` makes it several
    processes, each wrapping every GPU (`ONE_PROCESS_WRAP`)."""
    holder = _holder(ctx, line)
    if not isinstance(holder, ast.Module) or not speaks_of_one_process(ctx):
        return False
    return per_file(ctx, "one-process-wrap", lambda _: _wraps_over_several_gpus(holder))


def _holder(ctx: FileContext, line: int) -> ast.AST | None:
    """The class holding `line`, else its innermost function, else the module; None when the
    file does not parse. The file's holders are listed once however many sites ask."""
    tree = ctx.whole_tree()
    if tree is None:
        return None
    holders = per_file(ctx, "gpu-spanning-holders", _holders)
    holding = [node for first, last, node in holders if first <= line <= last]
    classes = [node for node in holding if isinstance(node, ast.ClassDef)]
    chosen = classes or holding
    return max(chosen, key=lambda node: node.lineno) if chosen else tree


def _holders(ctx: FileContext) -> list[tuple[int, int, ast.AST]]:
    """The file's classes and functions with their first and last lines."""
    tree = ctx.whole_tree()
    if tree is None:
        return []
    return [
        (node.lineno, node.end_lineno or node.lineno, node)
        for node in ast.walk(tree)
        if isinstance(node, _Holder)
    ]


def drives_gpus_by_index(node: ast.AST) -> bool:
    """Whether `node` (a function, a class, a module) places work on GPU after GPU through a
    loop over `range(...)` whose variable is the device."""
    for loop in ast.walk(node):
        pairs: list[tuple[ast.expr, ast.expr, Sequence[ast.AST]]]
        if isinstance(loop, ast.For | ast.AsyncFor):
            pairs = [(loop.target, loop.iter, loop.body)]
        elif isinstance(loop, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            element = [loop.key, loop.value] if isinstance(loop, ast.DictComp) else [loop.elt]
            pairs = [(g.target, g.iter, element) for g in loop.generators]
        else:
            continue
        for target, iterated, body in pairs:
            if (
                isinstance(target, ast.Name)
                and _is_range(iterated)
                and any(_places_on(part, target.id) for part in body)
            ):
                return True
    return False


#: Wrappers that drive several GPUs from one process, with the keyword listing them.
_ONE_PROCESS_WRAPPERS = {"DataParallel": "device_ids", "GPipe": "devices"}


def _wraps_over_several_gpus(module: ast.Module) -> bool:
    """The module's own top-level code (or its `__main__` block) wraps a model over several
    GPUs, unconditionally: `DataParallel(..., device_ids=[0, 1])` (or a `range`),
    `GPipe(..., devices=[0, 1, 2, 3])`."""
    return any(
        _wraps_in(statement)
        for block in (module.body, *_main_blocks(module))
        for statement in block
        if isinstance(statement, ast.Assign | ast.AnnAssign | ast.Expr)
    )


def _main_blocks(module: ast.Module) -> list[list[ast.stmt]]:
    """The bodies of the module's `if __name__ == "__main__":` blocks."""
    return [
        statement.body
        for statement in module.body
        if isinstance(statement, ast.If) and "__main__" in ast.unparse(statement.test)
    ]


def _wraps_in(statement: ast.stmt) -> bool:
    """The statement's value is the wrap itself, or a method chained on it
    (`DataParallel(...).cuda()`): not one arm of a conditional expression, nor a lambda."""
    value = getattr(statement, "value", None)
    while isinstance(value, ast.Call):
        keyword = _ONE_PROCESS_WRAPPERS.get(call_name(value) or "")
        if keyword is not None:
            listed = [k.value for k in value.keywords if k.arg == keyword]
            return any(_several(given) for given in listed)
        if not isinstance(value.func, ast.Attribute):
            return False
        value = value.func.value
    return False


def _several(value: ast.expr) -> bool:
    """A list of two or more entries, or a `range(...)` (`list(range(n))`)."""
    if isinstance(value, ast.List | ast.Tuple):
        return len(value.elts) >= 2
    if isinstance(value, ast.Call) and call_name(value) == "list" and value.args:
        value = value.args[0]
    return _is_range(value)


def _is_range(node: ast.expr) -> bool:
    func = node.func if isinstance(node, ast.Call) else None
    return isinstance(func, ast.Name) and func.id == "range"


def _places_on(tree: ast.AST, variable: str) -> bool:
    """A placement in `tree` whose device is `variable` (as is, or as `f"cuda:{variable}"`,
    `torch.device("cuda", variable)`)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = call_name(node) or ""
        if name.startswith(_QUERIES):
            continue
        given = [k.value for k in node.keywords if k.arg == "device"]
        if name in _PLACING:
            given += list(node.args[:2])
        if any(_names(value, variable) for value in given):
            return True
    return False


def _names(value: ast.expr, variable: str) -> bool:
    if isinstance(value, ast.Name):
        return value.id == variable
    if isinstance(value, ast.JoinedStr):
        return any(
            isinstance(part, ast.FormattedValue) and _names(part.value, variable)
            for part in value.values
        )
    if isinstance(value, ast.Call) and call_name(value) == "device":
        return any(_names(argument, variable) for argument in value.args)
    return False
