"""An `if` in a loop whose first arm runs on the loop's first pass and its second arm only on
later passes, after the first arm ran.

Decoders that grow their outputs step by step start from a placeholder and replace it on the
first pass (Tacotron 2 in NVIDIA's examples and speechbrain):

    mel_outputs = torch.zeros(1)
    first_iter = True
    while True:
        mel_output = self.decode(...)
        if first_iter:
            mel_outputs = mel_output.unsqueeze(0)
            first_iter = False
        else:
            mel_outputs = torch.cat((mel_outputs, mel_output.unsqueeze(0)), dim=0)

The CPU placeholder never reaches the `cat`: the second arm runs only once the first arm has
replaced it. The device flow reads both arms from the state before the `if`, so without this
it sees the placeholder meet the decoder's GPU output.

A first-pass test is one of:

- a flag the function sets to `True` once before the loop (in the block that holds the loop)
  and otherwise only to `False`, in statements at the top level of the `if`'s first arm: the
  second arm then runs only after the first did;
- the same flag set to `False` at the top level of the loop body after the `if`, where the
  `if` itself sits at the top level of the loop body with no `continue` before it;
- `i == 0` (or `not i`) of the loop's own counter (`for i in range(n)`,
  `for i, x in enumerate(xs)`, counting from 0, no `*args`), which nothing but the loop
  binds inside it, with the `if` at the top level of the loop body and no `continue` before
  it.

The second arm sees, as the first arm left them, the plain names (also in tuples) that the
first arm binds at its top level before anything there may end the pass (a `continue`, or
setting the flag `False` before a statement that may raise). Only where nothing else can put
another value back between passes: the name's other bindings are the second arm's own
top-level growth of it (`x = torch.cat((x, y))`, a value that reads it) or lie outside the
loop, where they can only run before the loop starts again, which sets the flag or the counter
anew; no `global` or `nonlocal` names it and no nested function binds it. A loop that runs no
pass at all leaves the placeholder after it; the flow, which reads a loop's body as run,
does not see that either way.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

_Loop = ast.For | ast.AsyncFor | ast.While
_Function = ast.FunctionDef | ast.AsyncFunctionDef
_Nested = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef


class FirstPasses:
    """The first-pass tests of one function's loops; the function's bindings, its nested
    functions and each loop's nodes are read once."""

    def __init__(self, function: _Function) -> None:
        self.function = function
        self._bindings: dict[str, list[ast.AST]] | None = None
        self._nested: set[int] | None = None
        self._blocks: dict[int, list[ast.stmt]] | None = None
        self._inside: dict[int, set[int]] = {}
        self._bodies: dict[int, _LoopBody] = {}

    def replaced(self, loop: _Loop, node: ast.If) -> frozenset[str]:
        """The names the first arm of `node` binds that its second arm sees only as bound
        there, when `node` is a first-pass test of `loop`; else empty."""
        if not node.orelse:
            return frozenset()
        test = node.test
        flag: str | None = None
        if isinstance(test, ast.Name):
            flag = test.id
            if not self._first_pass_flag(loop, node, flag, self._block_before(loop)):
                return frozenset()
        else:
            counter = _zero_test(test)
            if counter is None or not _counts_from_zero(loop, counter):
                return frozenset()
            if not self._only_the_loop_binds(loop, counter):
                return frozenset()
            if not self._body_of(loop).reached_each_pass(node):
                return frozenset()
        names: set[str] = set()
        for statement in node.body:
            if _may_end_the_pass(statement, flag):
                break
            names.update(_bound_names(statement))
        first = {id(s) for s in node.body}
        inside = self._inside_of(loop)
        return frozenset(
            name
            for name in names
            if all(
                id(binding) in first
                or _grows(binding, name, node.orelse)
                or (id(binding) not in inside and self._plain_outside(binding))
                for binding in self._of(name)
            )
        )

    def _only_the_loop_binds(self, loop: _Loop, counter: str) -> bool:
        """Nothing but `loop` itself binds the counter inside it, nor through `nonlocal`,
        `global` or a nested function."""
        inside = self._inside_of(loop)
        return all(
            binding is loop or (id(binding) not in inside and self._plain_outside(binding))
            for binding in self._of(counter)
        )

    def _plain_outside(self, binding: ast.AST) -> bool:
        """A binding of the function's own name: no `global` / `nonlocal` declaration, nothing
        in a nested function (called in the loop, it may bind the name on any pass)."""
        if isinstance(binding, ast.Global | ast.Nonlocal):
            return False
        if self._nested is None:
            self._nested = {
                id(inner)
                for node in ast.walk(self.function)
                if isinstance(node, _Nested) and node is not self.function
                for inner in ast.walk(node)
            }
        return id(binding) not in self._nested

    def _body_of(self, loop: _Loop) -> _LoopBody:
        if id(loop) not in self._bodies:
            self._bodies[id(loop)] = _LoopBody(loop)
        return self._bodies[id(loop)]

    def _inside_of(self, loop: _Loop) -> set[int]:
        if id(loop) not in self._inside:
            self._inside[id(loop)] = {id(n) for n in ast.walk(loop)}
        return self._inside[id(loop)]

    def _first_pass_flag(self, loop: _Loop, node: ast.If, flag: str, block: set[int]) -> bool:
        """`flag` is set to True once, in the statements just before `loop`, and otherwise only
        to False, in `node`'s first arm or (with `node` reached on every pass) at the loop
        body's top level after `node`; no `global` or `nonlocal` names it."""
        in_arm = {id(s) for s in node.body}
        body = self._body_of(loop)
        set_true = set_false = 0
        for binding in self._of(flag):
            literal = _assigned_literal(binding)
            if not self._plain_outside(binding):
                return False
            if literal is True and id(binding) in block:
                set_true += 1
            elif literal is False and (
                id(binding) in in_arm
                or (body.after(node, binding) and body.reached_each_pass(node))
            ):
                set_false += 1
            else:
                return False
        return set_true == 1 and set_false >= 1

    def _of(self, name: str) -> list[ast.AST]:
        if self._bindings is None:
            self._bindings = _index_bindings(self.function)
        return self._bindings.get(name, [])

    def _block_before(self, loop: _Loop) -> set[int]:
        """The statements before `loop` in the block that holds it."""
        if self._blocks is None:
            self._blocks = {}
            for parent in ast.walk(self.function):
                for field in ("body", "orelse", "finalbody"):
                    statements = getattr(parent, field, None)
                    if isinstance(statements, list):
                        for statement in statements:
                            self._blocks[id(statement)] = statements
                for handler in getattr(parent, "handlers", ()):
                    for statement in handler.body:
                        self._blocks[id(statement)] = handler.body
                for case in getattr(parent, "cases", ()):
                    for statement in case.body:
                        self._blocks[id(statement)] = case.body
        statements = self._blocks.get(id(loop), [])
        before: set[int] = set()
        for statement in statements:
            if statement is loop:
                return before
            before.add(id(statement))
        return set()


def _may_end_the_pass(statement: ast.stmt, flag: str | None) -> bool:
    """A top-level statement of the first arm after which its later bindings may not run on
    the first pass while the second arm still runs on the next: one holding a `continue` of
    the loop, or the flag set `False` (the statements after it may raise into a handler
    inside the loop)."""
    clears = flag is not None and _assigned_literal(statement) is False
    if clears and isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id == flag
    return any(isinstance(n, ast.Continue) for n in _own_loop_nodes(statement))


def _grows(binding: ast.AST, name: str, arm: list[ast.stmt]) -> bool:
    """`binding` is a top-level `name = f(..., name, ...)` of `arm`: it grows what the name
    holds, as the second arm of a first-pass test does (`x = torch.cat((x, y))`)."""
    if not isinstance(binding, ast.Assign) or not any(binding is s for s in arm):
        return False
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(binding.value))


def _index_bindings(function: _Function) -> dict[str, list[ast.AST]]:
    """Every statement or parameter of `function` (and of functions nested in it, which may
    rebind a name through `nonlocal`) that may bind each name. Unlike `unbound_reads` and
    `process_indexes`, which read a function's own locals, this keeps the statement that
    binds, the parameters, `global` / `nonlocal` declarations and nested functions' bindings:
    each of them is a way a placeholder may come back between passes."""
    index: dict[str, list[ast.AST]] = {}

    def add(names: set[str], node: ast.AST) -> None:
        for name in names:
            index.setdefault(name, []).append(node)

    arguments = function.args
    every = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
    add({a.arg for a in every}, function)
    add({a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}, function)
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                add(_target_names(target), node)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.For | ast.AsyncFor):
            add(_target_names(node.target), node)
        elif isinstance(node, ast.NamedExpr):
            add({node.target.id}, node)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            add(_target_names(node.optional_vars), node)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            add(set(node.names), node)
        elif isinstance(node, ast.comprehension):
            add(_target_names(node.target), node)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            add({node.name}, node)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                add(_target_names(target), node)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            add({(a.asname or a.name.partition(".")[0]) for a in node.names}, node)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node is not function:
                add({node.name}, node)
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            add({node.name}, node)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            add({node.rest}, node)
    return index


def _assigned_literal(binding: ast.AST) -> object:
    """The constant of a plain `name = <constant>` (None for any other binding)."""
    if not isinstance(binding, ast.Assign) or len(binding.targets) != 1:
        return None
    plain = isinstance(binding.targets[0], ast.Name)
    return binding.value.value if plain and isinstance(binding.value, ast.Constant) else None


def _target_names(target: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _zero_test(test: ast.expr) -> str | None:
    """The name `test` compares with 0 (`i == 0`, `0 == i`, `not i`)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        operand = test.operand
        return operand.id if isinstance(operand, ast.Name) else None
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    if not isinstance(test.ops[0], ast.Eq):
        return None
    left, right = test.left, test.comparators[0]
    for name, zero in ((left, right), (right, left)):
        if isinstance(name, ast.Name) and _is_zero(zero):
            return name.id
    return None


def _is_zero(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 0


def _counts_from_zero(loop: _Loop, name: str) -> bool:
    """`loop` is `for name in range(n)` / `range(0, n)` / `for name, x in enumerate(xs)`
    (no start but 0)."""
    if not isinstance(loop, ast.For | ast.AsyncFor) or not isinstance(loop.iter, ast.Call):
        return False
    call, target = loop.iter, loop.target
    if any(isinstance(a, ast.Starred) for a in call.args):
        return False  # `range(*bounds)`: where it starts is not written
    func = call.func.id if isinstance(call.func, ast.Name) else None
    if func == "range":
        counts = (
            isinstance(target, ast.Name)
            and target.id == name
            and not call.keywords
            and (len(call.args) == 1 or (len(call.args) in (2, 3) and _is_zero(call.args[0])))
        )
    elif func == "enumerate":
        counter = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else None
        start = next((k.value for k in call.keywords if k.arg == "start"), None)
        counts = (
            isinstance(counter, ast.Name)
            and counter.id == name
            and len(call.args) == 1
            and all(k.arg == "start" for k in call.keywords)
            and (start is None or _is_zero(start))
        )
    else:
        counts = False
    return counts


class _LoopBody:
    """Where each top-level statement of a loop's body sits, and where the first one holding
    a `continue` of the loop does."""

    def __init__(self, loop: _Loop) -> None:
        self.positions = {id(s): index for index, s in enumerate(loop.body)}
        self.first_continue = next(
            (
                index
                for index, s in enumerate(loop.body)
                if any(isinstance(n, ast.Continue) for n in _own_loop_nodes(s))
            ),
            len(loop.body),
        )

    def reached_each_pass(self, node: ast.stmt) -> bool:
        """`node` sits at the top level of the loop's body and no `continue` of this loop
        comes before it: every pass reaches it (unless it leaves the loop)."""
        position = self.positions.get(id(node))
        return position is not None and position <= self.first_continue

    def after(self, node: ast.stmt, statement: ast.AST) -> bool:
        """`statement` sits at the top level of the loop's body after `node`."""
        position, other = self.positions.get(id(node)), self.positions.get(id(statement))
        return position is not None and other is not None and other > position


def _own_loop_nodes(statement: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of `statement`, not those of loops nested in it (their `continue` is
    theirs) nor of nested functions."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _Loop | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                # A nested loop's `else` runs on the outer loop's pass: its `continue` counts.
                if isinstance(child, _Loop):
                    stack.extend(child.orelse)
                continue
            stack.append(child)


def _bound_names(statement: ast.stmt) -> Iterator[str]:
    """The plain names a top-level statement of an arm binds: `x = ...`, `a, b = ...`."""
    if isinstance(statement, ast.Assign):
        for target in statement.targets:
            if isinstance(target, ast.Name):
                yield target.id
            elif isinstance(target, ast.Tuple | ast.List):
                yield from (e.id for e in target.elts if isinstance(e, ast.Name))
    elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
        yield from _target_names(statement.target) if isinstance(statement.target, ast.Name) else ()
