"""When a process group's ranks all use GPU 0 rightly: one process in the job, or one per node.

- Spawned alone: the function that creates the group is only ever the target of
  `mp.spawn(fn, nprocs=1)` (a literal 1, or a name the spawning function sets to 1): one
  process, whose cuda:0 is its own GPU (a `world_size = 1` test). So is a group made with a
  literal `world_size=1` (`one_rank_group`).
- One process per node: an `assert` before the group says the local rank is 0 (or the local
  world size is 1), as a script run with `torchrun --nproc_per_node=1` checks: every rank is
  its node's only process, and cuda:0 is its GPU.
- No work on the current GPU: a spawned process whose only work after the group is
  `barrier(device_ids=[...])` (a connectivity check) and then ends: its communicator is built
  on the GPU it names, and nothing else of the process touches a GPU.
"""

from __future__ import annotations

import ast
import weakref

from torchplace.lint.context import FileContext, call_name, int_literal, keyword, sole_assignment
from torchplace.lint.rules._helpers import enclosing_function

_Function = ast.FunctionDef | ast.AsyncFunctionDef
_SPAWNERS = frozenset({"spawn", "start_processes"})
_LOCAL_RANKS = frozenset({"LOCAL_RANK", "local_rank"})
_LOCAL_SIZES = frozenset({"LOCAL_WORLD_SIZE", "local_world_size", "nproc_per_node"})


def spawned_alone(tree: ast.Module, function: ast.AST | None) -> bool:
    """Every use of `function`'s name in the file is as the target of a one-process spawn."""
    if not isinstance(function, _Function):
        return False
    names, spawns = _names_and_spawns(tree)
    uses = names.get(function.name, [])
    if not uses:
        return False
    for use in uses:
        spawn = spawns.get(id(use))
        if spawn is None or not _one_process(spawn[0], tree if spawn[1] is None else spawn[1]):
            return False
    return True


def one_rank_group(call: ast.Call) -> bool:
    """`init_process_group(..., world_size=1)` (by keyword or in its fourth place): a group
    of one rank, the job's only process."""
    given = keyword(call, "world_size")
    size = given.value if given is not None else call.args[3] if len(call.args) > 3 else None
    return size is not None and int_literal(size) == 1


def _names_and_spawns(
    tree: ast.Module,
) -> tuple[dict[str, list[ast.Name]], dict[int, tuple[ast.Call, ast.AST | None]]]:
    """The file's names by what they name, and its spawn calls by their target's node (with
    the function holding each), read once per tree: every load of a file asks."""
    found = _NAMES_AND_SPAWNS.get(tree)
    if found is None:
        names: dict[str, list[ast.Name]] = {}
        spawns: dict[int, tuple[ast.Call, ast.AST | None]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                names.setdefault(node.id, []).append(node)
            elif isinstance(node, ast.Call) and call_name(node) in _SPAWNERS and node.args:
                caller = _caller(tree, node)
                # None for the module: a value holding its own key would keep the tree alive.
                spawns[id(node.args[0])] = (node, None if caller is tree else caller)
        found = _NAMES_AND_SPAWNS[tree] = (names, spawns)
    return found


_NAMES_AND_SPAWNS: weakref.WeakKeyDictionary[
    ast.AST, tuple[dict[str, list[ast.Name]], dict[int, tuple[ast.Call, ast.AST | None]]]
] = weakref.WeakKeyDictionary()


def _caller(tree: ast.Module, call: ast.Call) -> ast.AST:
    """The innermost function holding `call`, else the module."""
    return enclosing_function(tree, call.lineno) or tree


def _one_process(spawn: ast.Call, caller: ast.AST) -> bool:
    nprocs = keyword(spawn, "nprocs")
    value = nprocs.value if nprocs is not None else None
    if isinstance(value, ast.Name):
        value = sole_assignment(caller, value.id)
    return isinstance(value, ast.Constant) and value.value == 1


def only_named_barriers(tree: ast.Module, function: ast.AST | None, group: ast.Call) -> bool:
    """`function` is a spawn target of the file, the group is made by a statement of its own
    body, nothing before it names CUDA, and all after it is `barrier(device_ids=...)`,
    `destroy_process_group()` or `print(...)`."""
    if not isinstance(function, _Function) or not any(
        isinstance(call, ast.Call)
        and call_name(call) in _SPAWNERS
        and call.args
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id == function.name
        for call in ast.walk(tree)
    ):
        return False
    body = function.body
    holding = [i for i, s in enumerate(body) if group in ast.walk(s)]
    if not holding or not isinstance(body[holding[0]], ast.Expr):
        return False
    before = body[: holding[0]]
    if any("cuda" in ast.unparse(statement).lower() for statement in before):
        return False
    return all(_named_barrier_or_end(statement) for statement in body[holding[0] + 1 :])


def _named_barrier_or_end(statement: ast.stmt) -> bool:
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    call = statement.value
    name = call_name(call)
    if name == "barrier":
        return keyword(call, "device_ids") is not None
    return name in ("destroy_process_group", "print")


def one_process_per_node(ctx: FileContext, body: list[ast.stmt], line: int) -> bool:
    """An `assert` of `body` before `line` says the local rank is 0 or the local size 1."""
    for statement in body:
        if statement.lineno >= line:
            break
        if isinstance(statement, ast.Assert) and _says_alone_on_node(statement.test):
            return True
    return False


def _says_alone_on_node(test: ast.expr) -> bool:
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    if not isinstance(test.ops[0], ast.Eq):
        return False
    left, right = test.left, test.comparators[0]
    if isinstance(left, ast.Call) and call_name(left) == "int" and left.args:
        left = left.args[0]
    if not isinstance(right, ast.Constant):
        return False
    names = _names_of(left)
    if names & _LOCAL_RANKS:
        return str(right.value) == "0"
    return bool(names & _LOCAL_SIZES) and str(right.value) == "1"


def _names_of(node: ast.expr) -> set[str]:
    """`LOCAL_RANK` in `os.environ["LOCAL_RANK"]`, `os.environ.get("LOCAL_RANK")`,
    `os.getenv(...)`, `args.local_rank`, `local_rank`."""
    found = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            found.add(inner.value)
        elif isinstance(inner, ast.Name):
            found.add(inner.id)
        elif isinstance(inner, ast.Attribute):
            found.add(inner.attr)
    return found
