"""Parameters a method hands on to `.numpy()`: CPU tensors in every run that gets that far.

`Tensor.numpy()` raises on a GPU tensor ("can't convert cuda:0 device type tensor to numpy"),
so a method that converts, with `.numpy()`, a value it computed from its parameter with no
move in between works only when that parameter is on the CPU (or a NumPy array). IML-ViT's
`EdgeGenerator` is a dataset transform written as an `nn.Module`:

    def _find_edge(self, image, kernel_size=3):
        image = torch.tensor(image).float()
        img = self._dilate(image, kernel_size=kernel_size)    # torch.zeros(...) kernel inside
        erosion = self._dilate(1 - image, kernel_size=kernel_size)
        diff = -torch.abs(erosion - img) + 1
        diff = diff.numpy()

so `image` is a CPU tensor there, and `_dilate`'s CPU kernel meets a CPU image, not a GPU one.
The device flow (`flow`) reads such a parameter as made on the CPU instead of as an input.

A parameter counts when a `.numpy()` call with no arguments (`numpy(force=True)` copies to the
CPU itself) lies in a statement of the method's own top-level body, after no `return` or
`raise` (so every run that gets past the start of the method reaches it, or fails there), and
its receiver reads a local name whose value depends on the parameter. A name depends on the
data its assignments read: operands of arithmetic, the indexed value (not the index), a tensor
method's receiver, the first argument of a `torch` function or of the module's own methods and
submodules; not through a move (`.cpu()`, `.cuda()`, `.to(...)`, `.type(...)`, anything given
a `device`), nor through a call of a bare-named function or of a method whose text moves
something (either may put the value on another device). A name that any assignment moves
(`.cpu()` on one arm, or before the `.numpy()`) carries nothing: it may hold the moved copy.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from torchplace.lint.flow_facts import assignments
from torchplace.lint.flow_ops import LEAVES, MOVES
from torchplace.lint.flow_values import Kind, Value, Values

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Methods that put a tensor on a device of their choosing (`flow_ops.MOVES`, `.cpu()`,
#: `.type(...)`).
_DEVICE_MOVES = MOVES | {"cpu", "type"}
#: Methods whose result is not the receiver's data on its device: those, and the flow's
#: `LEAVES` (`.numpy()`, `.tolist()`, `.item()`, sizes).
_NOT_CARRIED = _DEVICE_MOVES | LEAVES
#: Text of a method that may move a tensor it is handed.
_MOVES_TEXT = re.compile(r"\.(?:cpu|cuda|to|type)\s*\(|\bdevice\b")


def numpy_cpu_parameters(function: _Function, method_texts: Mapping[str, str]) -> dict[str, Values]:
    """The parameters of `function` that reach a `.numpy()` (see the module's docstring), each
    bound to a CPU value; `method_texts` gives the text of each method of the class, by name."""
    parameters = [
        p.arg for p in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)
    ]
    parameters = [p for p in parameters if p not in ("self", "cls")]
    if not parameters or "numpy" not in method_texts.get(function.name, "numpy"):
        return {}  # most methods: no `.numpy()` to read, nothing to walk
    depends = _dependencies(function, method_texts)
    bound: dict[str, Values] = {}
    for call in _reached_numpy_calls(function):
        assert isinstance(call.func, ast.Attribute)
        read = _reads(call.func.value, method_texts)
        if read is None:
            continue
        reached = _closure(read, depends)
        for name in parameters:
            if name in reached and name not in bound:
                bound[name] = (Value(Kind.CPU, call.lineno, f"`{name}`", call),)
    return bound


def _reached_numpy_calls(function: _Function) -> list[ast.Call]:
    """`.numpy()` calls that every run of the method reaches unless it returns, raises or fails
    first (`_unconditional`)."""
    found: list[ast.Call] = []
    _unconditional(function.body, found)
    return found


def _unconditional(block: list[ast.stmt], found: list[ast.Call]) -> bool:
    """Add to `found` the `.numpy()` calls of `block` run whenever the block runs, up to its
    first statement that may return or raise; whether the block got through without one. Of
    an `if` or a loop only the test runs for sure; a `with` body runs; a `try` body's failure
    (a GPU tensor's `.numpy()` raising) may be caught, so it counts for nothing."""
    for statement in block:
        if isinstance(statement, _Function | ast.ClassDef):
            continue
        if isinstance(statement, ast.With | ast.AsyncWith):
            for item in statement.items:
                _numpy_calls(item.context_expr, found)
            if not _unconditional(statement.body, found):
                return False
            continue
        if isinstance(statement, ast.If | ast.While):
            _numpy_calls(statement.test, found)
        elif isinstance(statement, ast.For | ast.AsyncFor):
            _numpy_calls(statement.iter, found)
        elif not isinstance(statement, ast.Try | ast.Match):
            _numpy_calls(statement, found)
        if any(isinstance(n, ast.Return | ast.Raise) for n in ast.walk(statement)):
            return False  # later statements may not run
    return True


def _numpy_calls(node: ast.AST, found: list[ast.Call]) -> None:
    """The `.numpy()` calls (no arguments) in `node`, outside code run later or not at all (a
    lambda, a comprehension, a nested def)."""
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, _LATER):
            continue
        if (
            isinstance(current, ast.Call)
            and isinstance(current.func, ast.Attribute)
            and current.func.attr == "numpy"
            and not current.args
            and not current.keywords
        ):
            found.append(current)
        pending += list(ast.iter_child_nodes(current))


_LATER = (
    ast.Lambda,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


def _dependencies(function: _Function, method_texts: Mapping[str, str]) -> dict[str, set[str]]:
    """Each local name, with the names its assignments anywhere in the function read."""
    depends: dict[str, set[str]] = {}
    moved: set[str] = set()
    for targets, value, node in assignments(function):
        read = _reads(value, method_texts)
        if read is None:
            if _moves_device(value):
                # A name any assignment moves (`feats = feats.cpu()`, on one arm or after
                # the `.numpy()`) may hold the moved copy when read: it carries nothing on.
                moved.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
            continue
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            read.add(node.target.id)
        for target in targets:
            for stored in ast.walk(target):
                if isinstance(stored, ast.Name) and isinstance(stored.ctx, ast.Store):
                    depends.setdefault(stored.id, set()).update(read)
    for name in moved:
        depends[name] = {_MOVED}
    return depends


def _reads(value: ast.expr, method_texts: Mapping[str, str]) -> set[str] | None:
    """The local names whose data `value` carries on (see the module's docstring): operands of
    arithmetic, the indexed value (not the index), a tensor method's receiver (not its
    arguments: `x.view(n)`), the first argument of a `torch` function or of the module's own
    methods and submodules (`F.conv2d(image, kernel)`, `self.conv(x)`); None when the value is
    moved (its device is the code's choice, not the names')."""
    found: set[str] = set()
    pending: list[ast.AST] = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _NOT_CARRIED:
                return None
            if any(k.arg == "device" for k in node.keywords):
                return None
            if not isinstance(func, ast.Attribute):
                continue  # a function of its own: may move what it is handed
            first = node.args[:1]
            if isinstance(func.value, ast.Name) and func.value.id in _LIBRARIES:
                pending += first
            elif isinstance(func.value, ast.Name) and func.value.id == "self":
                if not _MOVES_TEXT.search(method_texts.get(func.attr, "")):
                    pending += first
            else:
                pending.append(func.value)  # a method of the value: `x.float()`
            continue
        if isinstance(node, ast.Subscript):
            pending.append(node.value)
            continue
        if isinstance(node, ast.IfExp):
            pending += [node.body, node.orelse]
            continue
        if isinstance(node, _LATER):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            found.add(node.id)
        pending += list(ast.iter_child_nodes(node))
    return found


#: Modules whose functions take the tensor they work on first.
_LIBRARIES = frozenset({"torch", "F", "nn", "functional"})


def _moves_device(value: ast.expr) -> bool:
    """A call in `value` that puts a tensor on a device (`.cpu()`, `.cuda()`, `.to(...)`,
    `.type(...)`, `device=`): not a conversion to Python (`.numpy()`, `.tolist()`)."""
    return any(
        isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Attribute) and n.func.attr in _DEVICE_MOVES)
            or any(k.arg == "device" for k in n.keywords)
        )
        for n in ast.walk(value)
    )


def _closure(names: set[str], depends: Mapping[str, set[str]]) -> set[str]:
    """The names `names` read, through the assignments' dependencies; a moved name (and what
    it read) is left out: its value may be the moved copy."""
    reached: set[str] = set()
    pending = [n for n in names if _MOVED not in depends.get(n, ())]
    while pending:
        name = pending.pop()
        if name in reached:
            continue
        reached.add(name)
        pending += [n for n in depends.get(name, ()) if _MOVED not in depends.get(n, ())]
    return reached


#: The dependency of a name some assignment moves.
_MOVED = "<moved>"
