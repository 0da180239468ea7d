"""The legacy tensor constructors (`torch.Tensor`, `torch.FloatTensor`, ...) as rules read and
rewrite them: their calls in a file, the dtype each stands for, and whether a call's arguments
are surely sizes."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Located
from torchplace.lint.flow_ops import LEGACY_CONSTRUCTORS

#: The dtype each legacy constructor stands for, as an attribute of `torch` (written after the
#: name the file gives torch: `th.int64`); `torch.Tensor` takes the default dtype, as
#: `torch.empty` does.
LEGACY_DTYPES = {
    "Tensor": None,
    "FloatTensor": "float32",
    "DoubleTensor": "float64",
    "HalfTensor": "float16",
    "LongTensor": "int64",
    "IntTensor": "int32",
    "BoolTensor": "bool",
    "ByteTensor": "uint8",
}


def surely_sizes(arguments: list[ast.expr]) -> bool:
    """Several positional arguments, one starred size or one integer literal: sizes. One
    other argument may be data (`torch.Tensor(values)`), which `torch.empty` would read as
    a shape."""
    if len(arguments) >= 2:
        return True
    if len(arguments) != 1:
        return False
    only = arguments[0]
    return isinstance(only, ast.Starred) or (
        isinstance(only, ast.Constant) and type(only.value) is int
    )


def legacy_calls(ctx: FileContext) -> Iterator[tuple[Located, ast.Call, str]]:
    """Each call of a legacy constructor of torch in the file (`torch.FloatTensor(...)`, or
    through the name the file gives torch), with the constructor's name (`FloatTensor`);
    not `torch.cuda.FloatTensor`."""
    for located in ctx.calls(*LEGACY_CONSTRUCTORS):
        call = located.node
        assert isinstance(call, ast.Call)
        qualified = ctx.qualified(call.func) or ""
        constructor = qualified.removeprefix("torch.")
        if constructor in LEGACY_CONSTRUCTORS and qualified == f"torch.{constructor}":
            yield located, call, constructor
