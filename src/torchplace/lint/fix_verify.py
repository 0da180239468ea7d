"""Check a fixed file before it is written: it parses, no call repeats a keyword, and its
syntax tree differs from the original's only inside the nodes the edits touched.

Top-level statements away from the edits hold the same text before and after, so they only
need to sit where the edits moved them (the same text parses to the same tree). The statements
with an edit are compared node by node, without recursion (a deeply nested file must not crash
the check): two nodes that differ are accepted only when the original node, or the nearest
expression above it, encloses an edit. A fix computed for other content (the file changed under
us) or a rule that edits the wrong place is refused instead of written.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterator, Sequence

from torchplace.lint.source import SourceFile

Span = tuple[int, int]
# An edit: the original span it replaces and its replacement text.
EditSpan = tuple[int, int, str]


def refusal(source: SourceFile, fixed: str, edits: Sequence[EditSpan]) -> str | None:
    """Why `fixed` must not replace `source.text` (None: it may)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            before = ast.parse(source.text, filename=source.path)
    except (SyntaxError, ValueError):
        # Linted around the statements it cannot parse (`parse_around`): a fix there could
        # not be checked against the whole file, so none is written.
        return "the file has statements this Python cannot parse; no fix is written to it"
    except (RecursionError, MemoryError):
        return "the file is too deeply nested to check a fix; left unchanged"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            after = ast.parse(fixed, filename=source.path)
    except (SyntaxError, ValueError):
        return "the fixed file would not parse; left unchanged"
    except (RecursionError, MemoryError):
        return "the file is too deeply nested to check a fix; left unchanged"
    if len(before.body) != len(after.body):
        return _OUTSIDE
    touched = _edited_lines(source, edits)
    for old, new in zip(before.body, after.body, strict=True):
        first, last = _statement_lines(old)
        if not any(a <= last and first <= b for a, b, _ in touched):
            shift = sum(delta for _, b, delta in touched if b < first)
            if _statement_lines(new) != (first + shift, last + shift) or not _same_columns(
                old, new
            ):
                return _OUTSIDE
            continue
        repeated = _repeated_keyword(new)
        if repeated is not None:
            return f"the fix would repeat the keyword argument {repeated!r}; left unchanged"
        if not _differs_only_at(source, old, new, edits):
            return _OUTSIDE
    return None


_OUTSIDE = "the fix would change the code outside the fixed place; left unchanged"


def _edited_lines(source: SourceFile, edits: Sequence[EditSpan]) -> list[tuple[int, int, int]]:
    """Per edit: the first and last original line it touches and how many lines it adds."""
    lines = []
    for start, end, content in edits:
        first, last = source.line_of_offset(start), source.line_of_offset(end)
        added = content.count("\n") + content.count("\r") - content.count("\r\n")
        lines.append((first, last, added - (last - first)))
    return lines


def _statement_lines(node: ast.stmt) -> tuple[int, int]:
    """The lines of a statement's text, decorators included."""
    decorators = getattr(node, "decorator_list", [])
    first = min([node.lineno, *(d.lineno for d in decorators)])
    return first, node.end_lineno or node.lineno


def _same_columns(old: ast.stmt, new: ast.stmt) -> bool:
    """A statement on lines no edit touched has the same text: its columns do not move."""
    return (old.col_offset, old.end_col_offset) == (new.col_offset, new.end_col_offset)


def _walk(tree: ast.AST) -> Iterator[ast.AST]:
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _repeated_keyword(tree: ast.AST) -> str | None:
    for node in _walk(tree):
        if isinstance(node, ast.Call):
            names = [k.arg for k in node.keywords if k.arg is not None]
            for name in names:
                if names.count(name) > 1:
                    return name
    return None


def _differs_only_at(
    source: SourceFile, before: ast.AST, after: ast.AST, edits: Sequence[EditSpan]
) -> bool:
    # Each pending pair carries the nearest original node with a position (`anchor`): nodes
    # without one (operators, contexts, lists) are judged by where their anchor lies.
    pending: list[tuple[object, object, ast.AST | None]] = [(before, after, None)]
    while pending:
        old, new, anchor = pending.pop()
        if isinstance(old, (ast.expr, ast.keyword, ast.arg)):
            anchor = old
        if not _same_shape(old, new):
            if _is_edited_expression(source, anchor, edits):
                continue  # the intended change: differences below this node are the fix's
            return False
        if isinstance(old, list) and isinstance(new, list):
            pending.extend((o, n, anchor) for o, n in zip(old, new, strict=True))
        elif isinstance(old, ast.AST):
            pending.extend(
                (getattr(old, f, None), getattr(new, f, None), anchor) for f in old._fields
            )
    return True


def _is_edited_expression(
    source: SourceFile, node: ast.AST | None, edits: Sequence[EditSpan]
) -> bool:
    """Whether a fix may change what is below `node`: an expression (never a statement or a
    block, whose shape a fix of ours never changes) that encloses an edit."""
    if node is None:
        return False
    span = _span(source, node)
    return span is not None and any(span[0] <= a and b <= span[1] for a, b, _ in edits)


def _same_shape(old: object, new: object) -> bool:
    """Whether two values agree at this level (types, list lengths, plain field values)."""
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new)
    if isinstance(old, ast.AST) and isinstance(new, ast.AST):
        if type(old) is not type(new):
            return False
        for name in old._fields:
            a, b = getattr(old, name, None), getattr(new, name, None)
            if isinstance(a, list) and isinstance(b, list):
                if len(a) != len(b):
                    return False
            elif not isinstance(a, ast.AST) and a != b:
                return False
        return True
    return old == new


def _span(source: SourceFile, node: ast.AST) -> Span | None:
    if getattr(node, "end_lineno", None) is None or not hasattr(node, "lineno"):
        return None
    start, end = source.start(node), source.end(node)
    offsets = source.line_offsets
    if end.line > len(offsets) - 1 or start.line > len(offsets) - 1:
        return None
    return offsets[start.line - 1] + start.column, offsets[end.line - 1] + end.column
