"""Model loaders that build every model of a project on its GPU, under a device context.

A serving engine builds whichever model its configuration names inside a device context on
the worker's bound GPU and never moves it afterwards (vLLM's and its forks' loaders:
`target_device = torch.device(load_device)`, then `with target_device: model =
initialize_model(...)`). Every tensor a model's `__init__` makes without `device=` is then
made on that GPU, a plain attribute too. This module finds such a loader in one file: a
`with` whose context is a device (`torch.device(...)` of anything but the CPU or meta, or a
name the function bound to one) and whose body calls a generic builder: a function, not a
class, named for building a model (`initialize_model`, `_initialize_model`, `build_model`). A
context around one named class (`with torch.device(d): enc = ClipEncoder()`) says nothing of
the project's other models, and `with torch.device("meta")` builds on no device at all.
"""

from __future__ import annotations

import ast
import re
import warnings

from torchplace.lint.context import dotted_name
from torchplace.lint.parse_around import tolerant_tree

#: A cheap test before parsing: a `with` naming a device.
WITH_DEVICE = re.compile(rb"\bwith\s+[\w.]*device[\w.]*\s*(?:\(|:)")


def engine_loader_line(code: bytes) -> int | None:
    """The line of the first loader (see the module doc) in `code`, or None."""
    if WITH_DEVICE.search(code) is None:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning of the project's own code
            tree = tolerant_tree(code)
    except (SyntaxError, ValueError, RecursionError):
        return None
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        devices = _device_names(function)
        for node in ast.walk(function):
            if isinstance(node, ast.With | ast.AsyncWith) and _loads_models(node, devices):
                return node.lineno
    return None


def _loads_models(node: ast.With | ast.AsyncWith, devices: set[str]) -> bool:
    """A `with` of a device around a generic model builder."""
    if not any(_is_device(item.context_expr, devices) for item in node.items):
        return False
    return any(_builds_a_model(call) for call in _calls(node.body))


def _device_names(function: ast.AST) -> set[str]:
    """Names the function binds to a device (`target_device = torch.device(load_device)`)."""
    return {
        target.id
        for node in ast.walk(function)
        if isinstance(node, ast.Assign) and _device_call(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def _is_device(node: ast.expr, devices: set[str]) -> bool:
    return _device_call(node) or (isinstance(node, ast.Name) and node.id in devices)


def _device_call(node: ast.expr) -> bool:
    """`torch.device(x)` of anything but a literal CPU or meta device."""
    if not isinstance(node, ast.Call) or dotted_name(node.func) != "torch.device":
        return False
    first = node.args[0] if node.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value.split(":")[0] not in ("cpu", "meta")
    return True


def _calls(body: list[ast.stmt]) -> list[ast.Call]:
    return [
        node for statement in body for node in ast.walk(statement) if isinstance(node, ast.Call)
    ]


#: How a generic builder's name starts (`initialize_model`, `_build_model`, `get_model`).
_BUILDS = ("init", "build", "create", "get", "load", "make", "instantiate", "construct")


def _builds_a_model(call: ast.Call) -> bool:
    """A generic builder: `initialize_model(...)`, `self._build_model(...)`; not a class."""
    name = (dotted_name(call.func) or "").rpartition(".")[2]
    bare = name.lstrip("_").lower()
    return "model" in bare and bare.startswith(_BUILDS) and not name[:1].isupper()
