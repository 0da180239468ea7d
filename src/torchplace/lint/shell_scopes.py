"""The functions of a shell script, and the variables each keeps to itself.

A launch script may give one name a different value in each of its functions (`local
remote_cmd` in `stop_remote()` and in `collect_logs()`): read over the whole text, the name is
assigned twice and its value unknown, and a cluster launcher running it (`ssh "$host"
"bash -lc '${remote_cmd}'"`) could run any file of the project. Bash keeps a name declared
`local` (or `declare` / `typeset`, which are local inside a function) to the function that
declares it, from that line on, and to the functions it calls (dynamic scope). So:

- a function reads its own local name as it assigns it, from its declaration on, unless
  another function assigns that name without declaring it local (a callee may set it);
- the script's top level reads a name as its top-level code and functions that do not keep
  it local assign it (a `local` there is no assignment of the script's variable);
- any other function reads a name some function keeps local as unknown: a caller's value
  may be the one it sees.

Read as text, never run: a function is a line `name() {` or `function name {` (the brace may
open on the next line) and the lines up to the brace that closes it, braces counted line by
line outside quotes, comments and here-documents. A function whose body is a subshell
(`name() (`) or whose brace never closes holds no names of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: A function's first line: `name() {`, `name ()`, `function name {`, `function name() {`.
_FUNCTION_HEAD = re.compile(
    r"\s*(?:function\s+[\w.:-]+\s*(?:\(\s*\))?|[A-Za-z_][\w.:-]*\s*\(\s*\))\s*(\{)?\s*(?:#.*)?$"
)
#: A declaration that makes its names local inside a function, with its options.
_DECLARATION = re.compile(r"\s*(?:local|declare|typeset)((?:\s+[-+]\w+)*)(?:\s+(.*))?$")
#: Quoted words: values, never names; their braces are text.
_QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'")
_DECLARED_NAME = re.compile(r"(?:^|\s)([A-Za-z_]\w*)(?=[+]?=|\s|$)")
#: A comment: `#` at the start or after a blank.
_COMMENT = re.compile(r"(?:^|\s)#.*$")
#: A parameter expansion (`${line%% #*}`): its `#` opens no comment, its braces balance.
_EXPANSION = re.compile(r"\$\{[^{}]*\}")
#: A function written on one line (`set_nodes() { NNODES=$1; }`).
_ONE_LINE_FUNCTION = re.compile(
    r"\s*(?:function\s+[\w.:-]+\s*(?:\(\s*\))?|[A-Za-z_][\w.:-]*\s*\(\s*\))\s*\{.*\}\s*;?\s*$"
)
#: A here-document's opening (`cat > f <<EOF`, `<<-'END'`; not a here-string, `<<<`): its
#: dash (tabs may come before the closing word), its quote, its closing word.
HERE_DOCUMENT = re.compile(r"(?<!<)<<(-?)[ \t]*([\"']?)(\w+)\2")
#: Only a text holding one of these words can declare a local name.
_MAY_DECLARE = re.compile(r"\b(?:local|declare|typeset)\s")


@dataclass(frozen=True)
class FunctionScope:
    """One shell function: the indexes of its first and last logical lines, and the names it
    declares local (each with the number of the line that first declares it)."""

    first: int
    last: int
    declared: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    def __hash__(self) -> int:
        return hash((self.first, self.last))

    def local_at(self, name: str, line: int) -> bool:
        """`name` is local here at `line` (declared on that line or before)."""
        declared = self.declared.get(name)
        return declared is not None and declared <= line


@dataclass
class ScriptScopes:
    """The functions of one script and the innermost one holding each logical line."""

    functions: list[FunctionScope]
    #: For each logical line (by index), the innermost function holding it, if any.
    owners: list[FunctionScope | None]

    def local_names(self) -> set[str]:
        return {name for function in self.functions for name in function.declared}


def script_scopes(text: str, logical_lines: list[tuple[int, str]]) -> ScriptScopes | None:
    """The functions of a shell script, when one of them declares a local name; None when
    none does. `logical_lines` are the text's lines with continuations joined, each with the
    number of its first line. Linear in the lines, however deep functions nest."""
    if not _MAY_DECLARE.search(text):
        return None
    spans = _function_spans(logical_lines)
    if not spans:
        return None
    # Outer functions first: an inner one then takes its own lines.
    spans.sort(key=lambda span: (span[0], -span[1]))
    owner_index: list[int | None] = []
    holding: list[int] = []  # the spans open at a line, innermost last
    following = 0
    for index in range(len(logical_lines)):
        while holding and spans[holding[-1]][1] < index:
            holding.pop()
        while following < len(spans) and spans[following][0] == index:
            holding.append(following)
            following += 1
        owner_index.append(holding[-1] if holding else None)
    declared: list[dict[str, int]] = [{} for _ in spans]
    for index, (line, logical) in enumerate(logical_lines):
        owner = owner_index[index]
        if owner is None:
            continue
        for name in _declared_names(logical):
            declared[owner].setdefault(name, line)
    functions = [
        FunctionScope(first, last, declared[number]) for number, (first, last) in enumerate(spans)
    ]
    if not any(function.declared for function in functions):
        return None
    owners = [None if owner is None else functions[owner] for owner in owner_index]
    return ScriptScopes(functions, owners)


def _function_spans(lines: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """(first, last) logical line indexes of each function whose braces close."""
    spans: list[tuple[int, int]] = []
    open_functions: list[tuple[int, int]] = []  # (head index, depth before its brace)
    depth = 0
    pending: int | None = None  # a head whose brace opens on the next line
    heredoc: str | None = None
    for index, (_, logical) in enumerate(lines):
        if heredoc is not None:
            if logical.strip() == heredoc:
                heredoc = None
            continue
        if _ONE_LINE_FUNCTION.match(_EXPANSION.sub("", logical)):
            spans.append((index, index))
            continue
        head = _FUNCTION_HEAD.match(logical)
        if head is not None and head.group(1) is None:
            pending = index
            continue
        if head is not None:
            open_functions.append((index, depth))
        elif pending is not None and logical.lstrip().startswith("{"):
            open_functions.append((pending, depth))
        pending = None
        code = _COMMENT.sub("", _EXPANSION.sub("", _QUOTED.sub('""', logical)))
        depth += code.count("{") - code.count("}")
        while open_functions and depth <= open_functions[-1][1]:
            first, before = open_functions.pop()
            spans.append((first, index))
            depth = max(depth, before)
        found = HERE_DOCUMENT.search(_COMMENT.sub("", logical))
        if found is not None:
            heredoc = found.group(3)
    return spans


def _declared_names(line: str) -> list[str]:
    """The names a `local` / `declare` / `typeset` line declares (`local a b=1 c`)."""
    match = _DECLARATION.match(line)
    if match is None or not match.group(2):
        return []
    options = "".join(o.lstrip("-+") for o in match.group(1).split())
    if any(letter in options for letter in "fFpg"):
        # `declare -f name` names a function, `-p` prints, `-g` makes a global
        return []
    words = _QUOTED.sub('""', _COMMENT.sub("", match.group(2)))
    return _DECLARED_NAME.findall(words)
