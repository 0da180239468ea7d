"""Whether a line lies in a branch that never runs: `if flag:` where the file makes `flag` false.

Research code keeps switched-off paths: `use_trt_engine = False` overwrites a parameter and
`self.parallel_decode = use_trt_engine` then guards a whole multi-GPU decode, or a private
helper `_rel_shift(x, zero_triu=False)` that every call in the file leaves at its default
guards a CPU mask. A finding inside such a branch describes code that cannot run.

The body of an `if` (or `elif`) is never taken when its test is false on every path the file
shows, read without running anything:
- a falsy literal (`False`, `None`, `0`, `""`), `a and b` with a false side, `a or b` with
  both sides false;
- a local name whose last assignment before the test is a statement of the function's own
  body (not inside a branch or loop) of a false value, with no assignment to it in a loop
  around the test; a module-level name every assignment of which (at the module's top level,
  none under `global`) is false;
- a parameter whose default is false, of a private function (`_name`, or one nested in
  another; undecorated, or a `@staticmethod` / `@classmethod`: GLM's `_rel_shift`) that the
  file names only by calling it, and that none of its calls fills (no such
  keyword, not enough positional arguments, no `*args` or `**kwargs`); also of a public
  function or method (NATSpeech's `rel_shift(x, zero_triu=False)`; not `forward`, which
  `module(x)` calls) when, besides, the project is a checkout that cannot be installed (no
  `pyproject.toml`, `setup.py` or `setup.cfg`), so that no caller lies out of sight, and its
  other files name it only in calls that leave the parameter unfilled (no configuration
  file, launch text or notebook names it; no Python file passes it on, imports it under
  another name or fills the parameter, also through `*args` / `**kwargs`);
- `mode == "dp"` (or `!=`) with a literal, where the local name `mode` holds one literal
  there: the last assignment that reaches the test, or a parameter's default that no call
  fills, read as above (D-FINE's `warp_model(model, dist_mode="ddp")`, whose only call, in
  its solver, leaves the mode at `"ddp"`);
- an attribute (`self.parallel_decode`) that the file assigns only with `.name = <false
  value>`, at least once, never as a class attribute, a property, a keyword argument or
  through `setattr`;
- `device == "cpu"` where `device` (a local name, `self.device`) holds a `torch.device` made
  just above, among the function's own statements: a device object never equals a string
  (MLPerf's `if self.device == "cpu":` after `self.device = torch.device(self.device)`).
An attribute or module-level name that the proof rests on must not be assigned by another
file of the project either (`cuda.CUDA_ENABLED = True` from the module that turns CUDA on,
`module.gradient_checkpointing = True` from a model base class, a keyword `parallel_decode=`,
`setattr`): `ProjectIndex.in_branch_never_taken` reads the project's files for that, after
the per-file cache, so the answer follows edits of other files. A private helper's calls are
read in its own file only; a public function's calls are read in the project's other files
the same way.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Iterator

from torchplace.lint.context import call_name, dotted_name, parameter_default
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.rank_flow import own_nodes

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Decorators that change no call of the function (a `@staticmethod` takes no `self`: GLM's
#: `_rel_shift(x, zero_triu=False)`, called as `self._rel_shift(score)`).
_PLAIN_METHODS = frozenset({"staticmethod", "classmethod"})
#: Methods that code calls without naming them (`module(x)` runs `forward`).
_CALLED_UNSEEN = frozenset({"forward"})
#: Marks a need that is a public function's name: no other file of the project may name it,
#: and the project must be a checkout nobody installs (its calls are all in sight).
CALLED_ONLY_HERE = "()"
#: How many names or attributes one answer may follow (`a = b`, `self.x = self.y`).
_MAX_DEPTH = 6
#: An `if` or `elif` whose test is made only of names, attributes, `and`/`or`, literals and
#: `==` with a string: the only tests this module can prove false.
_SIMPLE_TEST = re.compile(r"""^\s*(?:el)?if\s+(?:[\w.\s]|==|"[^"\n]*"|'[^'\n]*')+:""")


class DeadBranches:
    """The branches of one file's code that never run, read on the first question that an
    `if` of the right shape encloses."""

    def __init__(self, data: bytes) -> None:
        self._text = data.decode("utf-8", "replace")
        self._lines = self._text.splitlines()
        self._spans: list[tuple[int, int, frozenset[str]]] | None = None
        self._outer: list[int] | None = None

    def holds(self, line: int) -> frozenset[str] | None:
        """None when `line` lies in no branch the file switches off; else the attribute and
        module-level names the proof rests on, which no other file may assign, and the
        public functions (`CALLED_ONLY_HERE` + name) no other file may name."""
        if self._outer is None:
            self._outer = _outer_lines(self._lines)
        if not _under_simple_test(self._lines, self._outer, line):
            return None  # most findings: no enclosing test of the shape, no parse
        if self._spans is None:
            self._spans = _spans_of(self._text)
        found = [needs for first, last, needs in self._spans if first <= line <= last]
        return min(found, key=len) if found else None


def _spans_of(text: str) -> list[tuple[int, int, frozenset[str]]]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning
            tree = tolerant_tree(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    facts = _FileFacts(tree)
    spans = []
    for node, function in _ifs(tree):
        needs: set[str] = set()
        if node.body and facts.false(node.test, function, node.lineno, 0, set(), needs):
            last = node.body[-1]
            spans.append((node.body[0].lineno, last.end_lineno or last.lineno, frozenset(needs)))
    return spans


def _under_simple_test(lines: list[str], outer: list[int], line: int) -> bool:
    """Some `if` line above `line`, less indented than it, has a test of names only: up the
    chain of lines each less indented than the one below it (`_outer_lines`)."""
    if not 1 <= line <= len(lines):
        return False
    number = outer[line - 1]
    while number:
        text = lines[number - 1]
        if _SIMPLE_TEST.match(text):
            return True
        if _indent(text) == 0:
            return False
        number = outer[number - 1]
    return False


def _outer_lines(lines: list[str]) -> list[int]:
    """For each line (by index), the number of the nearest line above it, not blank nor a
    comment, that is less indented (0 for none), read in one pass: a scan up from each
    finding would read a long function once per finding."""
    outer: list[int] = []
    open_: list[tuple[int, int]] = []  # (indent, number) of lines that may hold the next ones
    for number, text in enumerate(lines, start=1):
        indent = _indent(text)
        if not text.strip() or text.lstrip().startswith("#"):
            # Holds no line below it: its own answer only, the open lines kept as they are.
            below = next((n for own, n in reversed(open_) if own < indent), 0)
            outer.append(below)
            continue
        while open_ and open_[-1][0] >= indent:
            open_.pop()
        outer.append(open_[-1][1] if open_ else 0)
        open_.append((indent, number))
    return outer


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def set_elsewhere(name: str, data: bytes) -> bool:
    """Another file's bytes may assign `name` (`x.name = ...`, `name = ...`, a keyword
    `name=`, `setattr(..., "name", ...)`)."""
    if name.encode() not in data:
        return False
    pattern = _ASSIGNED.get(name)
    if pattern is None:
        word = re.escape(name).encode()
        pattern = re.compile(rb"\b" + word + rb"\s*=(?!=)|setattr\([^)]*[\"']" + word + rb"[\"']")
        _ASSIGNED[name] = pattern
    return pattern.search(data) is not None


_ASSIGNED: dict[str, re.Pattern[bytes]] = {}


def _ifs(tree: ast.Module) -> Iterator[tuple[ast.If, _Function | None]]:
    """Each `if` of the file with its innermost function (None at module or class level)."""
    stack: list[tuple[ast.AST, _Function | None]] = [(tree, None)]
    while stack:
        node, function = stack.pop()
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, _Function) else function
            if isinstance(child, ast.ClassDef):
                inner = None
            if isinstance(child, ast.If):
                yield child, function
            stack.append((child, inner))


class _FileFacts:
    """What the file assigns, read once: attribute assignments, module-level names, calls."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.functions: dict[str, list[_Function]] = {}
        self.nested: set[int] = set()
        self.attribute_values: dict[str, list[tuple[ast.AST, _Function | None, int]]] = {}
        self.attribute_blocked: set[str] = set()
        self.keywords: set[str] = set()
        self.name_loads: dict[str, list[ast.Name | ast.Attribute]] = {}
        self.calls: dict[str, list[ast.Call]] = {}
        self.globals: set[str] = set()
        self.has_setattr = False
        self._read(tree, None)

    def _read(self, node: ast.AST, function: _Function | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = function
            if isinstance(child, _Function):
                self.functions.setdefault(child.name, []).append(child)
                if function is not None:
                    self.nested.add(id(child))
                self.attribute_blocked.add(child.name)  # a property or method of that name
                inner = child
            elif isinstance(child, ast.ClassDef):
                for statement in child.body:
                    for target in _targets(statement):
                        if isinstance(target, ast.Name):
                            self.attribute_blocked.add(target.id)
                inner = None
            elif isinstance(child, ast.Global):
                self.globals.update(child.names)
            elif isinstance(child, ast.Call):
                self.keywords.update(k.arg for k in child.keywords if k.arg)
                name = call_name(child)
                if name is not None:
                    self.calls.setdefault(name, []).append(child)
                if isinstance(child.func, ast.Name) and child.func.id == "setattr":
                    self.has_setattr = True
            elif isinstance(child, ast.Name | ast.Attribute) and isinstance(child.ctx, ast.Load):
                key = child.id if isinstance(child, ast.Name) else child.attr
                self.name_loads.setdefault(key, []).append(child)
            if isinstance(child, ast.Assign | ast.AnnAssign | ast.AugAssign):
                value = None if isinstance(child, ast.AugAssign) else child.value
                for target in _targets(child):
                    if isinstance(target, ast.Attribute):
                        entry = (value if value is not None else child, function, child.lineno)
                        if value is None:
                            self.attribute_blocked.add(target.attr)
                        self.attribute_values.setdefault(target.attr, []).append(entry)
            self._read(child, inner)

    def false(
        self,
        expr: ast.AST,
        function: _Function | None,
        line: int,
        depth: int,
        seen: set[str],
        needs: set[str],
    ) -> bool:
        """Whether `expr`, read in `function` at `line`, is false on every path the file
        shows; `needs` gets the attribute and module-level names the answer rests on."""
        if depth > _MAX_DEPTH:
            return False
        if isinstance(expr, ast.Constant):
            return expr.value in (False, None, 0, "") and not isinstance(expr.value, float)
        if isinstance(expr, ast.BoolOp):
            parts = [self.false(v, function, line, depth + 1, seen, needs) for v in expr.values]
            return any(parts) if isinstance(expr.op, ast.And) else all(parts)
        if isinstance(expr, ast.Name):
            return self._name_false(expr.id, function, line, depth, seen, needs)
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
            is_own = expr.value.id in ("self", "cls")
            return is_own and self._attribute_false(expr.attr, depth, seen, needs)
        if isinstance(expr, ast.Compare) and len(expr.ops) == 1:
            if _device_equals_text(expr, function, line):
                return True
            return self._compare_false(expr, function, line, needs)
        return False

    def _compare_false(
        self, compare: ast.Compare, function: _Function | None, line: int, needs: set[str]
    ) -> bool:
        """`mode == "dp"` (or `!=`) where the local name `mode` holds one literal here: the
        last assignment that reaches the test, or, with none, a parameter's default that no
        call fills (`_never_filled`)."""
        if function is None or not isinstance(compare.ops[0], ast.Eq | ast.NotEq):
            return False
        left, right = compare.left, compare.comparators[0]
        if isinstance(left, ast.Constant):
            left, right = right, left
        if not (isinstance(left, ast.Name) and _literal(right)):
            return False
        if not _binds(function, left.id):
            return False
        found: set[str] = set()
        value = self._local_literal(left.id, function, line, found)
        if value is None:
            return False
        assert isinstance(right, ast.Constant)
        equal = value.value == right.value and type(value.value) is type(right.value)
        if equal != isinstance(compare.ops[0], ast.Eq):
            needs |= found
            return True
        return False

    def _local_literal(
        self, name: str, function: _Function, line: int, needs: set[str]
    ) -> ast.Constant | None:
        assignments = list(_assignments_of(function, name))
        if any(n.lineno < line for n in assignments):
            value = _reaching_value(function, line, assignments)
            return value if _literal(value) else None  # type: ignore[return-value]
        default = parameter_default(function, name)
        if assignments or not _literal(default):
            return None
        if not self._never_filled(function, name, needs):
            return None
        return default  # type: ignore[return-value]

    def _attribute_false(self, attr: str, depth: int, seen: set[str], needs: set[str]) -> bool:
        key = "." + attr
        if key in seen or attr in self.attribute_blocked or attr in self.keywords:
            return False
        if self.has_setattr:
            return False
        values = self.attribute_values.get(attr)
        if not values:
            return False
        seen = seen | {key}
        needs.add(attr)
        return all(self.false(v, f, line, depth + 1, seen, needs) for v, f, line in values)

    def _name_false(
        self,
        name: str,
        function: _Function | None,
        line: int,
        depth: int,
        seen: set[str],
        needs: set[str],
    ) -> bool:
        if function is not None and _binds(function, name):
            return self._local_false(name, function, line, depth, seen, needs)
        return self._module_name_false(name, depth, seen, needs)

    def _module_name_false(self, name: str, depth: int, seen: set[str], needs: set[str]) -> bool:
        if name in seen or name in self.globals:
            return False
        values = []
        for statement in self.tree.body:
            if isinstance(statement, ast.Import | ast.ImportFrom) and _binds_name(statement, name):
                return False
            for target in _targets(statement):
                if isinstance(target, ast.Name) and target.id == name:
                    value = getattr(statement, "value", None)
                    if isinstance(statement, ast.AugAssign) or value is None:
                        return False
                    values.append((value, statement.lineno))
            if _binds_elsewhere(statement, name):
                return False
        seen = seen | {name}
        needs.add(name)
        return bool(values) and all(
            self.false(v, None, line, depth + 1, seen, needs) for v, line in values
        )

    def _local_false(
        self,
        name: str,
        function: _Function,
        line: int,
        depth: int,
        seen: set[str],
        needs: set[str],
    ) -> bool:
        assignments = list(_assignments_of(function, name))
        if any(n.lineno < line for n in assignments):
            value = _reaching_value(function, line, assignments)
            return value is not None and self.false(value, function, line, depth + 1, seen, needs)
        default = parameter_default(function, name)
        if default is None or not self.false(default, None, line, depth + 1, seen, needs):
            return False
        return not assignments and self._never_filled(function, name, needs)

    def _never_filled(self, function: _Function, name: str, needs: set[str]) -> bool:
        """The function is named only by calls of it in this file, and none of them fills
        parameter `name`. A public one (not `_private`, not nested) may be called from
        elsewhere: the answer then needs that the project cannot be installed and that its
        other files name the function only in calls that leave `name` unfilled (`needs`
        gets `CALLED_ONLY_HERE` + `called_only_here(...)`)."""
        private = function.name.startswith("_") and not function.name.endswith("__")
        if function.name.startswith("__") or any(
            dotted_name(d) not in _PLAIN_METHODS for d in function.decorator_list
        ):
            return False  # a decorator may call it in ways not written here
        if function.name in _CALLED_UNSEEN:
            return False  # `module(x, flag=True)` calls `forward` through `__call__`
        positional = [a.arg for a in function.args.posonlyargs + function.args.args]
        bound = 1 if positional and positional[0] in ("self", "cls") else 0
        if not (private or id(function) in self.nested):
            index = positional.index(name) if name in positional else -1
            needs.add(CALLED_ONLY_HERE + called_only_here(function.name, name, index, bound))
        if len(self.functions.get(function.name, ())) != 1:
            return False
        calls = self.calls.get(function.name, [])
        funcs = {id(c.func) for c in calls}
        if any(id(n) not in funcs for n in self.name_loads.get(function.name, [])):
            return False  # passed or stored somewhere: called in ways not written here
        if not calls and (private or id(function) in self.nested):
            return False  # a private helper nothing here calls: not this module's question
        if name not in positional:
            return all(k.arg != name for c in calls for k in c.keywords)
        index = positional.index(name)
        return not any(fills_parameter(call, name, index, bound) for call in calls)


def called_only_here(function: str, parameter: str, index: int, bound: int) -> str:
    """The need that a public function's `parameter` (at positional `index`, -1 for a
    keyword-only one; `bound`: 1 for a method, whose `self` a call through an attribute
    fills) is left at its default by every call in the project's other files:
    `warp_model(dist_mode@2+0)`. `ProjectIndex.in_branch_never_taken` reads it back."""
    return f"{function}({parameter}@{index}+{bound})"


def read_called_only_here(need: str) -> tuple[str, str, int, int] | None:
    """`called_only_here`'s parts, or None for another text."""
    match = _CALLED_ONLY_HERE.fullmatch(need)
    if match is None:
        return None
    function, parameter, index, bound = match.groups()
    return function, parameter, int(index), int(bound)


_CALLED_ONLY_HERE = re.compile(r"(\w+)\((\w+)@(-?\d+)\+([01])\)")


def fills_parameter(call: ast.Call, parameter: str, index: int, bound: int) -> bool:
    """Whether `call` may give `parameter` a value (by keyword, by position, or through
    `*args` / `**kwargs`)."""
    if any(isinstance(a, ast.Starred) for a in call.args):
        return True
    if any(k.arg is None or k.arg == parameter for k in call.keywords):
        return True
    if index < 0:
        return False
    given = len(call.args) + (bound if isinstance(call.func, ast.Attribute) else 0)
    return given > index


def _literal(node: ast.AST | None) -> bool:
    """A literal string, integer or boolean (a mode, a flag), not a float."""
    return isinstance(node, ast.Constant) and type(node.value) in (str, int, bool)


def _reaching_value(function: _Function, line: int, assignments: list[ast.stmt]) -> ast.expr | None:
    """The value that reaches `line` from `assignments` (statements of `function` binding one
    name or attribute): the last one above it, when that is a plain assignment among the
    function's own statements (not inside a branch or loop) and no later one sits in a loop
    around `line`; else None (other paths may hold another value)."""
    before = [n for n in assignments if n.lineno < line]
    if not before:
        return None
    last = max(before, key=lambda n: n.lineno)
    if last not in function.body or not isinstance(last, ast.Assign | ast.AnnAssign):
        return None
    if any(_loop_around(function, line, n) for n in assignments if n.lineno >= line):
        return None
    return last.value


def _device_equals_text(compare: ast.Compare, function: _Function | None, line: int) -> bool:
    """`device == "cpu"` where `device` holds a `torch.device`: a device object never equals
    a string, so the test is always false (`if self.device == "cpu":` after
    `self.device = torch.device(self.device)`)."""
    if not isinstance(compare.ops[0], ast.Eq | ast.Is):
        return False
    sides = (compare.left, compare.comparators[0])
    texts = [s for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
    others = [s for s in sides if s not in texts]
    return len(texts) == 1 and len(others) == 1 and _device_object(others[0], function, line)


def _device_object(expr: ast.AST, function: _Function | None, line: int) -> bool:
    """`expr` is a `torch.device(...)` call, or a local name or `self.<attr>` whose value
    reaching `line` in `function` is one."""
    if isinstance(expr, ast.Call):
        return dotted_name(expr.func) == "torch.device"
    if function is None or not isinstance(expr, ast.Name | ast.Attribute):
        return False
    if isinstance(expr, ast.Attribute) and not (
        isinstance(expr.value, ast.Name) and expr.value.id == "self"
    ):
        return False
    key = dotted_name(expr)
    assignments: list[ast.stmt] = [
        n
        for n in own_nodes(function)
        if isinstance(n, ast.Assign | ast.AnnAssign | ast.AugAssign)
        and any(dotted_name(t) == key for t in _targets(n))
    ]
    value = _reaching_value(function, line, assignments)
    return isinstance(value, ast.Call) and dotted_name(value.func) == "torch.device"


def _targets(statement: ast.AST) -> list[ast.AST]:
    if isinstance(statement, ast.Assign):
        found: list[ast.AST] = []
        for target in statement.targets:
            found += target.elts if isinstance(target, ast.Tuple | ast.List) else [target]
        return found
    if isinstance(statement, ast.AnnAssign | ast.AugAssign):
        return [statement.target]
    return []


def _binds(function: _Function, name: str) -> bool:
    """`name` is local to `function`: a parameter, or bound by its own statements."""
    arguments = function.args
    every = arguments.posonlyargs + arguments.args + arguments.kwonlyargs
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    if any(a.arg == name for a in every):
        return True
    return any(_binds_name(node, name) for node in own_nodes(function))


def _binds_name(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name) and node.id == name:
        return isinstance(node.ctx, ast.Store | ast.Del)
    if isinstance(node, ast.Import | ast.ImportFrom):
        return any((a.asname or a.name).split(".")[0] == name for a in node.names)
    return False


def _binds_elsewhere(statement: ast.AST, name: str) -> bool:
    """A module-level statement that binds `name` other than by a plain assignment: a loop
    target, a `with ... as`, a definition of that name, a nested assignment."""
    if isinstance(statement, _Function | ast.ClassDef):
        return statement.name == name
    if isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
        return False
    return any(_binds_name(node, name) for node in ast.walk(statement))


def _assignments_of(function: _Function, name: str) -> Iterator[ast.stmt]:
    """Statements of `function` (nested definitions left out) that bind `name`."""
    for node in own_nodes(function):
        if isinstance(node, ast.stmt) and not isinstance(node, ast.FunctionDef):
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                if any(isinstance(t, ast.Name) and t.id == name for t in _targets(node)):
                    yield node
            elif isinstance(node, ast.For | ast.AsyncFor | ast.With | ast.AsyncWith):
                heads = [node.target] if isinstance(node, ast.For | ast.AsyncFor) else []
                if isinstance(node, ast.With | ast.AsyncWith):
                    heads = [i.optional_vars for i in node.items if i.optional_vars is not None]
                if any(_binds_name(n, name) for h in heads for n in ast.walk(h)):
                    yield node
        elif isinstance(node, ast.NamedExpr) and node.target.id == name:
            yield ast.Expr(value=node, lineno=node.lineno, col_offset=node.col_offset)


def _loop_around(function: _Function, line: int, assignment: ast.stmt) -> bool:
    """A loop of `function` holds both `line` and `assignment`: the value flows back."""
    for node in own_nodes(function):
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):
            first, last = node.lineno, node.end_lineno or node.lineno
            if first <= line <= last and first <= assignment.lineno <= last:
                return True
    return False
