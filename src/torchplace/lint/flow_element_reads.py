"""Names a function reads only one element at a time: a list of numbers held as a tensor.

`pc_range = torch.tensor(cfg["point_cloud_range"])` read only as `pc_range[0]`, `pc_range[1]`
is a row of numbers the code takes apart: each read is a 0-dim tensor, which PyTorch lets meet a
tensor of any device in arithmetic and comparisons (a CPU scalar). The file cannot see the
config, so the tensor's rank is unknown; the reads say how the author uses it. A name read
anywhere else in the function (whole, sliced, unpacked, passed on, in a nested function) is a
tensor the code uses as one, and keeps its unknown rank. Pure syntax; no torch import.
"""

from __future__ import annotations

import ast

#: Factories that build a tensor from the data they are given (a config value, a list), whose
#: rank is the data's.
_FROM_DATA = frozenset({"tensor", "as_tensor", "Tensor", "FloatTensor", "LongTensor", "from_numpy"})


def element_read_names(function: ast.AST) -> frozenset[str]:
    """The names whose every read in `function` indexes one element with an integer literal
    (`t[0]`, `t[-1]`), read at least once."""
    element_reads: set[int] = set()
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Load)
            and isinstance(node.value, ast.Name)
            and integer_literal(node.slice)
        ):
            element_reads.add(id(node.value))
    read: set[str] = set()
    whole: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            (read if id(node) in element_reads else whole).add(node.id)
    return frozenset(read - whole)


def made_from_data(call: ast.Call | None) -> bool:
    """`torch.tensor(cfg["grid_size"])`: a factory whose rank is its data's, given data the
    file does not spell out (a literal list of lists is a matrix, and a literal flat list is
    already known to be 1-D)."""
    if call is None or not call.args:
        return False
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name not in _FROM_DATA:
        return False
    return not isinstance(call.args[0], ast.List | ast.Tuple | ast.Constant)


def integer_literal(index: ast.expr) -> bool:
    """An integer literal index (`0`, `-1`): one element."""
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        index = index.operand
    return (
        isinstance(index, ast.Constant)
        and isinstance(index.value, int)
        and not isinstance(index.value, bool)
    )
