"""Whether a value is a process's index (0, 1, 2, ...), not a GPU id someone gave the program.

A worker process, a rank or a loop over GPUs numbers itself from 0: the spawn index
(`mp.spawn(run, nprocs=n)` calls `run(i, ...)`), `LOCAL_RANK` / `RANK` / `SLURM_LOCALID`,
`dist.get_rank()`, a `self.rank` or `args.local_rank`, the variable of `for i in range(n)` or
the position `enumerate` gives, and a parameter that every hand-off in the file fills with one
of those (`pool.starmap(work, [(split, i) for i, split in enumerate(splits)])`, `Process(
target=work, args=(i,))`, `work(..., i)`). A value picked out of a list (`visible[i]`,
`args.gpus[rank]`), a user's option (`args.gpu`) or anything else is not one.

Read from one file's syntax, never run: a parameter handed on in any other way (stored,
wrapped in `partial`, passed to a function of another file) is not known to be an index.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import call_name
from torchplace.lint.rules._helpers import literal_string

#: Environment variables launchers set to this process's rank or local rank.
_RANK_VARIABLES = frozenset(
    {"LOCAL_RANK", "RANK", "SLURM_LOCALID", "SLURM_PROCID", "OMPI_COMM_WORLD_LOCAL_RANK",
     "OMPI_COMM_WORLD_RANK", "PMI_RANK", "MPI_LOCALRANKID", "LOCAL_PROCESS_RANK"}
)  # fmt: skip
#: A name or attribute that holds a rank: `rank`, `local_rank`, `process_index`.
_RANK_NAME = re.compile(r"(?:local_|global_)?rank|(?:local_)?process_index")
#: A call that returns one: `dist.get_rank()`, `get_local_rank()`, `comm.local_rank()`.
_RANK_CALL = re.compile(r"(?:get_)?(?:local_|global_)?rank")
#: Functions that start workers running a function of the file.
_SPAWNERS = frozenset({"spawn", "start_processes"})
_POOL_MAPS = frozenset({"map", "imap", "imap_unordered", "map_async"})
_POOL_STARMAPS = frozenset({"starmap", "starmap_async"})
_Function = ast.FunctionDef | ast.AsyncFunctionDef


def process_index(
    value: ast.expr, function: ast.AST | None, tree: ast.Module, parents: dict[int, ast.AST]
) -> str | None:
    """The index `value` (written in `function`, None at module level) holds, in words (`the
    spawn index`), when it is a process's index; None otherwise. `parents`: the tree's
    child-to-parent map."""
    return _index(_unwrapped(value), function, tree, parents, depth=0)


def _unwrapped(value: ast.expr) -> ast.expr:
    """`str(x)`, `int(x)`, `f"{x}"` (nothing else in the string): `x`."""
    while True:
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in ("str", "int")
            and len(value.args) == 1
        ):
            value = value.args[0]
        elif (
            isinstance(value, ast.JoinedStr)
            and len(value.values) == 1
            and isinstance(value.values[0], ast.FormattedValue)
        ):
            value = value.values[0].value
        else:
            return value


def _index(
    value: ast.expr,
    function: ast.AST | None,
    tree: ast.Module,
    parents: dict[int, ast.AST],
    depth: int,
) -> str | None:
    value = _unwrapped(value)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod):
        return _index(value.left, function, tree, parents, depth)
    if isinstance(value, ast.Attribute) and _RANK_NAME.fullmatch(value.attr):
        return f"`{ast.unparse(value)}`"
    if isinstance(value, ast.Call):
        name = call_name(value) or ""
        if _RANK_CALL.fullmatch(name) and not value.args:
            return f"`{ast.unparse(value)}`"
        variable = _environment_variable(value)
        if variable in _RANK_VARIABLES:
            return f"`{variable}`"
        return None
    if isinstance(value, ast.Subscript):
        variable = _environment_variable(value)
        return f"`{variable}`" if variable in _RANK_VARIABLES else None
    if isinstance(value, ast.Name) and depth < 3:
        return _name_index(value, function, tree, parents, depth)
    return None


def _environment_variable(node: ast.expr) -> str | None:
    """`os.environ["X"]`, `os.environ.get("X", ...)`, `os.getenv("X")`: "X"."""
    if isinstance(node, ast.Subscript) and ast.unparse(node.value).endswith("environ"):
        return literal_string(node.slice)
    if isinstance(node, ast.Call) and node.args:
        func = ast.unparse(node.func)
        if func.endswith(("environ.get", "getenv")):
            return literal_string(node.args[0])
    return None


def _name_index(
    name: ast.Name,
    function: ast.AST | None,
    tree: ast.Module,
    parents: dict[int, ast.AST],
    depth: int,
) -> str | None:
    """A name that a loop over `range` / `enumerate` binds around the use, that the function
    assigns only indexes to, or a parameter of it that is a rank by name or filled with
    indexes by every hand-off in the file."""
    loop = _loop_index(name, parents)
    if loop is not None:
        return loop
    holder = function if function is not None else tree
    assigned = [
        node.value
        for node in ast.walk(holder)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name.id for t in node.targets)
    ]
    if assigned:
        found = [_index(v, function, tree, parents, depth + 1) for v in assigned]
        return found[0] if all(found) else None
    if not isinstance(function, _Function):
        return None
    parameters = [*function.args.posonlyargs, *function.args.args]
    position = next((i for i, a in enumerate(parameters) if a.arg == name.id), None)
    if position is None:
        return None
    if _RANK_NAME.fullmatch(name.id):
        return f"`{name.id}`"
    return _filled_with_indexes(function, position, name.id, tree, parents, depth)


def _loop_index(name: ast.Name, parents: dict[int, ast.AST]) -> str | None:
    """`name` is the variable of an enclosing `for` or comprehension over `range(...)`, or the
    position `enumerate(...)` gives."""
    node: ast.AST | None = parents.get(id(name))
    while node is not None:
        loops: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, ast.For | ast.AsyncFor):
            loops = [(node.target, node.iter)]
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            loops = [(g.target, g.iter) for g in node.generators]
        for target, iterated in loops:
            given = call_name(iterated) if isinstance(iterated, ast.Call) else None
            if given == "range" and isinstance(target, ast.Name) and target.id == name.id:
                return f"`{name.id}` (a `range` loop's variable)"
            if (
                given == "enumerate"
                and isinstance(target, ast.Tuple)
                and target.elts
                and isinstance(target.elts[0], ast.Name)
                and target.elts[0].id == name.id
            ):
                return f"`{name.id}` (the position `enumerate` gives)"
        if isinstance(node, _Function | ast.Lambda):
            return None
        node = parents.get(id(node))
    return None


def _filled_with_indexes(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    position: int,
    parameter: str,
    tree: ast.Module,
    parents: dict[int, ast.AST],
    depth: int,
) -> str | None:
    """Every hand-off of `function` in the file fills its parameter at `position` with an
    index (at least one hand-off; any other use of the function's name: unknown)."""
    found: list[str | None] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and node.id == function.name):
            continue
        if isinstance(node.ctx, ast.Store):
            continue
        call = parents.get(id(node))
        if isinstance(call, ast.keyword):  # `Process(target=work, ...)`
            call = parents.get(id(call))
        if not isinstance(call, ast.Call):
            return None
        holder = _enclosing_function(call, parents)
        argument = _argument_of(call, node, position, parameter)
        if argument is None:
            return None
        if isinstance(argument, str):
            found.append(argument)
            continue
        found.append(_index(argument, holder, tree, parents, depth + 1))
    if not found or not all(found):
        return None
    return f"`{parameter}` ({found[0]} at each hand-off)"


def _argument_of(
    call: ast.Call, name: ast.Name, position: int, parameter: str
) -> ast.expr | str | None:
    """What a hand-off gives the parameter: the expression, "the spawn index" (words), or None
    when it cannot be read."""
    if call.func is name:
        return _positional(call.args, call.keywords, position, parameter)
    if call.args[:1] == [name] or any(k.value is name for k in call.keywords):
        method = call_name(call) or ""
        if method in _SPAWNERS:
            if position == 0:
                return "the spawn index"
            given = next((k.value for k in call.keywords if k.arg == "args"), None)
            if given is None and len(call.args) > 1:
                given = call.args[1]
            return _element(given, position - 1)
        if method == "Process" or any(k.arg == "target" for k in call.keywords):
            given = next((k.value for k in call.keywords if k.arg == "args"), None)
            return _element(given, position)
        if method in _POOL_MAPS and position == 0 and len(call.args) > 1:
            return _iterated_element(call.args[1], None)
        if method in _POOL_STARMAPS and len(call.args) > 1:
            return _iterated_element(call.args[1], position)
        if method == "submit":
            return _positional(call.args[1:], call.keywords, position, parameter)
    return None


def _positional(
    args: list[ast.expr], keywords: list[ast.keyword], position: int, parameter: str
) -> ast.expr | None:
    if any(isinstance(a, ast.Starred) for a in args[: position + 1]):
        return None
    if position < len(args):
        return args[position]
    return next((k.value for k in keywords if k.arg == parameter), None)


def _element(given: ast.expr | None, position: int) -> ast.expr | None:
    if isinstance(given, ast.Tuple | ast.List) and position < len(given.elts):
        element = given.elts[position]
        return None if isinstance(element, ast.Starred) else element
    return None


def _iterated_element(iterable: ast.expr, position: int | None) -> ast.expr | str | None:
    """The element a pool's map gives each call: `range(n)` gives indexes; a comprehension's
    element (its tuple's entry at `position`, for `starmap`)."""
    if isinstance(iterable, ast.Call) and call_name(iterable) == "range" and position is None:
        return "a `range`'s values"
    if isinstance(iterable, ast.ListComp | ast.GeneratorExp):
        element = iterable.elt
        return element if position is None else _element(element, position)
    return None


def _enclosing_function(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    current = parents.get(id(node))
    while current is not None and not isinstance(current, _Function):
        current = parents.get(id(current))
    return current
