"""How many processes or nodes the code at a line runs in, read from the guards around it:
`if world_size == 1:` (one process), `if num_nodes > 1: raise ...` (one node). A device literal
or a global rank is harmless where the job is that small, whatever the rule."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from torchplace.lint.context import FileContext, call_name, int_literal
from torchplace.lint.rank_flow import cuda_fstring_index
from torchplace.lint.run_conditions import is_process_rank, parent_map

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Names of a job's process count: `world_size`, `distributed.size`, `get_world_size()`.
_WORLD_SIZES = frozenset({"world_size", "size", "num_processes", "get_world_size", "WORLD_SIZE"})
_SEVERAL = {(ast.Gt, 1), (ast.NotEq, 1), (ast.GtE, 2)}
_ONE = {(ast.Eq, 1), (ast.Lt, 2), (ast.LtE, 1)}


def compares_count(test: ast.expr, is_count: Callable[[ast.expr], bool]) -> bool | None:
    """True for `<count> > 1` (`!= 1`, `>= 2`), False for `<count> == 1` (`< 2`, `<= 1`),
    also written the other way round (`1 == <count>`, `1 < <count>`), None for any other
    test."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    count, bound, op = test.left, test.comparators[0], type(test.ops[0])
    if not is_count(count):
        count, bound, op = bound, count, _MIRRORED.get(op, op)
        if not is_count(count):
            return None
    if not isinstance(bound, ast.Constant) or type(bound.value) is not int:
        return None
    key = (op, bound.value)
    return True if key in _SEVERAL else False if key in _ONE else None


#: `1 < count` read as `count > 1`.
_MIRRORED: dict[type, type] = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}


def is_world_size(node: ast.expr) -> bool:
    if isinstance(node, ast.Call) and not node.args:
        node = node.func
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in _WORLD_SIZES


def is_node_count(node: ast.expr) -> bool:
    """A name or attribute with "node" in it (`num_nodes`, `args.nnodes`)."""
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    return isinstance(node, ast.Name | ast.Attribute) and "node" in name.lower()


def process_group_test(ctx: FileContext, test: ast.expr) -> bool | None:
    """Whether a test says the job runs several processes: True for `dist.is_initialized()`
    (also beside `is_available() and`), a flag named for it (`args.distributed`, `use_ddp`),
    `local_rank != -1` and `"RANK" in os.environ`; False for their negations, `local_rank ==
    -1` and `"RANK" not in os.environ` (no launcher: one process); None for any other
    test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        if isinstance(test.operand, ast.BoolOp):
            return None  # `not (initialized and rank == 0)`: either term may be the false one
        inner = process_group_test(ctx, test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        if any(process_group_test(ctx, value) for value in test.values):
            return True
        return None
    if isinstance(test, ast.Call) and not test.args:
        return True if ctx.qualified(test.func) == "torch.distributed.is_initialized" else None
    if isinstance(test, ast.Name | ast.Attribute):
        return True if _name_of(test) in _DISTRIBUTED_FLAGS else None
    launched = _launcher_variable_test(ctx, test)
    if launched is not None:
        return launched
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and "local_rank" in _name_of(test.left):
        bound = test.comparators[0]
        minus_one = (
            isinstance(bound, ast.UnaryOp)
            and isinstance(bound.op, ast.USub)
            and isinstance(bound.operand, ast.Constant)
            and bound.operand.value == 1
        )
        if minus_one and isinstance(test.ops[0], ast.Eq | ast.NotEq):
            return isinstance(test.ops[0], ast.NotEq)
    return None


def _launcher_variable_test(ctx: FileContext, test: ast.expr) -> bool | None:
    """`"RANK" in os.environ` (a launcher started the process: True), `"RANK" not in
    os.environ` (False); also `LOCAL_RANK` and `WORLD_SIZE`."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    key, where = test.left, test.comparators[0]
    if not (isinstance(key, ast.Constant) and key.value in _LAUNCHER_VARIABLES):
        return None
    if not (ctx.qualified(where) or "").endswith("environ"):
        return None
    if isinstance(test.ops[0], ast.In):
        return True
    return False if isinstance(test.ops[0], ast.NotIn) else None


#: Variables a distributed launcher (torchrun, `torch.distributed.launch`) sets.
_LAUNCHER_VARIABLES = frozenset({"RANK", "LOCAL_RANK", "WORLD_SIZE"})
#: Flags that say a job runs under a process group (`if args.distributed:`).
_DISTRIBUTED_FLAGS = frozenset(
    {"distributed", "is_distributed", "use_distributed", "ddp", "use_ddp"}
)


def _name_of(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def in_one_process_branch(ctx: FileContext, node: ast.AST, function: ast.AST | None) -> bool:
    """`node` sits where the job has one process: the body of `if world_size == 1:`, of `if
    not dist.is_initialized():` (or `not args.distributed`, `local_rank == -1`), or the
    `else` / `elif` of their opposites (no process group: one process), within its
    function. A local flag the function assigns once from such a test stands for it
    (msrflute's `single_gpu = True if size() == 1 else False`, then `if not single_gpu:`)."""
    flags: dict[str, ast.expr] | None = None  # read only when an `if` tests a bare name

    def several(test: ast.expr) -> bool | None:
        nonlocal flags
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            if isinstance(test.operand, ast.BoolOp):
                return None  # `not (a and b)`: either term may be the false one
            inner = several(test.operand)
            return None if inner is None else not inner
        if isinstance(test, ast.Name):
            if flags is None:
                flags = _count_flags(function if function is not None else ctx.tree)
            test = flags.get(test.id, test)
        found = compares_count(test, is_world_size)
        return process_group_test(ctx, test) if found is None else found

    return _in_branch_of_one(ctx, node, function, several)


def _count_flags(scope: ast.AST) -> dict[str, ast.expr]:
    """Local names bound exactly once in `scope`, by a comparison (`many = ws > 1`) or a
    conditional choosing `True` or `False` by one (`True if size() == 1 else False`): the
    comparison each stands for, negated where the conditional's `True` is on the other arm.
    A parameter, a loop target or a `global` name is bound elsewhere too."""
    stores: dict[str, int] = {}
    values: dict[str, ast.expr] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.arg):
            stores[node.arg] = 2
        elif isinstance(node, ast.Global | ast.Nonlocal):
            stores.update((name, 2) for name in node.names)
        elif (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            values[node.targets[0].id] = node.value
    flags: dict[str, ast.expr] = {}
    for name, value in values.items():
        if stores.get(name) != 1:
            continue
        if isinstance(value, ast.Compare):
            flags[name] = value
        elif isinstance(value, ast.IfExp) and isinstance(value.test, ast.Compare):
            body, orelse = value.body, value.orelse
            if (
                isinstance(body, ast.Constant)
                and isinstance(orelse, ast.Constant)
                and {body.value, orelse.value} == {True, False}
                and all(isinstance(v, bool) for v in (body.value, orelse.value))
            ):
                flags[name] = value.test if body.value else ast.UnaryOp(ast.Not(), value.test)
    return flags


def picks_gpu_other_than_rank(ctx: FileContext) -> bool:
    """Whether the file picks a GPU by something other than the process's rank or 0 (which
    is what a rank is in a job of one process): `torch.cuda.set_device(args.gpu)`, `with
    torch.cuda.device(3):`, `.cuda(args.gpu)`, `torch.device("cuda", args.gpu)`, `"cuda:3"`,
    `f"cuda:{args.gpu}"`. One process that picked GPU 3 is not on GPU 0, where a thread it
    starts begins."""
    tree = ctx.whole_tree()
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.fullmatch(r"cuda:(?!0$)\d+", node.value):
                return True
        elif isinstance(node, ast.JoinedStr):
            index = cuda_fstring_index(node)
            if index is not None and not is_process_rank(index):
                return True
        elif isinstance(node, ast.Call) and node.args and _picks_by_other(ctx, node):
            return True
    return False


def _picks_by_other(ctx: FileContext, call: ast.Call) -> bool:
    """`set_device(x)`, `torch.cuda.device(x)`, `.cuda(x)`, `torch.device("cuda", x)` of an
    `x` that is neither 0 nor the process's rank."""
    qualified = ctx.qualified(call.func) or ""
    name = call_name(call)
    if qualified == "torch.device":
        chosen = call.args[1] if len(call.args) == 2 else None
    elif qualified.endswith("cuda.device") and ctx.is_statement_call(call):
        return False  # built and dropped: no `with` enters it, it picks no GPU
    elif name in ("set_device", "cuda") or qualified.endswith("cuda.device"):
        chosen = call.args[0]
    else:
        return False
    if chosen is None or int_literal(chosen) == 0 or is_process_rank(chosen):
        return False
    # `int(os.environ["LOCAL_RANK"])` is the rank too
    return not (
        isinstance(chosen, ast.Call) and len(chosen.args) == 1 and is_process_rank(chosen.args[0])
    )


def in_one_gpu_branch(ctx: FileContext, node: ast.AST, function: ast.AST | None) -> bool:
    """`node` sits where the process sees one GPU: the body of `if torch.cuda.device_count()
    == 1:` (`< 2`, `<= 1`) or the `else` of `if torch.cuda.device_count() > 1:`, within its
    function. There cuda:0 is the only GPU the process has (a Slurm task given one GPU
    each), whatever the number of processes."""

    def is_device_count(test: ast.expr) -> bool:
        return (
            isinstance(test, ast.Call)
            and not test.args
            and ctx.qualified(test.func) == "torch.cuda.device_count"
        )

    return _in_branch_of_one(ctx, node, function, lambda t: compares_count(t, is_device_count))


def _in_branch_of_one(
    ctx: FileContext,
    node: ast.AST,
    function: ast.AST | None,
    several: Callable[[ast.expr], bool | None],
) -> bool:
    """`node` lies, within its function, in the body of an `if` whose test says one
    (`several` is False; also one term of an `and`) or in the `else` of one that says more
    than one (True). An `if more_than_one and cuda:` counts where its `elif` chain has
    already required the other terms (hyde's `elif cuda:` arm, `torch.device("cuda", 0)`):
    there the count test alone was false. Only what reads names and attributes carries
    over: a term or a test of the chain that calls anything but the count (`device_count()`)
    or assigns (`:=`) may change what the next test reads, and so may any statement between
    them (an `else:` holding more than the `if`); each ends the chain."""
    parents = parent_map(ctx.parents, function if function is not None else ctx.tree)
    child: ast.AST = node
    parent = parents.get(id(child))
    #: Terms known true when `parent`'s test runs: those of the `elif`s around `node`.
    required: set[str] = set()
    while parent is not None and not isinstance(parent, _Function):
        if not isinstance(parent, ast.If) or child not in (*parent.body, *parent.orelse):
            required = set()  # a loop, a `with`, a `try`, or `node` in the test itself
            child, parent = parent, parents.get(id(parent))
            continue
        terms = _and_terms(parent.test)
        # What each term says, read once: `several` may read the whole function.
        says = [several(term) for term in terms]
        pure = all(said is not None or _reads_only(t) for t, said in zip(terms, says, strict=True))
        if child in parent.body:
            if False in says or (len(terms) > 1 and several(parent.test) is False):
                return True
            required = {ast.dump(term) for term in terms if _reads_only(term)} if pure else set()
        else:
            # The `else` of `a and b` says only that one term failed: read term by term.
            if len(terms) == 1 and says[0] is True:
                return True
            if parent.orelse != [child] or not pure:
                required = set()
            rest = [
                ast.dump(term)
                for term, said in zip(terms, says, strict=True)
                if said is not True and not _always_true(ctx, term)
            ]
            if True in says and all(term in required for term in rest):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _and_terms(test: ast.expr) -> list[ast.expr]:
    """The terms of `a and b and c` (nested `and`s flattened); `[test]` for any other."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [term for value in test.values for term in _and_terms(value)]
    return [test]


def _always_true(ctx: FileContext, term: ast.expr) -> bool:
    """`dist.is_available()`: true in every run of a build with distributed support, and a
    build without it runs one process (`if dist.is_available() and dist.is_initialized():`)."""
    return (
        isinstance(term, ast.Call)
        and not term.args
        and ctx.qualified(term.func) == "torch.distributed.is_available"
    )


def _reads_only(term: ast.expr) -> bool:
    """`term` only reads names, attributes, subscripts and constants (compared, negated,
    joined): no call, `:=`, `await` or `yield` that could change what the next test reads."""
    changes = ast.Call | ast.NamedExpr | ast.Await | ast.Yield | ast.YieldFrom | ast.Lambda
    return not any(isinstance(part, changes) for part in ast.walk(term))


def after_single_node_guard(function: _Function, line: int) -> bool:
    """A statement of the function's own body (not one arm of a branch) before `line` refuses
    more than one node: `if num_nodes > 1: raise ...` or `assert nnodes == 1`."""
    for statement in function.body:
        if statement.lineno >= line:
            break
        if (
            isinstance(statement, ast.If)
            and compares_count(statement.test, is_node_count) is True
            and isinstance(statement.body[-1], ast.Raise)
        ):
            return True
        if (
            isinstance(statement, ast.Assert)
            and compares_count(statement.test, is_node_count) is False
        ):
            return True
    return False
