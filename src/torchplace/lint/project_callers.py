"""Whether every caller of a function, across its project, holds a device guard around the call.

A kernel library often keeps its launches in helper modules (`kernels_4bit.py`) and guards
them one call up (`with torch.cuda.device(A.device): kernels_4bit.dequantize(...)` in
`ops.py`): the launch itself is unguarded, but it only ever runs under its callers' guard.
This module answers that question for one function, by name: it reads the project's files
that hold the name (a byte search first, a parse only of those), and looks at every place the
name is used. A call inside a device context (`with torch.cuda.device(...)`, an alias or
helper of one) or in a function that binds a device is guarded; a use that is not a call (the
function handed to a registry, stored, returned) leaves its callers unknown, so the answer is
no. An alias (`impl = kernels_optim.update`) is followed one step.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence

#: A device context: `torch.cuda.device(i)`, `torch.accelerator.device_index`, `device_of(x)`,
#: a backend module's `.device(x)`, or a project's own alias of one (`torch_gpu_device(x)`,
#: `cuda_device_guard(x)`, `_triton_device_context(x)`).
DEVICE_GUARD = re.compile(r"device(?:_index|_of|_guard|_context|_ctx)?\s*\(|DeviceGuard\s*\(")
BINDS_DEVICE = re.compile(r"set_device\s*\(")
_ALIAS_DEPTH = 1


class CallerIndex:
    """Call sites of functions across one project's files, parsed at most once each."""

    def __init__(self, files: Sequence[str], texts: dict[str, bytes] | None = None) -> None:
        self.files = files
        self._data: dict[str, bytes | None] = dict(texts or {})
        self._trees: dict[str, ast.Module | None] = {}
        self._answers: dict[str, bool] = {}
        self._parent_maps: dict[int, dict[int, ast.AST]] = {}

    def guarded_by_callers(self, path: str, line: int) -> bool:
        """Whether the function holding `path:line` is called somewhere in the project, and
        always under a device guard (or a device binding)."""
        name = self._function_at(path, line)
        if name is None or name.startswith("__"):
            return False  # module code, or a dunder the interpreter calls
        answer = self._answers.get(name)
        if answer is None:
            verdicts = list(self._uses(name, _ALIAS_DEPTH))
            answer = bool(verdicts) and all(verdicts)
            self._answers[name] = answer
        return answer

    def _function_at(self, path: str, line: int) -> str | None:
        """The innermost function whose lines hold `line`."""
        tree = self._tree(path)
        holding = [
            node
            for node in (ast.walk(tree) if tree is not None else ())
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.lineno <= line <= (node.end_lineno or node.lineno)
        ]
        return max(holding, key=lambda node: node.lineno).name if holding else None

    def _uses(
        self, name: str, depth: int, followed: frozenset[int] = frozenset()
    ) -> Iterator[bool]:
        """One verdict per use of `name` in the project: True for a guarded call."""
        needle = name.encode()
        for path in self.files:
            data = self._read(path)
            if data is None or needle not in data:
                continue
            tree = self._tree(path)
            if tree is not None:
                yield from self._uses_in(tree, name, depth, followed)

    def _uses_in(
        self, tree: ast.Module, name: str, depth: int, followed: frozenset[int]
    ) -> Iterator[bool]:
        parents = self._parents(tree)
        for node in ast.walk(tree):
            if not _loads(node, name):
                continue
            parent = parents.get(id(node))
            if isinstance(parent, ast.Call) and parent.func is node:
                yield _guarded(parent, parents)
            elif isinstance(parent, ast.Assign) and parent.value is node:
                if id(parent) in followed or _rebinds_itself(parent, name):
                    continue  # the alias being followed, or `update = update`
                targets = [t.id for t in parent.targets if isinstance(t, ast.Name)]
                if depth == 0 or len(targets) != 1:
                    yield False
                    continue
                aliased = list(self._uses(targets[0], depth - 1, followed | {id(parent)}))
                yield from aliased or [False]
            else:
                yield False  # handed on: its callers are unknown

    def _parents(self, tree: ast.Module) -> dict[int, ast.AST]:
        parents = self._parent_maps.get(id(tree))
        if parents is None:
            parents = {id(c): p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
            self._parent_maps[id(tree)] = parents
        return parents

    def _read(self, path: str) -> bytes | None:
        if path not in self._data:
            try:
                with open(path, "rb") as handle:
                    self._data[path] = handle.read()
            except OSError:
                self._data[path] = None
        return self._data[path]

    def _tree(self, path: str) -> ast.Module | None:
        if path not in self._trees:
            data = self._read(path)
            try:
                self._trees[path] = None if data is None else ast.parse(data)
            except (SyntaxError, ValueError, RecursionError):
                self._trees[path] = None
        return self._trees[path]


def _rebinds_itself(assign: ast.Assign, name: str) -> bool:
    return isinstance(assign.value, ast.Name) and [
        t.id for t in assign.targets if isinstance(t, ast.Name)
    ] == [name]


def _loads(node: ast.AST, name: str) -> bool:
    """`name` or `module.name` read (not assigned to)."""
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, ast.Load)
    return isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.ctx, ast.Load)


def _guarded(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    node: ast.AST | None = parents.get(id(call))
    while node is not None:
        if isinstance(node, ast.With | ast.AsyncWith) and any(
            DEVICE_GUARD.search(ast.unparse(item.context_expr)) for item in node.items
        ):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return not isinstance(node, ast.Lambda) and _binds(node)
        node = parents.get(id(node))
    return False


def _binds(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(
        isinstance(n, ast.Call) and BINDS_DEVICE.search(ast.unparse(n.func) + "(")
        for n in ast.walk(function)
    )
