"""The names a shell text assigns, by every form bash assigns with.

A launch script's variable holds a value the reader can know only when the script assigns it
once (`NNODES=1`, then `torchrun --nnodes $NNODES`). Bash assigns a name in more ways than
`NAME=value`: a loop over values (`for NNODES in 1 2; do`), input (`read NNODES`, `read -a
HOSTS`), `printf -v NNODES`, `mapfile -t ARGS`, `getopts n: NNODES` and arithmetic (`((
NNODES += 1 ))`). A name assigned by any of them as well as once plainly holds a value that
is not known: read as the plain value alone, a launch over several nodes reads as one node's.

Read as text, never run. A command word counts where it starts a word (`--read x` is an
option, `$read` a variable read); a builtin's options that take a value (`read -p 'nodes? '`)
are skipped with their value, so the value is not taken for a name.
"""

from __future__ import annotations

import re
import shlex

#: `NAME=value` anywhere in a line (`then ARGS="$ARGS --nnodes 2"; fi`, `ARGS+=(...)`,
#: `[ -n "$M" ] && ARGS+=" x"`), not an option's (`--nnodes=2`) nor a variable read's.
PLAIN_ASSIGNMENT = re.compile(r"(?<![\w$.{/-])([A-Za-z_]\w*)\+?=(?!=)")

_NAME = re.compile(r"[A-Za-z_]\w*")
#: `for NAME in ...`, `for NAME; do`, `select NAME in ...`.
_LOOP = re.compile(
    r"(?<![\w$.{/-])(?:for|select)[ \t]+([A-Za-z_]\w*)(?=[ \t]*(?:;|$|in\b|do\b))", re.M
)
#: `printf -v NAME`, `getopts optstring NAME`.
_PRINTF_TO = re.compile(r"(?<![\w$.{/-])printf[ \t]+-v[ \t]+([A-Za-z_]\w*)")
_GETOPTS = re.compile(r"(?<![\w$.{/-])getopts[ \t]+\S+[ \t]+([A-Za-z_]\w*)")
#: A builtin that reads input into names, with the rest of its command.
_READER = re.compile(r"(?<![\w$.{/-])(read|mapfile|readarray)((?:[ \t]+[^\s;&|<>()]+)*)")
#: The options of each reader that take a value (the next word when not joined), and the one
#: whose value is a name it assigns (`read -a HOSTS`).
_VALUED_OPTIONS = {"read": "adinNptu", "mapfile": "dnOsuCc", "readarray": "dnOsuCc"}
#: Arithmetic: `(( N += 1 ))`, `((N++))`, `let N=N+1` (the `N=` form is a plain assignment).
_ARITHMETIC = re.compile(r"\(\(([^()]*)\)\)")
_ARITHMETIC_ASSIGNMENT = re.compile(
    r"(?<![\w$])([A-Za-z_]\w*)[ \t]*(?:[-+*/%&|^]|<<|>>)?=(?!=)"
    r"|(?:\+\+|--)[ \t]*([A-Za-z_]\w*)|(?<![\w$])([A-Za-z_]\w*)[ \t]*(?:\+\+|--)"
)


def assigned_names(text: str) -> list[str]:
    """Every name the text assigns, once per assignment, in no particular order."""
    names = PLAIN_ASSIGNMENT.findall(text)
    if not _MAY_ASSIGN_OTHERWISE.search(text):
        return names  # most lines of most scripts: one scan
    names += _LOOP.findall(text)
    names += _PRINTF_TO.findall(text)
    names += _GETOPTS.findall(text)
    for builtin, words in _READER.findall(text):
        names += _reader_names(builtin, _words(words))
    for body in _ARITHMETIC.findall(text):
        for groups in _ARITHMETIC_ASSIGNMENT.findall(body):
            # `N=1` inside is a plain assignment, counted above already.
            name = next(g for g in groups if g)
            if not re.search(rf"(?<![\w$.{{/-]){name}=(?!=)", body):
                names.append(name)
    return names


#: A cheap first test: the text names one of the other forms at all.
_MAY_ASSIGN_OTHERWISE = re.compile(r"\b(?:for|select|printf|getopts|read|mapfile|readarray)\b|\(\(")


def _words(command: str) -> list[str]:
    """A command's words as the shell splits them (`-p 'nodes? '` is two), or at blanks where
    its quotes do not close on this line."""
    try:
        return shlex.split(command, comments=True)
    except ValueError:
        return command.split()


def _reader_names(builtin: str, words: list[str]) -> list[str]:
    """The names `read` / `mapfile` assign from their words: options skipped with their values,
    an array option's value kept, the names up to the first word that is not one."""
    valued = _VALUED_OPTIONS[builtin]
    names: list[str] = []
    index = 0
    while index < len(words) and words[index].startswith("-") and words[index] != "--":
        letters = words[index][1:]
        index += 1
        for position, letter in enumerate(letters):
            if letter in valued:
                joined = letters[position + 1 :]
                value = joined or (words[index] if index < len(words) else "")
                if not joined:
                    index += 1
                if letter == "a" and builtin == "read" and _NAME.fullmatch(value):
                    names.append(value)
                break
    if index < len(words) and words[index] == "--":
        index += 1
    for word in words[index:]:
        if not _NAME.fullmatch(word):
            break
        names.append(word)
    return names
