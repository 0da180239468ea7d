"""A source file as the linter sees it: text, lines, and position conversions."""

from __future__ import annotations

import ast
import re
import tokenize
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from itertools import accumulate

from torchplace.report import Position

_OTHER_LINE_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_PARSER_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


@dataclass
class SourceFile:
    """Decoded text of one file; `ast` byte offsets are turned into character columns here."""

    path: str
    text: str
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        text = self.text
        # Most files are ASCII without form feeds: five substring tests beat one character-class
        # scan, which steps through the text a character at a time.
        if (
            text.isascii()
            and "\x0c" not in text
            and "\x0b" not in text
            and "\x1c" not in text
            and "\x1d" not in text
            and "\x1e" not in text
        ) or _OTHER_LINE_BREAKS.search(text) is None:
            self.lines = self.text.splitlines(keepends=True)
        else:
            # str.splitlines also breaks at form feeds and other characters that Python's
            # tokenizer treats as white space; the line numbers must be the parser's.
            self.lines = _PARSER_LINE.findall(self.text)

    @cached_property
    def line_offsets(self) -> list[int]:
        """Character offset at which each line starts (index 0 is line 1)."""
        return [0, *accumulate(map(len, self.lines))]

    def line_of_offset(self, offset: int) -> int:
        """1-based line holding a character offset of `text`."""
        return bisect_right(self.line_offsets, offset) - 1 + 1

    def line(self, number: int) -> str:
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    def char_column(self, line: int, byte_column: int) -> int:
        """`ast` columns count UTF-8 bytes; editors and our edits count characters."""
        text = self.line(line)
        if text.isascii():
            return byte_column
        return len(text.encode("utf-8")[:byte_column].decode("utf-8", errors="replace"))

    def start(self, node: ast.AST) -> Position:
        lineno: int = getattr(node, "lineno", 1)
        return Position(lineno, self.char_column(lineno, getattr(node, "col_offset", 0)))

    def end(self, node: ast.AST) -> Position:
        end_line: int | None = getattr(node, "end_lineno", None)
        lineno = end_line if end_line is not None else int(getattr(node, "lineno", 1))
        column = int(getattr(node, "end_col_offset", None) or 0)
        return Position(lineno, self.char_column(lineno, column))

    def segment(self, node: ast.AST) -> str:
        """The exact source text of a node."""
        return self.text_between(self.start(node), self.end(node))

    def text_between(self, start: Position, end: Position) -> str:
        begin = self.line_offsets[start.line - 1] + start.column
        finish = self.line_offsets[end.line - 1] + end.column
        return self.text[begin:finish]

    def lines_text(self, first: int, last: int) -> str:
        """Lines `first`..`last` inclusive, joined."""
        return "".join(self.lines[max(first - 1, 0) : last])


def tokens_of_lines(lines: list[str]) -> Iterator[tokenize.TokenInfo]:
    """The tokens of `lines` (`SourceFile.lines`: as the parser counts lines), each line's
    own break read as `\\n` (the tokenizer would read a lone `\\r` as none, and a reader of
    lines would break at a form feed): token rows are the parser's line numbers."""
    readable = iter([line.rstrip("\r\n") + "\n" for line in lines])
    return tokenize.generate_tokens(lambda: next(readable, ""))
