"""Where a file's values come from the global rank: provenance through assignments, tuple
unpacking, `self` attributes, the returns of the file's own functions and the parameters that
every call within the file fills with the rank.

A value is a global rank when it is a source (given by the caller: an environment read of
`RANK`, a `get_rank()` call, a name such as `global_rank`) or one conversion of one (`int(x)`,
`f"cuda:{x}"`, `x if c else 0`, `group.rank()`; `x % n` when asked). A local name holds it
when every binding of the name does, or when a binding does and the others are only literal
defaults set before it (`rank = 0`, then `rank = dist.get_rank()` under a condition) or sit
in the other arm of the `if` (or the `except`) that reads the rank first. A fallback written
after a local-rank read (`LOCAL_RANK` first, `get_rank()` else) is left
alone: the code's primary source is this node's GPU.

Flow-insensitive and bounded: each function is read once per round, three rounds at most.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

_ROUNDS = 3


def peel_index(node: ast.AST, modulo: bool = False) -> ast.AST | None:
    """One layer of conversion around an index: `int(x)`, `str(x)`, `x % n`, `x[i]`,
    `a if c else b` (its first arm), the index of `f"{kind}:{x}"`; `x % n` with `modulo`."""
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("int", "str") and node.args:
            return node.args[0]
        if isinstance(func, ast.Attribute) and func.attr == "rank" and not node.args:
            return func.value  # `group.rank()`: the rank in the group the receiver is
        return None
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return node.left
    if modulo and isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return node.left
    if isinstance(node, ast.IfExp):
        return node.body
    if isinstance(node, ast.JoinedStr):
        return device_index_of(node)
    return None


def device_index_of(node: ast.JoinedStr) -> ast.expr | None:
    """The `x` of an f-string `f"...:{x}"`: the one formatted value right after a `:`, or the
    only formatted value."""
    values = node.values
    formatted = [v for v in values if isinstance(v, ast.FormattedValue)]
    if len(formatted) == 1 and len(values) <= 2:
        return formatted[0].value
    for before, value in itertools.pairwise(values):
        if (
            isinstance(before, ast.Constant)
            and isinstance(before.value, str)
            and before.value.endswith(":")
            and isinstance(value, ast.FormattedValue)
        ):
            return value.value
    return None


def cuda_fstring_index(node: ast.JoinedStr) -> ast.expr | None:
    """The `x` of `f"cuda:{x}"` (a device string built in place), else None."""
    values = node.values
    for before, value in itertools.pairwise(values):
        if (
            isinstance(before, ast.Constant)
            and isinstance(before.value, str)
            and before.value.endswith("cuda:")
            and isinstance(value, ast.FormattedValue)
        ):
            return value.value
    return None


@dataclass
class _Binding:
    name: str
    value: ast.AST
    line: int
    position: int | None = None  # index into a tuple the value returns


@dataclass
class RankFlow:
    """Global-rank provenance over one module."""

    tree: ast.Module
    is_source: Callable[[ast.AST], bool]
    #: Whether `x % n` carries the rank (a separate, weaker finding).
    modulo: bool = False
    #: Names holding the rank, per function node id (the module's own statements under 0).
    names: dict[int, set[str]] = field(default_factory=dict)
    #: Functions (by name) that return the rank: None for the whole value, else the positions
    #: of the returned tuple that hold it.
    returns: dict[str, frozenset[int] | None] = field(default_factory=dict)
    #: Parameters filled with the rank at every call within the file, per function name.
    params: dict[str, set[str]] = field(default_factory=dict)
    functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = field(default_factory=dict)
    #: Each function's own nodes and bindings, collected once: the rounds below read them
    #: again and again (walking them each time was most of the default set's cold time).
    _own: dict[int, list[ast.AST]] = field(default_factory=dict, repr=False)
    _bindings: dict[int, tuple[list[_Binding], list[ast.If | ast.Try]]] = field(
        default_factory=dict, repr=False
    )

    def __post_init__(self) -> None:
        for node in ast.walk(self.tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                self.functions.setdefault(node.name, []).append(node)
        for _ in range(_ROUNDS):
            before = (
                {k: frozenset(v) for k, v in self.names.items()},
                dict(self.returns),
                {k: frozenset(v) for k, v in self.params.items()},
            )
            for defs in self.functions.values():
                for function in defs:
                    self.names[id(function)] = self._local_names(function)
            self._summarize_returns()
            self._summarize_params()
            after = (
                {k: frozenset(v) for k, v in self.names.items()},
                dict(self.returns),
                {k: frozenset(v) for k, v in self.params.items()},
            )
            if after == before:
                break

    # -- queries --------------------------------------------------------------------------
    def source_of(self, node: ast.AST, function: ast.AST | None) -> ast.AST | None:
        """The source expression or rank-holding name `node` converts, if any."""
        names = self.names.get(id(function), set()) if function is not None else set()
        return self._trace(node, names)

    def functions_of(self) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
        for defs in self.functions.values():
            yield from defs

    # -- analysis -------------------------------------------------------------------------
    def _trace(self, node: ast.AST, names: set[str]) -> ast.AST | None:
        current: ast.AST | None = node
        while current is not None:
            if self.is_source(current) or (isinstance(current, ast.Name) and current.id in names):
                return current
            if isinstance(current, ast.Call) and self._returns_rank(current) is None:
                return current
            current = peel_index(current, self.modulo)
        return None

    def _callee(self, call: ast.Call) -> str | None:
        func = call.func
        if isinstance(func, ast.Name):
            return func.id
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")
        ):
            return func.attr
        return None

    def _returns_rank(self, call: ast.Call) -> frozenset[int] | bool | None:
        """None: the call returns the rank; a set: tuple positions holding it; False: no."""
        name = self._callee(call)
        if name is None or name not in self.returns:
            return False
        return self.returns[name]

    def _own_nodes(self, function: ast.AST) -> list[ast.AST]:
        nodes = self._own.get(id(function))
        if nodes is None:
            nodes = self._own[id(function)] = list(own_nodes(function))
        return nodes

    def _function_bindings(
        self, function: ast.FunctionDef | ast.AsyncFunctionDef
    ) -> tuple[list[_Binding], list[ast.If | ast.Try]]:
        cached = self._bindings.get(id(function))
        if cached is not None:
            return cached
        bindings: list[_Binding] = []
        ifs: list[ast.If | ast.Try] = []
        for node in self._own_nodes(function):
            if isinstance(node, ast.If | ast.Try):
                ifs.append(node)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    bindings += _bind(target, node.value, node.lineno)
            elif isinstance(node, ast.AnnAssign | ast.AugAssign) and isinstance(
                node.target, ast.Name
            ):
                bindings.append(_Binding(node.target.id, node.value or node.target, node.lineno))
            elif isinstance(node, ast.For | ast.comprehension | ast.With | ast.withitem):
                bound = getattr(node, "target", None) or getattr(node, "optional_vars", None)
                for name in _target_names(bound):
                    bindings.append(_Binding(name, ast.Constant(None), getattr(node, "lineno", 0)))
        self._bindings[id(function)] = (bindings, ifs)
        return bindings, ifs

    def _local_names(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
        bindings, ifs = self._function_bindings(function)
        names = set(self.params.get(function.name, set()))
        arguments = {a.arg for a in all_arguments(function.args)}
        changed = True
        while changed:
            changed = False
            for name in {b.name for b in bindings} - names:
                if name in arguments and name not in names:
                    continue  # a parameter rebound: leave it to the callers
                own = [b for b in bindings if b.name == name]
                with_itself = names | {name}
                traced = [b for b in own if self._binding_traces(b, names)]
                if not traced:
                    continue
                others = [b for b in own if not self._binding_traces(b, with_itself)]
                first = min(b.line for b in traced)
                if all(_default_before(b, first) or _other_arm(ifs, traced, b) for b in others):
                    names.add(name)
                    changed = True
        return names

    def _binding_traces(self, binding: _Binding, names: set[str]) -> bool:
        if binding.position is None:
            return self._trace(binding.value, names) is not None
        value = binding.value
        if isinstance(value, ast.Call):
            positions = self._returns_rank(value)
            return isinstance(positions, frozenset) and binding.position in positions
        return False

    def _summarize_returns(self) -> None:
        for name, defs in self.functions.items():
            if len(defs) != 1:
                continue
            function = defs[0]
            names = self.names.get(id(function), set())
            values = [
                n.value
                for n in self._own_nodes(function)
                if isinstance(n, ast.Return) and n.value is not None
            ]
            if not values:
                continue
            if self._some_traced(values, names):
                self.returns[name] = None
                continue
            if all(isinstance(v, ast.Tuple) for v in values):
                tuples = [v for v in values if isinstance(v, ast.Tuple)]
                width = len(tuples[0].elts)
                if all(len(t.elts) == width for t in tuples):
                    positions = frozenset(
                        i
                        for i in range(width)
                        if self._some_traced([t.elts[i] for t in tuples], names)
                    )
                    if positions:
                        self.returns[name] = positions

    def _some_traced(self, values: list[ast.expr], names: set[str]) -> bool:
        """One value reads the rank and the others are literal defaults (`return 0`)."""
        traced = [self._trace(v, names) is not None for v in values]
        return any(traced) and all(
            hit or (isinstance(v, ast.Constant) and not isinstance(v.value, str))
            for v, hit in zip(values, traced, strict=True)
        )

    def _summarize_params(self) -> None:
        filled: dict[str, dict[str, list[bool]]] = {}
        for caller in self.functions_of():
            names = self.names.get(id(caller), set())
            for node in self._own_nodes(caller):
                if not isinstance(node, ast.Call):
                    continue
                callee = self._callee(node)
                defs = self.functions.get(callee or "")
                if not defs or len(defs) != 1 or callee is None:
                    continue
                params = [a.arg for a in defs[0].args.posonlyargs + defs[0].args.args]
                if params and params[0] in ("self", "cls") and isinstance(node.func, ast.Attribute):
                    params = params[1:]
                slots = filled.setdefault(callee, {})
                for param, arg in zip(params, node.args, strict=False):
                    if isinstance(arg, ast.Starred):
                        break
                    slots.setdefault(param, []).append(self._trace(arg, names) is not None)
                for kw in node.keywords:
                    if kw.arg is not None:
                        traced = self._trace(kw.value, names) is not None
                        slots.setdefault(kw.arg, []).append(traced)
        for callee, slots in filled.items():
            self.params[callee] = {p for p, seen in slots.items() if seen and all(seen)}


def own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """Nodes of one function, its nested functions and classes left out."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def module_nodes(tree: ast.Module) -> Iterator[ast.AST]:
    """The module's own statements' nodes (no defs)."""
    for statement in tree.body:
        if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield from ast.walk(statement)


def all_arguments(arguments: ast.arguments) -> list[ast.arg]:
    """Every parameter of a signature: positional-only, plain, keyword-only, `*args`, `**kw`."""
    extra = [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    return arguments.posonlyargs + arguments.args + arguments.kwonlyargs + extra


def _target_names(target: ast.AST | None) -> list[str]:
    if target is None:
        return []
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]


def _bind(target: ast.AST, value: ast.AST, line: int) -> list[_Binding]:
    if isinstance(target, ast.Name):
        return [_Binding(target.id, value, line)]
    if isinstance(target, ast.Tuple | ast.List):
        if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
            out: list[_Binding] = []
            for element, item in zip(target.elts, value.elts, strict=True):
                out += _bind(element, item, line)
            return out
        out = []
        for position, element in enumerate(target.elts):
            if isinstance(element, ast.Name):
                out.append(_Binding(element.id, value, line, position))
            else:
                out += [_Binding(n, ast.Constant(None), line) for n in _target_names(element)]
        return out
    return []


def _default_before(binding: _Binding, first: int) -> bool:
    """A literal default set before the rank is read (`rank = 0`)."""
    return (
        binding.line < first
        and binding.position is None
        and isinstance(binding.value, ast.Constant)
        and not isinstance(binding.value.value, str)
    )


def _other_arm(ifs: list[ast.If | ast.Try], traced: list[_Binding], binding: _Binding) -> bool:
    """`binding` sits in the `else` of an `if` (or an `except` of a `try`) whose first arm
    reads the rank."""
    for node in ifs:
        other: list[ast.stmt] = list(node.orelse)
        if isinstance(node, ast.Try):
            other = [s for handler in node.handlers for s in handler.body]
        if not other:
            continue
        body = (node.body[0].lineno, node.body[-1].end_lineno or node.body[-1].lineno)
        if any(_within(s, binding.line) for s in other) and any(
            body[0] <= t.line <= body[1] for t in traced
        ):
            return True
    return False


def _within(statement: ast.stmt, line: int) -> bool:
    return statement.lineno <= line <= (statement.end_lineno or statement.lineno)
