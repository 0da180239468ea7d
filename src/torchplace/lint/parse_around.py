"""Parse a file around the few statements the running Python cannot parse.

One statement that does not parse used to cost the whole file: old training code with
`target.cuda(async=True)` (`async` is a keyword since Python 3.7), a Python 2 `print`, or an
f-string written for a newer grammar (3.12's nested quotes) left every line of it unchecked,
and which lines that was depended on the rules selected, since only the blocks the rules'
candidates need are parsed (`regions`): a default rule's finding in such a file went away
when `--preview` added a rule whose candidate lay on the bad line.

Here the logical line holding the syntax error, as the tokenizer reads it, is cut: its lines
are kept, so every other line keeps its number and columns, and the first becomes a stand-in
that keeps the code around it in place (`pass`; for the header of a block `if True:`,
`elif True:`, `else:`, `try:`, `except Exception:` or `finally:`, so the body and the clauses
after it still parse; a header with its body on the same line gets ` pass`). A `def` or
`class` whose header does not parse is cut whole, with its decorators and its body, which
would otherwise read as code of the enclosing scope. The parse is then tried again, up to
`MAX_CUTS` times; the linter reports the lines cut and checks the rest. A file where that is
not enough (an indentation that mixes tabs and spaces, many Python 2 statements, a string
the tokenizer cannot close) is reported whole, as before. A header whose body is all
commented out (`expected an indented block`) is cut as a header with an empty body.

Lines are counted as the parser counts them (`SourceFile`: a form feed is no line break), and
the cut text has as many lines as the file. Parsing only reads: nothing of the file runs.
"""

from __future__ import annotations

import ast
import re
import tokenize
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from torchplace.lint.source import SourceFile

#: At most this many statements are cut from one file; past it the file is not checked (a
#: text that is no Python, or not of this Python's grammar at all). Each cut parses the file
#: again, so the bound also bounds the time.
MAX_CUTS = 100

#: Clauses whose stand-in keeps their keyword: an `if` chain or a `try` stays whole.
_CLAUSE_STAND_INS = {
    "elif": "elif True:",
    "else": "else:",
    "try": "try:",
    "except": "except Exception:",
    "finally": "finally:",
}
_SOFT_KEYWORDS = frozenset({"match", "case"})
_HEADERS = frozenset({"if", "for", "while", "with", *_SOFT_KEYWORDS, *_CLAUSE_STAND_INS})
_DEFINITIONS = frozenset({"def", "class"})


#: The parser's message for a header whose body holds no statement (all commented out).
_EMPTY_BLOCK = re.compile(r"expected an indented block after .* on line (\d+)")


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
    lines = SourceFile("", text).lines
    while len(cuts) < MAX_CUTS:
        line = getattr(error, "lineno", None)
        if not isinstance(error, SyntaxError) or not isinstance(line, int):
            return None  # a NUL byte or a parser limit: no statement to cut
        if not 1 <= line <= len(lines) or any(c.first <= line <= c.last for c in cuts):
            return None  # past the end, or a cut that did not help: nothing left to cut
        opener = _EMPTY_BLOCK.match(error.msg or "")
        if opener is not None:
            # `if x:` whose body is all commented out: the header is the statement to cut.
            line = int(opener.group(1))
        found = _cut_around(lines, line, empty_body=opener is not None)
        if found is None:
            return None
        first, last, lines = found
        cuts.append(Cut(first, last, f"{error.msg} (line {line})"))
        current = "".join(lines)
        try:
            return parse(current), current, cuts
        except (SyntaxError, ValueError) as again:
            error = again
    return None


def tolerant_tree(data: bytes) -> ast.Module:
    """The tree of a file's bytes, with the statements that do not parse cut (module docs);
    raises what `ast.parse` raised when cutting does not help. For the project phase, which
    reads the other files of a project as the linter reads the linted one."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning of the project's own code
        try:
            return ast.parse(data)
        except (SyntaxError, ValueError) as error:
            around = parse_around(data.decode("utf-8", "replace"), error, ast.parse)
            if around is None:
                raise
            return around[0]


@dataclass
class _Statement:
    first: int
    last: int
    keyword: str  # its first word, or "" for a statement of no keyword
    opens_block: bool  # it ends with the `:` of a header (its body follows on other lines)
    decorator: bool


def _cut_around(
    lines: list[str], line: int, empty_body: bool = False
) -> tuple[int, int, list[str]] | None:
    """The first and last line cut around `line`, and the lines with the cut made; None when
    the statement cannot be told. A header whose block has no body (`empty_body`) is cut as
    a header with its body on its own line."""
    statements = list(_statements(lines, stop_after=line))
    holding = next((s for s in statements if s.first <= line <= s.last), None)
    if holding is None:
        return None  # the tokenizer could not read that far (an unclosed string)
    first, last = holding.first, holding.last
    if holding.keyword in _DEFINITIONS:
        if holding.opens_block and not empty_body:
            end = _block_end(lines, holding)
            if end is None:
                return None
            last = end
        position = statements.index(holding)
        while position > 0 and statements[position - 1].decorator:
            position -= 1
            first = statements[position].first
        stand_in = "pass"
    elif holding.keyword in _HEADERS:
        stand_in = _CLAUSE_STAND_INS.get(holding.keyword, "if True:")
        if not holding.opens_block or empty_body:
            stand_in += " pass"  # `if x <> 1: y = 2`: a header with its body on its line
    else:
        stand_in = "pass"
    head = lines[first - 1]
    indent = head[: len(head) - len(head.lstrip(" \t"))]
    replaced = [indent + stand_in + "\n"] + ["\n"] * (last - first)
    if not lines[last - 1].endswith(("\n", "\r")):
        replaced[-1] = replaced[-1].rstrip("\n")  # the file's last line had no line break
    return first, last, lines[: first - 1] + replaced + lines[last:]


def _tokens(lines: list[str]) -> Iterator[tokenize.TokenInfo]:
    """The file's tokens, read line by line as the parser counts lines (each line's own
    break read as `\\n`: the tokenizer would read a lone `\\r` as none)."""
    readable = iter([line.rstrip("\r\n") + "\n" for line in lines])
    return tokenize.generate_tokens(lambda: next(readable, ""))


def _statements(lines: list[str], stop_after: int) -> Iterator[_Statement]:
    """The logical lines of the file up to the one that holds line `stop_after`, as far as
    the tokenizer can read."""
    skipped = (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)
    words: list[tokenize.TokenInfo] = []
    try:
        for token in _tokens(lines):
            if token.type in skipped:
                continue
            if token.type == tokenize.ENDMARKER:
                break
            if token.type != tokenize.NEWLINE:
                words.append(token)
                continue
            if words:
                yield _statement(words, token.start[0])
                if token.start[0] >= stop_after:
                    return
            words = []
    except (tokenize.TokenError, SyntaxError):
        pass  # an unterminated string or bracket, a bad dedent: read no further
    if words and words[0].start[0] <= stop_after:
        # The statement the tokenizer could not close (`def f(:`): up to the error's line.
        yield _statement(words, max(words[-1].end[0], stop_after))


def _statement(words: list[tokenize.TokenInfo], last: int) -> _Statement:
    names = [w.string if w.type == tokenize.NAME else "" for w in words[:2]]
    first_word = names[0]
    if first_word == "async" and len(names) > 1:
        first_word = names[1]  # `async def`, `async for`, `async with`
    ends_header = words[-1].type == tokenize.OP and words[-1].string == ":"
    if first_word in _SOFT_KEYWORDS and not ends_header:
        first_word = ""  # `match = re.match(...)`: a name, not a header
    decorator = words[0].type == tokenize.OP and words[0].string == "@"
    return _Statement(words[0].start[0], last, first_word, ends_header, decorator)


def _block_end(lines: list[str], header: _Statement) -> int | None:
    """The last line of the body of the block `header` opens: the last logical line before
    the tokenizer leaves the block's indentation. None when it cannot read that far."""
    depth = 0
    end: int | None = None
    started = False
    try:
        for token in _tokens(lines):
            if token.start[0] <= header.last:
                continue
            if token.type == tokenize.INDENT:
                depth += 1
                started = True
            elif token.type == tokenize.DEDENT:
                depth -= 1
                if started and depth <= 0:
                    return end
            elif token.type == tokenize.NEWLINE and started and depth > 0:
                end = token.start[0]
            elif token.type == tokenize.ENDMARKER:
                return end if started else None
    except (tokenize.TokenError, SyntaxError):
        return _indented_end(lines, header)
    return end if started else None


def _indented_end(lines: list[str], header: _Statement) -> int:
    """Where the tokenizer cannot read the block (a bracket of its header never closed: `def
    f(:`), the last line indented deeper than the header before one that is not."""
    head = lines[header.first - 1]
    depth = len(head) - len(head.lstrip(" \t"))
    end = header.last
    for number in range(header.last + 1, len(lines) + 1):
        text = lines[number - 1]
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            if len(text) - len(text.lstrip(" \t")) <= depth:
                break
            end = number
    return end
