"""Shared pieces of the rules: where a call takes a device, what literal a device expression is,
values traced back through a local name, and text of the code that ran before a line.

Not a rule module (no Rule subclass here); the registry imports it and finds nothing.
"""

from __future__ import annotations

import ast
import bisect
import re
import weakref
from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeVar

from torchplace.lint.context import FileContext, Located, Scope, call_name
from torchplace.lint.device_value_uses import QUERY
from torchplace.lint.flow_ops import LEGACY_CONSTRUCTORS
from torchplace.lint.rule import AnyOf
from torchplace.lint.source import SourceFile
from torchplace.lint.torch_device_arguments import device_index_argument, device_type_argument
from torchplace.report import Edit, Fix, FixSafety, Position
from torchplace.torch_names import TENSOR_FACTORIES

#: Keyword arguments that take one device.
DEVICE_KEYWORDS = ("device", "map_location", "output_device")
#: Lines calling a factory by name, spelled `name(` (no space before the parenthesis). One
#: alternation of names is slow in CPython's `re`; a `(` scan with fixed-width look-behinds is
#: about ten times faster. Rules using it check the same spelling (`called_as_written`).
FACTORY_CANDIDATE = AnyOf(
    r"\((?:" + "|".join(rf"(?<={name}\()" for name in sorted(TENSOR_FACTORIES)) + ")"
)
_COMMENT = re.compile(r"#[^\n]*")


class DeviceSite(NamedTuple):
    """One argument position that takes a device, e.g. the `x` of `.to(x)` or `device=x`."""

    call: ast.Call
    value: ast.expr
    where: str  # "to", "cuda", "torch.device", "torch.device-index", "cuda.device",
    # "set_device", or the keyword with "=": "device=", "map_location=", "device_ids=", ...
    located: Located


def torch_factory_calls(ctx: FileContext) -> Iterator[tuple[ast.Call, Located, str]]:
    """Calls of torch's tensor factories and legacy constructors as written (`torch.zeros`,
    `torch.FloatTensor`, through the file's imports), with the factory's name."""
    for located in ctx.calls(*TENSOR_FACTORIES, *LEGACY_CONSTRUCTORS):
        call = located.node
        assert isinstance(call, ast.Call)
        qualified = ctx.qualified(call.func) or ""
        factory = qualified.removeprefix("torch.")
        known = factory in TENSOR_FACTORIES or factory in LEGACY_CONSTRUCTORS
        if known and qualified.startswith("torch."):
            yield call, located, factory


def all_calls(ctx: FileContext) -> Iterator[Located]:
    """Every collected call (only those in statements touching candidate lines)."""
    for located in list(ctx.calls_by_name.values()):
        yield from located


def device_sites(ctx: FileContext) -> Iterator[DeviceSite]:
    for located in all_calls(ctx):
        assert isinstance(located.node, ast.Call)
        yield from sites_of(ctx, located.node, located)


def sites_of(ctx: FileContext, call: ast.Call, located: Located) -> Iterator[DeviceSite]:
    """The device arguments of one call."""
    name = call_name(call)
    args = [a for a in call.args if not isinstance(a, ast.Starred)]
    if isinstance(call.func, ast.Attribute) and name in ("to", "cuda") and call.args:
        if args and args[0] is call.args[0]:
            yield DeviceSite(call, args[0], name, located)
    elif name in ("device", "set_device"):
        qualified = ctx.qualified(call.func) or ""
        if qualified == "torch.device":
            yield from _torch_device_site(call, located)  # also `type=` / `index=` alone
        elif not args:
            pass
        elif qualified.endswith("cuda.device"):
            if not ctx.is_statement_call(call):  # built and dropped: it selects no GPU
                yield DeviceSite(call, args[0], "cuda.device", located)
        elif name == "set_device" and (
            qualified.startswith("torch.") or "cuda" in qualified or _accelerator_call(call)
        ):
            yield DeviceSite(call, args[0], "set_device", located)
    for kw in call.keywords:
        if kw.arg == "output_device" and _is_ddp(ctx, call):
            continue  # DDP keeps it only for its usage log: it places nothing
        if kw.arg in DEVICE_KEYWORDS:
            yield DeviceSite(call, kw.value, kw.arg + "=", located)
        elif kw.arg == "device_ids" and isinstance(kw.value, ast.List | ast.Tuple):
            for element in kw.value.elts:
                yield DeviceSite(call, element, "device_ids=", located)


#: `torch.cuda.device(...)` at the start of a statement: a context manager built and dropped
#: (one whose method is called on the spot, `.__enter__()`, is entered).
_UNENTERED_CONTEXT = re.compile(
    r"(?m)^[ \t]*(?:torch[ \t]*\.[ \t]*)?cuda[ \t]*\.[ \t]*device[ \t]*\("
    r"(?![^()\n]*\)[ \t]*\.)"  # not `torch.cuda.device(i).__enter__()`
)


def without_unentered_contexts(text: str) -> str:
    """`text` with each `torch.cuda.device(i)` that starts a statement respelled (`.` as `_`,
    the same offsets), so that no binding pattern matches it: built as a statement of its own,
    no `with` enters it, and it selects no GPU (`torch.cuda.device.__init__` only stores the
    index)."""
    return _UNENTERED_CONTEXT.sub(lambda m: m.group(0).replace(".", "_"), text)


def _torch_device_site(call: ast.Call, located: Located) -> Iterator[DeviceSite]:
    """`torch.device`'s one device argument: the index where one is given (by position or as
    `index=`), else the device string (by position or as `type=`)."""
    index = device_index_argument(call)
    if index is not None:
        yield DeviceSite(call, index, "torch.device-index", located)
        return
    device = device_type_argument(call)
    if device is not None:
        yield DeviceSite(call, device, "torch.device", located)


def _is_ddp(ctx: FileContext, call: ast.Call) -> bool:
    """`DistributedDataParallel(...)` (also imported as `DDP`). Its `output_device=` is only
    logged: its forward moves inputs to `device_ids[0]` and leaves outputs where the module
    put them. `DataParallel` gathers onto its `output_device`: that one places."""
    qualified = ctx.qualified(call.func) or call_name(call) or ""
    return qualified.endswith("DistributedDataParallel")


def _accelerator_call(call: ast.Call) -> bool:
    """`get_accelerator().set_device(...)` (DeepSpeed's device abstraction)."""
    func = call.func
    inner = func.value if isinstance(func, ast.Attribute) else None
    return isinstance(inner, ast.Call) and call_name(inner) == "get_accelerator"


def literal_string(node: ast.AST) -> str | None:
    """The value of a string literal, or of an f-string made only of literal text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and all(
        isinstance(v, ast.Constant) and isinstance(v.value, str) for v in node.values
    ):
        return "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
    return None


def is_self(node: ast.AST) -> bool:
    """The name `self` (the receiver of `self.<attr>`)."""
    return isinstance(node, ast.Name) and node.id == "self"


def literal_index(node: ast.AST) -> int | None:
    """A non-negative integer literal (not a bool)."""
    if isinstance(node, ast.Constant) and type(node.value) is int and node.value >= 0:
        return node.value
    return None


def branches(node: ast.expr) -> Iterator[ast.expr]:
    """Both arms of `a if c else b` (nested), or the node itself."""
    if isinstance(node, ast.IfExp):
        yield from branches(node.body)
        yield from branches(node.orelse)
    else:
        yield node


def is_env_read(ctx: FileContext, node: ast.AST, variable: str) -> ast.Constant | None:
    """`os.environ["X"]`, `os.environ.get("X")`, `os.getenv("X")`: the `"X"` constant."""
    if isinstance(node, ast.Subscript):
        if (ctx.qualified(node.value) or "").endswith("environ"):
            key = node.slice
            if isinstance(key, ast.Constant) and key.value == variable:
                return key
    elif isinstance(node, ast.Call) and node.args:
        key = node.args[0]
        if not (isinstance(key, ast.Constant) and key.value == variable):
            return None
        qualified = ctx.qualified(node.func) or ""
        if qualified in ("os.getenv", "getenv") or (
            isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and (ctx.qualified(node.func.value) or "").endswith("environ")
        ):
            return key
    return None


def peel(node: ast.AST) -> ast.AST | None:
    """One layer of conversion around a value: `int(x)`, `str(x)`, `x[i]`, `x.split(",")`..."""
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in ("int", "str") and node.args:
            return node.args[0]
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("split", "strip"):
            return node.func.value
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return node.left  # `os.environ["X"] + ","`: string building
    if isinstance(node, ast.IfExp):
        return node.body  # `dist.get_rank() if dist.is_initialized() else 0`
    if isinstance(node, ast.JoinedStr):
        formatted = [v for v in node.values if isinstance(v, ast.FormattedValue)]
        if len(formatted) == 1:
            return formatted[0].value
    return None


def trace(
    node: ast.AST,
    is_source: Callable[[ast.AST], bool],
    names: set[str],
    peeler: Callable[[ast.AST], ast.AST | None] = peel,
) -> ast.AST | None:
    """The source expression or tracked name that `node` is a conversion of, if any
    (`peeler` takes off one layer of conversion: `peel`, or a rule's own reading)."""
    current: ast.AST | None = node
    while current is not None:
        if is_source(current) or (isinstance(current, ast.Name) and current.id in names):
            return current
        current = peeler(current)
    return None


def scope_nodes(ctx: FileContext, scope: Scope) -> Iterator[ast.AST]:
    """Nodes of one function (all of it), or of the module's own statements (no defs)."""
    if scope.kind == "function":
        yield from ast.walk(scope.node)
        return
    for statement in scope.body:
        if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield from ast.walk(statement)


def scope_bindings(ctx: FileContext, scope: Scope) -> list[tuple[str, ast.AST]]:
    """The plain names a scope binds, each with the value bound (a loop's target with what
    it runs over)."""
    found: list[tuple[str, ast.AST]] = []
    for node in scope_nodes(ctx, scope):
        if isinstance(node, ast.Assign):
            found += [(t.id, node.value) for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and isinstance(node.target, ast.Name):
            found.append((node.target.id, node.value or node.target))
        elif isinstance(node, ast.For | ast.comprehension) and isinstance(node.target, ast.Name):
            found.append((node.target.id, node.iter))
    return found


def traced_names(
    ctx: FileContext,
    scope: Scope,
    is_source: Callable[[ast.AST], bool],
    peeler: Callable[[ast.AST], ast.AST | None] = peel,
) -> set[str]:
    """Local names bound (only) to values traced to a source, in one scope, to a fixed point."""
    bindings = scope_bindings(ctx, scope)
    names: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name in {n for n, _ in bindings} - names:
            values = [v for n, v in bindings if n == name]
            # `device = device + ","` refines the same value: it may refer to itself, once
            # one of its bindings reaches the source without it.
            with_itself = names | {name}
            if all(trace(v, is_source, with_itself, peeler) is not None for v in values) and any(
                trace(v, is_source, names, peeler) is not None for v in values
            ):
                names.add(name)
                changed = True
    return names


def calls_in_scope(ctx: FileContext, scope: Scope) -> Iterator[ast.Call]:
    for node in scope_nodes(ctx, scope):
        if isinstance(node, ast.Call):
            yield node


def enclosing_function(tree: ast.AST, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost function under `tree` whose lines hold `line` (the functions of a tree
    listed once: a rule asks for every load, call or site of a file)."""
    nesting = _FUNCTIONS.get(tree)
    if nesting is None:
        nesting = _FUNCTIONS[tree] = _FunctionNesting(tree)
    answers = _ENCLOSING.setdefault(tree, {})
    if line not in answers:
        answers[line] = nesting.innermost(line)
    return answers[line]


class _FunctionNesting:
    """A tree's functions by first line, each with the function holding it: the innermost
    function holding a line is found in the time of a search and a walk up its nesting, not
    of a pass over every function (a file of a thousand functions asks at each load)."""

    def __init__(self, tree: ast.AST) -> None:
        functions = sorted(
            (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)),
            key=lambda n: (n.lineno, -(n.end_lineno or n.lineno)),
        )
        self.starts = [f.lineno for f in functions]
        self.functions = functions
        self.outer: list[int] = []
        open_: list[int] = []  # positions of the functions holding the current one
        for position, function in enumerate(functions):
            while open_ and _last(functions[open_[-1]]) < function.lineno:
                open_.pop()
            self.outer.append(open_[-1] if open_ else -1)
            open_.append(position)

    def innermost(self, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        # The last function starting at or before the line holds it, or lies inside the
        # innermost one that does (functions nest): up its nesting to the first that holds it.
        position = bisect.bisect_right(self.starts, line) - 1
        while position >= 0 and _last(self.functions[position]) < line:
            position = self.outer[position]
        return self.functions[position] if position >= 0 else None


def _last(function: ast.AST) -> int:
    last: int | None = getattr(function, "end_lineno", None)
    return last if last is not None else int(getattr(function, "lineno", 0))


_ENCLOSING: weakref.WeakKeyDictionary[
    ast.AST, dict[int, ast.FunctionDef | ast.AsyncFunctionDef | None]
] = weakref.WeakKeyDictionary()


_FUNCTIONS: weakref.WeakKeyDictionary[ast.AST, _FunctionNesting] = weakref.WeakKeyDictionary()


def code_before(ctx: FileContext, scope: Scope, line: int) -> str:
    """Code that runs before `line`: module-level statements before the top-level statement
    holding it, then the enclosing function's statements up to it (defs left out, comments
    stripped)."""
    outer: Scope = scope
    while outer.parent is not None and outer.parent.kind != "module":
        outer = outer.parent
    top_line = getattr(outer.node, "lineno", line) if outer.kind != "module" else line
    pieces = [_statements_before(ctx, ctx.module_scope.body, top_line)]
    function = scope.function
    # A lambda's body is one expression: nothing of its own runs before the line.
    if function is not None and isinstance(function.body, list):
        pieces.append(_statements_before(ctx, function.body, line))
    return _COMMENT.sub("", "".join(pieces))


def _statements_before(ctx: FileContext, body: list[ast.stmt], line: int) -> str:
    pieces = []
    for statement in body:
        if statement.lineno >= line:
            break
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        end = statement.end_lineno or statement.lineno
        if isinstance(statement, ast.If) and end >= line:
            # Only the arm holding the line runs before it: `if zh: set_device(r)` then
            # `elif en: os.environ[...] = r` never run in one call.
            test_end = statement.test.end_lineno or statement.lineno
            pieces.append(ctx.source.lines_text(statement.lineno, min(test_end, line - 1)))
            in_body = bool(statement.body) and line <= (
                statement.body[-1].end_lineno or statement.body[-1].lineno
            )
            pieces.append(
                _statements_before(ctx, statement.body if in_body else statement.orelse, line)
            )
            continue
        pieces.append(ctx.source.lines_text(statement.lineno, min(end, line - 1)))
    return "".join(pieces)


def without_comments(text: str) -> str:
    return _COMMENT.sub("", text)


#: The name before an opening parenthesis (`DataLoader`, `cfg.LoaderConfig`).
_CALLEE = re.compile(r"([\w.]+)\s*$")


def enclosing_call_name(text: str, position: int, limit: int = 5000) -> str | None:
    """The name of the call whose parentheses hold the text at `position` (a keyword
    argument's), read back through balanced brackets at most `limit` characters: `DataLoader`
    for `DataLoader(ds, pin_memory=True)`; None inside a list, a dict or no call."""
    depth = 0
    for index in range(position - 1, max(position - limit, 0) - 1, -1):
        char = text[index]
        if char in ")]}":
            depth += 1
        elif char in "([{":
            if depth == 0:
                callee = _CALLEE.search(text[max(index - 200, 0) : index])
                return callee.group(1) if char == "(" and callee is not None else None
            depth -= 1
    return None


def remove_argument(ctx: FileContext, call: ast.Call, argument: ast.AST, description: str) -> Fix:
    """An unsafe fix deleting one argument of a call with its separating comma.

    An argument on lines of its own (one argument per line) goes with those whole lines;
    otherwise the text up to the next argument, or from the previous one, goes.
    """
    source = ctx.source
    start, end = source.start(argument), source.end(argument)
    whole = _own_lines(source, start, end)
    if whole is not None:
        return Fix(description, (Edit(*whole, ""),), FixSafety.UNSAFE)
    items: list[ast.expr | ast.keyword] = sorted(
        [*call.args, *call.keywords], key=lambda n: (n.lineno, n.col_offset)
    )
    index = next(i for i, item in enumerate(items) if item is argument)
    if index + 1 < len(items):
        end = source.start(items[index + 1])
    elif index > 0:
        start = source.end(items[index - 1])
    else:
        closing = source.end(call)
        end = Position(closing.line, closing.column - 1)
    return Fix(description, (Edit(start, end, ""),), FixSafety.UNSAFE)


def _own_lines(
    source: SourceFile, start: Position, end: Position
) -> tuple[Position, Position] | None:
    """The whole lines of an argument written alone on them (`    x=1,  # note`), if it is."""
    before = source.line(start.line)[: start.column]
    after = source.line(end.line)[end.column :]
    if before.strip() or not re.fullmatch(r"\s*,?\s*(?:#.*)?\n?", after):
        return None
    if not after.lstrip().startswith(","):
        return None  # the last argument without a trailing comma: keep the lines' shape
    return Position(start.line, 0), Position(end.line + 1, 0)


def qualified_last(ctx: FileContext, node: ast.AST) -> tuple[str, str]:
    """(qualified dotted name or "", last part) of a called expression."""
    qualified = ctx.qualified(node) or ""
    return qualified, qualified.rpartition(".")[2]


def called_as_written(ctx: FileContext, call: ast.Call) -> bool:
    """Whether the called name is followed directly by `(` (what FACTORY_CANDIDATE matches)."""
    func = call.func
    line = ctx.source.line(func.end_lineno or func.lineno).encode("utf-8")
    column = func.end_col_offset or 0
    return line[column : column + 1] == b"("


def placement_is_local(ctx: FileContext, site: DeviceSite) -> bool:
    """A literal device that is no placement hazard: a query names it
    (`torch.cuda.memory_summary(device=0)`) or is handed the device object
    (`get_device_capability(torch.device("cuda", 0))`), or a call that sets up a group of one
    rank takes it (`world_size=1`): single-GPU by design."""
    consumer = consumer_of(ctx, site.located.scope, site.call)
    for call in (site.call, consumer):
        if call is None:
            continue
        size = next((kw.value for kw in call.keywords if kw.arg == "world_size"), None)
        if size is not None and literal_index(size) == 1:
            return True
    return any(
        call is not None and QUERY.search(call_name(call) or "") is not None
        for call in (site.call, consumer)
    )


def consumer_of(ctx: FileContext, scope: Scope, node: ast.AST) -> ast.Call | None:
    """The call that takes `node` as an argument, within the node's function or module."""
    root = scope.function.node if scope.function is not None else scope.node
    parents = ctx.parents.get(id(root))  # per file: ids are never reused within one tree
    if parents is None:
        parents = {id(c): p for p in ast.walk(root) for c in ast.iter_child_nodes(p)}
        ctx.parents[id(root)] = parents
    parent = parents.get(id(node))
    while isinstance(parent, ast.keyword | ast.Starred):
        parent = parents.get(id(parent))
    return parent if isinstance(parent, ast.Call) and node is not parent.func else None


def names_assigned(function: ast.AST, value: ast.expr) -> set[str]:
    """Local names a plain assignment in `function` binds to `value` itself (`x = x.cuda()`)."""
    index = _ASSIGNED_NAMES.get(function)
    if index is None:
        index = {}
        for node in typed_nodes(function, ast.Assign):
            names = {t.id for t in node.targets if isinstance(t, ast.Name)}
            index.setdefault(id(node.value), set()).update(names)
        _ASSIGNED_NAMES[function] = index
    return set(index.get(id(value), ()))


_ASSIGNED_NAMES: weakref.WeakKeyDictionary[ast.AST, dict[int, set[str]]] = (
    weakref.WeakKeyDictionary()
)


_Node = TypeVar("_Node", bound=ast.AST)


def typed_nodes(root: ast.AST, kind: type[_Node]) -> list[_Node]:
    """The nodes of `kind` under `root` (itself included), in `ast.walk` order, listed once per
    root for every kind: readings that look at each load of a long function ask again and
    again. Callers read the list and never change it."""
    by_kind = _TYPED_NODES.get(root)
    if by_kind is None:
        by_kind = {}
        for node in ast.walk(root):
            if node is not root:  # a value holding its own key would keep the tree alive
                by_kind.setdefault(type(node), []).append(node)
        _TYPED_NODES[root] = by_kind
    found = by_kind.get(kind, [])
    return [root, *found] if type(root) is kind else found  # type: ignore[return-value,list-item]


_TYPED_NODES: weakref.WeakKeyDictionary[ast.AST, dict[type, list[ast.AST]]] = (
    weakref.WeakKeyDictionary()
)


#: The words of a TPL202 finding whose new storage is computed from the parameter's own
#: values (MoCo's momentum update, a max-norm `renorm`): it stays on the parameter's device,
#: and the message says so (every TPL202 finding holds only where the project shards its
#: parameters: FSDP's forward works on a gathered copy that `.data =` cuts off its shards).
OWN_VALUES = " with its own values"


def calls_on_line(tree: ast.Module, line: int) -> list[ast.Call]:
    """The calls of `tree` that start on `line`, indexed once per tree (every load of a file
    asks): callers read the list and never change it."""
    index = _CALLS_BY_LINE.get(tree)
    if index is None:
        index = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                index.setdefault(node.lineno, []).append(node)
        _CALLS_BY_LINE[tree] = index
    return index.get(line, [])


_CALLS_BY_LINE: weakref.WeakKeyDictionary[ast.AST, dict[int, list[ast.Call]]] = (
    weakref.WeakKeyDictionary()
)


def same_call(tree: ast.Module, call: ast.Call) -> ast.Call | None:
    """The call of `tree` at the place of `call`, a node of another parse of the same file (the
    pruned tree, or `CallerIndex`'s own parse): a reading of the file needs its own nodes."""
    place = (call.lineno, call.col_offset, call.end_lineno, call.end_col_offset)
    lines: list[ast.Call] = []
    for node in calls_on_line(tree, call.lineno):
        if (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset) == place:
            return node
        if ast.dump(node) == ast.dump(call):
            lines.append(node)
    # Columns differ where the two parses decoded the line differently (a `# coding:` other
    # than UTF-8): the one call of the same shape on that line is the call.
    return lines[0] if len(lines) == 1 else None
