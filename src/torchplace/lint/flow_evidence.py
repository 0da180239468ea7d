"""Which functions can show that a CPU-made tensor meets a GPU tensor, read from the text
before anything is parsed.

The device-flow analysis needs evidence of a GPU tensor in the function it follows: a move
(`.to(`, `.cuda(`), a `device=`, a `"cuda"` literal, an assignment to `.data`, a collective in
a program that uses NCCL, or a call of one of the file's own functions (the flow follows a CPU
tensor into it). A factory call in a function with none of these can make no finding, so its
line is no candidate, and a model file full of `torch.arange` in such functions is never
parsed. Nor is a factory given `device=`, `out=`, `pin_memory=` or `**kwargs` (it makes no
CPU-made tensor), nor one in `forward` or a method it reaches (the forward rule's ground, which the
analysis leaves alone). A factory whose result a class keeps (`self.x = torch.zeros(n)`) stays a
candidate in a class that is not an `nn.Module`: another method may grow or meet it.

The scan goes by indentation (as `regions` does): the function around a line is the nearest
`def` above it at a smaller indentation, and runs to the next `def` or `class` at its own
indentation or less. Its text is at least the function's, so the test keeps every line the
analysis could flag.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from torchplace.lint.context import forward_reach
from torchplace.lint.rule import AnyOf, FilteredAnyOf

#: Text that can give the flow a GPU tensor it counts as evidence.
PLACEMENT = re.compile(r"\.to\(|\bdevice\s*=|cuda|\.data\b")
COLLECTIVES = re.compile(r"all_reduce|broadcast|all_gather|reduce|all_to_all")
CALLED = re.compile(r"(?<![.\w])(\w+)\s*\(")
#: `self.x = torch.<factory>(...)`: an attribute that may be made on the CPU.
SELF_FACTORY = re.compile(r"self\.\w+(?:\s*:[^=\n]+)?\s*=\s*torch\.\w+\(")
#: A `def` or `class` line; the text is scanned with a newline put before it, so that the
#: pattern can start with a literal (`re` then jumps from line to line).
_BLOCK = re.compile(r"\n([ ]*)(?:async[ ]+)?(def|class)[ \t]+(\w+)([^\n]*)")
_KEYWORDS = (re.compile(r"def[ \t]+\w+"), re.compile(r"class[ \t]+\w+"))


def has_evidence(text: str, local: frozenset[str], collectives: bool) -> bool:
    """Whether a function's text can hold evidence of a GPU tensor (see the module doc)."""
    if PLACEMENT.search(text) or (collectives and COLLECTIVES.search(text)):
        return True
    named = [name for name in local if name in text]  # a cheap test before the exact one
    return bool(named) and any(name in local for name in CALLED.findall(text))


def uses_collectives(text: str) -> bool:
    """A file where a collective may run on NCCL: only there is one a sink."""
    return default_group_may_use_nccl(text) and COLLECTIVES.search(text) is not None


def default_group_may_use_nccl(text: str) -> bool:
    """The file names NCCL other than as the backend of a subgroup it makes
    (`dist.new_group(ranks, backend="nccl")`: varuna's data-parallel groups, beside a default
    group its launcher makes with gloo), and sends no CPU tensor to gloo
    (`"cuda:nccl,cpu:gloo"`): a collective on the default group may then run on NCCL."""
    if "nccl" not in text or "cpu:gloo" in text:
        return False
    return "nccl" in _SUBGROUP.sub("", text)


#: A subgroup made with its own backend: `new_group(...)` with one level of nested calls.
_SUBGROUP = re.compile(r"new_(?:sub)?groups?\s*\((?:[^()]|\([^()]*\))*\)")


class EvidentFactories(FilteredAnyOf):
    """The matches of the factory patterns that lie in a function with evidence, or in a
    class that may keep a CPU-made attribute and is not an `nn.Module`."""

    def select(self, string: str) -> list[re.Match[str]]:
        matches = [m for m in AnyOf.finditer(self, string) if not placed_call(string, m.end())]
        return _Blocks(string).keep(matches) if matches else []


#: Keywords with which a factory makes no CPU-made tensor (`flow`'s `_factory`).
_NO_CPU_KEYWORD = re.compile(r"\b(?:device|out|pin_memory)\s*=(?!=)|(?:^|,)\s*\*\*")


def placed_call(text: str, start: int, limit: int = 2000) -> bool:
    """Whether the call whose arguments start at `start` (just past its `(`) passes
    `device=`, `out=`, `pin_memory=` or `**kwargs` among its own arguments: such a factory
    makes no CPU-made tensor, so its line holds no candidate. Strings are skipped; a call
    longer than `limit` characters is kept."""
    depth, index, end = 1, start, min(len(text), start + limit)
    piece_start = start
    while index < end:
        char = text[index]
        if char in "\"'":
            close = text.find(char, index + 1)
            if close < 0:
                return False
            index = close + 1
            continue
        if char in "([{":
            if depth == 1 and _NO_CPU_KEYWORD.search(text[piece_start:index]):
                return True
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return _NO_CPU_KEYWORD.search(text[piece_start:index]) is not None
            piece_start = index + 1
        elif char == "#":
            newline = text.find("\n", index)
            index = newline if newline >= 0 else end
            continue
        index += 1
    return False


class _Blocks:
    def __init__(self, text: str) -> None:
        self.text = "\n" + text  # offsets below are one past the text's own
        found = [m for m in map(self._block_at, _keyword_lines(self.text)) if m is not None]
        self.starts = [m.start() + 1 for m in found]
        self.blocks = found
        self.local = frozenset(m.group(3) for m in found if not m.group(1) and m[2] == "def")
        self.collectives = uses_collectives(text)
        self._verdicts: dict[int, bool] = {}
        self._reaches: dict[int, dict[str, str]] = {}

    def _block_at(self, line_start: int) -> re.Match[str] | None:
        return _BLOCK.match(self.text, line_start - 1)

    def keep(self, matches: list[re.Match[str]]) -> list[re.Match[str]]:
        return [m for m in matches if self._kept(m.start() + 1)]

    def _kept(self, offset: int) -> bool:
        chain = self._enclosing(offset)
        if chain and self.blocks[chain[0]].group(2) == "def":
            parent = chain[1] if len(chain) > 1 else None
            in_class = parent is not None and self.blocks[parent].group(2) == "class"
            reached = in_class and self.blocks[chain[0]].group(3) in self._reach(parent)
            if not reached and self._evident(chain[0]):
                return True
        return any(self.blocks[i].group(2) == "class" and self._keeps_attributes(i) for i in chain)

    def _enclosing(self, offset: int) -> list[int]:
        """The blocks around an offset, innermost first."""
        line_start = self.text.rfind("\n", 0, offset) + 1
        indent = 0
        while self.text.startswith(" ", line_start + indent):
            indent += 1
        chain: list[int] = []
        index = bisect_right(self.starts, offset) - 1
        while index >= 0 and indent > 0:
            depth = len(self.blocks[index].group(1))
            if depth < indent:
                chain.append(index)
                indent = depth
            index -= 1
        return chain

    def _reach(self, index: int | None) -> dict[str, str]:
        """The methods of a class that its `forward` reaches (the forward rule's ground,
        which the analysis leaves alone)."""
        assert index is not None
        if index not in self._reaches:
            end = self._end(index)
            members = []
            for i in range(index + 1, len(self.blocks)):
                if self.starts[i] >= end:
                    break
                members.append(i)
            depth = min((len(self.blocks[i].group(1)) for i in members), default=0)
            methods = {
                self.blocks[i].group(3): i
                for i in members
                if len(self.blocks[i].group(1)) == depth and self.blocks[i].group(2) == "def"
            }
            self._reaches[index] = forward_reach(
                methods.keys(),
                lambda name: self.text[self.starts[methods[name]] : self._end(methods[name])],
                ("forward",),
            )
        return self._reaches[index]

    def _evident(self, index: int) -> bool:
        if index not in self._verdicts:
            text = self.text[self.starts[index] : self._end(index)]
            others = self.local - {self.blocks[index].group(3)}  # its own `def` line names it
            self._verdicts[index] = has_evidence(text, others, self.collectives)
        return self._verdicts[index]

    def _keeps_attributes(self, index: int) -> bool:
        key = -1 - index
        if key not in self._verdicts:
            bases = self.blocks[index].group(4)
            end = self._end(index)
            plain = re.search(r"Module\b", bases) is None
            made = SELF_FACTORY.search(self.text, self.starts[index], end)
            self._verdicts[key] = plain and made is not None
        return self._verdicts[key]

    def _end(self, index: int) -> int:
        depth = len(self.blocks[index].group(1))
        for later in self.blocks[index + 1 :]:
            if len(later.group(1)) <= depth:
                return later.start()
        return len(self.text)


def _keyword_lines(text: str) -> list[int]:
    """Starts of the lines where `def` or `class` is the first word (after `async`): found by
    scanning for the two words, far faster than a pattern tried at every line."""
    starts: set[int] = set()
    for keyword in _KEYWORDS:
        for match in keyword.finditer(text):
            line_start = text.rfind("\n", 0, match.start()) + 1
            head = text[line_start : match.start()].strip(" ")
            if line_start > 0 and head in ("", "async"):
                starts.add(line_start)
    return sorted(starts)
