"""Whether every process group a project creates is confined to one node.

A global rank is this node's GPU index when the job cannot span nodes. Some projects make that
so in their code, where the group is created: `init_process_group` followed by a stop unless the
world size is the machine's GPU count (`if get_world_size() != torch.cuda.device_count():
raise`), after the function pins `MASTER_ADDR` to the loopback address (a process on a second
node would meet its own store, never rank 0's), with a `tcp://localhost` / `tcp://127.0.0.1`
`init_method`, or with `rank=` the local rank (`LOCAL_RANK`, or the `--local_rank` argument: two
nodes would give two processes one rank, and the ranks past one node's size would never join).
The fact holds for a project when it creates at least one group, every `init_process_group` in
it (tests, examples and scripts included: a multi-node launcher anywhere in the tree is enough
to doubt it) is confined so, and nothing else in it creates the default group
(`deepspeed.init_distributed`, accelerate's `Accelerator` / `PartialState`, `init_device_mesh`,
a Lightning or Hugging Face `Trainer`, ...), unless that name is the project's own (defined in
the file, or imported from the project's own modules).

A group made with `rank=` a parameter of the function making it (`def setup_ddp(rank,
world_size)`) is confined when every call of that function in the project, whatever the file,
lies in a `torch.multiprocessing.spawn` target of its file and passes the target's first
parameter unchanged: the spawn index, this machine's process index (nnU-Net's `run_ddp` targets,
one in each of two scripts, both calling `run_training.setup_ddp`). So is a spawn target that
makes the group itself with `rank=` its first parameter (supar's `parse`); a direct call of it
that passes rank 0 or -1 as a literal is the one process of a run that spawns none. A target
its own file also calls directly otherwise, or a call with anything else, leaves the group
unconfined. An `init_method` built from the launcher's `MASTER_ADDR` reads as `env://`.

A default (`os.environ.setdefault("MASTER_ADDR", "127.0.0.1")`) or a pin under a condition does
not count: a multi-node launcher's address then wins. This fact is the code's; the project's
launch scripts and READMEs are read apart, per script (`launch_commands`).
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.context import assigns_key, call_name, int_literal, keyword_value
from torchplace.lint.job_scale import is_world_size
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.spawn_ranks import SPAWNERS, assigns

#: A file holding none of these creates no process group.
_GROUP_TEXT = re.compile(
    rb"init_process_group|init_distributed|Accelerator\s*\(|PartialState\s*\(|init_device_mesh"
    rb"|Trainer\s*\(|Fabric\s*\(|launch_from_|initialize_model_parallel"
)
#: Calls that create the default group without `init_process_group` in the project's code.
_OTHER_CREATORS = frozenset(
    {
        "init_distributed",
        "Accelerator",
        "PartialState",
        "init_device_mesh",
        "Trainer",
        "Fabric",
        "launch_from_torch",
        "launch_from_slurm",
        "launch_from_openmpi",
        "initialize_model_parallel",
    }
)
_LOOPBACK = ("localhost", "127.0.0.1", "[::1]", "::1")
_SKIPPED = frozenset({"node_modules", "site-packages", "dist-packages", "venv", "__pycache__"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef)
#: A tree with more Python files than this is not read: the fact stays unknown.
MAX_FILES = 20_000


@dataclass(frozen=True)
class SingleNode:
    """Where the project confines a process group to one node."""

    path: str
    line: int
    why: str


@dataclass(frozen=True)
class RankParameter:
    """A group made with `rank=` the parameter `name` (at position `index`) of `function`:
    confined only if every call of `function` passes a spawn index there."""

    function: str
    index: int
    name: str


def single_node_project(
    root: str, files: list[str] | None, max_file_bytes: int
) -> SingleNode | None:
    """The first confined group of the project at `root` (a directory, or a lone file) when
    every group it creates is confined to one node, else None. `files`: `tree_files(root)`."""
    if files is None:
        return None
    own = _own_packages(root)
    found: SingleNode | None = None
    pending: list[RankParameter] = []
    for path in files:
        data = read_regular_file(Path(path), max_file_bytes)
        if data is None:
            return None  # unread: it may create a group anywhere
        if not _GROUP_TEXT.search(data):
            continue
        verdict = single_node_in(path, data, own, pending)
        if verdict is False:
            return None
        if found is None and isinstance(verdict, SingleNode):
            found = verdict
    if found is not None and pending and not _spawn_indexes(pending, files, max_file_bytes):
        return None
    return found


def single_node_in(
    path: str,
    data: bytes,
    own: frozenset[str] = frozenset(),
    pending: list[RankParameter] | None = None,
) -> SingleNode | bool:
    """A file's groups: the first confined one when all are, False when one is not (or the
    file cannot be read whole), True when it creates none. A group whose `rank=` is a
    parameter of its function counts as confined when `pending` is given, and is added
    there: the caller checks that function's calls (`spawn_indexes_in`)."""
    try:
        tree = tolerant_tree(data)
        return _groups_of(path, tree, own, pending)
    except (SyntaxError, ValueError):
        return True  # a file that does not compile creates no group
    except RecursionError:
        return False


def _groups_of(
    path: str, tree: ast.Module, own: frozenset[str], pending: list[RankParameter] | None
) -> SingleNode | bool:
    mine = _own_names(tree, own)
    # `args.local_rank = global_rank` anywhere in the file: the argument is not trusted.
    argument = not any(
        isinstance(n, ast.Attribute) and n.attr == "local_rank" and isinstance(n.ctx, ast.Store)
        for n in ast.walk(tree)
    )
    found: SingleNode | bool = True
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, _SCOPES))]:
        nodes = list(own_nodes(scope))
        for call in (n for n in nodes if isinstance(n, ast.Call)):
            name = call_name(call)
            if name in _OTHER_CREATORS and name not in mine:
                return False
            if name != "init_process_group":
                continue
            confined = _confined(scope, nodes, call, argument)
            if confined is None:
                return False
            if isinstance(confined, RankParameter):
                if pending is None:
                    return False
                pending.append(confined)
                why = f"`rank=` the spawn index its callers pass `{confined.function}`"
            else:
                why = confined
            if found is True:
                found = SingleNode(path, call.lineno, why)
    return found


def _confined(
    scope: ast.AST, nodes: list[ast.AST], call: ast.Call, argument: bool = True
) -> str | RankParameter | None:
    """Why the group `call` creates cannot span nodes, the parameter of `scope` its `rank=`
    is when that is for the callers to decide, or None."""
    if _stops_unless_one_node(nodes, call.lineno):
        return "the job stops unless its world size is this machine's GPU count"
    if any(kw.arg in (None, "store") for kw in call.keywords):
        return None  # `**options` or a store of its own: the address is not in sight
    method = call.args[1] if len(call.args) > 1 else keyword_value(call, "init_method")
    if method is not None and not _is_env_method(method):
        address = _string_start(method)
        if address is not None and address.startswith(tuple(f"tcp://{h}" for h in _LOOPBACK)):
            return f"`init_method` {address!r}"
        return None
    rank = keyword_value(call, "rank")
    if rank is not None and _reads_local_rank(rank, nodes, call.lineno, argument):
        return "`rank=` the local rank"
    pin = _loopback_pin_before(scope, call.lineno)
    if pin is not None:
        return f"`MASTER_ADDR` pinned to {pin!r}"
    return _rank_parameter(scope, rank)


def _stops_unless_one_node(nodes: list[ast.AST], line: int) -> bool:
    """After `line`, the code stops unless the job's world size is this machine's GPU count:
    `if dist.get_world_size() != torch.cuda.device_count(): raise ...` (OpenGait's `main.py`),
    or `assert world_size == torch.cuda.device_count()`. A second node would double the world
    size past one machine's GPUs."""
    for node in nodes:
        if getattr(node, "lineno", 0) <= line:
            continue
        if isinstance(node, ast.If) and any(isinstance(s, ast.Raise) for s in node.body):
            if _compares_world_to_gpus(node.test, ast.NotEq):
                return True
        elif isinstance(node, ast.Assert) and _compares_world_to_gpus(node.test, ast.Eq):
            return True
    return False


def _compares_world_to_gpus(test: ast.expr, operator: type[ast.cmpop]) -> bool:
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    if not isinstance(test.ops[0], operator):
        return False
    sides = [test.left, test.comparators[0]]
    return any(is_world_size(a) for a in sides) and any(_gpu_count(a) for a in sides)


def _gpu_count(node: ast.expr) -> bool:
    """`torch.cuda.device_count()`."""
    return isinstance(node, ast.Call) and call_name(node) == "device_count"


def _rank_parameter(scope: ast.AST, rank: ast.expr | None) -> RankParameter | None:
    """`rank=` a positional parameter of the function `scope` that it never assigns."""
    if not isinstance(scope, _SCOPES) or not isinstance(rank, ast.Name):
        return None
    names = [a.arg for a in (*scope.args.posonlyargs, *scope.args.args)]
    if rank.id not in names or assigns(scope, rank.id):
        return None
    return RankParameter(scope.name, names.index(rank.id), rank.id)


def _spawn_indexes(pending: list[RankParameter], files: list[str], max_file_bytes: int) -> bool:
    """Every call of each pending function, in every file of the project that names it,
    passes a spawn index (`spawn_indexes_in`), and there is at least one such call."""
    called = {p.function: False for p in pending}
    needles = {p.function: p.function.encode() for p in pending}
    for path in files:
        data = read_regular_file(Path(path), max_file_bytes)
        if data is None:
            return False
        names = [p for p in pending if needles[p.function] in data]
        if not names:
            continue
        try:
            tree = tolerant_tree(data)
        except (SyntaxError, ValueError):
            continue  # a file that does not compile calls nothing
        except RecursionError:
            return False
        for parameter in names:
            verdict = spawn_indexes_in(tree, parameter)
            if verdict is False:
                return False
            called[parameter.function] |= verdict is True
    return all(called.values())


def spawn_indexes_in(tree: ast.Module, parameter: RankParameter) -> bool | None:
    """Whether the file's calls of `parameter.function` all lie in a spawn target of the file
    (`torch.multiprocessing.spawn(target, ...)`, `start_processes`) that the file never
    calls itself and pass there the target's first parameter, unassigned: True when they
    do, False when one does not, None when the file has none."""
    targets: set[str] = set()
    direct: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if call_name(node) in SPAWNERS:
            target = node.args[0] if node.args else keyword_value(node, "fn")
            if isinstance(target, ast.Name):
                targets.add(target.id)
        elif isinstance(node.func, ast.Name):
            direct.add(node.func.id)
    found: bool | None = None
    if parameter.index == 0 and parameter.function in targets:
        found = True  # the spawn target itself: its first parameter is the spawn index
    for function in (n for n in ast.walk(tree) if isinstance(n, _SCOPES)):
        for call in (n for n in own_nodes(function) if isinstance(n, ast.Call)):
            if call_name(call) != parameter.function:
                continue
            if parameter.function in targets and _passes_one_process_rank(call, parameter):
                continue  # `parse(0 if cuda else -1, args)`: one process, rank 0 or none
            if not _passes_spawn_index(function, call, parameter, targets - direct):
                return False
            found = True
    # A call at a module's top level lies in no function: `own_nodes` of none saw it.
    top = [n for n in own_nodes(tree) if isinstance(n, ast.Call)]
    if any(call_name(c) == parameter.function for c in top):
        return False
    return found


def _passes_one_process_rank(call: ast.Call, parameter: RankParameter) -> bool:
    """A direct call of a spawn target that passes rank 0 (or -1, no rank) as a literal: the
    one process of a run that spawns no others (supar's `parse(0 if cuda else -1, args)`
    when one GPU is visible)."""
    if parameter.index != 0:
        return False
    passed = call.args[0] if call.args else keyword_value(call, parameter.name)
    return passed is not None and all(int_literal(b) in (0, -1) for b in _arms(passed))


def _arms(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.IfExp):
        return [*_arms(node.body), *_arms(node.orelse)]
    return [node]


def _passes_spawn_index(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    call: ast.Call,
    parameter: RankParameter,
    targets: set[str],
) -> bool:
    if function.name not in targets:
        return False
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if not names or assigns(function, names[0]):
        return False
    if any(isinstance(a, ast.Starred) for a in call.args[: parameter.index + 1]):
        return False
    if parameter.index < len(call.args):
        passed: ast.expr | None = call.args[parameter.index]
    else:
        passed = keyword_value(call, parameter.name)
    return isinstance(passed, ast.Name) and passed.id == names[0]


def _is_env_method(node: ast.expr) -> bool:
    """`"env://"`, or an address built from the launcher's variables (`f"{os.environ[
    'MASTER_ADDR']}:{os.environ['MASTER_PORT']}"`, supar's): the same rendezvous."""
    if isinstance(node, ast.Constant):
        return node.value == "env://"
    if not isinstance(node, ast.JoinedStr) or not node.values:
        return False
    first = node.values[0]
    return isinstance(first, ast.FormattedValue) and _reads_master_addr(first.value)


def _reads_master_addr(node: ast.expr) -> bool:
    """`os.environ["MASTER_ADDR"]`, `os.environ.get("MASTER_ADDR")`, `os.getenv(...)`."""
    if isinstance(node, ast.Subscript):
        key = node.slice
    elif isinstance(node, ast.Call) and node.args:
        key = node.args[0]
    else:
        return False
    return isinstance(key, ast.Constant) and key.value == "MASTER_ADDR"


def _string_start(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def _reads_local_rank(
    node: ast.expr, nodes: list[ast.AST], line: int, argument: bool = True
) -> bool:
    """`node` reads `LOCAL_RANK` (`int(os.environ["LOCAL_RANK"])`) or the `--local_rank`
    argument `torch.distributed.launch` hands each process (`args.local_rank`, when
    `argument`: the file never assigns a `.local_rank`), or is a name every assignment of
    which in the scope before `line` does."""
    if _mentions_local_rank_variable(node) or (argument and _local_rank_argument(node)):
        return True
    if not isinstance(node, ast.Name):
        return False
    values = [
        a.value
        for a in nodes
        if isinstance(a, ast.Assign)
        and a.lineno < line
        and any(isinstance(t, ast.Name) and t.id == node.id for t in a.targets)
    ]
    return bool(values) and all(
        _mentions_local_rank_variable(v) or (argument and _local_rank_argument(v)) for v in values
    )


def _local_rank_argument(node: ast.AST) -> bool:
    """`args.local_rank`: the parsed `--local_rank` option, which `torch.distributed.launch`
    sets to this node's rank of the process (not an attribute of `self`, which the code
    may set to anything)."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "local_rank"
        and isinstance(node.value, ast.Name)
        and node.value.id != "self"
    )


def _mentions_local_rank_variable(node: ast.AST) -> bool:
    """An environment read of `LOCAL_RANK` and nothing else that could carry another rank."""
    keys = [
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]
    names = [n for n in ast.walk(node) if isinstance(n, ast.Name)]
    return "LOCAL_RANK" in keys and all(n.id in ("os", "int", "environ", "getenv") for n in names)


def _loopback_pin_before(scope: ast.AST, line: int) -> str | None:
    """`os.environ["MASTER_ADDR"] = "localhost"` as a statement of the scope's own body (not
    under a condition) before `line`."""
    for statement in getattr(scope, "body", []):
        if statement.lineno < line and _pins_loopback(statement):
            assert isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Constant)
            return str(statement.value.value)
    return None


def confined_in_block(function: ast.AST, line: int, names: frozenset[str] = frozenset()) -> bool:
    """A block of `function` pins `MASTER_ADDR` to the loopback address before `line` and
    creates the group after the pin, and `line` lies in that block after the pin
    (`os.environ["MASTER_ADDR"] = "127.0.0.1"`, `set_device(rank)`, `init_process_group`):
    the ranks of that group are this node's (TorchIGather's own group in HunyuanVideo-Avatar's
    VAE). `init_device_mesh` creates the default group from the environment, as
    `init_process_group()` does. So is a `line` of the function's own body before that block
    whose device is read from `names`, one of which is the rank the block gives its group
    (`os.environ["RANK"] = str(rank)`, `rank=rank`), once bound: the function computes the
    rank of a group it keeps on this node (tokasaurus's `setup_distributed`:
    `set_device(f"cuda:{global_rank}")`, then, when it needs a group, the pin and
    `init_device_mesh`). Only when that block creates every group the function creates (no
    `else:` that joins a launcher's nodes, no group made before it or after it), each with
    the pin kept (no `init_method` or store of its own), and nothing writes `MASTER_ADDR`
    another way."""
    own = list(own_nodes(function))
    made = [n for n in own if isinstance(n, ast.Call) and _creates_a_group(n)]
    if not made or any(_writes_another_address(n) for n in own):
        return False
    blocks: list[tuple[ast.AST, list[ast.stmt]]] = [(function, getattr(function, "body", []))]
    for node in own:
        if isinstance(node, ast.stmt):
            for name in ("body", "orelse", "finalbody"):
                body = getattr(node, name, None)
                if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                    blocks.append((node, body))
    for holder, body in blocks:
        pins = [s.lineno for s in body if _pins_loopback(s)]
        if not pins:
            continue
        after = [s for s in body if s.lineno > pins[0]]
        inside = {id(n) for s in after for n in [s, *own_nodes(s)]}
        if not all(id(call) in inside for call in made):
            continue  # a group made outside the block may span nodes
        if not all(
            call_name(call) == "init_device_mesh"
            or (call_name(call) == "init_process_group" and _keeps_the_pin(call))
            or (call_name(call) in _OTHER_CREATORS and not call.args and _keeps_the_pin(call))
            for call in made
        ):
            continue
        if pins[0] < line and any(s.lineno <= line <= (s.end_lineno or s.lineno) for s in after):
            given = _given_ranks(made, after)
            if line <= _rank_given_at(made, after):
                given.discard(GROUP_RANK)  # `RANK` read before the block writes it
            # A device that reads a name, when the block gives its group another one
            # (`RANK = str(local_rank)`, then `set_device(global_rank)`), is not its rank.
            if not given or not names or names & given:
                return True
            continue
        if holder is not function and _ranked_before(function, holder, after, made, line, names):
            return True
    return False


def _creates_a_group(call: ast.Call) -> bool:
    """`init_process_group`, `init_device_mesh` or another call that creates the default
    group (`_OTHER_CREATORS`), or a helper named for making one (`init_distributed_mode(args)`,
    `setup_dist()`): its group may meet wherever its launcher says."""
    name = call_name(call) or ""
    return (
        name == "init_process_group"
        or name in _OTHER_CREATORS
        or _GROUP_HELPER.search(name) is not None
    )


#: A helper named for making the process group (`init_distributed_mode`, `setup_ddp`,
#: `init_process_group_nccl`), not one that only starts with such words (`init_process_logging`).
_GROUP_HELPER = re.compile(
    r"(?i)^_*(?:(?:init|setup)_?(?:dist|ddp|process_?group)|dist(?:ributed)?_?init)"
)
#: The rank a group was given, as a device reads it (`dist.get_rank()`, `os.environ["RANK"]`
#: after the block wrote it): it matches any rank the block gives.
GROUP_RANK = "<group rank>"


def _writes_another_address(node: ast.AST) -> bool:
    """A write of `MASTER_ADDR` that is no loopback pin (`os.environ["MASTER_ADDR"] =
    cfg.master_addr`, `os.environ.update(...)`, `setdefault`, `putenv`)."""
    if isinstance(node, ast.Assign) and not _pins_loopback(node):
        return assigns_key(node, "MASTER_ADDR")
    if isinstance(node, ast.Call) and call_name(node) in ("update", "setdefault", "putenv"):
        # Only the environment's: `settings.update(**options)` writes no address.
        text = ast.unparse(node)
        if "environ" not in text and call_name(node) != "putenv":
            return False
        return "MASTER_ADDR" in text or any(kw.arg is None for kw in node.keywords)
    return False


def _ranked_before(
    function: ast.AST,
    block: ast.AST,
    after: list[ast.stmt],
    creations: list[ast.Call],
    line: int,
    names: frozenset[str],
) -> bool:
    """`line` lies in a statement of `function`'s own body before the statement holding
    `block`, at or after the binding of a name the block gives its group as its rank, and
    its device is read from that name (`names`)."""
    given = _given_ranks(creations, after) & names
    if not given:
        return False
    statements: list[ast.stmt] = getattr(function, "body", [])
    holder = next((s for s in statements if any(n is block for n in [s, *own_nodes(s)])), None)
    if holder is None:
        return False
    bound = [
        s.lineno
        for s in statements
        if s.lineno < holder.lineno
        and isinstance(s, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id in given for t in s.targets)
    ]
    return bool(bound) and bound[0] <= line < holder.lineno


def _rank_given_at(creations: list[ast.Call], after: list[ast.stmt]) -> int:
    """The first line where the block has given its group a rank: its `RANK` write or its
    group's creation."""
    lines = [call.lineno for call in creations]
    lines += [s.lineno for s in after if assigns_key(s, "RANK")]
    return min(lines) if lines else 0


def _given_ranks(creations: list[ast.Call], after: list[ast.stmt]) -> set[str]:
    """The names a block gives its group as the rank: `rank=` of its creation, or written to
    `os.environ["RANK"]`."""
    ranks = [keyword_value(call, "rank") for call in creations]
    given = {r.id for r in ranks if isinstance(r, ast.Name)} | _rank_environment_names(after)
    return given | {GROUP_RANK} if given else given


def _rank_environment_names(statements: list[ast.stmt]) -> set[str]:
    """Names written to `os.environ["RANK"]` (`str(rank)` or `rank`) by `statements`."""
    names: set[str] = set()
    for statement in statements:
        if not isinstance(statement, ast.Assign) or not _sets_environment(statement, "RANK"):
            continue
        value = statement.value
        if isinstance(value, ast.Call) and call_name(value) == "str" and len(value.args) == 1:
            value = value.args[0]
        if isinstance(value, ast.Name):
            names.add(value.id)
    return names


def _keeps_the_pin(call: ast.Call) -> bool:
    """The group meets at `MASTER_ADDR`: no `init_method` naming another address (given by
    keyword or by position), no store of its own, no `**options` that may name one."""
    if any(kw.arg in (None, "store") for kw in call.keywords):
        return False
    method = call.args[1] if len(call.args) > 1 else keyword_value(call, "init_method")
    if method is None or _is_env_method(method):
        return True
    address = _string_start(method)
    return address is not None and address.startswith(tuple(f"tcp://{h}" for h in _LOOPBACK))


def _pins_loopback(statement: ast.stmt) -> bool:
    """`os.environ["MASTER_ADDR"] = "localhost"` (or another loopback address)."""
    value = statement.value if isinstance(statement, ast.Assign) else None
    loopback = isinstance(value, ast.Constant) and value.value in _LOOPBACK
    return loopback and _sets_environment(statement, "MASTER_ADDR")


def _sets_environment(statement: ast.AST, key: str) -> bool:
    """`os.environ[key] = ...` (an environment mapping, by any name holding `environ`)."""
    return assigns_key(statement, key) and any(
        isinstance(target, ast.Subscript) and "environ" in ast.unparse(target.value)
        for target in getattr(statement, "targets", [])
    )


def _own_names(tree: ast.Module, own: frozenset[str]) -> set[str]:
    """Names the file defines, or imports from the project's own modules (relative imports,
    or a top-level package of the project)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            if node.level > 0 or top in own:
                names.update(a.asname or a.name for a in node.names)
    return names


def _own_packages(root: str) -> frozenset[str]:
    """The top-level module names of the project: the root itself (a package), the entries
    of the root and of its `src/`."""
    if os.path.isfile(root):
        return frozenset({Path(root).stem})
    names = {os.path.basename(root)}
    for directory in (root, os.path.join(root, "src")):
        names.update(_module_names(directory))
    return frozenset(names)


def _module_names(directory: str) -> Iterator[str]:
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if entry.name.endswith(".py"):
                    yield entry.name[:-3]
                elif entry.is_dir() and not entry.name.startswith("."):
                    yield entry.name
    except OSError:
        return


def tree_files(root: str) -> list[str] | None:
    """Every Python file of the project at `root` (a directory, or a lone file), tests,
    examples and scripts included; None when there are too many to read."""
    if os.path.isfile(root):
        return [root]
    files: list[str] = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [d for d in subdirectories if not _skipped(d)]
        files += [os.path.join(directory, n) for n in names if n.endswith(".py")]
        if len(files) > MAX_FILES:
            return None
    return files


def _skipped(directory: str) -> bool:
    return directory.startswith(".") or directory in _SKIPPED


def single_node_text(path: str, text: str) -> SingleNode | None:
    """The fact for one piece of code standing as a project of its own (`lint_source`)."""
    data = text.encode("utf-8", "surrogatepass")
    pending: list[RankParameter] = []
    verdict = single_node_in(path, data, _lone(path), pending)
    if not isinstance(verdict, SingleNode):
        return None
    if pending:
        tree = tolerant_tree(data)  # it parsed above, or there would be no group
        if not all(spawn_indexes_in(tree, p) is True for p in pending):
            return None
    return verdict


def _lone(path: str) -> frozenset[str]:
    return frozenset({Path(path).stem})
