"""What kind of class a method belongs to, read from the file's text: an `nn.Module` (bases
resolved through the file's imports), and its `__init__` even where `regions` stubbed it out."""

from __future__ import annotations

import ast
import re
import textwrap

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.flow_facts import AttributeWrites, ClassFacts, attribute_writes
from torchplace.lint.run_conditions import per_file

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Bases that make a class something other than an `nn.Module`.
_NOT_MODULES = frozenset(
    {"object", "ABC", "Protocol", "Generic", "NamedTuple", "Enum", "Exception", "dict", "list"}
)


def is_module_class(ctx: FileContext, owner: Scope, depth: int = 0) -> bool:
    """Whether a class is an `nn.Module` (or may be one): a base resolved through the file's
    imports to `torch.nn`, a class of the file that is one, or a base imported from elsewhere
    (a project's own module classes). Classes with no base, or only `object`-like bases,
    are not."""
    node = owner.node
    assert isinstance(node, ast.ClassDef)
    return any(_is_module_base(ctx, base, depth) for base in class_bases(ctx, node))


def class_bases(ctx: FileContext, node: ast.ClassDef) -> list[ast.expr]:
    """A class's bases, read from its line where `regions` stubbed the class out, or from
    the whole file's tree where its head spans lines (`class Block(\n    nn.Module\n):`)."""
    if node.bases:
        return node.bases
    found = _bases_from_text(ctx, node)
    if found or "(" not in ctx.source.line(node.lineno):
        return found
    whole = whole_class(ctx, node)
    return whole.bases if whole is not None else []


def whole_class(ctx: FileContext, node: ast.ClassDef) -> ast.ClassDef | None:
    """The class as the whole file's tree holds it (`regions` may have stubbed it out); None
    when the whole file does not parse."""
    whole = ctx.whole_tree()
    if whole is None:
        return None
    return next(
        (
            n
            for n in ast.walk(whole)
            if isinstance(n, ast.ClassDef) and n.lineno == node.lineno and n.name == node.name
        ),
        None,
    )


def _is_module_base(ctx: FileContext, base: ast.expr, depth: int) -> bool:
    qualified = ctx.qualified(base) or ""
    last = qualified.rpartition(".")[2]
    if not qualified or last in _NOT_MODULES:
        return False
    if qualified.startswith(("torch.nn.", "nn.")) or last.endswith("Module"):
        return True
    local = next(
        (s for s in ctx.tree.body if isinstance(s, ast.ClassDef) and s.name == qualified), None
    )
    if local is not None:
        return depth < 8 and is_module_class(ctx, Scope("class", local.name, local), depth + 1)
    return True


def _bases_from_text(ctx: FileContext, node: ast.ClassDef) -> list[ast.expr]:
    """A class stubbed out by `regions` keeps its name only: read its bases from its line."""
    line = ctx.source.line(node.lineno)
    match = re.match(r"\s*class\s+\w+\s*\(([^)]*)\)", line)
    if match is None:
        return []
    try:
        parsed = ast.parse(f"class _({match.group(1)}): pass").body[0]
    except SyntaxError:
        return []
    assert isinstance(parsed, ast.ClassDef)
    return parsed.bases


def class_facts(ctx: FileContext, node: ast.ClassDef) -> ClassFacts:
    """What the class holds (`ClassFacts`), its `__init__` read from the text where
    `regions` stubbed it out, and the way to its whole text for its hyper-parameters (read
    only if a flow asks; none when the whole file does not parse)."""
    facts = ClassFacts.of(node)
    init = unstubbed_init(ctx, node)
    if init is not None:
        facts.read_init(init)
    if facts.layer_classes:
        facts.bound_arguments = _bound_arguments(ctx, facts.layer_classes)

    facts.whole = lambda: whole_class(ctx, node)
    facts.writes = lambda: per_file(ctx, "attribute-writes", _attribute_writes)
    facts.text = ctx.source.text
    return facts


def _attribute_writes(ctx: FileContext) -> AttributeWrites | None:
    whole = ctx.whole_tree()
    return None if whole is None else attribute_writes(whole)


def unstubbed_init(ctx: FileContext, node: ast.ClassDef) -> _Function | None:
    """`__init__` parsed from the file's text when `regions` left only a stub of it (it holds
    no candidate line), so that the submodules and buffers it makes are known; the method
    itself, with its lines as in the file (callers read its span: which lines call a
    helper, which reads are `__init__`'s own)."""
    body = node.body
    index = next(
        (i for i, s in enumerate(body) if isinstance(s, _Function) and s.name == "__init__"), None
    )
    if index is None or not _is_stub(body[index]):
        return None
    return _parse_function(ctx, body, index, node.end_lineno)


def unstubbed_function(ctx: FileContext, function: _Function) -> _Function | None:
    """A module-level function, parsed from the file's text when `regions` stubbed it out
    (line numbers as in the file); the function itself when it was not stubbed."""
    if not _is_stub(function):
        return function
    body = ctx.tree.body
    index = next((i for i, s in enumerate(body) if s is function), None)
    if index is None:
        return None
    return _parse_function(ctx, body, index, None)


def _parse_function(
    ctx: FileContext, body: list[ast.stmt], index: int, end: int | None
) -> _Function | None:
    """The stubbed function `body[index]` parsed from the file's text, lines as in the file."""
    parsed = _parse_block(ctx, body, index, end)
    found = parsed.body[0] if parsed is not None and parsed.body else None
    return found if isinstance(found, _Function) else None


def _is_stub(function: ast.stmt) -> bool:
    if not isinstance(function, _Function):
        return False
    stub = function.args.vararg is not None and len(function.body) == 1
    return stub and isinstance(function.body[0], ast.Pass)


def _parse_block(
    ctx: FileContext, body: list[ast.stmt], index: int, end: int | None
) -> ast.Module | None:
    block = body[index]
    following = body[index + 1] if index + 1 < len(body) else None
    if following is None:
        last = end or len(ctx.source.text.splitlines())
    else:
        decorators = getattr(following, "decorator_list", [])
        last = min([following.lineno, *(d.lineno for d in decorators)]) - 1
    text = textwrap.dedent(ctx.source.lines_text(block.lineno, last))
    try:
        parsed = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return None
    return ast.increment_lineno(parsed, block.lineno - 1)


def _bound_arguments(ctx: FileContext, layers: dict[str, str]) -> dict[str, frozenset[int | str]]:
    """For each layer built from a class the file defines (`self.position_embedding =
    PositionEmbedding(...)`), the arguments its `forward` uses only as numbers: slice bounds
    (`self.weight[start_pos:end_pos]`), comparisons (`assert end_pos <= self.n_ctx`), `int`
    and `len`. A CPU tensor given there meets no weight (summarize-from-feedback passes
    `torch.tensor(ctx_len)`). Positions count from the first argument after `self`."""
    text = ctx.source.text
    # Most layers are torch's (`nn.Linear`): parse the whole file only for one it defines.
    if not any(f"class {called}" in text for called in layers.values()):
        return {}
    tree = ctx.whole_tree()
    if tree is None:
        return {}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    found: dict[str, frozenset[int | str]] = {}
    for attribute, called in layers.items():
        owner = classes.get(called)
        forward = (
            next((s for s in owner.body if isinstance(s, _Function) and s.name == "forward"), None)
            if owner is not None
            else None
        )
        if forward is None:
            continue
        parameters = [a.arg for a in (*forward.args.posonlyargs, *forward.args.args)][1:]
        bound: set[int | str] = set()
        for position, name in enumerate(parameters):
            if _used_only_as_number(forward, name):
                bound.update((position, name))
        if bound:
            found[attribute] = frozenset(bound)
    return found


def _used_only_as_number(function: _Function, name: str) -> bool:
    """Every read of `name` in `function` lies in a slice bound, a comparison, or an argument
    of `int` / `len` / `range`; at least one read."""
    allowed: set[int] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Slice):
            holders: list[ast.AST] = [b for b in (node.lower, node.upper, node.step) if b]
        elif isinstance(node, ast.Compare):
            holders = [node]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("int", "len", "range")
        ):
            holders = list(node.args)
        else:
            continue
        allowed.update(id(inner) for holder in holders for inner in ast.walk(holder))
    reads = [
        node
        for node in ast.walk(function)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
    ]
    return bool(reads) and all(id(read) in allowed for read in reads)
