"""Explain the device-placement and CUDA-context errors in a log (vLLM, torchrun, tracebacks).

Usage: torchplace explain LOGFILE|- [--json PATH] [--format text|json]

Reads the log (`-` for stdin), finds each device/context/parallel-configuration error, names
the failing file:line, devices, rank, the failure pattern and its fix; other errors are listed
as unknown. Exit 0 when the log holds no error, 1 when it holds any, 2 when it cannot be read.
Never imports torch.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from torchplace.cli import EXIT_FINDINGS, EXIT_OK, UsageError


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


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
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
    from torchplace.explain.logs import read_log
    from torchplace.explain.render import render_text, to_json

    diagnoses = read_log(_read(args.log))
    if args.format == "json":
        sys.stdout.write(to_json(diagnoses, input=args.log))
    else:
        for diagnosis in diagnoses:
            print(render_text(diagnosis))
            print()
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as handle:
                handle.write(to_json(diagnoses, input=args.log))
        except OSError as error:
            raise UsageError(f"cannot write {args.json}: {error.strerror or error}") from None
    known = sum(d.known for d in diagnoses)
    summary = f"torchplace explain: {len(diagnoses)} error(s) found, {known} explained"
    print(summary if diagnoses else "torchplace explain: no errors found", file=sys.stderr)
    return EXIT_FINDINGS if diagnoses else EXIT_OK
