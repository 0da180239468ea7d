"""Under which condition a statement runs, read from the `if`s around it in its function and
the early exits before it: only in the process of rank 0, or only when the device is the CPU.

A placement that runs only in rank 0 (global or local) is made by the process that owns the
node's first GPU under every standard launcher (torchrun, `mp.spawn`, Slurm with one task per
GPU): `device=0` there, or a new thread's default cuda:0, is that process's own GPU. Code that
runs only when the device is the CPU puts nothing on a GPU.

A placement made after the same code showed the process its GPUs
(`os.environ["CUDA_VISIBLE_DEVICES"] = gpu` earlier in a block that holds it: a spawned
worker choosing its GPU) counts from the first GPU that process sees: cuda:0 there is its own.
So does one made in a module whose top level shows the process one literal GPU
(`os.environ["CUDA_VISIBLE_DEVICES"] = "3"` above its imports): cuda:0 is the only GPU.

Only the function holding the node is read (its `if` tests, `if ...: return` before it);
conditions set by callers are not followed.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar, cast

from torchplace.lint.context import FileContext, Scope, int_literal
from torchplace.lint.dead_functions import is_main_guard
from torchplace.lint.project_callers import assigns_visible_devices, shows_one_gpu

#: Names of the process's rank in the whole job or on its node: 0 means the node's first GPU.
#: Ranks within a parallel group (`tp_rank`, `dp_rank`) are 0 in many processes, on many GPUs.
_RANK_NAMES = frozenset(
    {
        "rank",
        "local_rank",
        "global_rank",
        "world_rank",
        "process_rank",
        "process_index",
        "local_process_index",
        "node_local_rank",
    }
)
_RANK_CALLS = frozenset({"get_rank", "get_local_rank", "get_global_rank", "get_process_index"})
#: Horovod's ranks, called on its module (`hvd.rank()`, `hvd.local_rank()`): a process
#: group's `.rank()` (`group.rank()`) is its rank in that group, not the process's.
_HOROVOD_RANK_CALLS = frozenset({"rank", "local_rank"})
_HOROVOD_MODULES = frozenset({"hvd", "horovod"})


def _on_horovod(func: ast.expr) -> bool:
    """`hvd.rank`, `horovod.torch.rank`: a rank call on Horovod's module."""
    receiver = func.value if isinstance(func, ast.Attribute) else None
    while isinstance(receiver, ast.Attribute):
        receiver = receiver.value
    return isinstance(receiver, ast.Name) and receiver.id in _HOROVOD_MODULES


#: Flags that name the first process: accelerate's `is_main_process`, Lightning's
#: `is_global_zero`, ...
_RANK_ZERO_FLAGS = frozenset(
    {
        "is_main_process",
        "is_local_main_process",
        "is_global_zero",
        "is_local_zero",
        "is_rank_zero",
        "is_rank_0",
        "is_master",
    }
)
_RANK_ENV = frozenset({"RANK", "LOCAL_RANK", "SLURM_PROCID", "SLURM_LOCALID"})
#: Statements after which a block runs no further.
EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def runs_only_on_rank_zero(ctx: FileContext, scope: Scope, node: ast.AST) -> bool:
    """Whether `node` runs only in the process of rank 0 (global, or local to its node)."""
    return any(rank_zero_test(test, holds) for test, holds in conditions(ctx, scope, node))


def runs_only_on_rank_zero_through_callers(
    ctx: FileContext, scope: Scope, node: ast.AST, depth: int = 3
) -> bool:
    """As `runs_only_on_rank_zero`, or `node` lies in a top-level function of a script (a file
    with a `__main__` block, run rather than imported) whose every call in the file runs only
    in rank 0, read the same way through the callers' own callers (`depth` levels up): VITS's
    `evaluate()`, called only under `if rank == 0:`. A function the file also names other than
    by calling it (a spawn target, a callback) may run anywhere."""
    if runs_only_on_rank_zero(ctx, scope, node):
        return True
    function = scope.function
    if depth == 0 or function is None or function.parent is None:
        return False
    if function.parent.kind != "module" or not per_file(ctx, "main-guard", _has_main_guard):
        return False
    sites = per_file(ctx, "call-sites", _call_sites)
    if sites is None or function.name in sites.named_otherwise:
        return False
    calls = sites.calls.get(function.name, [])
    return bool(calls) and all(
        runs_only_on_rank_zero_through_callers(ctx, caller, call, depth - 1)
        for call, caller in calls
    )


def _has_main_guard(ctx: FileContext) -> bool:
    return _MAIN_GUARD.search(ctx.source.text) is not None


@dataclass
class _CallSites:
    """Calls of the file's functions by bare name, each with the scope that makes it, and the
    names used otherwise (read from the whole file: a caller may hold no candidate line)."""

    calls: dict[str, list[tuple[ast.Call, Scope]]] = field(default_factory=dict)
    named_otherwise: set[str] = field(default_factory=set)


def _call_sites(ctx: FileContext) -> _CallSites | None:
    tree = ctx.whole_tree()
    if tree is None:
        return None
    sites = _CallSites()
    pending: list[tuple[ast.AST, Scope]] = [(tree, Scope("module", "<module>", tree))]
    while pending:
        node, scope = pending.pop()
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = Scope("function", child.name, child, scope)
            elif isinstance(child, ast.ClassDef):
                inner = Scope("class", child.name, child, scope)
            elif isinstance(child, ast.Call) and isinstance(child.func, ast.Name):
                sites.calls.setdefault(child.func.id, []).append((child, scope))
                pending += [(part, scope) for part in (*child.args, *child.keywords)]
                continue
            elif isinstance(child, ast.Name):
                sites.named_otherwise.add(child.id)
            pending.append((child, inner))
    return sites


def runs_only_on_cpu(ctx: FileContext, scope: Scope, node: ast.AST) -> bool:
    """Whether `node` runs only when the device in use is the CPU (`device.type == "cpu"`,
    `not torch.cuda.is_available()`)."""
    return any(cpu_only(test, holds) for test, holds in conditions(ctx, scope, node))


def conditions(ctx: FileContext, scope: Scope, node: ast.AST) -> Iterator[tuple[ast.expr, bool]]:
    """Each test known to hold (True) or to fail (False) whenever `node` runs: enclosing `if`s
    and conditional expressions, and `if test: return` (or raise, continue, break) statements
    before it in the blocks that hold it."""
    function = scope.function
    root = function.node if function is not None else ctx.tree
    parents = parent_map(ctx.parents, root)
    child: ast.AST = node
    parent = parents.get(id(child))
    while parent is not None and child is not root:
        tested = arm_test(parent, child)
        if tested is not None:
            yield tested
        for block in _blocks(parent):
            position = _positions(ctx, block).get(id(child))
            if position is not None:
                yield from _early_exits(ctx, block, position)
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            break  # a nested function runs when called, not where it is defined
        child, parent = parent, parents.get(id(parent))


def after_showing_its_gpus(ctx: FileContext, scope: Scope, node: ast.AST) -> bool:
    """Whether an earlier statement of a block that holds `node`, in its function (or the
    module), sets `os.environ["CUDA_VISIBLE_DEVICES"]` to a value of its own (not a literal
    list every process shares) or to one literal GPU: the process then picks its GPUs by
    that variable, and index 0 is the first GPU it chose to see (with one literal GPU, the
    only one). A module that shows one literal GPU at its top level does so for every
    function it defines below: they run after the module ran."""
    if module_shows_one_gpu_before(ctx, node):
        return True
    function = scope.function
    root = function.node if function is not None else ctx.tree
    parents = parent_map(ctx.parents, root)
    child: ast.AST = node
    parent = parents.get(id(child))
    while parent is not None:
        for block in _blocks(parent):
            position = _positions(ctx, block).get(id(child))
            if position is not None and any(
                _shows_gpus(ctx, statement) for statement in block[:position]
            ):
                return True
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return False
        child, parent = parent, parents.get(id(parent))
    return False


def _shows_gpus(ctx: FileContext, statement: ast.stmt) -> bool:
    """`os.environ["CUDA_VISIBLE_DEVICES"] = <per-process value>` (`shows_one_gpu`: not a
    literal, which every process would share) or `= "3"` (one literal GPU: cuda:0 is the
    only one the process has); one statement, not one nested in a branch that may not
    run."""
    return (shows_one_gpu(statement) or _shows_one_literal_gpu(statement)) and any(
        (ctx.qualified(target.value) or "").endswith("environ")
        for target in cast(ast.Assign, statement).targets
        if isinstance(target, ast.Subscript)
    )


#: One GPU named in `CUDA_VISIBLE_DEVICES`: an index or a UUID (`GPU-...`, `MIG-...`).
_ONE_GPU = re.compile(r"\s*(?:\d+|(?:GPU|MIG)-[\w-]+)\s*", re.ASCII)


def _shows_one_literal_gpu(statement: ast.stmt) -> bool:
    """`os.environ["CUDA_VISIBLE_DEVICES"] = "3"`: a string literal naming one GPU."""
    return (
        assigns_visible_devices(statement)
        and isinstance(value := cast(ast.Assign, statement).value, ast.Constant)
        and isinstance(value.value, str)
        and _ONE_GPU.fullmatch(value.value) is not None
    )


def module_shows_one_gpu_before(ctx: FileContext, node: ast.AST) -> bool:
    """A statement of the module's top level, above `node`, that shows the process one
    literal GPU (`os.environ["CUDA_VISIBLE_DEVICES"] = "0"` at a script's top), and no other
    top-level statement that sets the variable again."""
    settings = per_file(
        ctx,
        "module-visible-devices",
        lambda ctx: [s for s in ctx.tree.body if assigns_visible_devices(s)],
    )
    return (
        len(settings) == 1
        and settings[0].lineno < getattr(node, "lineno", 0)
        and _shows_one_literal_gpu(settings[0])
        and _shows_gpus(ctx, settings[0])
    )


_T = TypeVar("_T")
#: Facts computed once per file: the context last seen for each key and the fact built on it.
#: Files are linted one at a time, so one entry per key suffices; `is` makes a new context
#: (even one reusing a freed context's id) build afresh.
_PER_FILE: dict[str, tuple[FileContext, object]] = {}


def per_file(ctx: FileContext, key: str, build: Callable[[FileContext], _T]) -> _T:
    """`build(ctx)`, computed once per file context (rules ask the same question per site)."""
    held = _PER_FILE.get(key)
    if held is not None and held[0] is ctx:
        return cast(_T, held[1])
    value = build(ctx)
    _PER_FILE[key] = (ctx, value)
    return value


def parent_map(cache: dict[int, dict[int, ast.AST]], root: ast.AST) -> dict[int, ast.AST]:
    """Child-to-parent map of one function (or the module), kept in `cache` (a file context's
    `parents`, the same maps `consumer_of` builds)."""
    parents = cache.get(id(root))
    if parents is None:
        parents = {id(c): p for p in ast.walk(root) for c in ast.iter_child_nodes(p)}
        cache[id(root)] = parents
    return parents


def _blocks(node: ast.AST) -> Iterator[list[ast.stmt]]:
    for name in ("body", "orelse", "finalbody"):
        block = getattr(node, name, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
            yield block


def statement_blocks(node: ast.AST) -> Iterator[list[ast.stmt]]:
    """The blocks of statements a compound statement holds: its body, `else` and `finally`,
    its `except` handlers' bodies and its `match` cases' bodies."""
    yield from _blocks(node)
    for handler in getattr(node, "handlers", []):
        yield handler.body
    for case in getattr(node, "cases", []):
        yield case.body


def _positions(ctx: FileContext, block: list[ast.stmt]) -> dict[int, int]:
    """Index of each statement of `block` by its id, built once per block of the file (a
    module of thousands of statements is otherwise scanned once per site)."""
    table = per_file(ctx, "block-positions", lambda _: dict[int, dict[int, int]]())
    positions = table.get(id(block))
    if positions is None:
        positions = {id(statement): index for index, statement in enumerate(block)}
        table[id(block)] = positions
    return positions


def _early_exits(
    ctx: FileContext, block: list[ast.stmt], position: int
) -> Iterator[tuple[ast.expr, bool]]:
    """`if test: return` before position `position` in `block`: `test` is false whenever the
    statement there runs."""
    table = per_file(ctx, "early-exits", lambda _: dict[int, list[tuple[int, ast.expr]]]())
    exits = table.get(id(block))
    if exits is None:
        exits = [
            (index, statement.test)
            for index, statement in enumerate(block)
            if isinstance(statement, ast.If)
            and not statement.orelse
            and isinstance(statement.body[-1], EXITS)
        ]
        table[id(block)] = exits
    for index, test in exits:
        if index >= position:
            return
        yield test, False


def rank_zero_test(test: ast.expr, holds: bool, flags: frozenset[str] = frozenset()) -> bool:
    """Whether `test` being `holds` means the process is rank 0 (`rank == 0`, `not rank`,
    `rank % n == 0`, a rank-0 flag such as `is_main_process`, `local_rank in [-1, 0]`: rank
    0 or the one process of a run without ranks). `flags`: attributes of `self` the file
    defines as rank-0 flags (`def is_main(self): return self.accelerate.is_main_process`), and
    as ranks (`RANK_ATTRIBUTE`: `self.gpu_id == 0`)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return rank_zero_test(test.operand, not holds, flags) or (
            holds and (_is_rank(test.operand) or _names_own_rank(test.operand, flags))
        )
    if isinstance(test, ast.BoolOp):
        # `a and b` holding means both hold; `a or b` failing means both fail.
        if isinstance(test.op, ast.And) == holds:
            return any(rank_zero_test(value, holds, flags) for value in test.values)
        return False
    if holds and (_names_rank_zero_flag(test) or _names_own_flag(test, flags)):
        return True
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right, op = test.left, test.comparators[0], test.ops[0]
        if (
            isinstance(op, ast.In | ast.NotIn)
            and (_is_rank(left) or _names_own_rank(left, flags))
            and _zero_or_none(right)
        ):
            # `local_rank in [-1, 0]`: rank 0, or the one process of a run without ranks
            return isinstance(op, ast.In) == holds
        zero_first = _is_zero(left)
        value = right if zero_first else left
        if not (zero_first or _is_zero(right)):
            return False
        if not (_is_rank(value, modulo=True) or _names_own_rank(value, flags)):
            return False
        return (isinstance(op, ast.Eq) and holds) or (isinstance(op, ast.NotEq) and not holds)
    return False


#: How `flags` name an attribute of `self` that holds the process's rank (`rank:gpu_id` for
#: the DDP tutorial's `self.gpu_id = int(os.environ["LOCAL_RANK"])`), beside rank-0 flags.
RANK_ATTRIBUTE = "rank:"


def is_rank_value(node: ast.expr) -> bool:
    """`node` reads the process's global or local rank (`_is_rank`)."""
    return _is_rank(node)


def _names_own_rank(node: ast.expr, flags: frozenset[str]) -> bool:
    """`self.<name>` for an attribute the file sets only to the process's rank."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and RANK_ATTRIBUTE + node.attr in flags
    )


def _names_own_flag(node: ast.expr, flags: frozenset[str]) -> bool:
    """`self.<flag>` or `self.<flag>()` for one of the file's own rank-0 flags."""
    if isinstance(node, ast.Call) and not node.args:
        node = node.func
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and node.attr in flags
    )


def _zero_or_none(node: ast.expr) -> bool:
    """`[-1, 0]`, `(0, -1)`, `[0]`: rank 0, or -1 (no ranks: one process)."""
    values = [int_literal(e) for e in node.elts] if isinstance(node, ast.List | ast.Tuple) else []
    return 0 in values and set(values) <= {-1, 0}


def _names_rank_zero_flag(node: ast.expr) -> bool:
    if isinstance(node, ast.Call) and not node.args:
        node = node.func
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return name in _RANK_ZERO_FLAGS


def _is_zero(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value in (0, "0") and node.value is not False


def is_process_rank(node: ast.expr) -> bool:
    """The process's global or local rank (`_is_rank`): 0 in a job of one process."""
    return _is_rank(node)


def _is_rank(node: ast.expr, modulo: bool = False) -> bool:
    """The process's global or local rank: a rank name, `get_rank()` of the default group,
    a `RANK` / `LOCAL_RANK` environment read, `int(...)` of one; with `modulo`, `rank % n`
    (the first process of each node under block launches). A walrus (`(r := get_rank())`)
    is its value."""
    if isinstance(node, ast.NamedExpr):
        return _is_rank(node.value, modulo)
    if modulo and isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _is_rank(node.left)
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "int" and len(node.args) == 1:
            return _is_rank(node.args[0], modulo)
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name in _RANK_CALLS or (name in _HOROVOD_RANK_CALLS and _on_horovod(func)):
            return not node.args and not node.keywords  # a group's rank is not the process's
        if name in ("get", "getenv") and node.args:
            return _is_rank_key(node.args[0])
        return False
    if isinstance(node, ast.Subscript):
        return _is_rank_key(node.slice)
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    # Scripts name the environment's value after the variable: `RANK = int(os.environ["RANK"])`.
    return isinstance(name, str) and name.lower() in _RANK_NAMES


def _is_rank_key(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value in _RANK_ENV


def arm_test(parent: ast.AST, child: ast.AST) -> tuple[ast.expr, bool] | None:
    """When `parent` is an `if` (or a conditional expression) and `child` one of its arms:
    its test, and whether the test holds on that arm."""
    if not isinstance(parent, ast.If | ast.IfExp) or child is parent.test:
        return None
    body = parent.body if isinstance(parent.body, list) else [parent.body]
    return parent.test, any(child is statement for statement in body)


def cpu_only(test: ast.expr, holds: bool) -> bool:
    """Whether `test`, known to hold (or to fail), means the device in use is the CPU:
    `not torch.cuda.is_available()`, `device.type == "cpu"`, the `else` of `if x.is_cuda:`
    (the tensor that decides is on the CPU), `x.is_cpu`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return cpu_only(test.operand, not holds)
    if isinstance(test, ast.BoolOp):
        if isinstance(test.op, ast.And) == holds:
            return any(cpu_only(value, holds) for value in test.values)
        return False
    if isinstance(test, ast.Call) and is_cuda_available(test):
        return not holds
    if isinstance(test, ast.Attribute) and test.attr in {"is_cuda", "is_cpu"}:
        return holds == (test.attr == "is_cpu")
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right, op = test.left, test.comparators[0], test.ops[0]
        kinds = {_literal(left), _literal(right)} - {None}
        if len(kinds) != 1:
            return False
        kind = kinds.pop()
        same = (isinstance(op, ast.Eq | ast.Is) and holds) or (
            isinstance(op, ast.NotEq | ast.IsNot) and not holds
        )
        differs = (isinstance(op, ast.NotEq | ast.IsNot) and holds) or (
            isinstance(op, ast.Eq | ast.Is) and not holds
        )
        return (kind == "cpu" and same) or (kind == "cuda" and differs)
    return False


def is_cuda_available(call: ast.Call) -> bool:
    """`torch.cuda.is_available()` (through any alias of `torch`)."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "is_available"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "cuda"
    )


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and node.value in ("cpu", "cuda"):
        return str(node.value)
    return None


#: A docstring saying the code runs on one GPU by design.
_SINGLE_GPU = re.compile(
    r"\b(?:single|one)[- ](?:gpu|cuda[- ]device)\b|\bonly (?:on )?(?:one|a single) gpu\b",
    re.IGNORECASE,
)
#: A file named for one GPU: `singleGPU`, `single_gpu`, `1gpu`, `one-gpu`.
_SINGLE_GPU_NAME = re.compile(r"(?:single|one|\b1|_1)[-_]?gpu(?![a-z])", re.IGNORECASE)
#: ... unless it also speaks of several GPUs or processes.
_SEVERAL = re.compile(
    r"\bmulti(?:ple)?[- ]?(?:gpus?|devices?|process|node)|\bdistributed\b|\bddp\b|\bfsdp\b"
    r"|\bper[- ](?:rank|gpu|process|worker)\b|\bseveral gpus\b|\bmany gpus\b|\bworkers?\b"
    r"|\btorchrun\b|\bworld_size\b|\beach (?:process|rank|worker)\b",
    re.IGNORECASE,
)
#: A comment that admits a limit to be fixed rather than a design.
_ADMITS = re.compile(r"\b(?:TODO|FIXME|XXX|HACK)\b|\bfor now\b|\bbreaks?\b", re.IGNORECASE)


def documented_single_gpu(ctx: FileContext, scope: Scope, node: ast.AST | None = None) -> bool:
    """Whether the docstring of the enclosing function, class or module says the code runs on
    a single GPU by design ("prediction on a single gpu") and speaks of no other setup, or
    the comment on `node`'s line or in the block of comment lines right above it does
    ("# hardcoded single GPU assumed for inference"), or the file is named for one GPU
    (`t2v_14B_singleGPU.py`, `infer_single_gpu.py`): demos and scripts say so in their
    names."""
    if _SINGLE_GPU_NAME.search(Path(ctx.source.path).stem):
        return True
    if node is not None and _comment_says_single_gpu(ctx, getattr(node, "lineno", 0)):
        return True
    current: Scope | None = scope
    while current is not None:
        node = ctx.tree if current.kind == "module" else current.node
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False) or ""
            if _SINGLE_GPU.search(text) and not _SEVERAL.search(text):
                return True
        current = current.parent
    return False


def _comment_says_single_gpu(ctx: FileContext, line: int) -> bool:
    """The comment ending `line`, or the comment lines right above it (no code or blank line
    between), says one GPU by design and speaks of no other setup."""
    if line < 1:
        return False
    comments = []
    text = ctx.source.line(line)
    if "#" in text:
        comments.append(text[text.index("#") :])
    above = line - 1
    while above >= 1 and ctx.source.line(above).lstrip().startswith("#"):
        comments.append(ctx.source.line(above))
        above -= 1
    said = " ".join(comments)
    if _ADMITS.search(said):
        return False  # "TODO: only one GPU for now": the author names the bug
    return _SINGLE_GPU.search(said) is not None and _SEVERAL.search(said) is None


def statements_after(ctx: FileContext, scope: Scope, node: ast.AST) -> list[ast.stmt]:
    """The statements of the function that may run after `node`: the rest of each block that
    holds it, innermost first, stopping at a block that ends in `return` or `raise` (the arms
    not taken are left out). Loops are not followed back to their start."""
    function = scope.function
    if function is None:
        return []
    parents = parent_map(ctx.parents, function.node)
    following: list[ast.stmt] = []
    child: ast.AST = node
    parent = parents.get(id(child))
    while parent is not None and child is not function.node:
        for block in _blocks(parent):
            if any(child is statement for statement in block):
                rest = block[[id(s) for s in block].index(id(child)) + 1 :]
                following += rest
                if rest and isinstance(rest[-1], ast.Return | ast.Raise):
                    return following
                if not rest and isinstance(child, ast.Return | ast.Raise):
                    return following
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
            break
        child, parent = parent, parents.get(id(parent))
    return following


#: Anything that may run the file's code in several processes, or shard one model over GPUs.
_SEVERAL_PROCESSES = re.compile(
    r"\b(?:distributed|init_process_group|get_rank|\w*rank|RANK|LOCAL_RANK|world_size|WORLD_SIZE"
    r"|\w*DataParallel|DDP|FSDP|deepspeed|accelerate|Accelerator|\w*Trainer|Fabric|lightning"
    r"|spawn|Process|Pool|ProcessPoolExecutor|device_map|ray|torchrun|nproc\w*|horovod|hvd"
    r"|mpi4py|MPI|xm|launch)\b",
    re.IGNORECASE,
)
_MAIN_GUARD = re.compile(r"^if\s+__name__\s*==\s*[\"']__main__[\"']\s*:", re.MULTILINE)


def speaks_of_no_parallelism(ctx: FileContext) -> bool:
    """The file never speaks of ranks, process groups, launchers, worker processes or threads,
    data parallelism or device maps (comments aside; a rank given as a literal, `rank=0`,
    names the one process): whatever process runs it, its code picks no GPU per rank, shard
    or thread."""
    return per_file(ctx, "no-parallelism", _no_parallelism)


def _no_parallelism(ctx: FileContext) -> bool:
    text = _parallel_words(ctx.source.text)
    return _SEVERAL_PROCESSES.search(text) is None and _THREADS.search(text) is None


def speaks_of_one_process(ctx: FileContext) -> bool:
    """As `speaks_of_no_parallelism`, but the parallelism of one process over its GPUs
    (`DataParallel`, torchgpipe's `GPipe`) allowed: the file speaks of no ranks, process
    groups, launchers, worker processes or threads."""
    return per_file(ctx, "one-process", _one_process)


def _one_process(ctx: FileContext) -> bool:
    text = _ONE_PROCESS_PARALLELISM.sub(" ", _parallel_words(ctx.source.text))
    return _SEVERAL_PROCESSES.search(text) is None and _THREADS.search(text) is None


#: One process's parallelism over its own GPUs (`DistributedDataParallel` stays: a word of
#: its own).
_ONE_PROCESS_PARALLELISM = re.compile(r"\b(?:DataParallel|GPipe)\b")


#: A rank given as a literal (`quiver.Feature(rank=0, ...)`, `local_rank = 0`): the one
#: process names itself, which says nothing of other processes (`rank == 0` is a test, kept).
_FIXED_RANK = re.compile(r"\b\w*rank\s*=\s*\d+\b(?!\s*[.=])", re.IGNORECASE)


def _parallel_words(text: str) -> str:
    """`code_words` less the ranks given as literals."""
    return _FIXED_RANK.sub(" ", code_words(text))


_F_PREFIX = re.compile(r"[rRbB]?[fF][rR]?['\"]")
_F_FIELDS = re.compile(r"\{([^{}]*)\}")


def code_words(text: str) -> str:
    """The code of `text` without comments and without prose strings (help texts, log
    messages, docstrings: strings holding whitespace), whose words (`"Process pieces from
    this number"`) say nothing of how the program runs. Keys such as `"RANK"` stay. Text that
    does not tokenize is kept whole, less its comments."""
    kept: list[str] = []
    middle = getattr(tokenize, "FSTRING_MIDDLE", -1)  # Python 3.12: f-strings in parts
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                continue
            prose = token.type in (tokenize.STRING, middle) and any(
                c.isspace() for c in token.string
            )
            if not prose:
                kept.append(token.string)
            elif token.type == tokenize.STRING and _F_PREFIX.match(token.string):
                kept += _F_FIELDS.findall(token.string)  # the code inside `{...}` stays
    except (tokenize.TokenError, SyntaxError, ValueError):
        return _COMMENTS.sub("", text)
    return " ".join(kept)


_THREADS = re.compile(r"\b(?:threading|Thread\w*|\w*Executor)\b")


def single_process_script(ctx: FileContext, node: ast.AST | None = None) -> bool:
    """A program run as a script (`if __name__ == "__main__":`) whose file never speaks of ranks,
    process groups, launchers, worker processes, data parallelism or device maps: one process,
    whose GPU choices are the whole program's. With `node`, also: `node` sits in the file's
    `__main__` block and that block speaks of none of them (a module's demo run)."""
    script = per_file(ctx, "script-shape", _script_shape)
    if script is None:
        return False
    several, main_blocks = script
    if not several:
        return True
    line = getattr(node, "lineno", None)
    if line is None:
        return False
    return any(first <= line <= last and quiet for first, last, quiet in main_blocks)


def in_main_block(ctx: FileContext, line: int) -> bool:
    """Whether `line` lies in one of the file's `if __name__ == "__main__":` blocks."""
    script = per_file(ctx, "script-shape", _script_shape)
    return script is not None and any(first <= line <= last for first, last, _ in script[1])


def _script_shape(ctx: FileContext) -> tuple[bool, list[tuple[int, int, bool]]] | None:
    """None for a file without a `__main__` block; else whether the file speaks of several
    processes, and each `__main__` block's lines and whether it speaks of none."""
    text = ctx.source.text
    if not _MAIN_GUARD.search(text):
        return None
    several = _SEVERAL_PROCESSES.search(_parallel_words(text)) is not None
    blocks = [
        (
            statement.lineno,
            statement.end_lineno or statement.lineno,
            _SEVERAL_PROCESSES.search(_parallel_words(ctx.node_text(statement))) is None,
        )
        for statement in ctx.tree.body
        if is_main_guard(statement)
    ]
    return several, blocks


_COMMENTS = re.compile(r"#[^\n]*")
