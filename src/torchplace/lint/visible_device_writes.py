"""Where code writes `CUDA_VISIBLE_DEVICES` into its own environment.

`os.environ["CUDA_VISIBLE_DEVICES"] = value`, `os.environ.update({...})` or `.update(K=v)`,
`os.environ.setdefault(K, v)`, `os.putenv(K, v)`: the rules of visible devices
(`cuda-visible-devices-set-late`, `visible-devices-set-from-a-process-index`) read the same
writes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from torchplace.lint.context import FileContext, call_name
from torchplace.lint.rules._helpers import literal_string

VARIABLE = "CUDA_VISIBLE_DEVICES"


def written_value(call: ast.Call) -> ast.expr | None:
    """The value `os.environ.setdefault(K, v)`, `os.putenv(K, v)`, `.update({K: v})`,
    `.update(K=v)` writes."""
    for kw in call.keywords:
        if kw.arg == VARIABLE:
            return kw.value
    if len(call.args) == 2:
        return call.args[1]
    if call.args and isinstance(call.args[0], ast.Dict):
        pairs = zip(call.args[0].keys, call.args[0].values, strict=True)
        return next((v for k, v in pairs if k is not None and literal_string(k) == VARIABLE), None)
    return None


def is_environ_key(ctx: FileContext, target: ast.AST) -> bool:
    return (
        isinstance(target, ast.Subscript)
        and (ctx.qualified(target.value) or "").endswith("environ")
        and literal_string(target.slice) == VARIABLE
    )


def sets_variable(ctx: FileContext, call: ast.Call) -> bool:
    func = call.func
    qualified = ctx.qualified(func) or ""
    if qualified.endswith("putenv") or (
        isinstance(func, ast.Attribute)
        and func.attr in ("update", "setdefault")
        and (ctx.qualified(func.value) or "").endswith("environ")
    ):
        if any(kw.arg == VARIABLE for kw in call.keywords):
            return True
        for arg in call.args[:1]:
            if literal_string(arg) == VARIABLE:
                return True
            if isinstance(arg, ast.Dict) and any(
                k is not None and literal_string(k) == VARIABLE for k in arg.keys
            ):
                return True
    return False


def writes_own_environment(ctx: FileContext, node: ast.AST) -> bool:
    """Anything in the node may set this process's variable: an assignment, augmented
    assignment or `del` of `os.environ[...]`, `update` / `setdefault` / `putenv`."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Assign | ast.Delete):
            if any(is_environ_key(ctx, target) for target in inner.targets):
                return True
        elif isinstance(inner, ast.AugAssign | ast.AnnAssign):
            if is_environ_key(ctx, inner.target):
                return True
        elif isinstance(inner, ast.Call) and sets_variable(ctx, inner):
            return True
    return False


#: Calls that start a child process: it reads `CUDA_VISIBLE_DEVICES` when its own CUDA starts.
_CHILD_CALLS = frozenset(
    {"Popen", "Process", "ProcessPoolExecutor", "Pool", "spawn", "start_processes"}
    | {"create_subprocess_exec", "create_subprocess_shell"}
)
_OS_CHILD = re.compile(r"system|exec\w*|posix_spawn\w*|spawn\w*")
#: Modules whose `Process` / `Pool` / `spawn` start a process (`psutil.Process` only reads one).
_PROCESS_MODULES = frozenset(
    {"multiprocessing", "torch", "subprocess", "concurrent", "asyncio", "billiard", "ray"}
)


def starts_child(ctx: FileContext, nodes: Sequence[ast.AST], after: int = 0) -> bool:
    """Whether the nodes start a child process (`subprocess`, `os.system`, a multiprocessing
    `Process` / `Pool`, `mp.spawn`) on a line past `after`: the child reads the variable as it
    is then."""
    for holder in nodes:
        for node in ast.walk(holder):
            if isinstance(node, ast.Call) and node.lineno > after and _is_child_start(ctx, node):
                return True
    return False


def _is_child_start(ctx: FileContext, call: ast.Call) -> bool:
    name = call_name(call) or ""
    root = call.func
    while isinstance(root, ast.Attribute):
        root = root.value
    imported = ctx.aliases.get(root.id) if isinstance(root, ast.Name) else None
    module = imported.partition(".")[0] if imported is not None else None
    if module == "subprocess" and isinstance(call.func, ast.Attribute):
        return True
    if module == "os" and isinstance(call.func, ast.Attribute):
        return _OS_CHILD.fullmatch(name) is not None
    # A name the file did not import (`context.Process`, a local `mp_context`) is taken as a
    # process start; one imported from another module (`psutil.Process`) is not.
    return name in _CHILD_CALLS and (module is None or module in _PROCESS_MODULES)
