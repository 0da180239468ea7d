"""Which calls bind the calling process's GPU, and whether a caller binds it after a call.

A binding is `torch.cuda.set_device(d)` (or `set_device_index`) given a device chosen per
process (`local_rank`, `self.device`, `torch.device("cuda", rank)`), never a literal (`0`,
`"cuda:0"`, `None`) nor a tensor's own device (`set_device(x.device)` guards one call and binds
nothing); `init_process_group(device_id=...)` with such a device; and accelerate's
`PartialState()` / `Accelerator()`, whose constructors call `set_device(local_rank)`.

`binds_after_every_call` answers, for a file that calls a function (a project's helper that
makes the process group), whether each call is followed in its own function by such a binding,
and whether a line lies between a call and that binding: hetu-galvatron's test helper makes
an NCCL group and its callers call `set_device(rank)` on the next lines, before any barrier,
so a barrier further down in such a caller runs on the rank's own GPU.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import call_name, keyword_value
from torchplace.lint.rank_flow import own_nodes

BINDERS = frozenset({"set_device", "set_device_index"})
_ACCELERATE_STATES = frozenset({"PartialState", "Accelerator"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef)


def binds_gpu(call: ast.Call) -> bool:
    """Whether `call` binds the process's GPU to a device chosen per process."""
    name = call_name(call)
    if name in BINDERS:
        given = call.args[0] if call.args else keyword_value(call, "device")
        return given is not None and per_process_device(given)
    if name == "init_process_group":
        device_id = keyword_value(call, "device_id")
        return device_id is not None and per_process_device(device_id)
    return name in _ACCELERATE_STATES


def per_process_device(node: ast.expr) -> bool:
    """A device chosen per process (`local_rank`, `self.device`, `torch.device("cuda", rank)`),
    not a literal (`0`, `"cuda:0"`, `None`) nor a tensor's own device."""
    if isinstance(node, ast.Constant):
        return False
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(part, ast.FormattedValue) for part in node.values)
    if isinstance(node, ast.Attribute) and node.attr == "device":
        return isinstance(node.value, ast.Name) and node.value.id == "self"
    if isinstance(node, ast.Call):
        name = call_name(node) or ""
        if name == "get_device":
            return False
        if _RANK_CALL.search(name):
            return True  # `dist.local_rank()`, `get_local_rank()`: this process's index
        given = [*node.args, *(k.value for k in node.keywords)]
        return any(per_process_device(argument) for argument in given)
    return True


#: A function named for this process's rank or GPU.
_RANK_CALL = re.compile(r"rank|gpu_id|device_id")


def binds_after_every_call(tree: ast.Module, function: str, line: int) -> bool:
    """Whether every call of `function` (by name) in `tree` is followed, in the function or
    module code holding it, by a GPU binding, and `line` lies between none of those calls and
    the first binding after it. False where the tree never calls `function` by name (an
    alias or a callback: the order is unknown)."""
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree) if isinstance(n, _SCOPES))]
    called = False
    for scope in scopes:
        calls = [n for n in own_nodes(scope) if isinstance(n, ast.Call)]
        made = [c.lineno for c in calls if call_name(c) == function]
        if not made:
            continue
        called = True
        bindings = sorted(c.lineno for c in calls if binds_gpu(c))
        for start in made:
            later = [b for b in bindings if b > start]
            if not later or start <= line < later[0]:
                return False
    return called
