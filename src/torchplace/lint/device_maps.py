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
    a literal map of more than one entry whose values are not all one device (minimal-llama's
    map of every module to `device_id`, the process's own GPU, spreads nothing)."""
    if isinstance(value, ast.Dict):
        placed = {ast.unparse(v) for v in value.values}
        return len(value.keys) > 1 and len(placed) > 1
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
            return spreads(argument.value) or _inferred_map(ctx, argument.value, value.lineno)
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
    OpenICL's model-parallel loading), or to a spreading literal among its own statements. A
    literal set under a test (`if device_count() > 1: device_map = "auto"`) is not read: the
    move may be under its negation."""
    if not isinstance(value, ast.Name):
        return False
    function = enclosing_function(ctx.tree, line)
    if function is None:
        return False
    assignments = [
        node
        for node in own_nodes(function)
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign)
        and any(
            isinstance(t, ast.Name) and t.id == value.id
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    ]
    for node in assignments:
        made = node.value
        if isinstance(made, ast.Call):
            name = (ctx.qualified(made.func) or "").rpartition(".")[2]
            if name in _MAP_MAKERS:
                return True
    # `device_map = "auto"` on the function's own path, and the name never set otherwise
    # (`if single_gpu: device_map = None`): a spreading literal is then the map; a literal
    # of one device stays one if every entry the function adds (`device_map[k] = v`) names
    # that device too.
    if not (
        len(assignments) == 1
        and isinstance(assignments[0], ast.Assign)
        and assignments[0] in function.body
    ):
        return False
    literal = assignments[0].value
    if spreads(literal):
        return True
    if not isinstance(literal, ast.Dict) or len(literal.keys) < 1:
        return False
    if _changed_by_calls(function, value.id):
        return True  # `device_map.update({...})`, or handed to a helper: entries unknown
    placed = {ast.unparse(v) for v in literal.values}
    added = {
        ast.unparse(node.value)
        for node in own_nodes(function)
        if isinstance(node, ast.Assign)
        and any(
            isinstance(t, ast.Subscript)
            and isinstance(t.value, ast.Name)
            and t.value.id == value.id
            for t in node.targets
        )
    }
    return len(placed | added) > 1


def _changed_by_calls(function: ast.AST, name: str) -> bool:
    """The map `name` is a method's receiver (`device_map.update(...)`) or a call's argument
    (not a `device_map=` keyword: the loading call's own)."""
    for node in own_nodes(function):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and (func.value.id == name)
        ):
            return True
        given = [*node.args, *(k.value for k in node.keywords if k.arg != "device_map")]
        if any(isinstance(g, ast.Name) and g.id == name for g in given):
            return True
    return False


def _may_spread(value: ast.expr) -> bool:
    """A map that spreads, or one whose value the code does not spell out."""
    if isinstance(value, ast.Dict) or literal_string(value) is not None:
        return spreads(value)
    return True


def returns_dispatched(ctx: FileContext, value: ast.expr, owner: ast.ClassDef | None) -> bool:
    """`value` calls a function of the file (a module-level one by name, or a method of
    `owner` through `self.`) that returns a model it loads or dispatches over several
    devices: the loading call itself, or a name bound to it or to what keeps it a model
    (a wrapper given it first, `PeftModel.from_pretrained(base, path)`; a method that
    returns the model, `model.eval()`, `model.merge_and_unload()`): pyterrier-dr's
    `_get_model(name)`. What the model computes (`model(x)`, `model.generate(ids)`) is no
    model."""
    if not isinstance(value, ast.Call):
        return False
    function = _own_function(ctx, value.func, owner)
    if function is None:
        return False
    models: set[str] = set()
    returned: list[ast.expr] = []
    for node in sorted(
        (n for n in own_nodes(function) if isinstance(n, ast.Assign | ast.AnnAssign | ast.Return)),
        key=lambda n: n.lineno,
    ):
        if isinstance(node, ast.Return):
            if node.value is not None:
                returned.append(node.value)
            continue
        if node.value is None:
            continue
        if dispatches(ctx, node.value) or keeps_the_model(node.value, models):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            models |= {ast.unparse(t) for t in targets if isinstance(t, ast.Name | ast.Attribute)}
    return any(
        (isinstance(r, ast.Name | ast.Attribute) and ast.unparse(r) in models)
        or dispatches(ctx, r)
        or keeps_the_model(r, models)
        for r in returned
    )


#: Methods of a model that return the model itself (or the module it wraps).
_MODEL_METHODS = frozenset(
    {"eval", "train", "half", "float", "bfloat16", "merge_and_unload", "compile",
     "requires_grad_", "get_base_model", "to", "cuda"}
)  # fmt: skip
#: Calls that wrap the model they are given first.
_WRAPPERS = frozenset({"from_pretrained", "get_peft_model", "prepare_model_for_kbit_training"})


def keeps_the_model(value: ast.expr, models: set[str]) -> bool:
    """`value` is a model among `models` (names) kept a model: wrapped by a call given it
    first (`PeftModel.from_pretrained(base, path)`, `get_peft_model(base, config)`) or one of
    its methods that return the model (`model.eval()`, `model.merge_and_unload()`)."""
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr in _MODEL_METHODS:
        receiver = func.value
        if isinstance(receiver, ast.Name | ast.Attribute) and ast.unparse(receiver) in models:
            return True
        if keeps_the_model(receiver, models):
            return True
    named = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    first = value.args[0] if value.args else None
    return (
        (named in _WRAPPERS or named[:1].isupper())
        and isinstance(first, ast.Name | ast.Attribute)
        and ast.unparse(first) in models
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
    return _first_gpu_value(argument.value, binds)


def _first_gpu_value(value: ast.expr, binds: bool) -> bool:
    """`0`, `"cuda:0"`, or `"cuda"` in a file that binds no GPU."""
    literal = value.value if isinstance(value, ast.Constant) else None
    if literal == "cuda":
        return not binds
    return literal in _FIRST_GPU and not isinstance(literal, bool)
