"""One-process arms under a world size the project keeps under a name of its own.

`job_scale` reads `if world_size > 1:` by the name of the count (`world_size`,
`get_world_size()`). Projects also keep the count under names of their own: DLRM's
`extend_distributed` module sets `my_size = dist.get_world_size()` (under `global my_size`)
and its training script then picks its device with

    if ext_dist.my_size > 1:
        device = torch.device("cuda", ext_dist.my_local_rank)
    else:
        device = torch.device("cuda", 0)   # one process: its cuda:0 is its own

A name holds the world size when some assignment of it is a world-size value and every
other one is `1` (a job without a process group), `0` or `-1` (not set yet):
`dist.get_world_size()` (any function of that name), `os.environ["WORLD_SIZE"]` (also `.get`,
wrapped in `int(...)`), MPI's `comm.Get_size()`, `hvd.size()`. The names read here:
- a local name of the function that holds the test (`n = dist.get_world_size()`);
- a module-level name of the file (assigned at the top level, or in a function that declares
  it `global`);
- `alias.name` where `alias` is a module of the project the file imports (`import
  extend_distributed as ext_dist`) and `name` such a module-level name of that module: its
  file is read from disk, never run.
A name imported with `from module import name` is a copy taken at import time (before the
process group exists, DLRM's `my_size = -1`), so it is not read as the count. The answer is a
project fact (`ProjectIndex.in_one_process_arm`): it rests on another file, so it is applied
after the per-file cache.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from torchplace.lint.job_scale import compares_count
from torchplace.lint.parse_around import tolerant_tree

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Modules whose `size()` is the job's process count (Horovod).
_SIZE_MODULES = frozenset({"hvd", "horovod"})


def is_world_size_value(node: ast.expr) -> bool:
    """`dist.get_world_size()`, `comm.Get_size()`, `hvd.size()`, `os.environ["WORLD_SIZE"]`,
    `os.environ.get("WORLD_SIZE", ...)`, each also inside `int(...)`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int":
        return len(node.args) == 1 and is_world_size_value(node.args[0])
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "get_world_size":
            return _whole_job(node)
        if name == "Get_size":  # MPI: the world communicator's size, not a split one's
            return isinstance(func, ast.Attribute) and _dotted_end(func.value) == "COMM_WORLD"
        if name == "size" and isinstance(func, ast.Attribute):
            return isinstance(func.value, ast.Name) and func.value.id in _SIZE_MODULES
        if name == "get" and isinstance(func, ast.Attribute) and node.args:
            return _environ(func.value) and _names_world_size(node.args[0])
        return False
    if isinstance(node, ast.Subscript):
        return _environ(node.value) and _names_world_size(node.slice)
    return False


def _whole_job(call: ast.Call) -> bool:
    """`get_world_size()` or `get_world_size(group=dist.group.WORLD)`: the job's process
    count, not a subgroup's (`get_world_size(tp_group)`)."""
    groups = [*call.args, *(k.value for k in call.keywords)]
    return all(_dotted_end(group) == "WORLD" for group in groups)


def _dotted_end(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _environ(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ"


def _names_world_size(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == "WORLD_SIZE"


def world_size_names(scope: ast.AST, module_level: bool, settled: bool = False) -> frozenset[str]:
    """The names `scope` assigns only world-size values: its own statements' (a function's
    locals, not its nested functions'), and, with `module_level`, also the names its
    functions assign under `global`. With `settled`, a name that is ever `0` or `-1` (not
    set yet) is left out: a test that runs at import time may see that value in every rank."""
    values: dict[str, list[ast.expr]] = {}
    for node, declared in _assignments(scope, module_level):
        for target, value in _pairs(node):
            if isinstance(target, ast.Name) and (declared is None or target.id in declared):
                values.setdefault(target.id, []).append(value)
    return frozenset(
        name
        for name, assigned in values.items()
        if any(map(is_world_size_value, assigned))
        and all(is_world_size_value(value) or _small_count(value, settled) for value in assigned)
    )


def _small_count(node: ast.expr, settled: bool) -> bool:
    """`1` (the count of a job with no process group); unless `settled`, also `0` or `-1`
    (not set yet)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
        return not settled and isinstance(node, ast.Constant) and node.value == 1
    if not (isinstance(node, ast.Constant) and type(node.value) is int):
        return False
    return node.value == 1 or (not settled and node.value == 0)


def _assignments(scope: ast.AST, module_level: bool) -> list[tuple[ast.AST, set[str] | None]]:
    """The assignment statements of `scope` (None: any name counts), and, with
    `module_level`, those of its functions with the names they declare `global`."""
    found: list[tuple[ast.AST, set[str] | None]] = []
    stack: list[tuple[ast.AST, set[str] | None]] = [(scope, None)]
    while stack:
        node, declared = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _Function | ast.Lambda | ast.ClassDef):
                if module_level and isinstance(child, _Function):
                    globals_ = {
                        name
                        for statement in ast.walk(child)
                        if isinstance(statement, ast.Global)
                        for name in statement.names
                    }
                    if globals_:
                        stack.append((child, globals_))
                continue
            if isinstance(child, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.NamedExpr):
                found.append((child, declared))
            stack.append((child, declared))
    return found


def _pairs(node: ast.AST) -> list[tuple[ast.expr, ast.expr]]:
    if isinstance(node, ast.Assign):
        return [(target, node.value) for target in node.targets]
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [(node.target, node.value)]
    if isinstance(node, ast.AugAssign):  # `n += 1`: no longer the count
        return [(node.target, node.target)]
    if isinstance(node, ast.NamedExpr):
        return [(node.target, node.value)]
    return []


def imported_modules(tree: ast.Module) -> dict[str, tuple[str, int]]:
    """Alias -> (module, relative level) of the file's `import a.b as x` and `from . import
    x` statements at any depth: the names a test may read a module-level name through."""
    found: dict[str, tuple[str, int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    found[alias.asname] = (alias.name, 0)
                elif "." not in alias.name:
                    found[alias.name] = (alias.name, 0)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                module = f"{node.module}.{alias.name}" if node.module else alias.name
                found[alias.asname or alias.name] = (module, node.level)
    return found


def one_process_arms(
    tree: ast.Module, module_names: Callable[[str, int, bool], frozenset[str]]
) -> list[tuple[int, int]]:
    """The line spans of the arms of `if <count> > 1:` (`== 1`, ...) that run in one process,
    where `<count>` is a world size under a name of the project's own (see the module's
    doc). `module_names(module, level, settled)` gives the world-size names of an imported
    project module (empty for one outside the project); at a module's top level, which runs
    at import time, only names never `0` or `-1` count. Statements are walked without
    recursion (an `if` lives in a statement list), so a deeply nested expression costs
    nothing."""
    aliases = imported_modules(tree)
    spans: list[tuple[int, int]] = []
    top = world_size_names(tree, module_level=True, settled=True)
    inner = world_size_names(tree, module_level=True)
    pending: list[tuple[list[ast.stmt], frozenset[str], bool]] = [(tree.body, top, True)]
    while pending:
        statements, visible, at_top = pending.pop()
        for node in statements:
            if isinstance(node, _Function):
                shadowed = _local_names(node)
                local = world_size_names(node, module_level=False)
                pending.append((node.body, (inner - shadowed) | local, False))
                continue
            if isinstance(node, ast.If):

                def held(
                    count: ast.expr, names: frozenset[str] = visible, top: bool = at_top
                ) -> bool:
                    return _held(count, names, aliases, module_names, top)

                several = compares_count(node.test, held)
                arm = node.body if several is False else node.orelse if several else []
                if arm:
                    spans.append((arm[0].lineno, arm[-1].end_lineno or arm[-1].lineno))
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    pending.append((block, visible, at_top))
            for handler in getattr(node, "handlers", []):
                pending.append((handler.body, visible, at_top))
            for case in getattr(node, "cases", []):
                pending.append((case.body, visible, at_top))
    return spans


def _held(
    node: ast.expr,
    visible: frozenset[str],
    aliases: dict[str, tuple[str, int]],
    module_names: Callable[[str, int, bool], frozenset[str]],
    at_top: bool,
) -> bool:
    if isinstance(node, ast.Name):
        return node.id in visible
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        imported = aliases.get(node.value.id)
        return imported is not None and node.attr in module_names(*imported, at_top)
    return False


def _local_names(function: ast.AST) -> frozenset[str]:
    """The names a function binds as its own (assigned, not declared `global`), which hide
    the module's names of the same spelling."""
    declared = {
        name
        for node in ast.walk(function)
        if isinstance(node, ast.Global | ast.Nonlocal)
        for name in node.names
    }
    bound = {
        target.id
        for node, _ in _assignments(function, module_level=False)
        for target, _ in _pairs(node)
        if isinstance(target, ast.Name)
    }
    if isinstance(function, _Function):
        arguments = function.args
        bound.update(
            a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
        )
    return frozenset(bound - declared)


def module_world_size_names(
    file: Path, read: Callable[[Path], bytes | None], settled: bool
) -> frozenset[str]:
    """The module-level world-size names of the module at `file` (with `settled`, only
    those never `0` or `-1`; empty when it cannot be read or parsed)."""
    data = read(file)
    if data is None:
        return frozenset()
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    return world_size_names(tree, module_level=True, settled=settled)
