"""Parse a file around the few statements the running Python cannot parse.

One statement that does not parse used to cost the whole file: old training code with
`target.cuda(async=True)` (`async` is a keyword since Python 3.7), a Python 2 `print`, or an
f-string written for a newer grammar (3.12's nested quotes) left every line of it unchecked,
and which lines that was depended on the rules selected, since only the blocks the rules'
candidates need are parsed (`regions`): a default rule's finding in such a file went away
when `--preview` added a rule whose candidate lay on the bad line.

Here the statement holding the syntax error is cut, its lines kept so every other line keeps
its number and columns (the first becomes `pass` at its indentation, a block opener
`if True:` so its body still parses, an `except` clause `except Exception:`), and the parse
is tried again, up to `MAX_CUTS` statements. A `def` or `class` whose header does not parse
is cut whole, body and all: its body would otherwise read as code of the enclosing scope.
The cuts of a file are reported in one finding; the rest of the file is checked. A file
that still does not parse (an indentation that mixes tabs and spaces, many Python 2
statements) is reported whole, as before.

Parsing only reads: nothing of the file runs.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Callable
from dataclasses import dataclass

#: At most this many statements are cut from one file; past it the file is not checked.
MAX_CUTS = 10


@dataclass(frozen=True)
class Cut:
    """Lines `first` to `last` (1-based) were cut: `message` is the parser's reason."""

    first: int
    last: int
    message: str


def parse_around(
    text: str,
    error: SyntaxError | ValueError,
    parse: Callable[[str], ast.Module],
) -> tuple[ast.Module, str, list[Cut]] | None:
    """The tree `parse` gives of `text` with the statements that raise cut (module docs),
    the text it parsed, and the cuts; None when cutting does not make it parse. `error` is
    what parsing `text` as it is raised."""
    cuts: list[Cut] = []
    current = text
    while len(cuts) < MAX_CUTS:
        line = getattr(error, "lineno", None)
        if not isinstance(error, SyntaxError) or not isinstance(line, int) or line < 1:
            return None  # a NUL byte or a parser limit: no statement to cut
        lines = current.splitlines(keepends=True)
        if line > len(lines):
            return None  # at the end of the text (an unclosed bracket): nothing to cut
        first, last = _statement_around(current, line)
        if any(cut.first <= line <= cut.last for cut in cuts):
            return None  # the cut did not help: the trouble lies elsewhere
        if _defines(lines[first - 1 : last]):
            last = _block_end(lines, first, last)  # the whole definition, body and all
        cuts.append(Cut(first, last, f"{error.msg} (line {line})"))
        current = _cut(lines, first, last)
        try:
            return parse(current), current, cuts
        except (SyntaxError, ValueError) as again:
            error = again
    return None


def _statement_around(text: str, line: int) -> tuple[int, int]:
    """The first and last line of the logical line (statement) holding `line`, as the
    tokenizer reads them; where it cannot read that far, from the last statement it began
    before `line` to `line`."""
    start = 1
    expecting_start = True
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            kind = token.type
            if kind in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT):
                continue
            if kind == tokenize.ENDMARKER:
                break
            if expecting_start:
                if token.start[0] > line:
                    break
                start = token.start[0]
                expecting_start = False
            if kind == tokenize.NEWLINE:
                if token.start[0] >= line:
                    return start, token.start[0]
                expecting_start = True
    except (tokenize.TokenError, SyntaxError):
        pass  # an unterminated string or bracket, a bad dedent: read no further
    return (start, line) if start <= line else (line, line)


def _defines(statement: list[str]) -> bool:
    """The statement is the header of a `def` or `class`: its body, cut loose, would read as
    code of the enclosing scope, so it goes with it."""
    head = statement[0].lstrip() if statement else ""
    return _opens_block(statement) and head.startswith(("def ", "class ", "async def "))


def _block_end(lines: list[str], first: int, last: int) -> int:
    """The last line of the block whose header spans lines `first` to `last`: the last line
    of code after it indented deeper than the header, before one that is not (blank lines
    and comments between them go with the block; those after it do not)."""
    head = lines[first - 1]
    depth = len(head) - len(head.lstrip(" \t"))
    end = last
    for number in range(last + 1, len(lines) + 1):
        text = lines[number - 1]
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            if len(text) - len(text.lstrip(" \t")) <= depth:
                break
            end = number
    return end


def _cut(lines: list[str], first: int, last: int) -> str:
    """`lines` with lines `first` to `last` replaced: the first by a statement that parses
    where the cut one stood, the others by empty lines."""
    head = lines[first - 1]
    indent = head[: len(head) - len(head.lstrip(" \t"))]
    opener = _opens_block(lines[first - 1 : last]) and not _defines(lines[first - 1 : last])
    if opener and head.lstrip().startswith("except"):
        stand_in = "except Exception:"
    elif opener:
        stand_in = "if True:"
    else:
        stand_in = "pass"
    replaced = [indent + stand_in + "\n"] + ["\n"] * (last - first)
    return "".join(lines[: first - 1] + replaced + lines[last:])


def _opens_block(statement: list[str]) -> bool:
    """The statement ends with `:` (less a comment): a block follows it."""
    tail = statement[-1].split("#", 1)[0].rstrip() if statement else ""
    return tail.endswith(":")
