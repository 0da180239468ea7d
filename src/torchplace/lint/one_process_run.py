"""Code that runs only when the job has one process: `if world_size == 1:`.

A job of one process has no peers to share GPUs with: code that runs only then, and uses the
current GPU without binding one (a thread's `.cuda()`, a bare `torch.cuda.Stream()`), uses GPU
0 as the whole process does, unless the file picks another GPU for it
(`picks_gpu_other_than_rank`: `set_device(args.gpu)`). msrflute's federated server
coordinates its clients with threads only in such a run, and says so through a flag:

    single_gpu = True if size() == 1 else False   # size() returns int(os.environ["WORLD_SIZE"])
    ...
    if not single_gpu:
        ...                                       # point-to-point messages between processes
    else:
        threading.Thread(target=single_worker.trigger_train).start()

The world size is read from a name that says so (`world_size`, `num_processes`, `nprocs`),
`get_world_size()` of the default group, a `WORLD_SIZE` environment read, `int(...)` of one,
or a call of a function of the file whose body returns one of those. A test of it counts when
it pins one process (`== 1`, `<= 1`, `< 2`, or `> 1` / `!= 1` / `>= 2` failing), directly or
through a local flag the function (or module) assigns once from such a test (`flag = ws == 1`,
`flag = True if ws == 1 else False`). Nothing is run; a name assigned twice, or a function
with more than a return, is not read.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import FileContext, Scope, int_literal
from torchplace.lint.rules._helpers import is_env_read
from torchplace.lint.run_conditions import conditions, is_process_rank

#: Names that hold the number of processes in the job (not GPUs per process).
_WORLD_SIZE_NAMES = frozenset(
    {"world_size", "num_processes", "n_processes", "nprocs", "num_procs", "n_procs"}
)
#: How far a flag or a function is followed from the test that reads it.
_DEPTH = 2


def runs_in_one_process(ctx: FileContext, scope: Scope, node: ast.AST) -> bool:
    """Whether `node` runs only when the job has one process (see the module's docstring)."""
    return any(
        _pins_one_process(ctx, scope, test, holds, _DEPTH)
        for test, holds in conditions(ctx, scope, node)
    )


def picks_gpu_other_than_rank(ctx: FileContext) -> bool:
    """Whether the file picks a GPU by something other than the process's rank or 0 (which
    is what a rank is in a job of one process): `torch.cuda.set_device(args.gpu)`, `with
    torch.cuda.device(3):`, `.cuda(args.gpu)`, `torch.device("cuda", args.gpu)`, `"cuda:3"`,
    `f"cuda:{args.gpu}"`. One process that picked GPU 3 is not on GPU 0, where its new threads
    start."""
    tree = ctx.whole_tree()
    for node in ast.walk(tree) if tree is not None else ():
        if _names_other_gpu(node):
            return True
        if not isinstance(node, ast.Call) or not node.args:
            continue
        if (ctx.qualified(node.func) or "") == "torch.device" and len(node.args) == 2:
            if int_literal(node.args[1]) != 0 and not is_process_rank(node.args[1]):
                return True  # `torch.device("cuda", args.gpu)`
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "device" and not (ctx.qualified(func) or "").endswith("cuda.device"):
            continue
        if name not in ("set_device", "device", "cuda"):
            continue
        chosen = node.args[0]
        if int_literal(chosen) == 0 or is_process_rank(chosen):
            continue
        if (
            isinstance(chosen, ast.Call)
            and len(chosen.args) == 1
            and is_process_rank(chosen.args[0])
        ):
            continue  # `int(os.environ["LOCAL_RANK"])`
        return True
    return False


def _pins_one_process(
    ctx: FileContext, scope: Scope, test: ast.expr, holds: bool, depth: int
) -> bool:
    """Whether `test` being `holds` means the job has one process."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _pins_one_process(ctx, scope, test.operand, not holds, depth)
    if isinstance(test, ast.BoolOp):
        # `a and b` holding means both hold; `a or b` failing means both fail.
        if isinstance(test.op, ast.And) == holds:
            return any(_pins_one_process(ctx, scope, v, holds, depth) for v in test.values)
        return False
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return _compare_pins_one(ctx, test, holds)
    if isinstance(test, ast.Name) and depth > 0:
        value = _assigned_once(scope, test.id)
        if value is None:
            return False
        if isinstance(value, ast.IfExp):
            body, orelse = _bool_constant(value.body), _bool_constant(value.orelse)
            if body is None or orelse is None or body == orelse:
                return False
            return _pins_one_process(ctx, scope, value.test, holds == body, depth - 1)
        return _pins_one_process(ctx, scope, value, holds, depth - 1)
    return False


def _compare_pins_one(ctx: FileContext, test: ast.Compare, holds: bool) -> bool:
    """`world_size == 1` holding, `world_size > 1` failing, `1 < world_size` failing..."""
    left, op, right = test.left, test.ops[0], test.comparators[0]
    count = int_literal(right)
    if count is not None and _is_world_size(ctx, left, _DEPTH):
        pass
    elif int_literal(left) is not None and _is_world_size(ctx, right, _DEPTH):
        count = int_literal(left)
        op = _MIRRORED.get(type(op), op)
    else:
        return False
    # The comparisons `size <op> count` that hold exactly when the size is 1 (sizes >= 1).
    if isinstance(op, ast.Eq | ast.LtE) and count == 1:
        return holds
    if isinstance(op, ast.Lt) and count == 2:
        return holds
    if isinstance(op, ast.NotEq | ast.Gt) and count == 1:
        return not holds
    if isinstance(op, ast.GtE) and count == 2:
        return not holds
    return False


#: `1 < size` read as `size > 1`.
_MIRRORED: dict[type, ast.cmpop] = {
    ast.Lt: ast.Gt(),
    ast.Gt: ast.Lt(),
    ast.LtE: ast.GtE(),
    ast.GtE: ast.LtE(),
}


def _is_world_size(ctx: FileContext, node: ast.expr, depth: int) -> bool:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "int" and len(node.args) == 1:
            return _is_world_size(ctx, node.args[0], depth)
        if is_env_read(ctx, node, "WORLD_SIZE") is not None:
            return True
        if node.args or node.keywords:
            return False  # a group's size is not the job's
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name == "get_world_size":
            return True
        if isinstance(func, ast.Name) and depth > 0:
            returned = _sole_return(ctx, func.id)
            return returned is not None and _is_world_size(ctx, returned, depth - 1)
        return False
    if isinstance(node, ast.Subscript):
        return is_env_read(ctx, node, "WORLD_SIZE") is not None
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return isinstance(name, str) and name.lower() in _WORLD_SIZE_NAMES


def _sole_return(ctx: FileContext, name: str) -> ast.expr | None:
    """The value of a top-level `def name():` of the file whose body (past a docstring) is
    only `return <value>` (read from the whole file: `regions` stubs it out)."""
    tree = ctx.whole_tree()
    for statement in tree.body if tree is not None else ():
        if isinstance(statement, ast.FunctionDef) and statement.name == name:
            body = statement.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]
            if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
                return body[0].value
            return None
    return None


def _assigned_once(scope: Scope, name: str) -> ast.expr | None:
    """The value of the one plain assignment of `name` in the scope's function (or module):
    no other binding of it (a parameter, a loop target, `global`) anywhere there."""
    function = scope.function
    root: ast.AST = function.node if function is not None else scope.node
    value: ast.expr | None = None
    stores = 0
    for node in ast.walk(root):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            stores += 1
        elif (isinstance(node, ast.arg) and node.arg == name) or (
            isinstance(node, ast.Global | ast.Nonlocal) and name in node.names
        ):
            return None  # bound elsewhere too
        elif (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == name
        ):
            value = node.value
    return value if stores == 1 else None


def _bool_constant(node: ast.expr) -> bool | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    return None


def _names_other_gpu(node: ast.AST) -> bool:
    """A device string of a GPU other than 0: `"cuda:3"`, or `f"cuda:{x}"` of something other
    than the process's rank."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.fullmatch(r"cuda:(?!0$)\d+", node.value) is not None
    if isinstance(node, ast.JoinedStr) and len(node.values) == 2:
        head, field = node.values
        if isinstance(head, ast.Constant) and head.value == "cuda:":
            return isinstance(field, ast.FormattedValue) and not is_process_rank(field.value)
    return False
