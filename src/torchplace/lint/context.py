"""What the rules see of one file: the syntax tree, pruned to the lines that may hold a finding.

Parsing is done by CPython's C parser; the walk in Python is the expensive part, so it only
descends into statements and expressions whose line span touches a candidate line (a line
that some enabled rule's regular expression matched). Every node collected carries its scope
chain (module, classes, functions), which is all the context the rules need.
"""

from __future__ import annotations

import ast
import re
import warnings
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from torchplace.lint.parse_around import tolerant_parse, tolerant_tree
from torchplace.lint.source import SourceFile

_SELF_CALL = re.compile(r"\bself\.(\w+)\s*\(")


@dataclass(frozen=True)
class Scope:
    """A module, class or function body, innermost last in a chain of parents."""

    kind: str  # "module", "class" or "function"
    name: str
    node: ast.AST
    parent: Scope | None = None

    def enclosing(self, kind: str) -> Scope | None:
        scope: Scope | None = self
        while scope is not None and scope.kind != kind:
            scope = scope.parent
        return scope

    @property
    def function(self) -> Scope | None:
        return self.enclosing("function")

    @property
    def method_class(self) -> Scope | None:
        """The class whose method this scope is directly in, if any."""
        function = self.function
        if function is not None and function.parent is not None and function.parent.kind == "class":
            return function.parent
        return None

    @property
    def body(self) -> list[ast.stmt]:
        body: list[ast.stmt] = getattr(self.node, "body", [])
        return body


@dataclass(frozen=True)
class Located:
    """A node and the scope it appears in."""

    node: ast.AST
    scope: Scope


_TEST_DIRECTORIES = frozenset({"tests", "test", "testing", "benchmarks", "benchmark", "bench"})
_TEST_FILE = re.compile(
    r"(?:test_|bench_|benchmark_)\w*\.py|\w*_(?:test|tests|bench)\.py|conftest\.py"
    r"|bench(?:mark)?\.py"
)


def is_test_or_benchmark(path: str) -> bool:
    """A test or a benchmark, by its directory (`tests/`, `benchmarks/`, ...) or its name
    (`test_*.py`, `*_test.py`, `conftest.py`, `bench_*.py`, `benchmark.py`, as mmdet-style
    `tools/analysis_tools/benchmark.py` speed tools are named): code that runs on one GPU by
    design, where rules about hard-coded devices do not apply."""
    parts = path.replace("\\", "/").split("/")
    return bool(_TEST_DIRECTORIES.intersection(parts[:-1])) or bool(_TEST_FILE.fullmatch(parts[-1]))


def dotted_name(node: ast.AST) -> str | None:
    """`torch.cuda.set_device` for an attribute chain of names, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def string_text(node: ast.AST, placeholder: str) -> str | None:
    """The text of a string literal, or of an f-string with `placeholder` for each value it
    fills (`f"encoder.{step}.pth"` with `"*"`: `"encoder.*.pth"`); None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else placeholder
            for v in node.values
        )
    return None


def call_name(call: ast.Call) -> str | None:
    """The last name of what is called: `set_device` for `torch.cuda.set_device(...)`."""
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def keyword(call: ast.Call, name: str) -> ast.keyword | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw
    return None


def parameter_names(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    """The names of a function's parameters, `*args` and `**kwargs` left out."""
    arguments = function.args
    return {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}


def parameter_default(
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str
) -> ast.expr | None:
    """The default value of parameter `name`, or None when it has none."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    defaults = arguments.defaults
    pairs = zip(positional[len(positional) - len(defaults) :], defaults, strict=True)
    for argument, default in pairs:
        if argument.arg == name:
            return default
    for argument, keyword_default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        if argument.arg == name:
            return keyword_default
    return None


def keyword_value(call: ast.Call, name: str) -> ast.expr | None:
    """The value given to keyword `name` in `call`, or None."""
    found = keyword(call, name)
    return None if found is None else found.value


def has_star_kwargs(call: ast.Call) -> bool:
    return any(kw.arg is None for kw in call.keywords)


def assigns_key(node: ast.AST, key: str) -> bool:
    """`<mapping>["KEY"] = ...`: an assignment to a literal key (`os.environ["RANK"] = ...`)."""
    return isinstance(node, ast.Assign) and any(
        isinstance(target, ast.Subscript)
        and isinstance(target.slice, ast.Constant)
        and target.slice.value == key
        for target in node.targets
    )


def int_literal(node: ast.expr) -> int | None:
    """An integer literal, negative ones (`-1`) included; not a bool."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = int_literal(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def is_path_join(func: ast.expr) -> bool:
    """The called function is a `join` (`os.path.join`, `osp.join`, `join`): a path built
    from a directory and names."""
    return (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) == "join"


def assigned_values(scope: ast.AST, name: str) -> list[ast.expr]:
    """The values of the `name = value` statements in `scope` whose one target is `name`."""
    return [
        node.value
        for node in ast.walk(scope)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == name
    ]


def binding_count(scope: ast.AST, name: str) -> int:
    """How many times `scope` binds `name`: assignments, tuple targets, loops, `with`,
    walrus."""
    return sum(
        1
        for node in ast.walk(scope)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
    )


def sole_assignment(scope: ast.AST, name: str) -> ast.expr | None:
    """The value of the one `name = value` statement in `scope`, or None when there is none
    or more than one."""
    values = [
        node.value
        for node in ast.walk(scope)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
    return values[0] if len(values) == 1 else None


def forward_reach(
    methods: Collection[str], text_of: Callable[[str], str], forward_methods: Iterable[str]
) -> dict[str, str]:
    """Methods of one class that its forward methods reach through `self.method(...)` calls
    (transitively), each with the chain that gets there (`forward -> _rope`). `text_of(name)`
    gives a method's source; it is asked only for methods reached."""
    reach: dict[str, str] = {}
    queue = [(name, name) for name in forward_methods if name in methods]
    while queue:
        name, path = queue.pop()
        if name in reach:
            continue
        reach[name] = path
        for called in _SELF_CALL.findall(text_of(name)):
            if called in methods and called not in reach:
                queue.append((called, f"{path} -> {called}"))
    return reach


@dataclass
class FileContext:
    """The pruned view of a file that rules query."""

    source: SourceFile
    tree: ast.Module
    candidate_lines: Sequence[int]
    forward_methods: tuple[str, ...] = ("forward",)
    #: `--preview`: rules of the default set apply readings of theirs still being measured
    #: (as ruff's preview behaviour of stable rules), named in each rule's docs.
    preview: bool = False
    module_scope: Scope = field(init=False)
    aliases: dict[str, str] = field(default_factory=dict)
    calls_by_name: dict[str, list[Located]] = field(default_factory=lambda: defaultdict(list))
    assignments: list[Located] = field(default_factory=list)
    functions: dict[str, list[Located]] = field(default_factory=lambda: defaultdict(list))
    _reach_cache: dict[int, dict[str, str]] = field(default_factory=dict)
    #: Child-to-parent maps of functions, built by rules that need them (`consumer_of`).
    parents: dict[int, dict[int, ast.AST]] = field(default_factory=dict)
    #: The whole file's tree, parsed on first use (`whole_tree`): False when it does not parse.
    _whole: ast.Module | bool | None = field(default=None, init=False, repr=False)
    #: Per tree of this file (`tree`, `whole_tree()`): the calls that are statements of their
    #: own (`statement_calls`), read once a tree.
    _statement_calls: dict[int, frozenset[int]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.module_scope = Scope("module", "<module>", self.tree)
        self._collect_module_level()
        self._walk(self.tree.body, self.module_scope)

    # -- queries -------------------------------------------------------------------------
    def whole_tree(self) -> ast.Module | None:
        """The tree of the whole file, parsed once per file: `tree` leaves stubs of blocks
        without a candidate line (`regions`). None when the whole file does not parse."""
        if self._whole is None:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # SyntaxWarning, already shown or not
                    self._whole = tolerant_tree(self.source.text)
            except (SyntaxError, ValueError, RecursionError):
                self._whole = False
        return self._whole if isinstance(self._whole, ast.Module) else None

    def statement_calls(self, tree: ast.AST) -> frozenset[int]:
        """The ids of the calls in `tree` (this file's `tree` or `whole_tree()`) that are
        statements of their own, their value dropped (`torch.cuda.device(i)` alone)."""
        found = self._statement_calls.get(id(tree))
        if found is None:
            found = frozenset(
                id(node.value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            )
            self._statement_calls[id(tree)] = found
        return found

    def is_statement_call(self, call: ast.Call) -> bool:
        """`call` is a statement of its own, in `tree` or in the whole file's tree if that
        was parsed (`statement_calls`)."""
        if id(call) in self.statement_calls(self.tree):
            return True
        return isinstance(self._whole, ast.Module) and id(call) in self.statement_calls(self._whole)

    def calls(self, *names: str) -> Iterator[Located]:
        """Collected calls whose last name is one of `names`."""
        for name in names:
            yield from self.calls_by_name.get(name, ())

    def qualified(self, node: ast.AST) -> str | None:
        """The dotted name, first part resolved through imports (`th.zeros` -> `torch.zeros`)."""
        name = dotted_name(node)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        target = self.aliases.get(head)
        if target is None:
            return name
        return f"{target}.{rest}" if rest else target

    def imports_module(self, prefix: str) -> bool:
        """Whether any import in the file brings in `prefix` or a submodule of it."""
        return any(t == prefix or t.startswith(prefix + ".") for t in self.aliases.values())

    def scope_text(self, scope: Scope, before_line: int | None = None) -> str:
        """Source of a scope's own statements (nested functions and classes left out)."""
        pieces = []
        for statement in scope.body:
            if before_line is not None and statement.lineno >= before_line:
                break
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            end = statement.end_lineno or statement.lineno
            pieces.append(self.source.lines_text(statement.lineno, end))
        return "".join(pieces)

    def node_text(self, node: ast.AST) -> str:
        first: int = getattr(node, "lineno", 1)
        last: int = getattr(node, "end_lineno", None) or first
        return self.source.lines_text(first, last)

    def forward_path(self, scope: Scope) -> str | None:
        """If `scope` runs as part of a module's forward, the method chain that gets there.

        True for `forward` itself and for methods of the same class that forward reaches
        through `self.method(...)` calls (transitively); returns e.g. `forward -> _rope`.
        """
        function = scope.function
        owner = scope.method_class
        if function is None or owner is None:
            return None
        reach = self._forward_reach(owner)
        return reach.get(function.name)

    def forward_reach_of(self, owner: Scope) -> dict[str, str]:
        """The methods of a class that its forward methods reach, each with its chain."""
        return self._forward_reach(owner)

    def _forward_reach(self, owner: Scope) -> dict[str, str]:
        cached = self._reach_cache.get(id(owner.node))
        if cached is not None:
            return cached
        methods = {
            s.name: s for s in owner.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        reach = forward_reach(
            methods.keys(), lambda name: self.node_text(methods[name]), self.forward_methods
        )
        self._reach_cache[id(owner.node)] = reach
        return reach

    # -- collection ----------------------------------------------------------------------
    def _collect_module_level(self) -> None:
        for statement in self.tree.body:
            self._note_statement(statement, self.module_scope)

    def _note_statement(self, statement: ast.stmt, scope: Scope) -> None:
        if isinstance(statement, ast.Import | ast.ImportFrom | ast.Try | ast.If):
            self._note_imports(statement, fallback=False)
        elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            self.functions[statement.name].append(Located(statement, scope))

    def _note_imports(self, statement: ast.stmt, fallback: bool) -> None:
        """The names a module-level import binds, also inside `try:` and `if` blocks (an
        optional dependency: `try: from axonn import axonn as ax`). A fallback's imports (an
        `except ImportError:` or `else:` arm) name a module only where the first arm did not
        (`try: import ujson as json` / `except ImportError: import json`)."""
        found: list[tuple[str, str]] = []
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                local = alias.asname or alias.name.partition(".")[0]
                found.append((local, alias.name if alias.asname else local))
        elif isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            for alias in statement.names:
                found.append((alias.asname or alias.name, f"{statement.module}.{alias.name}"))
        elif isinstance(statement, ast.Try):
            for inner in statement.body:
                self._note_imports(inner, fallback)
            for arm in [*(h.body for h in statement.handlers), statement.orelse]:
                for inner in arm:
                    self._note_imports(inner, True)
        elif isinstance(statement, ast.If):
            for inner in statement.body:
                self._note_imports(inner, fallback)
            for inner in statement.orelse:
                self._note_imports(inner, True)
        for local, target in found:
            if fallback:
                self.aliases.setdefault(local, target)
            else:
                self.aliases[local] = target

    def _touches_candidate(self, node: ast.AST) -> bool:
        first: int = getattr(node, "lineno", 0)
        last: int = getattr(node, "end_lineno", None) or first
        lines = self.candidate_lines
        index = bisect_left(lines, first)
        return index < len(lines) and lines[index] <= last

    def _walk(self, statements: Sequence[ast.AST], scope: Scope) -> None:
        for statement in statements:
            if self._touches_candidate(statement):
                self._visit(statement, scope)

    def _visit(self, node: ast.AST, scope: Scope) -> None:
        if isinstance(node, ast.ClassDef):
            inner = Scope("class", node.name, node, scope)
            self._visit_children(node.decorator_list + node.bases, scope)
            for statement in node.body:
                self._note_statement(statement, inner)
            self._walk(node.body, inner)
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inner = Scope("function", node.name, node, scope)
            self._visit_children(node.decorator_list, scope)
            for statement in node.body:
                if isinstance(
                    statement, ast.Import | ast.ImportFrom | ast.FunctionDef | ast.AsyncFunctionDef
                ):
                    self._note_statement(statement, inner)
            self._walk(node.body, inner)
            return
        if isinstance(node, ast.Call):
            name = call_name(node)
            if name is not None:
                self.calls_by_name[name].append(Located(node, scope))
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            self.assignments.append(Located(node, scope))
        elif isinstance(node, ast.Lambda):
            scope = Scope("function", "<lambda>", node, scope)
        # `ast.iter_child_nodes`, inlined: this loop runs for every node the walk keeps.
        for name in node._fields:
            value = getattr(node, name, None)
            if type(value) is list:
                self._visit_children(value, scope)
            elif isinstance(value, ast.AST):
                self._visit_children((value,), scope)

    def _visit_children(self, children: Iterable[ast.AST], scope: Scope) -> None:
        for child in children:
            if not isinstance(child, ast.AST) or isinstance(child, ast.expr_context):
                continue  # lists of names (`global a, b`) hold strings
            if getattr(child, "lineno", None) is None or self._touches_candidate(child):
                self._visit(child, scope)


def whole_file_context(path: str, data: bytes) -> FileContext | None:
    """The context of a whole file that the project phase reads beside the linted one (every
    line a candidate), so that the rules' helpers (`is_env_read`, `qualified`) apply to it,
    with the statements that do not parse cut as in the linted file (`parse_around`); None
    when it does not parse even so. The file is parsed, never run."""
    try:
        tree, text = tolerant_parse(data.decode("utf-8-sig", "replace"))
    except (SyntaxError, ValueError):
        return None
    return FileContext(SourceFile(path, text), tree, range(1, text.count("\n") + 2))
