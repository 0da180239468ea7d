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
from torchplace.lint.rules._helpers import literal_string

#: `device_map` strings that spread a model over every visible device.
SPREADING = frozenset({"auto", "balanced", "balanced_low_0", "sequential"})
_DISPATCHERS = frozenset({"dispatch_model", "load_checkpoint_and_dispatch"})


def spreads(value: ast.expr) -> bool:
    """A `device_map` value that places layers on several devices: a spreading string, or
    a literal map of more than one entry."""
    if isinstance(value, ast.Dict):
        return len(value.keys) > 1
    return literal_string(value) in SPREADING


def dispatches(ctx: FileContext, value: ast.expr) -> bool:
    """`value` is a call that loads or dispatches a model over several devices."""
    if not isinstance(value, ast.Call):
        return False
    qualified = ctx.qualified(value.func) or ""
    argument = keyword(value, "device_map")
    if qualified.rpartition(".")[2] in _DISPATCHERS:
        return argument is None or spreads(argument.value)
    return argument is not None and spreads(argument.value)


def file_dispatches_a_model(ctx: FileContext) -> bool:
    """Some call of the whole file loads or dispatches a model over several devices."""
    if "device_map" not in ctx.source.text and "dispatch" not in ctx.source.text:
        return False
    tree = ctx.whole_tree()
    if tree is None:
        return False
    return any(isinstance(node, ast.Call) and dispatches(ctx, node) for node in ast.walk(tree))
