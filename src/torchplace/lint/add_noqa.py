"""`--add-noqa`: mark every current finding with `# noqa: CODE` so a large codebase can turn
the linter on in CI today and fail only on new findings.

A directive goes at the end of the finding's first line, or of its last line when the first
ends inside a string or a backslash continuation (`is_suppressed` reads both lines). A line
that already holds `# noqa: A` gets the new code added to that list (`# noqa: A, TPL101`)
rather than a second directive. A finding whose lines all end inside a string or a
continuation cannot carry a comment: it is left and counted, never marked on another line
where it would not suppress it.

The marked text must parse to the same syntax tree as the original (only comments were
added); otherwise the file is left as it was. Writing goes through `fix_write`, so the file is
locked, re-read, and replaced atomically like any fix.
"""

from __future__ import annotations

import ast
import tokenize
import warnings
from collections.abc import Iterable
from dataclasses import dataclass

from torchplace.lint.engine import FILE_PROBLEM_CODE, INTERNAL_ERROR_CODE
from torchplace.lint.source import SourceFile, tokens_of_lines
from torchplace.lint.suppression import NOQA_DIRECTIVE
from torchplace.report import Finding

_LINE_ENDS = (tokenize.NEWLINE, tokenize.NL)
#: A file the linter could not read (TPL001) or a rule that failed on it (TPL002): silencing
#: them would hide that the file was not checked.
NOT_MARKED = frozenset({FILE_PROBLEM_CODE, INTERNAL_ERROR_CODE})


@dataclass
class NoqaOutcome:
    """The marked text and how many findings were marked / could not be."""

    text: str
    marked: int
    unmarkable: int
    rejected_reason: str | None = None


def commentable_lines(text: str) -> set[int] | None:
    """Lines whose end lies outside any string and continuation (None: the text does not
    tokenize, so nothing is marked)."""
    try:
        tokens = list(tokens_of_lines(SourceFile("", text).lines))
    except (tokenize.TokenError, SyntaxError):
        return None
    return {token.start[0] for token in tokens if token.type in _LINE_ENDS}


def add_noqa(text: str, findings: Iterable[Finding]) -> NoqaOutcome:
    """`text` with a `# noqa` directive for every finding that can carry one."""
    lines = SourceFile("", text).lines  # numbered as the findings are
    open_lines = commentable_lines(text)
    if open_lines is None:
        return NoqaOutcome(text, 0, 0, "the file does not tokenize; left unchanged")
    codes_by_line: dict[int, list[str]] = {}
    unmarkable = 0
    marked = 0
    for finding in findings:
        if finding.code in NOT_MARKED:
            unmarkable += 1  # a problem of the file or of the linter, not of the code
            continue
        candidates = [finding.start.line]
        if finding.end is not None and finding.end.line != finding.start.line:
            candidates.append(finding.end.line)
        target = next((n for n in candidates if n in open_lines and n <= len(lines)), None)
        if target is None:
            unmarkable += 1
            continue
        codes = codes_by_line.setdefault(target, [])
        if finding.code not in codes:
            codes.append(finding.code)
        marked += 1
    for number, codes in codes_by_line.items():
        lines[number - 1] = _with_directive(lines[number - 1], codes)
    marked_text = "".join(lines)
    if marked_text != text and not _same_tree(text, marked_text):
        return NoqaOutcome(text, 0, 0, "marking would change the code; left unchanged")
    return NoqaOutcome(marked_text, marked, unmarkable)


def _with_directive(line: str, codes: list[str]) -> str:
    body = line.rstrip("\r\n")
    ending = line[len(body) :]
    existing = list(NOQA_DIRECTIVE.finditer(body)) if "#" in body else []
    listed = [m for m in existing if m.group("codes")]
    if listed:
        # Extend the last directive's list; codes already in it are not repeated.
        last = listed[-1]
        present = {c.upper() for c in last.group("codes").replace(",", " ").split()}
        new = [c for c in codes if c not in present]
        if not new:
            return line
        insert_at = last.end("codes")
        return body[:insert_at] + ", " + ", ".join(new) + body[insert_at:] + ending
    return f"{body.rstrip()}  # noqa: {', '.join(codes)}{ending}"


def _same_tree(before: str, after: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.dump(ast.parse(before)) == ast.dump(ast.parse(after))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # A file with statements this Python cannot parse (linted around them:
        # `parse_around`): the same tokens, less comments, are the same code.
        return _same_tokens(before, after)


def _same_tokens(before: str, after: str) -> bool:
    try:
        return _code_tokens(before) == _code_tokens(after)
    except (tokenize.TokenError, SyntaxError):
        return False


def _code_tokens(text: str) -> list[tuple[int, str]]:
    skipped = (tokenize.COMMENT, tokenize.NL)
    tokens = tokens_of_lines(SourceFile("", text).lines)
    return [(t.type, t.string) for t in tokens if t.type not in skipped]
