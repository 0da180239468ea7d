"""The two arguments of `torch.device(type, index)`, given by position or by keyword
(`torch.device("cuda", 1)`, `torch.device("cuda", index=1)`, `torch.device(type="cuda",
index=1)`). Static: reads the call's syntax only."""

from __future__ import annotations

import ast

from torchplace.lint.context import keyword_value


def device_type_argument(call: ast.Call) -> ast.expr | None:
    """The device type (or whole device string) given: the first argument, or `type=`."""
    if call.args:
        first = call.args[0]
        return None if isinstance(first, ast.Starred) else first
    return keyword_value(call, "type")


def device_index_argument(call: ast.Call) -> ast.expr | None:
    """The index given: the second argument, or `index=`; None where there is none, and for
    `index=None` (the device without an index, as `torch.device("cuda")`)."""
    if any(isinstance(argument, ast.Starred) for argument in call.args[:2]):
        return None
    index = call.args[1] if len(call.args) > 1 else keyword_value(call, "index")
    if isinstance(index, ast.Constant) and index.value is None:
        return None
    return index
