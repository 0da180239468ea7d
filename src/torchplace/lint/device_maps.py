"""Which calls spread a model over several devices with a `device_map`.

`from_pretrained(path, device_map="auto")` (also `"balanced"`, `"balanced_low_0"`,
`"sequential"`, or a map of several entries) asks accelerate to place the model's layers over
every visible GPU, the first layers (embeddings) on the first GPU; `dispatch_model` and
`load_checkpoint_and_dispatch` do the same with a map computed beforehand. A map of one entry
(`{"": local_rank}`) or a device string places the whole model on one device.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, keyword
from torchplace.lint.rank_flow import module_nodes, own_nodes
from torchplace.lint.rules._helpers import enclosing_function, literal_string

#: `device_map` strings that spread a model over every visible device.
SPREADING = frozenset({"auto", "balanced", "balanced_low_0", "sequential"})
#: Dispatch helpers, with the position of their `device_map` argument.
_DISPATCHERS = {"dispatch_model": 1, "load_checkpoint_and_dispatch": 2}


def spreads(value: ast.expr) -> bool:
    """A `device_map` value that places layers on several devices: a spreading string, or
    a literal map of more than one entry."""
    if isinstance(value, ast.Dict):
        return len(value.keys) > 1
    return literal_string(value) in SPREADING


def dispatches(ctx: FileContext, value: ast.expr) -> bool:
    """`value` is a call that loads or dispatches a model over several devices: a
    `device_map=` keyword that spreads (`"auto"`, a literal map of several entries), or a
    dispatch helper given its map by position (`dispatch_model(model, device_map)`), where a
    literal map of one entry spreads nothing and a name is taken as spreading, as the maps
    those helpers are for usually do."""
    if not isinstance(value, ast.Call):
        return False
    qualified = ctx.qualified(value.func) or ""
    argument = keyword(value, "device_map")
    dispatcher = _DISPATCHERS.get(qualified.rpartition(".")[2])
    if dispatcher is not None:
        if argument is not None:
            return spreads(argument.value)
        if len(value.args) > dispatcher:
            return _may_spread(value.args[dispatcher])
        return True
    return argument is not None and (
        spreads(argument.value) or _inferred_map(ctx, argument.value, value.lineno)
    )


#: accelerate's helpers that compute a map over every device they are given.
_MAP_MAKERS = frozenset({"infer_auto_device_map", "get_balanced_memory_map"})


def _inferred_map(ctx: FileContext, value: ast.expr, line: int) -> bool:
    """`device_map=device_map` where the function holding the call sets that name to a map
    accelerate computes over the devices (`device_map = infer_auto_device_map(model)`,
    OpenICL's model-parallel loading), or to a spreading literal."""
    if not isinstance(value, ast.Name):
        return False
    function = enclosing_function(ctx.tree, line)
    if function is None:
        return False
    for node in own_nodes(function):
        if not isinstance(node, ast.Assign) or not any(
            isinstance(t, ast.Name) and t.id == value.id for t in node.targets
        ):
            continue
        made = node.value
        if isinstance(made, ast.Call):
            name = (ctx.qualified(made.func) or "").rpartition(".")[2]
            if name in _MAP_MAKERS:
                return True
        elif spreads(made):
            return True
    return False


def _may_spread(value: ast.expr) -> bool:
    """A map that spreads, or one whose value the code does not spell out."""
    if isinstance(value, ast.Dict) or literal_string(value) is not None:
        return spreads(value)
    return True


def returns_dispatched(ctx: FileContext, value: ast.expr, owner: ast.ClassDef | None) -> bool:
    """`value` calls a function of the file (a module-level one by name, or a method of
    `owner` through `self.`) whose own code loads or dispatches a model over several
    devices and that returns a value: the result is taken as that model (pyterrier-dr's
    `_get_model(name)`, which loads with `device_map="auto"`, wraps and returns it)."""
    if not isinstance(value, ast.Call):
        return False
    function = _own_function(ctx, value.func, owner)
    if function is None or not dispatches_in(ctx, function):
        return False
    return any(
        isinstance(node, ast.Return)
        and node.value is not None
        and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        for node in own_nodes(function)
    )


def _own_function(
    ctx: FileContext, func: ast.expr, owner: ast.ClassDef | None
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The file's module-level function `func` names, or `owner`'s method for `self.name`."""
    if isinstance(func, ast.Name):
        body: list[ast.stmt] = ctx.tree.body
        name = func.id
    elif (
        owner is not None
        and isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id == "self"
    ):
        body, name = owner.body, func.attr
    else:
        return None
    return next(
        (
            s
            for s in body
            if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s.name == name
        ),
        None,
    )


def dispatches_in(ctx: FileContext, root: ast.AST) -> bool:
    """Some call of `root`'s own code (a function, or the module's own statements; nested
    functions and classes left out) loads or dispatches a model over several devices."""
    nodes = module_nodes(root) if isinstance(root, ast.Module) else own_nodes(root)
    return any(isinstance(node, ast.Call) and dispatches(ctx, node) for node in nodes)


#: `device_map` values that place the whole model on the first GPU, or on the current one.
_FIRST_GPU = frozenset({"cuda", "cuda:0", 0})


def loads_on_first_gpu(ctx: FileContext, value: ast.expr, binds: bool) -> bool:
    """`value` loads or dispatches a model whose first layers sit on cuda:0: it spreads the
    model (`dispatches`), or places it whole with `device_map=0` / `"cuda:0"`, or with
    `device_map="cuda"` in a file that binds no GPU (`binds` false: the current GPU is
    cuda:0)."""
    if dispatches(ctx, value):
        return True
    argument = keyword(value, "device_map") if isinstance(value, ast.Call) else None
    if argument is None:
        return False
    literal = argument.value.value if isinstance(argument.value, ast.Constant) else None
    if literal == "cuda":
        return not binds
    return literal in _FIRST_GPU and not isinstance(literal, bool)
