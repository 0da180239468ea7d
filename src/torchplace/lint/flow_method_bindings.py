"""What a module's helper method is handed by the methods that call it.

A method that `forward` reaches is flowed on its own, its tensor parameters read as tensors
from the input (on the GPU). For a private helper that only the module itself calls, its
callers say more: AIM's `SinCosPosEmbed.forward(h, w, dim)` builds a grid with
`torch.arange(h)` and hands `grid[0]` to `self._get_1d_sincos_pos_embed_from_grid(dim, pos)`,
whose `pos` is then a CPU tensor, not an input; its own `torch.arange` meets no GPU tensor.

A parameter is bound to the callers' values when every caller's value for it is known and
made on the CPU. Every call must be one the class's flows evaluated: the helper's name is
private (`_name`, not a dunder), it is called in no method the flows skipped, nor named
anywhere else in the file's text (passed as a callback, a comment that names it), and it does
not call itself. A value the flow cannot see (`()`: a function it does not follow) keeps the
parameter an input, and so does a parameter a call leaves to its default.

A parameter is also read as a tensor type when every call fills it with one (`x.type()`, a
`"torch.cuda..."` name): YOLOX's head hands `dtype=xin[0].type()` to `decode_outputs`, whose
`grids.type(dtype)` moves the CPU grid to the current GPU, not only casts it
(`type_parameters`). Only a private helper is read so: a public method may be called from
other modules with a real dtype (YOLOX's tools call `decode_outputs` too), where it only casts.
A public helper is read so only in the project phase, once no other file of a checkout nobody
installs names it (OpenOCR's `GridGenerator.build_P_hat_paddle(C, P)`, handed the CPU control
points its `forward` builds): `ProjectIndex.met_only_through_public_helpers`.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import dotted_name
from torchplace.lint.flow_values import HelperCall, Kind, Values, join

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def cpu_bindings(
    function: _Function, calls: list[HelperCall], text: str, public: bool = False
) -> dict[str, Values]:
    """The parameters of the helper method `function` that every one of `calls` (the calls
    the class's flows evaluated) fills with a CPU-made tensor, with those tensors; empty when
    some call of it may not be among `calls`. `public`: a public method too (the project
    phase asks so once it knows no other file names it)."""
    name = function.name
    if not _bindable(name, public):
        return {}
    unique = {id(call.node): call for call in calls}
    if not unique or any(_inside(function, call.node) for call in unique.values()):
        return {}
    # Every mention of the name but its `def` is one of the evaluated calls.
    mentions = len(re.findall(rf"\b{re.escape(name)}\b", text)) - 1
    if mentions != len(unique):
        return {}
    parameters = [*function.args.posonlyargs, *function.args.args]
    if not _is_static(function):
        parameters = parameters[1:]  # `self` / `cls`: the receiver
    keyword_only = [p.arg for p in function.args.kwonlyargs]
    bound: dict[str, Values] = {}
    for name_of in [p.arg for p in parameters] + keyword_only:
        given: list[Values] = []
        for call in unique.values():
            values = _argument(call, [p.arg for p in parameters], name_of)
            if not values or any(v.kind is not Kind.CPU for v in values):
                break
            given.append(values)
        else:
            bound[name_of] = join(*given)
    return bound


def type_parameters(
    function: _Function, calls: list[HelperCall], text: str, public: bool = False
) -> frozenset[str]:
    """The parameters of the private helper method `function` (with `public`, of any helper
    method) that every one of `calls` fills with a tensor type (`x.type()`,
    `"torch.cuda.HalfTensor"`), when every mention of its name in `text` but its `def` is one
    of them; empty otherwise."""
    name = function.name
    if not _bindable(name, public):
        return frozenset()
    unique = {id(call.node): call for call in calls}
    if not unique or any(_inside(function, call.node) for call in unique.values()):
        return frozenset()
    if len(re.findall(rf"\b{re.escape(name)}\b", text)) - 1 != len(unique):
        return frozenset()
    parameters = [p.arg for p in (*function.args.posonlyargs, *function.args.args)]
    if not _is_static(function):
        parameters = parameters[1:]
    candidates = parameters + [p.arg for p in function.args.kwonlyargs]
    return frozenset(
        parameter
        for parameter in candidates
        if all(_typed(call.node, parameters, parameter) for call in unique.values())
    )


def _bindable(name: str, public: bool) -> bool:
    """A helper whose calls may all be in sight: private (`_name`, not a dunder), or with
    `public` any name but a dunder or `forward` (which `module(x)` calls unnamed)."""
    if name.startswith("__") and name.endswith("__"):
        return False
    return name.startswith("_") or (public and name != "forward")


def _typed(call: ast.Call, positional: list[str], name: str) -> bool:
    """The call's expression for the parameter `name` is a tensor type."""
    if any(isinstance(a, ast.Starred) for a in call.args):
        return False
    given = next((k.value for k in call.keywords if k.arg == name), None)
    if given is None and name in positional and positional.index(name) < len(call.args):
        given = call.args[positional.index(name)]
    return given is not None and names_tensor_type(given)


def names_tensor_type(node: ast.expr) -> bool:
    """A tensor type of another tensor (`x.type()`) or one that names CUDA
    (`torch.cuda.FloatTensor`, `"torch.cuda.HalfTensor"`): not a dtype."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "type" and not node.args and not node.keywords
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.startswith("torch.cuda.")
    return (dotted_name(node) or "").startswith("torch.cuda.")


def _argument(call: HelperCall, positional: list[str], name: str) -> Values | None:
    """The value a call gives the parameter `name`, None when it leaves it to its default or
    passes `*args` / `**kwargs` (unknown)."""
    if any(isinstance(a, ast.Starred) for a in call.node.args) or None in call.keywords:
        return None
    if name in call.keywords:
        return call.keywords[name]
    if name in positional:
        index = positional.index(name)
        if index < len(call.arguments):
            return call.arguments[index]
    return None


def _is_static(function: _Function) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in function.decorator_list)


def _inside(function: _Function, node: ast.AST) -> bool:
    """Whether `node` lies within `function`'s lines (a recursive call)."""
    end = function.end_lineno or function.lineno
    return function.lineno <= getattr(node, "lineno", 0) <= end
