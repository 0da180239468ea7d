"""The variables a shell function keeps to itself.

A launch script may give one name a different value in each of its functions (`local
remote_cmd` in `stop_remote()` and in `collect_logs()`): read over the whole text, the name is
assigned twice and its value unknown, and a cluster launcher running it (`ssh "$host"
"bash -lc '${remote_cmd}'"`) could run any file of the project. Bash keeps a name declared
`local` (or `declare` / `typeset`, which are local inside a function) to the function that
declares it, so each function's value is read in that function alone.

Read as text, never run: a function is a line `name() {` or `function name {` and the lines
up to the brace that closes it (braces counted line by line, `${...}` balanced on its own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: A function's first line: `name() {`, `name ()`, `function name {`, `function name() {`.
_FUNCTION_HEAD = re.compile(
    r"\s*(?:function\s+[\w.:-]+\s*(?:\(\s*\))?|[A-Za-z_][\w.:-]*\s*\(\s*\))\s*(\{)?\s*(?:#.*)?$"
)
#: A declaration that makes its names local inside a function, with its options.
_DECLARATION = re.compile(r"\s*(?:local|declare|typeset)((?:\s+[-+]\w+)*)\s+(.*)$")
#: Quoted words in a declaration: values, never names.
_QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'")
_DECLARED_NAME = re.compile(r"(?:^|\s)([A-Za-z_]\w*)(?=[+]?=|\s|$)")
#: Only a text holding one of these words can declare a local name.
_MAY_DECLARE = re.compile(r"\b(?:local|declare|typeset)\s")
#: Lines a function is read across at most: an unclosed brace ends it there.
_MAX_FUNCTION_LINES = 2_000


@dataclass(frozen=True)
class FunctionScope:
    """One shell function: its lines (first and last, numbered as the text's) and the names it
    declares local."""

    first: int
    last: int
    local_names: frozenset[str]

    def holds(self, line: int) -> bool:
        return self.first <= line <= self.last


def function_scopes(text: str, logical_lines: list[tuple[int, str]]) -> list[FunctionScope]:
    """The functions of a shell script that declare local names, innermost last for a line
    several hold. `logical_lines` are the text's lines with continuations joined, each with
    the number of its first line."""
    if not _MAY_DECLARE.search(text):
        return []
    scopes: list[FunctionScope] = []
    for index, (first, logical) in enumerate(logical_lines):
        head = _FUNCTION_HEAD.match(logical)
        if head is None:
            continue
        end = _closing_line(logical_lines, index, opened=head.group(1) is not None)
        if end is None:
            continue
        body = logical_lines[index + 1 : end + 1]
        names = frozenset(name for _, line in body for name in _declared_names(line))
        if names:
            last = logical_lines[end + 1][0] - 1 if end + 1 < len(logical_lines) else body[-1][0]
            scopes.append(FunctionScope(first, max(last, first), names))
    return scopes


def innermost(scopes: list[FunctionScope], line: int) -> FunctionScope | None:
    """The innermost function holding `line`, if any."""
    found = None
    for scope in scopes:
        if scope.holds(line) and (found is None or scope.first >= found.first):
            found = scope
    return found


def _closing_line(lines: list[tuple[int, str]], head: int, opened: bool) -> int | None:
    """The index of the logical line whose brace closes the function starting at `head`: the
    brace opens on the head's line or on the next."""
    depth = 1 if opened else 0
    start = head + 1
    if not opened:
        if start >= len(lines) or not lines[start][1].lstrip().startswith("{"):
            return None  # `name()` then a subshell or one command: no body read
        depth = _braces(lines[start][1])
        start += 1
        if depth <= 0:
            return start - 1
    for index in range(start, min(len(lines), head + _MAX_FUNCTION_LINES)):
        depth += _braces(lines[index][1])
        if depth <= 0:
            return index
    return None


def _braces(line: str) -> int:
    """Opening less closing braces of a line, outside its comment and quotes."""
    code = _QUOTED.sub("", line.split(" #", 1)[0])
    if code.lstrip().startswith("#"):
        return 0
    return code.count("{") - code.count("}")


def _declared_names(line: str) -> list[str]:
    """The names a `local` / `declare` / `typeset` line declares (`local a b=1 c`)."""
    match = _DECLARATION.match(line)
    if match is None:
        return []
    options = match.group(1).split()
    if any(option.lstrip("-+").startswith(("f", "F")) for option in options):
        return []  # `declare -f name`: a function's name, not a variable
    if any(option.startswith("-") and "g" in option for option in options):
        return []  # `declare -g`: global, even in a function
    words = _QUOTED.sub('""', match.group(2).split(" #", 1)[0])
    return _DECLARED_NAME.findall(words)
