"""Where code writes `CUDA_VISIBLE_DEVICES` into its own environment.

`os.environ["CUDA_VISIBLE_DEVICES"] = value`, `os.environ.update({...})` or `.update(K=v)`,
`os.environ.setdefault(K, v)`, `os.putenv(K, v)`: the rules of visible devices
(`cuda-visible-devices-set-late`, `visible-devices-set-from-a-process-index`) read the same
writes.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext
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
