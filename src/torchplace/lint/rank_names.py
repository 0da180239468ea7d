"""Conventional global-rank names that a project itself defines as this node's rank.

TPL402 reads some names as the global rank by convention (`process_index` is accelerate's and
the Hugging Face trainer's global rank, `global_rank` DeepSpeed's). A project may define such a
name for its own classes, and then its definition speaks, not the convention: contrastors'
trainer base class has

    @property
    def process_index(self):
        return int(os.environ.get("LOCAL_RANK", -1)) if self.distributed else 0

so `self.process_index` in its trainers is the local rank. A name counts as the project's local
rank when the project defines it at least once, as a method or property (`def process_index`)
or by an attribute assignment (`self.process_index = ...`), and every such definition gives
this node's rank: a read of a local-rank variable (`LOCAL_RANK`, `SLURM_LOCALID`,
`OMPI_COMM_WORLD_LOCAL_RANK`), a call of a function named for the local rank
(`get_local_rank()`), a literal integer (the one-process arm), or a conditional of those
(`int(...)` and `str(...)` around them). A definition of any other value (`dist.get_rank()`,
`RANK`, another attribute), a method with no returned value, or a project file that cannot be
read leaves the convention standing. Files are searched as bytes first; only those that
define the name are parsed, and nothing in them is run.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable

from torchplace.lint.context import FileContext, whole_file_context
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rules._helpers import is_env_read

#: Names that hold the global rank in common frameworks (accelerate, DeepSpeed, Megatron), or a
#: rank within a parallel group (`tp_rank`: not this node's GPU once groups span data-parallel
#: copies).
CONVENTIONAL_RANK_NAMES = frozenset(
    {"global_rank", "process_index", "world_rank", "tp_rank", "pp_rank", "dp_rank", "ep_rank"}
)
#: The words of a TPL402 finding on a `rank` parameter that no call in its own file fills:
#: kept only where a call in another file of the project passes it the global rank
#: (`project_facts`), which the kept finding then names.
RANK_FROM_CALLERS = "that callers in other files give the global rank"
#: Environment variables that hold this node's rank (torchrun, Slurm, Open MPI).
LOCAL_RANK_VARIABLES = ("LOCAL_RANK", "SLURM_LOCALID", "OMPI_COMM_WORLD_LOCAL_RANK")
#: Environment variables holding the global rank (torchrun, Slurm, Open MPI, MPICH).
GLOBAL_RANK_VARIABLES = ("RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK")
#: The leading quoted expression of a TPL402 message: "`self.process_index` is the global rank".
_SELF_RANK_MESSAGE = re.compile(r"`self\.(\w+)` is the global rank")


def self_rank_name(message: str) -> str | None:
    """The conventional rank name that a TPL402 message cites as `self.<name>`, if any."""
    match = _SELF_RANK_MESSAGE.match(message)
    if match is None or match.group(1) not in CONVENTIONAL_RANK_NAMES:
        return None
    return match.group(1)


def defines_as_local_rank(
    name: str, files: Iterable[str], read: Callable[[str], bytes | None]
) -> bool:
    """Whether the project of `files` defines `name` at least once and only as this node's
    rank (see the module's docstring). `read` gives a file's bytes, None when unreadable."""
    search = re.compile(
        rb"\bdef\s+%b\s*\(|\.%b\s*(?::[^=\n]*)?=(?!=)" % (name.encode(), name.encode())
    )
    found = False
    for path in files:
        data = read(path)
        if data is None:
            return False
        if search.search(data) is None:
            continue
        ctx = whole_file_context(path, data)
        if ctx is None:
            return False
        for value in _definitions(ctx.tree, name):
            if value is None or not _local_rank_value(ctx, value):
                return False
            found = True
    return found


def _definitions(tree: ast.AST, name: str) -> Iterable[ast.expr | None]:
    """The values the tree gives `name`: each `return` of a `def name` (None for a def that
    returns nothing), each value assigned to `<x>.name`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            returns = [n for n in own_nodes(node) if isinstance(n, ast.Return)]
            if not returns:
                yield None
            for statement in returns:
                yield statement.value
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr == name for t in targets):
                yield None if isinstance(node, ast.AugAssign) else node.value
            elif any(
                isinstance(e, ast.Attribute) and e.attr == name
                for t in targets
                if isinstance(t, ast.Tuple | ast.List)
                for e in t.elts
            ):
                yield None  # unpacked from something: not read here


def _local_rank_value(ctx: FileContext, value: ast.expr) -> bool:
    if isinstance(value, ast.IfExp):
        return _local_rank_value(ctx, value.body) and _local_rank_value(ctx, value.orelse)
    if isinstance(value, ast.Constant):
        return isinstance(value.value, int) and not isinstance(value.value, bool)
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
        return isinstance(value.operand, ast.Constant) and _local_rank_value(ctx, value.operand)
    if isinstance(value, ast.Call):
        func = value.func
        callee = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if callee in ("int", "str") and len(value.args) == 1 and not value.keywords:
            return _local_rank_value(ctx, value.args[0])
        if "local_rank" in callee.lower():
            return True
    return any(is_env_read(ctx, value, variable) for variable in LOCAL_RANK_VARIABLES)
