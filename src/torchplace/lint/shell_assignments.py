"""The names a shell text assigns, by every form bash assigns with.

A launch script's variable holds a value the reader can know only when the script assigns it
once (`NNODES=1`, then `torchrun --nnodes $NNODES`). Bash assigns a name in more ways than
`NAME=value`: a loop over values (`for NNODES in 1 2; do`), input (`read NNODES`, `read -a
HOSTS`), `printf -v NNODES`, `mapfile -t ARGS`, `getopts n: NNODES` and arithmetic (`((
NNODES += 1 ))`, `let "NNODES += 1"`). A name assigned by any of them as well as once plainly
holds a value that is not known: read as the plain value alone, a launch over several nodes
reads as one node's.

Read as text, never run. The other forms count only in the script's own code: not in a
comment (`# for NNODES in a multi-node job, see README`) nor inside quotes, where they are
text a command prints (`echo "read NNODES from the log"`) or a command for another shell
(`ssh host "for n in ..."`), which assigns nothing here. A command word counts where it
starts a word (`--read x` is an option, `$read` a variable read); a builtin's options that
take a value (`read -p 'nodes (1)? '`) are skipped with their value, so the value is not
taken for a name. The plain form is counted wherever it is written, as it always was.
"""

from __future__ import annotations

import re
import shlex

from torchplace.lint.shell_scopes import HERE_DOCUMENT

#: `NAME=value` anywhere in a line (`then ARGS="$ARGS --nnodes 2"; fi`, `ARGS+=(...)`,
#: `[ -n "$M" ] && ARGS+=" x"`), not an option's (`--nnodes=2`) nor a variable read's.
PLAIN_ASSIGNMENT = re.compile(r"(?<![\w$.{/-])([A-Za-z_]\w*)\+?=(?!=)")

_NAME = re.compile(r"[A-Za-z_]\w*")
_START = r"(?<![\w$.{/-])"
#: `for NAME in ...`, `for NAME; do`, `select NAME in ...`.
_LOOP = re.compile(_START + r"(?:for|select)[ \t]+([A-Za-z_]\w*)(?=[ \t]*(?:;|$|in\b|do\b))", re.M)
#: `printf -v NAME`, `getopts optstring NAME` (the name may be quoted: `printf -v "NAME"`).
_PRINTF_TO = re.compile(_START + r"printf[ \t]+-v[ \t]+[\"']?([A-Za-z_]\w*)")
_GETOPTS = re.compile(_START + r"getopts[ \t]+\S+[ \t]+[\"']?([A-Za-z_]\w*)")
#: A builtin that reads input into names, with the rest of its line.
_READER = re.compile(_START + r"(read|mapfile|readarray)(?=[ \t]|$)([^\n]*)", re.M)
#: The options of each reader that take a value (the next word when not joined), and the one
#: whose value is a name it assigns (`read -a HOSTS`).
_VALUED_OPTIONS = {"read": "adinNptu", "mapfile": "dnOsuCc", "readarray": "dnOsuCc"}
#: `let` and the expressions after it, up to the line's end.
_LET = re.compile(_START + r"let[ \t]+([^\n]*)")
#: Inside an arithmetic expression: `N = 1`, `N += 1`, `N*=2`, `++N`, `N--`; a `N=` or `N+=`
#: with nothing between the name and the sign is a plain assignment, counted already.
_ARITHMETIC_ASSIGNMENT = re.compile(
    r"(?<![\w$])([A-Za-z_]\w*)(?:[ \t]+(?:[-+*/%&|^]|<<|>>)?|[-*/%&|^]|<<|>>)=(?!=)"
    r"|(?:\+\+|--)[ \t]*([A-Za-z_]\w*)|(?<![\w$])([A-Za-z_]\w*)[ \t]*(?:\+\+|--)"
)
#: A cheap first test: the text names one of the other forms at all.
_MAY_ASSIGN_OTHERWISE = re.compile(
    r"\b(?:for|select|printf|getopts|read|mapfile|readarray|let)\b|\(\("
)


def assigned_names(text: str) -> list[str]:
    """Every name the text assigns, once per assignment, in no particular order."""
    names = PLAIN_ASSIGNMENT.findall(text)
    if not _MAY_ASSIGN_OTHERWISE.search(text):
        return names  # most lines of most scripts: one scan
    code, words = _own_code(text)
    names += _LOOP.findall(code)
    for pattern in (_PRINTF_TO, _GETOPTS):
        # Read where the name's quotes are kept; the builtin itself must be the script's.
        names += [m.group(1) for m in pattern.finditer(words) if code[m.start()] != " "]
    for match in _READER.finditer(code):
        # The words as written (quotes kept): a prompt's `(` or `;` stays in its word.
        rest = words[match.start(2) : match.end(2)]
        names += _reader_names(match.group(1), _words(rest))
    for match in _LET.finditer(code):
        names += _arithmetic_names(words[match.start(1) : match.end(1)])
    for body in _arithmetic_bodies(code, words):
        names += _arithmetic_names(body)
    return names


def _own_code(text: str) -> tuple[str, str]:
    """The text with what the shell does not run here blanked out, and the text with only
    comments and here-documents blanked: comments, here-documents' bodies (their quotes are
    text: `Don't edit`), and the insides of quotes (keeping the quote marks, so words keep
    their places). Both keep every character's position. One pass."""
    text = _without_here_documents(text)
    code: list[str] = []
    words: list[str] = []
    quote = ""
    comment = False
    previous = "\n"
    index = 0
    while index < len(text):
        char = text[index]
        if comment:
            comment = char != "\n"
            kept = char if char == "\n" else " "
            code.append(kept)
            words.append(kept)
        elif quote:
            if char == "\\" and quote == '"' and index + 1 < len(text):
                code.append("  ")
                words.append(text[index : index + 2])
                index += 2
                previous = "x"
                continue
            if char == quote:
                quote = ""
                code.append(char)
            else:
                code.append(char if char == "\n" else " ")
            words.append(char)
        elif char == "\\" and index + 1 < len(text):
            code.append(text[index : index + 2])
            words.append(text[index : index + 2])
            index += 2
            previous = "x"
            continue
        elif char in "\"'":
            quote = char
            code.append(char)
            words.append(char)
        elif char == "#" and previous in " \t\n;&|(":
            comment = True
            code.append(" ")
            words.append(" ")
        else:
            code.append(char)
            words.append(char)
        previous = char
        index += 1
    return "".join(code), "".join(words)


def _without_here_documents(text: str) -> str:
    """The text with each here-document's body blanked, line for line: from the line after
    its opening to the line holding only its closing word (tabs before it too, for `<<-`)."""
    if "<<" not in text:
        return text
    lines = text.split("\n")
    closing: list[tuple[str, bool]] = []
    for index, line in enumerate(lines):
        if closing:
            word, tabs = closing[0]
            if (line.lstrip("\t") if tabs else line).rstrip("\r") == word:
                closing.pop(0)
            lines[index] = " " * len(line)
            continue
        closing = [(m.group(3), m.group(1) == "-") for m in HERE_DOCUMENT.finditer(line)]
    return "\n".join(lines)


def _arithmetic_bodies(code: str, words: str) -> list[str]:
    """The insides of `(( ... ))` commands on one line, nested parentheses included, read
    from `words` at the places `code` shows them (not in quotes or comments)."""
    bodies: list[str] = []
    start = code.find("((")
    while start >= 0:
        depth = 0
        index = start
        end = -1
        while index < len(code) and code[index] != "\n":
            if code[index] == "(":
                depth += 1
            elif code[index] == ")":
                depth -= 1
                if depth == 0:
                    end = index
                    break
            index += 1
        if end < 0:
            start = code.find("((", index)
            continue
        bodies.append(words[start + 2 : end - 1])
        start = code.find("((", end + 1)
    return bodies


def _arithmetic_names(expression: str) -> list[str]:
    """The names an arithmetic expression assigns (`let`'s words may be quoted)."""
    return [
        next(g for g in groups if g)
        for groups in _ARITHMETIC_ASSIGNMENT.findall(expression.replace('"', " ").replace("'", " "))
    ]


def _words(command: str) -> list[str]:
    """A command's words as the shell splits them (`-p 'nodes (1)? '` is two), its
    operators (`<`, `;`, `|`) words of their own; at blanks where its quotes do not close on
    this line."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        return list(lexer)
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
