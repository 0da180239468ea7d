"""Names a function gives as a tensor's sizes: each is one number, never a tensor with elements.

`x.view(b, n, self.num_heads, self.head_size)`, `torch.reshape(t, (-1, inp_dim // num_heads))`,
`torch.zeros(batch, dim)`: every size given as one of several arguments, or as an element of a
shape tuple, is one number (a Python int, or a 0-dim tensor), and so is each operand of the
arithmetic that makes one (a 1-D tensor in `d // 2` would make a 1-D size). So
`torch.tensor(self.head_size)` and `torch.tensor(inp_dim / num_heads)` in the same function
are 0-dim: numbers to any device's arithmetic (TFB's TimePerceiver attention scale, SSLRec's
MBGMN). A name given alone (`x.view(shape)`, `torch.zeros(size)`) may be a whole shape and is
not read; nor is a parameter the function binds again, nor a size under a lambda or a nested
function (another scope).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from torchplace.lint.context import parameter_names
from torchplace.lint.rank_flow import own_nodes

#: Tensor methods whose positional arguments are sizes (or one shape sequence). `expand` and
#: `repeat` only by their shape (`_tensor_broadcast`): numpy's `arr.repeat(counts, axis)`
#: takes an array, and a search tree's `node.expand(actions, priors)` is no tensor's.
_SHAPE_METHODS = frozenset({"view", "reshape", "new_zeros", "new_ones", "new_empty", "unflatten"})
#: `torch.` factories whose positional arguments are sizes (or one shape sequence).
_SHAPE_FACTORIES = frozenset({"zeros", "ones", "empty", "rand", "randn"})


@dataclass(frozen=True)
class Sizes:
    """The function's parameters and `self` attributes given as sizes."""

    parameters: frozenset[str]
    attributes: frozenset[str]


def size_names(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    self_name: str | None,
    qualify: Callable[[ast.AST], str | None],
) -> Sizes:
    """The parameters of `function` it never binds again, and the attributes of `self_name`,
    that it gives as sizes (module docs). `qualify` names a call through the file's imports:
    `torch.reshape(x, shape)` takes the tensor first, `np.zeros(shape, dtype)` a dtype
    second."""
    cached = getattr(function, _CACHE, None)
    if isinstance(cached, Sizes):
        return cached
    bound, sequences, written = _writes_and_sequences(function, self_name)
    parameters = parameter_names(function)
    names: set[str] = set()
    attributes: set[str] = set()
    for size in _sizes(function, qualify, bound | parameters):
        for node in _operands(size):
            if isinstance(node, ast.Name):
                names.add(node.id)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == self_name
            ):
                attributes.add(node.attr)
    unchanged = parameters - bound - sequences
    found = Sizes(frozenset(names & unchanged), frozenset(attributes - written))
    setattr(function, _CACHE, found)  # flows of one function ask again (helper bindings)
    return found


#: Where `size_names` keeps its answer on the function's node.
_CACHE = "_torchplace_sizes"


def _sizes(
    function: ast.AST, qualify: Callable[[ast.AST], str | None], own: set[str]
) -> list[ast.expr]:
    """The expressions the function's own calls give as single sizes; `own`: the names it
    takes or binds."""
    found: list[ast.expr] = []
    for call in (n for n in own_nodes(function) if isinstance(n, ast.Call)):
        func = call.func
        if not isinstance(func, ast.Attribute):
            continue
        qualified = qualify(func) or ""
        if qualified.startswith("torch.") and func.attr in (*_SHAPE_FACTORIES, "reshape"):
            # `torch.reshape(x, shape)` takes the tensor first.
            arguments = call.args[1:] if func.attr == "reshape" else call.args
        elif (
            func.attr in _SHAPE_METHODS or _tensor_broadcast(func.attr, call.args)
        ) and _of_a_value(func.value, own):
            # A method of a value (`x.view(b, n)`), not a module's function (`np.reshape`).
            arguments = call.args[1:] if func.attr == "unflatten" else call.args
        else:
            continue
        if any(isinstance(a, ast.Starred) for a in arguments):
            continue
        if len(arguments) > 1:
            found += arguments
        elif arguments and isinstance(arguments[0], ast.Tuple | ast.List):
            found += [e for e in arguments[0].elts if not isinstance(e, ast.Starred)]
    return found


def _tensor_broadcast(method: str, arguments: list[ast.expr]) -> bool:
    """`x.expand(-1, n, -1)` (a literal `-1`, which keeps a dimension) or `x.repeat(1, n, 1)`
    (three sizes or more, one a literal: numpy's `repeat` takes two at most, `(repeats,
    axis)`); a search tree's `node.expand(actions, to_play, priors)` has neither."""
    literals = [a for a in arguments if isinstance(_unsigned(a), ast.Constant)]
    if method == "expand":
        return any(
            isinstance(a, ast.UnaryOp) and isinstance(a.op, ast.USub) and a in literals
            for a in arguments
        )
    return method == "repeat" and len(arguments) >= 3 and bool(literals)


def _unsigned(node: ast.expr) -> ast.expr:
    return node.operand if isinstance(node, ast.UnaryOp) else node


def _of_a_value(receiver: ast.expr, own: set[str]) -> bool:
    """The receiver is a value: its chain of attributes, calls and subscripts starts at a
    name the function binds or takes (`self.proj(x).view`), or at no name at all
    (`torch.cat(xs).view`'s root is a call), never at a module the file imports."""
    node = receiver
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    if isinstance(node, ast.Call):
        return True  # `torch.cat(xs).view(...)`: a call's result
    return not isinstance(node, ast.Name) or node.id in own


def _operands(size: ast.expr) -> list[ast.expr]:
    """The names and attributes a size is made of by arithmetic (`inp_dim // num_heads`,
    `-self.head_size`); a size with anything else in it (a call, a subscript) gives none of
    its parts but itself."""
    if isinstance(size, ast.UnaryOp):
        return _operands(size.operand)
    if isinstance(size, ast.BinOp):
        return _operands(size.left) + _operands(size.right)
    if isinstance(size, ast.Name | ast.Attribute):
        return [size]
    return []


def _writes_and_sequences(
    function: ast.AST, self_name: str | None
) -> tuple[set[str], set[str], set[str]]:
    """In one walk: the names the function assigns (a parameter rebound may be something else
    there), the names it uses as sequences somewhere (`*size`, `size[0]`, `len(size)`, `for s
    in size`: such a name may be a whole shape on another path, `if isinstance(size, int):
    x.view(-1, size) else: x.view(-1, *size)`), and the attributes of `self_name` it
    assigns."""
    bound: set[str] = set()
    sequences: set[str] = set()
    written: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            bound.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store | ast.Del)
            and isinstance(node.value, ast.Name)
            and node.value.id == self_name
        ):
            written.add(node.attr)
        elif isinstance(node, ast.Starred | ast.Subscript) and isinstance(node.value, ast.Name):
            sequences.add(node.value.id)
        elif isinstance(node, ast.For | ast.comprehension) and isinstance(node.iter, ast.Name):
            sequences.add(node.iter.id)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("len", "list", "tuple", "iter")
            and node.args
            and isinstance(node.args[0], ast.Name)
        ):
            sequences.add(node.args[0].id)
    return bound, sequences, written
