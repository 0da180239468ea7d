"""Where Python source is prose: comments, docstrings and messages for a reader.

A pattern sought in a file's code (a sharding engine's name, a multi-node setting) must not
count where the file only speaks of it: `# Handle FSDP` in a comment, "multi-node runs are
not supported" in a docstring or an exception's message. Strings that are data (an embedded
DeepSpeed config, a launch command) count as code.
"""

from __future__ import annotations

import ast
import bisect
import io
import re
import tokenize
from collections.abc import Iterable

from torchplace.lint.context import call_name
from torchplace.lint.parse_around import tolerant_tree


def first_in_code(pattern: re.Pattern[bytes], data: bytes, python: bool) -> re.Match[bytes] | None:
    """The first match of `pattern` in `data` that, in Python, lies in no prose: a comment,
    a string standing as a statement of its own (a docstring), or a message (a string given
    to `print`, a logging or `warnings` call, an exception raised, a `help=`). Strings that
    are data count as code: an embedded DeepSpeed config, a launch command. A file that does
    not parse counts every match. (`run_conditions.code_words` reads any string holding a
    space as prose, right for the words of a file but not here: a ZeRO-3 config embedded as
    JSON text shards parameters.)"""
    first = pattern.search(data)
    if first is None or not python:
        return first
    prose = prose_spans(data)
    if prose is None:
        return first
    starts = [start for start, _ in prose]
    for match in pattern.finditer(data):
        index = bisect.bisect_right(starts, match.start()) - 1
        if index < 0 or match.start() >= prose[index][1]:
            return match
    return None


def prose_spans(data: bytes) -> list[tuple[int, int]] | None:
    """Sorted, disjoint byte spans of the prose of Python `data` (see `first_in_code`); None
    when it does not parse."""
    starts = [0]
    for line in data.split(b"\n"):  # as `tokenize` and the parser count lines: at `\n`
        starts.append(starts[-1] + len(line) + 1)
    spans: list[tuple[int, int]] = []
    try:
        tree = tolerant_tree(data)
        for token in tokenize.tokenize(io.BytesIO(data).readline):
            if token.type == tokenize.COMMENT:
                (row, column), (end_row, end_column) = token.start, token.end
                spans.append(
                    (
                        starts[row - 1] + _byte_column(data, starts, row, column),
                        starts[end_row - 1] + _byte_column(data, starts, end_row, end_column),
                    )
                )
    except (tokenize.TokenError, SyntaxError, ValueError, IndexError, RecursionError, MemoryError):
        return None
    for node in _prose_strings(tree):
        end_line = node.end_lineno or node.lineno
        end_column = node.end_col_offset or node.col_offset
        spans.append((starts[node.lineno - 1] + node.col_offset, starts[end_line - 1] + end_column))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _prose_strings(tree: ast.Module) -> Iterable[ast.expr]:
    """The strings of `tree` that are prose: a string statement (a docstring), and the
    strings given to `print`, a logging or `warnings` call, an exception raised, `help=`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant | ast.JoinedStr):
            yield node.value
        elif isinstance(node, ast.Call):
            name = call_name(node) or ""
            if name in _MESSAGE_CALLS:
                yield from (a for a in node.args if _is_text(a))
            yield from (k.value for k in node.keywords if k.arg == "help" and _is_text(k.value))
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            yield from (a for a in node.exc.args if _is_text(a))


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


#: Calls whose string arguments are messages for a reader.
_MESSAGE_CALLS = frozenset(
    {"print", "warn", "warning", "info", "debug", "error", "exception", "critical", "log"}
)


def _byte_column(data: bytes, starts: list[int], row: int, column: int) -> int:
    """The byte offset in its line of `tokenize`'s character column."""
    line = data[starts[row - 1] : starts[row]]
    return len(line.decode("utf-8", "replace")[:column].encode("utf-8"))
