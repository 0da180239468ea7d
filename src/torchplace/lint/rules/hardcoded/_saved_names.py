"""What one function does with its names, as the reading of saved CPU copies needs it.

`cpu_model = model.to("cpu")` names a CPU copy only while nothing else happens to it: a
name that is a parameter, is bound by unpacking, a loop or an augmented assignment, or gets
entries stored into it (`ckpt["ema"] = ...`, `ckpt.update(...)`) holds more than its plain
assignments show; one handed to a call, stored elsewhere or moved (`cpu_model.cuda(rank)`,
`cpu_model.eval().to(rank)`) may be on a GPU again when it is saved; and since `Module.to`
moves a module in place and returns it, so is the copy when its source module is moved again
(`self.model.to(rank)` after `cpu_model = self.model.to("cpu")`). A use inside a loop whose
body also moves it counts wherever in that body the move is: the loop runs it again before
the next save.

Each function is read once (`FunctionNames.of`), whatever number of names and saves it has.
"""

from __future__ import annotations

import ast
import weakref
from collections import defaultdict
from dataclasses import dataclass, field

from torchplace.lint.context import call_name

#: Methods that move a module (in place) or a tensor to a device.
MOVES = frozenset({"to", "cuda", "xpu", "npu", "to_empty", "apply"})
#: Methods that store into a dict or list.
_FILLS = frozenset({"update", "setdefault", "append", "extend", "insert", "__setitem__"})
#: Calls that read a value and keep nothing of it: `deepcopy` makes a module of its own
#: (qcmlforge's `best_model = deepcopy(cpu_model)`), which moves nothing of this one;
#: `copy.copy` shares its parameters, and moving them moves these.
_READERS = frozenset(
    {
        "print",
        "len",
        "isinstance",
        "type",
        "id",
        "repr",
        "str",
        "hash",
        "hasattr",
        "getattr",
        "deepcopy",
    }
)
#: Methods that return the module they are called on, moved nowhere (`model.eval()`).
_SELF_RETURNING = frozenset(
    {"eval", "train", "float", "half", "bfloat16", "double", "requires_grad_"}
)
#: Functions that return the module a wrapper holds.
_UNWRAPPERS = frozenset({"unwrap_model", "unwrap", "de_parallel", "get_model"})

_CACHE: weakref.WeakKeyDictionary[ast.AST, FunctionNames] = weakref.WeakKeyDictionary()


def unwrapped(node: ast.AST) -> ast.AST:
    """The module under its wrappers: `self.model` of `unwrap_model(self.model)`,
    `self.model.module` and `self.model.eval()`. A copy (`copy.deepcopy(self.model)`) is
    another module and stays as it is."""
    while True:
        if isinstance(node, ast.Attribute) and node.attr == "module":
            node = node.value
        elif (
            isinstance(node, ast.Call)
            and len(node.args) == 1
            and not node.keywords
            and call_name(node) in _UNWRAPPERS
        ):
            node = node.args[0]
        elif (
            isinstance(node, ast.Call)
            and not node.args
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _SELF_RETURNING
        ):
            node = node.func.value
        else:
            return node


def copied_module(value: ast.AST) -> ast.AST | None:
    """The module a CPU copy is made of: `X` of `X.to("cpu")`, `X.cpu()` and
    `to_device(X, "cpu")`."""
    if not isinstance(value, ast.Call):
        return None
    if isinstance(value.func, ast.Attribute):
        return unwrapped(value.func.value)
    return unwrapped(value.args[0]) if value.args else None


@dataclass
class FunctionNames:
    """One function's names: those not read plainly, the uses of each, the modules moved."""

    unplain: set[str] = field(default_factory=set)
    #: name -> (line, what the use does: `MOVED`, `HANDED` on or stored, or None, node id)
    uses: dict[str, list[tuple[int, str | None, int]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    #: the unparsed module a move acts on -> the lines of its moves
    moves: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    #: (first line, last line) of each loop
    loops: list[tuple[int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, function: ast.AST) -> FunctionNames:
        found = _CACHE.get(function)
        if found is None:
            found = _CACHE[function] = cls._read(function)
        return found

    @classmethod
    def _read(cls, function: ast.AST) -> FunctionNames:
        names = cls()
        arguments = getattr(function, "args", None)
        if isinstance(arguments, ast.arguments):
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            names.unplain.update(a.arg for a in every)
        plain: set[int] = set()
        parents: dict[int, ast.AST] = {}
        for node in ast.walk(function):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                plain.add(id(node.targets[0]))
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                plain.add(id(node.optional_vars))
            elif isinstance(node, ast.For | ast.AsyncFor | ast.While):
                names.loops.append((node.lineno, node.end_lineno or node.lineno))
        for node in ast.walk(function):
            names._note(node, plain, parents)
        return names

    def _note(self, node: ast.AST, plain: set[int], parents: dict[int, ast.AST]) -> None:
        if isinstance(node, ast.Global | ast.Nonlocal):
            self.unplain.update(node.names)
        elif isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Store | ast.Del):
                if id(node) not in plain:
                    self.unplain.add(node.id)
            else:
                self.uses[node.id].append((node.lineno, _keeps(node, parents), id(node)))
        elif isinstance(node, ast.Subscript | ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name):
                self.unplain.add(node.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in _FILLS and isinstance(node.func.value, ast.Name):
                self.unplain.add(node.func.value.id)
            if node.func.attr in MOVES:
                self.moves[ast.unparse(unwrapped(node.func.value))].append(node.lineno)

    def read_plainly(self, name: str) -> bool:
        """Every binding of `name` is a plain assignment of one target, nothing is stored
        into it, and it is no parameter nor a global."""
        return name not in self.unplain

    def kept_between(self, name: str, first: int, use: ast.Name, *, handed: bool) -> bool:
        """`name` is moved between line `first` and `use`, or, with `handed`, also handed
        on or stored elsewhere (where a module may be moved in place)."""
        last = self._last_line(first, use.lineno)
        kinds = {MOVED, HANDED} if handed else {MOVED}
        return any(
            kind in kinds and first <= line <= last and node != id(use)
            for line, kind, node in self.uses.get(name, ())
        )

    def moved_between(self, module: ast.AST, first: int, use: ast.Name) -> bool:
        """The module (`self.model`) is moved after line `first` and up to `use`."""
        last = self._last_line(first, use.lineno)
        return any(first < line <= last for line in self.moves.get(ast.unparse(module), ()))

    def _last_line(self, first: int, use: int) -> int:
        """`use`, or the end of a loop holding it that starts after `first`: the loop runs
        its whole body again before the next use."""
        ends = [end for start, end in self.loops if first < start <= use <= end]
        return max([use, *ends])


#: What a use does to the value it reads.
MOVED = "moved"
HANDED = "handed"


def _keeps(name: ast.Name, parents: dict[int, ast.AST]) -> str | None:
    """`MOVED` for a load that moves the value (`x.cuda()`, `x.eval().to(rank)`,
    `x.module.to(rank)`), `HANDED` for one that hands it on where it may be moved in place
    (stored under another name, `net = x`, `self.net = x`; given to a function of the
    project, `self.fit(x)`), None for a chain of attributes and calls that moves nothing, a
    test (`x is None`), or an argument of a call that only reads it or of torch's own
    functions (`torch.cat([t, x])`), which move no module in place."""
    node: ast.AST = name
    parent = parents.get(id(node))
    while isinstance(parent, ast.Attribute) or (
        isinstance(parent, ast.Call) and parent.func is node
    ):
        if isinstance(parent, ast.Attribute) and parent.attr in MOVES:
            return MOVED
        node, parent = parent, parents.get(id(parent))
    if node is not name:
        return None
    if isinstance(parent, ast.List | ast.Tuple | ast.Starred):
        node, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.keyword):
        node, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.Call):
        called = call_name(parent) or ""
        if called in _READERS or _torch_function(parent.func):
            return None
        return HANDED
    if isinstance(parent, ast.Assign | ast.AnnAssign | ast.NamedExpr | ast.Return | ast.Yield):
        return HANDED
    return None


def _torch_function(func: ast.expr) -> bool:
    """A function of torch (`torch.cat`, `F.pad`, `dist.broadcast`), which returns new
    tensors; not a module wrapper (`torch.nn.parallel.DistributedDataParallel(x)`, whose
    later moves move `x`)."""
    text = ast.unparse(func)
    last = text.rsplit(".", 1)[-1]
    return text.split(".")[0] in _TORCH_ROOTS and "." in text and last[:1].islower()


#: Names under which code calls torch's own functions.
_TORCH_ROOTS = frozenset({"torch", "F", "dist"})
