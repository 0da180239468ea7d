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
`MAX_CUTS` times (after a cut, the top-level statements from the cut one on are parsed one
by one to find the next: a failed parse of the whole file runs the parser's slower second
pass, and once per cut that grew with the square of the file), and the whole text once all
parse, so the cuts are the same whatever part of the file the rules read. The linter reports
the lines cut and checks the rest. A file where that is
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
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from torchplace.lint.source import SourceFile, tokens_of_lines

#: At most this many statements are cut from one file; past it the file is not checked (a
#: text that is no Python, or not of this Python's grammar at all). Each cut parses the
#: top-level statements from the cut one on again, so the bound also bounds the time.
MAX_CUTS = 100

#: Clauses whose stand-in keeps their keyword: an `if` chain or a `try` stays whole.
_CLAUSE_STAND_INS = {
    "case": "case _ if True:",
    "elif": "elif True:",
    "else": "else:",
    "try": "try:",
    "except": "except Exception:",
    "finally": "finally:",
}
_SOFT_KEYWORDS = frozenset({"match", "case"})
#: Clauses that continue the compound statement before them.
_CONTINUING = frozenset({"elif", "else", "except", "finally"})
_HEADERS = frozenset({"if", "for", "while", "with", "match", *_CLAUSE_STAND_INS})
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
    what parsing the whole of `text` raised."""
    cuts: list[Cut] = []
    lines = SourceFile("", text).lines
    # Read by the tokenizer once: a cut keeps every line in place, so what it read of the
    # other lines stands (read again only past where it stopped, once a cut removed that).
    reading: _Reading | None = None
    checked = 0  # the top-level statements before this one parse as they stand
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
        if reading is None or not reading.reaches(line):
            reading = _Reading(lines)
            checked = 0
        found = _cut_around(lines, reading, line, empty_body=opener is not None)
        if found is None:
            return None
        first, last, lines = found
        cuts.append(Cut(first, last, f"{error.msg} (line {line})"))
        # The next statement to cut: named by the top-level statements from the one cut on,
        # each parsed alone (a failed parse of the whole file costs a second, slower pass
        # of the parser: once per cut, that grew with the square of the file).
        checked = max(checked, reading.top_level_index(first))
        failed, checked = _first_error(lines, reading, checked)
        if failed is not None:
            error = failed
            continue
        current = "".join(lines)
        try:
            # The whole text names what the parts do not (and the cuts are then the same
            # for every rule selected, whatever part of it `parse` reads).
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse(current)
        except (SyntaxError, ValueError) as again:
            error = again
            checked = 0
            continue
        return parse(current), current, cuts
    return None


def _first_error(
    lines: list[str], reading: _Reading, start: int
) -> tuple[SyntaxError | ValueError | None, int]:
    """The error of the first of the top-level statements from `start` on that does not
    parse alone, and its index; None and their count when all parse (or the tokenizer could
    not read them all: the whole text decides)."""
    if not reading.complete:
        return None, start
    spans = reading.top_level
    for index in range(start, len(spans)):
        first, last = spans[index]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse("".join(lines[first - 1 : last]))
        except SyntaxError as error:
            if error.lineno is not None:
                error.lineno += first - 1
            return error, index
        except ValueError as error:
            return error, index
    return None, len(spans)


def tolerant_tree(data: bytes | str) -> ast.Module:
    """The tree of a file's bytes or text, with the statements that do not parse cut
    (module docs); raises what `ast.parse` raised when cutting does not help. For the
    project phase and the rules' helpers, which read files as the linter reads the linted
    one. Bytes are parsed as the parser reads a file (its encoding declaration) first."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning of the project's own code
        try:
            return ast.parse(data)
        except (SyntaxError, ValueError):
            text = data.decode("utf-8-sig", "replace") if isinstance(data, bytes) else data
            return tolerant_parse(text)[0]


def tolerant_parse(text: str) -> tuple[ast.Module, str]:
    """The tree of `text` and the text it is the tree of: `text` itself, or `text` with the
    statements that do not parse cut (same lines and columns); raises what `ast.parse`
    raised when cutting does not help."""
    text = text.removeprefix("\ufeff")  # a byte-order mark is no code
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning of the file's own code
        try:
            return ast.parse(text), text
        except (SyntaxError, ValueError) as error:
            around = parse_around(text, error, ast.parse)
            if around is None:
                raise
            return around[0], around[1]


@dataclass
class _Statement:
    first: int
    last: int
    keyword: str  # its first word, or "" for a statement of no keyword
    opens_block: bool  # it ends with the `:` of a header (its body follows on other lines)
    decorator: bool
    #: The tokenizer could not close it (`def f(:`): its end, and so its body, are unknown.
    unfinished: bool = False


class _Reading:
    """What the tokenizer reads of the lines: their tokens and logical lines, as far as it
    can (an unterminated string or bracket stops it; the statement it was in then runs to
    the line asked about)."""

    def __init__(self, lines: list[str]) -> None:
        self.tokens: list[tokenize.TokenInfo] = []
        self.complete = False
        try:
            for token in tokens_of_lines(lines):
                self.tokens.append(token)
            self.complete = True
        except (tokenize.TokenError, SyntaxError):
            pass  # read no further
        self.statements: list[_Statement] = []
        self.unfinished: list[tokenize.TokenInfo] = []  # the words of the statement it was in
        self._read_statements()
        self._starts = [token.start[0] for token in self.tokens]
        self._firsts = [statement.first for statement in self.statements]

    def _read_statements(self) -> None:
        skipped = (tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER)
        words: list[tokenize.TokenInfo] = []
        depth = 0
        #: The top-level statements, each with its clauses and decorators: (first, last).
        self.top_level: list[tuple[int, int]] = []
        for token in self.tokens:
            if token.type == tokenize.INDENT:
                depth += 1
            elif token.type == tokenize.DEDENT:
                depth -= 1
            elif token.type in skipped:
                continue
            elif token.type != tokenize.NEWLINE:
                words.append(token)
            elif words:
                statement = _statement(words, token.start[0])
                joins = depth > 0 or statement.keyword in _CONTINUING
                joins = joins or bool(self.statements and self.statements[-1].decorator)
                if joins and self.top_level:
                    self.top_level[-1] = (self.top_level[-1][0], statement.last)
                else:
                    self.top_level.append((statement.first, statement.last))
                self.statements.append(statement)
                words = []
        self.unfinished = words

    def top_level_index(self, line: int) -> int:
        """The index of the top-level statement holding `line` (or the one after it)."""
        return bisect_right([first for first, _ in self.top_level], line) - 1 if line else 0

    def reaches(self, line: int) -> bool:
        """Whether the tokenizer read through `line`."""
        return self.complete or (bool(self.tokens) and self.tokens[-1].end[0] > line)

    def statement_at(self, line: int) -> tuple[int, _Statement] | None:
        """The logical line holding `line`, and its place among them."""
        index = bisect_right(self._firsts, line) - 1
        if index >= 0 and self.statements[index].last >= line:
            return index, self.statements[index]
        words = self.unfinished
        if words and not self.complete and words[0].start[0] <= line:
            # The statement the tokenizer could not close (`def f(:`): up to `line`.
            unfinished = _statement(words, line)
            unfinished.unfinished = True
            return len(self.statements), unfinished
        return None

    def block_end(self, header: _Statement) -> int | None:
        """The last line of the body of the block `header` opens: the last logical line
        before the tokenizer leaves the block's indentation; None when it has no body."""
        depth = 0
        end: int | None = None
        for token in self.tokens[bisect_right(self._starts, header.last) :]:
            if token.type == tokenize.INDENT:
                depth += 1
            elif token.type == tokenize.DEDENT:
                depth -= 1
                if depth <= 0:
                    return end
            elif token.type == tokenize.NEWLINE and depth > 0:
                end = token.start[0]
            elif depth <= 0 and token.type not in (tokenize.NL, tokenize.COMMENT):
                return end  # the next statement at the header's own level: no body
        return end if self.complete or end is None else None


def _cut_around(
    lines: list[str], reading: _Reading, line: int, empty_body: bool = False
) -> tuple[int, int, list[str]] | None:
    """The first and last line cut around `line`, and the lines with the cut made; None when
    the statement cannot be told. A header whose block has no body (`empty_body`) is cut as
    a header with its body on its own line."""
    found = reading.statement_at(line)
    if found is None:
        return None  # the tokenizer could not read that far (an unclosed string)
    position, holding = found
    first, last = holding.first, holding.last
    if holding.keyword in _DEFINITIONS:
        if holding.unfinished:
            last = _indented_end(lines, holding)  # `def f(:`: no tokens past its bracket
        elif holding.opens_block and not empty_body:
            end = reading.block_end(holding)
            if end is None and not reading.complete:
                end = _indented_end(lines, holding)
            last = end if end is not None else last
        while position > 0 and reading.statements[position - 1].decorator:
            position -= 1
            first = reading.statements[position].first
        stand_in = "pass"
    elif holding.keyword in _HEADERS:
        stand_in = _CLAUSE_STAND_INS.get(holding.keyword, "if True:")
        if not holding.opens_block or empty_body:
            stand_in += " pass"  # `if x <> 1: y = 2`: a header with its body on its line
    else:
        stand_in = "pass"
    head = lines[first - 1]
    indent = head[: len(head) - len(head.lstrip(" \t\x0c"))]
    replaced = [indent + stand_in + "\n"] + ["\n"] * (last - first)
    if not lines[last - 1].endswith(("\n", "\r")):
        # The file's last line had no line break: nor has the cut's, which keeps the line.
        replaced[-1] = replaced[-1].rstrip("\n") or " "
    return first, last, lines[: first - 1] + replaced + lines[last:]


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
