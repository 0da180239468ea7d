"""TPL201 tensor-factory-without-device-in-forward."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope, has_star_kwargs, keyword
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import (
    FACTORY_CANDIDATE,
    called_as_written,
)
from torchplace.report import Finding, Fix, FixSafety
from torchplace.torch_names import TENSOR_FACTORIES

#: Methods that, called right on the new tensor, put it on a chosen device.
_MOVES = ("to", "cuda", "type_as")
#: Factories whose result is 0-dim (a scalar) when given an empty shape.
_DTYPES = {
    "float",
    "float16",
    "float32",
    "float64",
    "bfloat16",
    "half",
    "double",
    "long",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "bool",
    "complex64",
    "complex128",
}
_INTEGER_DTYPES = {"int64", "long", "int32", "int", "int16", "int8", "uint8"}
_FINFO = {"min", "max", "eps", "tiny", "smallest_normal"}
_NUMBER_FUNCTIONS = {"float", "int", "len", "abs", "round", "bool"}
_SHAPED = {"zeros", "ones", "empty", "full", "rand", "randn"}


class TensorFactoryWithoutDeviceInForward(Rule):
    """## What it does
    Flags `torch` tensor factories (`arange`, `zeros`, `ones`, `full`, `tensor`, `rand*`,
    `linspace`, `eye`, `from_numpy`, ...) called in a module's `forward`, or in a method
    that `forward` calls, without `device=`.

    ## Why is this bad?
    Without `device=`, the new tensor is made on the CPU, while the module's inputs and
    weights are on a GPU. The next op fails (`Expected all tensors to be on the same
    device, but found at least two devices, cuda:0 and cpu!`, or `expected self and mask to
    be on the same device`), or silently copies every call. `device_map` hooks move only
    arguments that cross a module boundary, never tensors made inside `forward`.
    `*_like` and `x.new_*` factories follow their argument and are fine; so is a 0-dim
    0-dim tensor of a number (`torch.tensor(1.0)`), which mixes with CUDA tensors, a tensor
    used only as an index (`x[idx]` accepts CPU indices), one moved later in the same
    function (`pos = pos.view(...).to(x.device)`), one made in a `@staticmethod` helper or
    under `torch.jit.is_tracing()`, and integer index tensors returned to the caller.

    ## Example
    ```python
    def forward(self, hidden_states):
        positions = torch.arange(hidden_states.shape[1])
        return hidden_states + self.pos_embed(positions)
    ```

    Use instead:
    ```python
    def forward(self, hidden_states):
        positions = torch.arange(hidden_states.shape[1], device=hidden_states.device)
        return hidden_states + self.pos_embed(positions)
    ```

    ## Fix safety
    In `forward` itself, the fix adds `device=<first argument>.device`. It is unsafe: that
    argument may be optional or not a tensor, and a tensor meant for the CPU moves to the GPU.

    ## References
    - https://pytorch.org/docs/stable/tensor_attributes.html#torch.device
    - https://huggingface.co/docs/accelerate/concept_guides/big_model_inference
    """

    code = "TPL201"
    name = "tensor-factory-without-device-in-forward"
    summary = "Tensor created in forward without `device=` lands on the CPU"
    pattern = "tensor-created-without-device"
    fix_safety = FixSafety.UNSAFE
    candidate = FACTORY_CANDIDATE
    file_gate = ("torch",)
    candidate_scope = "forward"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        moved = _moved_calls(ctx)
        functions: dict[int, _FunctionFacts] = {}
        for located in ctx.calls(*TENSOR_FACTORIES):
            call = located.node
            assert isinstance(call, ast.Call)
            qualified = ctx.qualified(call.func) or ""
            factory = qualified.removeprefix("torch.")
            if "." in factory or not qualified.startswith("torch.") or id(call) in moved:
                continue
            if keyword(call, "device") or keyword(call, "out") or has_star_kwargs(call):
                continue
            if _is_scalar(factory, call) or not called_as_written(ctx, call):
                continue
            path = ctx.forward_path(located.scope)
            if path is None or _static_helper(ctx, located.scope):
                continue
            facts = _facts(located.scope, functions)
            if facts is not None and facts.exempt(call):
                continue
            message = f"`torch.{factory}` without `device=` in {path} makes a CPU tensor"
            yield self.finding(ctx, call, message, self._fix(ctx, call, factory, located.scope))

    def _fix(self, ctx: FileContext, call: ast.Call, factory: str, scope: Scope) -> Fix | None:
        function = scope.function
        if factory == "from_numpy" or function is None or function.parent is None:
            return None
        if function.name not in ctx.forward_methods or function is not scope:
            return None
        argument = _first_tensor_argument(function.node)
        if argument is None:
            return None
        text = f"device={argument}.device"
        return self.insert_keyword(ctx, call, text, f"Add {text}")


def _moved_calls(ctx: FileContext) -> set[int]:
    """Calls inside an expression whose result is moved by `.to(...)`/`.cuda(...)`."""
    moved: set[int] = set()
    for located in ctx.calls(*_MOVES):
        call = located.node
        assert isinstance(call, ast.Call)
        if not isinstance(call.func, ast.Attribute) or _casts_dtype_only(call):
            continue
        moved.update(id(node) for node in ast.walk(call.func.value) if isinstance(node, ast.Call))
    return moved


def _facts(scope: Scope, cache: dict[int, _FunctionFacts]) -> _FunctionFacts | None:
    function = scope.function
    if function is None:
        return None
    key = id(function.node)
    if key not in cache:
        cache[key] = _FunctionFacts(function.node)
    return cache[key]


def _static_helper(ctx: FileContext, scope: Scope) -> bool:
    """A `@staticmethod` reached from forward: a pure helper whose caller places the result."""
    function = scope.function
    if function is None or function.name in ctx.forward_methods:
        return False
    decorators = getattr(function.node, "decorator_list", [])
    return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in decorators)


class _FunctionFacts:
    """What one function's body says about its new tensors (computed once per function)."""

    def __init__(self, function: ast.AST) -> None:
        self.assigns: list[ast.Assign] = []
        self.returns: list[ast.Return] = []
        self.indices: set[int] = set()  # nodes that are (inside) an index: `x[here]`
        self.loads: dict[str, list[ast.Name]] = {}
        self.tracing_only: set[int] = set()  # `a if torch.jit.is_tracing() else b`: only traced
        for node in ast.walk(function):
            if isinstance(node, ast.Assign):
                self.assigns.append(node)
            elif isinstance(node, ast.Return) and node.value is not None:
                self.returns.append(node)
            elif isinstance(node, ast.Subscript):
                parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
                self.indices.update(id(part) for part in parts)
                self.indices.update(id(n) for part in parts for n in ast.walk(part))
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.loads.setdefault(node.id, []).append(node)
            elif isinstance(node, ast.IfExp) and _is_tracing_test(node.test):
                self.tracing_only.update(id(n) for n in ast.walk(node.body))
        self.assigns.sort(key=lambda a: (a.lineno, a.col_offset))

    def index_only(self, call: ast.Call) -> bool:
        """`idx = torch.arange(n)` (or a value computed from it) used only to index, as in
        `x[idx]`: CUDA tensors accept CPU indices."""
        if id(call) in self.indices:
            return True
        made = self._assignment_of(call)
        if made is None:
            return False
        derived = _target_names(made)
        feeding: set[int] = set()  # loads inside values that only feed derived names
        for later in self.assigns:
            if later.lineno > made.lineno and any(
                isinstance(n, ast.Name) and n.id in derived and id(n) not in self.indices
                for n in ast.walk(later.value)
            ):  # `y = f(x)`: y is computed from x; `y = t[x]` is not (it lives with t)
                derived |= _target_names(later)
                feeding.update(id(n) for n in ast.walk(later.value))
        uses = [n for name in derived for n in self.loads.get(name, []) if n.lineno >= made.lineno]
        indexed = [n for n in uses if id(n) in self.indices]
        return bool(indexed) and all(id(n) in self.indices or id(n) in feeding for n in uses)

    def returned_indices(self, call: ast.Call) -> bool:
        """`return [(torch.as_tensor(i, dtype=torch.int64), ...) for i, j in matches]`: integer
        index tensors handed to the caller, which indexes with them (Hungarian matchers)."""
        dtype = keyword(call, "dtype")
        if dtype is None or not isinstance(dtype.value, ast.Attribute):
            return False
        if dtype.value.attr not in _INTEGER_DTYPES:
            return False
        if any(n is call for r in self.returns if r.value for n in ast.walk(r.value)):
            return True
        made = self._assignment_of(call)
        names = _target_names(made) if made is not None else set()
        return any(r.value is not None and _mentions(r.value, names) for r in self.returns)

    def exempt(self, call: ast.Call) -> bool:
        return (
            id(call) in self.tracing_only
            or self.returned_indices(call)
            or self.index_only(call)
            or self.moved_later(call)
        )

    def _assignment_of(self, call: ast.Call) -> ast.Assign | None:
        return next((a for a in self.assigns if any(n is call for n in ast.walk(a.value))), None)

    def moved_later(self, call: ast.Call) -> bool:
        """`x = torch.arange(n)`, then (through assignments) `y = f(x)....to(device)` or
        `return y.to(device)`."""
        made = self._assignment_of(call)
        if made is None:
            return False
        derived = _target_names(made)
        for later in self.assigns:
            if later.lineno <= made.lineno or not derived:
                continue
            if _moves_any(later.value, derived):
                return True
            if _mentions(later.value, derived):
                derived |= _target_names(later)
        return any(
            r.lineno > made.lineno and r.value is not None and _moves_any(r.value, derived)
            for r in self.returns
        )


def _is_tracing_test(test: ast.expr) -> bool:
    return any(
        isinstance(n, ast.Attribute) and n.attr in ("is_tracing", "is_scripting")
        for n in ast.walk(test)
    )


def _target_names(assign: ast.Assign) -> set[str]:
    names: set[str] = set()
    for target in assign.targets:
        while isinstance(target, ast.Attribute | ast.Subscript):
            target = target.value
        if isinstance(target, ast.Name):
            names.add(target.id)
    return names


def _mentions(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def _moves_any(value: ast.AST, names: set[str]) -> bool:
    for node in ast.walk(value):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MOVES
            and not _casts_dtype_only(node)
            and _mentions(node.func.value, names)
        ):
            return True
    return False


def _casts_dtype_only(call: ast.Call) -> bool:
    """`.to(torch.float32)`, `.to(x.dtype)`, `.to(dtype=...)`: no device change."""
    if keyword(call, "device"):
        return False
    if not call.args:
        return keyword(call, "dtype") is not None
    first = call.args[0]
    if isinstance(first, ast.Attribute):
        return first.attr == "dtype" or first.attr in _DTYPES
    return isinstance(first, ast.Name) and "dtype" in first.id


def _is_scalar(factory: str, call: ast.Call) -> bool:
    """A 0-dim result: `torch.tensor(<number expression>)`, `torch.zeros(())`."""
    if factory in ("tensor", "as_tensor", "scalar_tensor") and call.args:
        return _number(call.args[0])
    if factory in _SHAPED and call.args:
        shape = call.args[0]
        return isinstance(shape, ast.Tuple | ast.List) and not shape.elts
    return False


def _number(node: ast.AST) -> bool:
    """An expression that is a Python number (never a list or a tensor with elements)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int | float | bool)
    if isinstance(node, ast.UnaryOp):
        return _number(node.operand)
    if isinstance(node, ast.BinOp):
        sides = (node.left, node.right)
        if any(isinstance(s, ast.List | ast.Tuple | ast.ListComp) for s in sides):
            return False
        return any(_number(s) for s in sides)
    if isinstance(node, ast.Attribute):
        return node.attr in _FINFO
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id in _NUMBER_FUNCTIONS
        if isinstance(func, ast.Attribute):
            named = isinstance(func.value, ast.Name) and func.value.id == "math"
            return named or (func.attr in ("size", "dim", "numel", "item") and bool(node.args))
    return False


def _first_tensor_argument(function: ast.AST) -> str | None:
    """The first parameter after self (ctx for autograd Functions), unless it defaults to None."""
    assert isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    if not positional or not positional[1:]:
        return None
    parameter = positional[1]
    defaults = arguments.defaults
    index = len(positional) - len(defaults)
    position = positional.index(parameter)
    if position >= index:
        default = defaults[position - index]
        if isinstance(default, ast.Constant) and default.value is None:
            return None
    return parameter.arg
