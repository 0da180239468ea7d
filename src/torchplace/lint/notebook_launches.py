"""The commands a Jupyter notebook runs, as launch texts.

A tutorial's notebook launches the project's scripts from its code cells: a line escaped to
the shell (`!python -m torch.distributed.launch --nproc_per_node=4 ../src/allgather.py`, in
tunib-ai's large-scale-lm-tutorials; also `! cmd`, `!!cmd`, `out = !cmd`, `%sx cmd`,
`%system cmd`, continued over lines by `\\`) or a cell a shell runs (`%%bash`, `%%sh`,
Colab's `%%shell`, `%%!`, `%%sx`, `%%system`, `%%script` of a shell; after blank lines or a
wrapping magic such as `%%capture`). IPython runs each of them in a fresh shell in the
notebook's directory (so `../src/allgather.py` is found from there), filling `$name` from the
kernel's Python names: each is its own text, so no shell variable carries from one to the
next, and a variable stays unknown. A cell writing a shell script (`%%writefile run.sh`) is
read as that script's text, and a Python cell that runs commands (`subprocess`, `os.system`,
`get_ipython().system`) and names a launcher is read as a Python launcher's literals. After
the kernel changes directory (`%cd`, `cd`, `%pushd`, `os.chdir`) a relative path names an
unknown file: the texts after it are marked so. Each text keeps its first line among the
notebook's code-cell lines. The notebook is parsed as JSON, never run; one that does not
parse gives no text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

#: A cell magic: its name and its arguments.
_CELL_MAGIC = re.compile(r"^%%(?P<name>\S+)[ \t]*(?P<args>.*)$")
#: Cell magics whose body a shell runs (`%%shell` is Colab's).
_SHELL_MAGICS = frozenset({"bash", "sh", "shell", "!", "sx", "system"})
#: Cell magics that run their body as a cell of its own (a shell cell magic may follow).
_WRAPPING = frozenset({"capture", "time", "timeit", "prun", "debug"})
_SCRIPT_SHELL = re.compile(r"(?:^|\s|/)(?:ba|z|da|k)?sh(?:\s|$)")
#: A line IPython sends to a shell: `!cmd`, `! cmd`, `!!cmd`, `x = !cmd`, `%sx cmd`,
#: `%system cmd`.
_SHELL_LINE = re.compile(
    r"^\s*(?:[\w.]+(?:\s*,\s*[\w.]+)*\s*=\s*)?(?:!!?|%(?:sx|system)\b)[ \t]*(?P<command>.*)$"
)
#: A change of the kernel's directory: `%cd`, `cd` (automagic), `%pushd`, `os.chdir(`.
_CHANGES_DIRECTORY = re.compile(r"^\s*(?:%?(?:cd|pushd|popd)\b(?!\s*=)|.*\bos\.chdir\s*\()")
#: A file a cell writes.
_WRITES_SCRIPT = re.compile(r"\.(?:sh|bash|zsh|slurm|sbatch)\s*$")


@dataclass(frozen=True)
class NotebookText:
    """One command text of a notebook."""

    #: Its first line among the notebook's code-cell lines (from 1).
    line: int
    text: str
    #: Python code, read for a launcher's literals, not a shell text.
    python: bool
    #: The kernel's directory may have changed before it runs.
    after_cd: bool


def _clean(text: str) -> str:
    # A JSON escape may give a lone surrogate, which no output can encode.
    return text.encode("utf-8", "replace").decode("utf-8")


def notebook_texts(data: bytes) -> list[NotebookText] | None:
    """The command texts of the notebook's code cells in their order, or None when the data
    is no notebook."""
    try:
        notebook = json.loads(data)
    except (ValueError, RecursionError):
        return None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        return None
    found: list[NotebookText] = []
    line = 0  # lines of code cells read so far
    moved = False
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source")
        if isinstance(source, list) and all(isinstance(part, str) for part in source):
            source = "".join(source)
        if not isinstance(source, str):
            continue
        cell_lines = _clean(source).splitlines()
        start = line
        line += len(cell_lines)
        # IPython drops leading blank lines; a wrapping magic runs its body as a cell.
        first = 0
        while True:
            while first < len(cell_lines) and not cell_lines[first].strip():
                first += 1
            magic = _CELL_MAGIC.match(cell_lines[first]) if first < len(cell_lines) else None
            if magic is None or magic.group("name") not in _WRAPPING:
                break
            first += 1
        if magic is not None:
            name, args = magic.group("name"), magic.group("args")
            body = "\n".join(cell_lines[first + 1 :]) + "\n"
            shell = name in _SHELL_MAGICS or (name == "script" and _SCRIPT_SHELL.search(args))
            writes = name in ("writefile", "file") and _WRITES_SCRIPT.search(args)
            if shell or writes:
                found.append(NotebookText(start + first + 2, body, False, moved))
            continue  # another cell magic: its body is no Python of the kernel
        python: list[str] = []
        index = first
        while index < len(cell_lines):
            text = cell_lines[index]
            match = _SHELL_LINE.match(text)
            if match is None:
                if _CHANGES_DIRECTORY.match(text):
                    moved = True
                python.append(text)
                index += 1
                continue
            # IPython joins the lines a `\` continues into one command.
            parts = [match.group("command")]
            begin = index
            while parts[-1].rstrip().endswith("\\") and index + 1 < len(cell_lines):
                parts[-1] = parts[-1].rstrip()[:-1]
                index += 1
                parts.append(cell_lines[index].strip())
            found.append(NotebookText(start + begin + 1, " ".join(parts) + "\n", False, moved))
            python += [""] * (index - begin + 1)
            index += 1
        code = "\n".join([""] * first + python) + "\n"
        found.append(NotebookText(start + 1, code, True, moved))
    return found
