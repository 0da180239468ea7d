"""Parse less than the whole file: blank out functions and classes that cannot hold a finding.

CPython's parser is most of a cold lint run, and in a large file most `def` and `class` blocks
hold no candidate line (no enabled rule's regular expression matched in them). This module
finds those blocks from the text alone (indentation, not a tokenizer) and returns a copy of the
file in which each of them is replaced by a one-line stub on its `def`/`class` line and blank
lines after it. Every kept line is verbatim and keeps its number, so positions, fixes and
`node_text` still refer to the real file.

What is kept whole, because rules look at it beyond the candidate lines:
- every `def` holding a candidate line that can count there: a rule's `candidate_scope` says
  whether its lines count anywhere, only in methods `forward` reaches, or only in `__init__`
  (so a helper full of `torch.arange` is left out when only the forward rule looks for that);
  a function that defines a class is kept for any candidate, since that class has methods too;
- every method a kept class's `forward` reaches through `self.method(...)` calls, when one of
  them holds a candidate, so the forward paths that forward rules ask about are the same as in
  the full tree;
- every block whose text matches a rule's `context_hint` (a thread target that uses CUDA);
- all module-level and class-level statements that are not `def`/`class` blocks.
A stub keeps the block's name (rules look functions up by name) and a kept class ends on its
original last line, so its text span is unchanged.

The scan can be fooled by unusual layouts (a tab-indented file, code at a lower indentation
inside brackets, odd triple-quoted strings). None of these can silently change a finding: the
engine falls back to parsing the whole file when the reduced text does not parse, and a test
compares findings with and without regions over every fixture and a real corpus.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from torchplace.lint.context import forward_reach

# The patterns below start with a newline, not `^`: a literal first character lets `re` jump
# from line to line instead of trying every position (a whole file's worth, per block). So
# they never see the file's first line, which then simply stays unreduced.
_MEMBER_INDENT = re.compile(r"\n([ ]+)(?:@|(?:async[ ]+)?def[ \t]|class[ \t])")
_NESTED_CLASS = re.compile(r"\n[ ]+class[ \t]")
# Below this many lines the whole parse is cheap and the scan would not pay for itself.
MIN_LINES = 120


@cache
def _block_start(indent: int) -> re.Pattern[str]:
    """A decorator, `def` or `class` line at exactly `indent` spaces."""
    return re.compile(rf"\n[ ]{{{indent}}}(?:(@)|(async[ ]+)?def[ \t]+(\w+)|class[ \t]+(\w+))")


@cache
def _block_end(indent: int) -> re.Pattern[str]:
    """The next line at `indent` or less that starts code (not a comment, not a closing
    bracket of a multi-line signature or call)."""
    return re.compile(rf"\n(?=[ ]{{0,{indent}}}[^ \t\r\n\f#)\]}}])")


@dataclass
class _Block:
    kind: str  # "def" or "class"
    name: str
    indent: int
    first: int  # first line, decorators included (1-based)
    head: int  # the `def` / `class` line
    last: int  # last line holding code
    start: int  # offsets of `first` and of the line after `last`
    end: int
    is_async: bool = False


def _triple_quoted_spans(text: str) -> tuple[list[int], list[int]]:
    """Where triple-quoted strings start and end. `str.find` jumps from quote to quote, far
    faster than a regular expression stepping through each string's characters."""
    starts: list[int] = []
    ends: list[int] = []
    find = text.find
    position = 0
    double, single = find('"""'), find("'''")
    while True:
        # Each delimiter is looked for again only once the scan has passed it.
        if 0 <= double < position:
            double = find('"""', position)
        if 0 <= single < position:
            single = find("'''", position)
        if double < 0 and single < 0:
            return starts, ends
        start = double if single < 0 or 0 <= double < single else single
        delimiter = text[start : start + 3]
        end = find(delimiter, start + 3)
        while end > 0 and text[end - 1] == "\\" and text[end - 2] != "\\":
            end = find(delimiter, end + 1)  # an escaped quote does not close the string
        if end < 0:
            return starts, ends
        starts.append(start)
        ends.append(end + 3)
        position = end + 3


class _Text:
    """The file's text, its lines, line numbers of offsets, and triple-quoted string spans."""

    def __init__(self, text: str, lines: Sequence[str], line_offsets: Sequence[int]) -> None:
        self.text = text
        self.lines = lines
        self.offsets = line_offsets
        self.string_starts, self.string_ends = _triple_quoted_spans(text)

    def line(self, offset: int) -> int:
        return bisect_right(self.offsets, offset)

    def string_end(self, offset: int) -> int | None:
        """If `offset` lies inside a triple-quoted string, where that string ends."""
        index = bisect_right(self.string_starts, offset) - 1
        if index >= 0 and offset < self.string_ends[index]:
            return self.string_ends[index]
        return None

    def blocks(self, indent: int, start: int, end: int) -> list[_Block]:
        """The `def`/`class` blocks at exactly `indent` between two offsets, in order."""
        found: list[_Block] = []
        decorated: int | None = None
        position = start
        pattern = _block_start(indent)
        while True:
            match = pattern.search(self.text, position, end)
            if match is None:
                return found
            line_start = match.start() + 1
            inside = self.string_end(line_start)
            if inside is not None:
                position = inside
                continue
            position = match.end()
            if match.group(1):  # a decorator: the block starts at the first one
                if decorated is None:
                    decorated = line_start
                continue
            first = decorated if decorated is not None else line_start
            decorated = None
            last = self._last_line(match.end(), indent)
            block_end = self.offsets[last]
            kind = "def" if match.group(3) else "class"
            name = match.group(3) or match.group(4)
            head = self.line(line_start)
            first_line = self.line(first)
            is_async = bool(match.group(2))
            found.append(
                _Block(kind, name, indent, first_line, head, last, first, block_end, is_async)
            )
            position = max(position, block_end - 1)  # the newline before the next line

    def _last_line(self, after: int, indent: int) -> int:
        pattern = _block_end(indent)
        position = self.text.find("\n", after)
        last = len(self.lines)
        while position >= 0:
            end = pattern.search(self.text, position)
            if end is None:
                break
            inside = self.string_end(end.start() + 1)
            if inside is None:
                last = self.line(end.start() + 1) - 1
                break
            position = inside
        lines = self.lines
        while last > 1 and lines[last - 1].strip()[:1] in ("", "#"):
            last -= 1
        return last

    def members(self, block: _Block) -> list[_Block]:
        """The blocks directly inside a class (methods, nested classes)."""
        body_start = self.offsets[block.head] - 1  # the newline ending the `class` line
        match = _MEMBER_INDENT.search(self.text, body_start, block.end)
        while match is not None and self.string_end(match.start() + 1) is not None:
            match = _MEMBER_INDENT.search(self.text, match.end(), block.end)
        if match is None or len(match.group(1)) <= block.indent:
            return []
        return self.blocks(len(match.group(1)), body_start, block.end)


def _holds(candidates: Sequence[int], first: int, last: int) -> bool:
    index = bisect_right(candidates, first - 1)
    return index < len(candidates) and candidates[index] <= last


def reduce_source(
    lines: Sequence[str],
    line_offsets: Sequence[int],
    text: str,
    candidate_lines: Sequence[int] | Mapping[str, Sequence[int]],
    context_hints: Sequence[re.Pattern[str]] = (),
    forward_methods: Sequence[str] = ("forward",),
    min_lines: int | None = None,
) -> str | None:
    """The file with blocks that cannot matter stubbed out, or None to parse it whole.

    `candidate_lines`: sorted line numbers, or a mapping of them by `Rule.candidate_scope`
    ("any", "forward", "init"; "all" for their union): lines that can only hold a finding in
    a method `forward` reaches, or in an `__init__`, keep no other block. None when the file is
    small, uses tab indentation, or nothing would be left out.
    """
    if len(lines) < (MIN_LINES if min_lines is None else min_lines) or "\t" in text:
        return None
    scoped = candidate_lines if isinstance(candidate_lines, Mapping) else {"any": candidate_lines}
    scanned = _Text(text, lines, line_offsets)
    reduced = list(lines)
    reducer = _Reducer(scanned, reduced, scoped, context_hints, forward_methods)
    for block in scanned.blocks(0, 0, len(text)):
        reducer.decide(block, reachable=False, in_class=False)
    if not reducer.stubbed:
        return None
    return "".join(reduced)


class _Reducer:
    def __init__(
        self,
        scanned: _Text,
        reduced: list[str],
        scoped: Mapping[str, Sequence[int]],
        hints: Sequence[re.Pattern[str]],
        forward_methods: Sequence[str],
    ) -> None:
        self.scanned = scanned
        self.reduced = reduced
        self.anywhere = scoped.get("any", ())
        self.init = scoped.get("init", ())
        every = scoped.get("all")
        if every is None:
            every = sorted({line for lines in scoped.values() for line in lines})
        self.every = every
        self.hints = hints
        self.forward_methods = forward_methods
        self.stubbed = 0

    def block_text(self, block: _Block) -> str:
        return self.scanned.text[block.start : block.end]

    def decide(self, block: _Block, reachable: bool, in_class: bool) -> None:
        first, last = block.first, block.last
        if block.kind == "class":
            holds = _holds(self.every, first, last)
        else:
            # "forward" lines matter only in reachable methods, which are kept anyway, or in
            # methods of a class defined inside this function.
            holds = (
                _holds(self.anywhere, first, last)
                or (in_class and block.name == "__init__" and _holds(self.init, first, last))
                or (
                    _holds(self.every, first, last)
                    and _NESTED_CLASS.search(self.scanned.text, block.start, block.end) is not None
                )
            )
        hinted = not holds and any(h.search(self.block_text(block)) for h in self.hints)
        if block.kind == "class" and (holds or hinted):
            self.keep_class(block)  # a class is never kept whole: its members decide
        elif not (holds or reachable or hinted):
            self.stub(block)

    def keep_class(self, block: _Block) -> None:
        children = self.scanned.members(block)
        methods = {child.name: child for child in children if child.kind == "def"}
        holding = {n for n, m in methods.items() if _holds(self.every, m.first, m.last)}
        reach: set[str] = set()
        if holding:  # without a candidate in any method, what forward reaches cannot matter
            reach = set(
                forward_reach(
                    methods.keys(),
                    lambda name: self.block_text(methods[name]),
                    self.forward_methods,
                )
            )
        if not reach & holding:
            reach = set()  # no reachable method holds a candidate: no path is ever asked for
        for child in children:
            reachable = child.kind == "def" and child.name in reach
            self.decide(child, reachable=reachable, in_class=True)
        last = block.last
        if self.reduced[last - 1] == "\n" and children:
            # The class must still end on its own last line (rules read its text span).
            self.reduced[last - 1] = " " * children[0].indent + "pass\n"

    def stub(self, block: _Block) -> None:
        for number in range(block.first, block.last + 1):
            self.reduced[number - 1] = "\n"
        pad = " " * block.indent
        if block.kind == "class":
            line = f"{pad}class {block.name}: pass\n"
        else:
            prefix = "async def" if block.is_async else "def"
            line = f"{pad}{prefix} {block.name}(*args, **kwargs): pass\n"
        self.reduced[block.head - 1] = line
        self.stubbed += 1
