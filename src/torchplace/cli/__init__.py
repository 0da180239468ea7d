"""The `torchplace` command: one module per verb in this package, each with `main(argv) -> int`.

Verbs are found by walking the package; a verb module's docstring's first line is its summary
in `torchplace --help`. Exit codes follow the linters' convention: 0 clean, 1 findings, 2 error.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from torchplace import __version__

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a reader that left


class UsageError(Exception):
    """Bad input from the user: printed as one clear line, exit code 2, never a traceback."""


def verbs() -> dict[str, str]:
    """Verb name -> one-line summary, read from each verb module's docstring without running it."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        spec = info.module_finder.find_spec(f"{__name__}.{info.name}", None)
        summary = ""
        if spec is not None and spec.origin:
            summary = _first_docstring_line(spec.origin)
        found[info.name] = summary
    return dict(sorted(found.items()))


def _first_docstring_line(path: str) -> str:
    import ast

    with open(path, encoding="utf-8") as handle:
        doc = ast.get_docstring(ast.parse(handle.read())) or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def _is_verb(name: str) -> bool:
    """Whether `name` is a verb module, without reading every verb's source (that is slow)."""
    if not name.isidentifier() or name.startswith("_"):
        return False
    return any(info.name == name for info in pkgutil.iter_modules(__path__))


def _usage() -> str:
    lines = ["usage: torchplace <verb> [options]", "", "verbs:"]
    for name, summary in verbs().items():
        lines.append(f"  {name:<10} {summary}")
    lines += ["", "Run `torchplace <verb> --help` for a verb's options."]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch `torchplace <verb> ...` to `torchplace.cli.<verb>.main`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in {"-h", "--help", "help"}:
        print(_usage())
        return EXIT_OK if args else EXIT_ERROR
    if args[0] == "--version":
        print(f"torchplace {__version__}")
        return EXIT_OK
    verb = args[0]
    if not _is_verb(verb):
        print(f"torchplace: unknown verb {verb!r}.\n\n{_usage()}", file=sys.stderr)
        return EXIT_ERROR
    module = importlib.import_module(f"{__name__}.{verb}")
    try:
        return int(module.main(args[1:]))
    except UsageError as error:
        print(f"torchplace {verb}: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(f"torchplace {verb}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `torchplace rule | head`: the reader left. Nothing more goes to stdout (nor a
        # traceback when Python flushes it at exit); exit as a process killed by SIGPIPE does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
