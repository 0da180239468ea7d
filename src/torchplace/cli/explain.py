"""Explain the device-placement and CUDA-context errors in a log (vLLM, torchrun, tracebacks).

Usage: torchplace explain LOGFILE|- [--json PATH] [--format text|json]

Reads the log (`-` for stdin) as a stream in bounded memory, finds each device/context/
parallel-configuration error, names the failing file:line, devices, ranks, the failure pattern
and its fix; other errors (out of memory, collective timeouts, shape mismatches, ...) are listed
as not placement errors. Exit 0 when the log holds no error, 1 when it holds any, 2 when it
cannot be read. Text from the log is printed with terminal control characters escaped. Never
imports torch.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from torchplace.cli import EXIT_FINDINGS, EXIT_OK, UsageError

if TYPE_CHECKING:
    from torchplace.explain.model import Diagnosis


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="torchplace explain",
        description="Explain device-placement and CUDA-context errors found in a log.",
    )
    parser.add_argument("log", help="log file to read, or - for standard input")
    parser.add_argument("--json", metavar="PATH", help="also write the JSON report to PATH")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="report on stdout (text)"
    )
    return parser


def _read(path: str) -> list[Diagnosis]:
    """Diagnoses of the log at `path`, read line by line (never the whole file at once)."""
    from torchplace.explain.logs import iter_lines, read_lines

    if path == "-":
        raw = getattr(sys.stdin, "buffer", None)
        stdin = io.TextIOWrapper(raw, encoding="utf-8", errors="replace") if raw else sys.stdin
        return read_lines(iter_lines(stdin))
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return read_lines(iter_lines(handle))
    except IsADirectoryError:
        raise UsageError(f"cannot read {path}: it is a directory") from None
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None


def main(argv: Sequence[str]) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exit_:
        if exit_.code in (0, None):
            return EXIT_OK
        raise UsageError("bad arguments (see `torchplace explain --help`)") from None
    from torchplace.explain.render import render_text, to_json
    from torchplace.report.terminal import escape_controls

    diagnoses = _read(args.log)
    try:
        if args.format == "json":
            sys.stdout.write(to_json(diagnoses, input=args.log))
        else:
            for diagnosis in diagnoses:
                print(escape_controls(render_text(diagnosis)))
                print()
        sys.stdout.flush()
    except BrokenPipeError:
        # `torchplace explain big.log | head`: the reader left; say nothing more on stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as handle:
                handle.write(to_json(diagnoses, input=args.log))
        except OSError as error:
            raise UsageError(f"cannot write {args.json}: {error.strerror or error}") from None
    known = sum(d.known for d in diagnoses)
    others = len(diagnoses) - known
    summary = (
        f"torchplace explain: {len(diagnoses)} error(s) found, {known} device-placement "
        f"error(s) explained, {others} other"
    )
    print(summary if diagnoses else "torchplace explain: no errors found", file=sys.stderr)
    return EXIT_FINDINGS if diagnoses else EXIT_OK
