"""Whether a file's global rank is the index of a process it spawned on this machine.

`torch.multiprocessing.spawn(train, nprocs=n)` starts `n` processes on the local machine and
calls `train(i, ...)` with `i` = 0..n-1. When the process group is then created with
`rank=i` (in `train`, or in a helper `train` passes `i` to), every rank of the job lives on
this machine and `dist.get_rank()` is this machine's GPU index: the program is single-node
by construction (nnU-Net's `run_training`). A job that adds a node offset
(`rank=node_rank * n + i`, or `i = node_rank * n + i` before the group is made) does not
qualify. This holds only for the code the spawned processes run (the target and the functions
of the file it calls): another branch of the same file may start under torchrun on many nodes.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, call_name, keyword
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rules._helpers import enclosing_function
from torchplace.lint.run_conditions import per_file

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Calls that start processes calling their target with the spawn index first.
SPAWNERS = frozenset({"spawn", "start_processes"})


def runs_in_spawned_process(ctx: FileContext, node: ast.AST) -> bool:
    """Whether `node` lies in code that processes spawned with the group's `rank=` their spawn
    index run: the spawn target or a function of the file it reaches through calls."""
    line = getattr(node, "lineno", None)
    return line is not None and any(
        first <= line <= last for first, last in per_file(ctx, "spawned-lines", _spawned_lines)
    )


def _spawned_lines(ctx: FileContext) -> list[tuple[int, int]]:
    """Lines of the functions run by processes whose rank is their spawn index."""
    if "spawn" not in ctx.source.text and "start_processes" not in ctx.source.text:
        return []
    tree = ctx.whole_tree()  # the whole file: the launcher may hold no candidate
    if tree is None:
        return []
    functions = _functions_of(tree)
    lines: list[tuple[int, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and spawns_processes(ctx, node):
            for target in _spawn_targets(node, tree, functions):
                if _groups_with_first_parameter(target, functions, depth=2):
                    lines += _reached_lines(target, functions)
    return lines


def spawned_reach(tree: ast.Module, function: _Function) -> list[tuple[int, int]] | None:
    """When the file spawns `function` as its processes' target (`mp.spawn(run, ...)`), the
    lines those processes run: `function` and the file's functions it reaches through calls;
    else None. The rest of the file (other entry points, the parent's `__main__` block) runs
    in other processes."""
    functions = _functions_of(tree)
    spawned = any(
        isinstance(node, ast.Call)
        and call_name(node) in SPAWNERS
        and any(target is function for target in _spawn_targets(node, tree, functions))
        for node in ast.walk(tree)
    )
    if not spawned:
        return None
    return _reached_lines(function, functions)


def _functions_of(tree: ast.AST) -> dict[str, list[_Function]]:
    functions: dict[str, list[_Function]] = {}
    for node in ast.walk(tree):
        if isinstance(node, _Function):
            functions.setdefault(node.name, []).append(node)
    return functions


def _spawn_targets(
    call: ast.Call, tree: ast.AST, functions: dict[str, list[_Function]]
) -> list[_Function]:
    """The file's functions a spawn call starts: the one it names (`mp.spawn(train, ...)`), or,
    where it names a parameter of the function holding it (`def mp_deal(fn, ...):
    mp.spawn(fn, ...)`), the functions the calls of that holder in the file pass there
    (`mp_deal(main, config, ...)`, DLMC-QUANT's); none when a call passes anything else or
    unpacks its arguments, the holder is passed on as a value, decorated, spawns from a nested
    function or binds the name again (`fn = partial(shift, fn)`), or nothing in the file calls
    it. Calls of the holder from other files are not read, as a spawned target's own callers
    in other files are not."""
    target = call.args[0] if call.args else getattr(keyword(call, "fn"), "value", None)
    if not isinstance(target, ast.Name):
        return []
    defs = functions.get(target.id, [])
    if defs:
        return defs[:1] if len(defs) == 1 else []
    holders = [
        f
        for group in functions.values()
        for f in group
        if f.lineno <= call.lineno <= (f.end_lineno or f.lineno)
        and target.id in [a.arg for a in (*f.args.posonlyargs, *f.args.args)]
    ]
    if len(holders) != 1 or len(functions.get(holders[0].name, [])) != 1:
        return []
    holder = holders[0]
    if (
        holder.decorator_list  # a decorator may call it with another function
        or not any(n is call for n in own_nodes(holder))  # in a nested def or lambda
        or _rebinds(holder, target.id)  # `fn = partial(shift, fn)` before the spawn
    ):
        return []
    index = [a.arg for a in (*holder.args.posonlyargs, *holder.args.args)].index(target.id)
    positional_only = index < len(holder.args.posonlyargs)
    calls = {id(n.func): n for n in ast.walk(tree) if isinstance(n, ast.Call)}
    found: list[_Function] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and node.id == holder.name):
            continue
        caller = calls.get(id(node))
        if caller is None:
            return []  # the holder is passed on as a value: called in ways not seen
        if any(isinstance(a, ast.Starred) for a in caller.args) or any(
            k.arg is None for k in caller.keywords
        ):
            return []  # `*args` / `**kwargs`: which value lands there is not seen
        given = None if positional_only else keyword(caller, target.id)
        value = given.value if given is not None else None
        if value is None and index < len(caller.args):
            value = caller.args[index]
        started = functions.get(getattr(value, "id", ""), [])
        if not isinstance(value, ast.Name) or len(started) != 1:
            return []  # something else is spawned there
        found.append(started[0])
    return found


def _reached_lines(
    target: _Function, functions: dict[str, list[_Function]]
) -> list[tuple[int, int]]:
    """Lines of `target` and of the file's functions it calls, transitively (one def each)."""
    seen: dict[int, _Function] = {}
    queue = [target]
    while queue:
        function = queue.pop()
        if id(function) in seen:
            continue
        seen[id(function)] = function
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                defs = functions.get(node.func.id, [])
                if len(defs) == 1:
                    queue.append(defs[0])
    return [(f.lineno, f.end_lineno or f.lineno) for f in seen.values()]


def _groups_with_first_parameter(
    function: _Function, functions: dict[str, list[_Function]], depth: int
) -> bool:
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    return bool(names) and _groups_with(function, names[0], functions, depth)


def _groups_with(
    function: _Function, parameter: str, functions: dict[str, list[_Function]], depth: int
) -> bool:
    """`init_process_group(rank=parameter)` in `function`, or in a function of the file it
    passes `parameter` to (unchanged). A parameter assigned anew in the function
    (`rank = node_rank * n + rank`) is no longer the spawn index."""
    if assigns(function, parameter):
        return False
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


def assigns(function: ast.AST, name: str) -> bool:
    """`function` stores to the name anywhere (`rank = node_rank * n + rank`)."""
    return any(
        isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
        for node in ast.walk(function)
    )


def in_spawning_parent(ctx: FileContext, node: ast.AST) -> bool:
    """Whether `node` runs in the one parent process before it spawns the ranks: it lies in a
    function (or a top-level statement, such as the `__main__` block) that later calls
    `torch.multiprocessing.spawn` / `start_processes` itself. graphlearn's examples load the
    graph with `device=0` in the parent, then spawn one process per GPU that rebuilds it on
    its own GPU: that index is one process's, not every rank's."""
    line = getattr(node, "lineno", None)
    tree = ctx.whole_tree()
    if line is None or tree is None:
        return False
    holder: ast.AST | None = enclosing_function(tree, line)
    if holder is None:
        holder = next(
            (s for s in tree.body if s.lineno <= line <= (s.end_lineno or s.lineno)), None
        )
        if holder is None:
            return False
    spawns = per_file(ctx, "spawn-lines-by-holder", lambda _: {})
    if id(holder) not in spawns:
        spawns[id(holder)] = [
            call.lineno
            for call in own_nodes(holder)
            if isinstance(call, ast.Call) and spawns_processes(ctx, call)
        ]
    return any(spawned > line for spawned in spawns[id(holder)])


def spawns_processes(ctx: FileContext, call: ast.Call) -> bool:
    """`mp.spawn(...)` / `torch.multiprocessing.start_processes(...)`, not another `spawn`."""
    if call_name(call) not in SPAWNERS:
        return False
    qualified = ctx.qualified(call.func) or ""
    return "multiprocessing" in qualified or keyword(call, "nprocs") is not None


def _rebinds(function: ast.AST, name: str) -> bool:
    """`function` (or a function nested in it) binds `name` again: any store, or a binding
    `binds_otherwise` finds."""
    return assigns(function, name) or binds_otherwise(function, name)


def binds_otherwise(function: ast.AST, name: str) -> bool:
    """`function` (or a function nested in it) binds `name` other than by a store: a nested
    def's or lambda's parameter, an import, an `except ... as`, a `global` / `nonlocal`
    (another scope's value), a `match` capture."""
    for node in ast.walk(function):
        if (
            node is not function
            and isinstance(node, _Function | ast.Lambda)
            and any(a.arg == name for a in ast.walk(node.args) if isinstance(a, ast.arg))
        ):
            return True  # a nested function's or lambda's own parameter of that name
        if isinstance(node, ast.alias) and (node.asname or node.name.split(".")[0]) == name:
            return True
        if isinstance(node, ast.ExceptHandler) and node.name == name:
            return True
        if isinstance(node, ast.Global | ast.Nonlocal) and name in node.names:
            return True
        if isinstance(node, ast.MatchAs | ast.MatchStar) and node.name == name:
            return True
    return False
