"""Run the preflight checks on a command, then exec it unchanged (refuses on failures).

usage: torchplace launch [options] [--force] -- COMMAND...

The command replaces this process (os.execvpe) with the same arguments and environment, plus
CUDA_DEVICE_ORDER=PCI_BUS_ID when the node's GPUs differ and it is unset. Exit codes: 1 when a
check fails (and --force is not given), 2 for bad input; otherwise the command's own.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from torchplace.cli import EXIT_ERROR, EXIT_FINDINGS
from torchplace.cli.preflight import build_parser, run_checks, split_command

if TYPE_CHECKING:
    from torchplace.preflight.runner import PreflightResult


def main(argv: Sequence[str]) -> int:
    from torchplace.preflight import render
    from torchplace.preflight.checks import Status

    before, command = split_command(argv)
    parser = build_parser("torchplace launch", __doc__.splitlines()[0] if __doc__ else "")
    parser.usage = "torchplace launch [options] [--force] -- COMMAND..."
    parser.add_argument("--force", action="store_true", help="launch even when a check fails")
    parser.add_argument("--dry-run", action="store_true", help="print what would run, do not run")
    options = parser.parse_args(before)
    result = run_checks(options, command)
    if options.json:
        print(render.as_json(result), end="", file=sys.stderr)
    elif result.failed or result.count(Status.WARN):
        print(render.table(result), end="", file=sys.stderr)
    if result.failed and not options.force:
        print(
            "torchplace launch: not launching; fix the FAIL lines or pass --force", file=sys.stderr
        )
        return EXIT_FINDINGS
    env = launch_environment(result)
    program = result.command.program
    if options.dry_run:
        added = {k: v for k, v in env.items() if os.environ.get(k) != v}
        print(shlex.join([*(f"{k}={v}" for k, v in sorted(added.items())), *program]))
        return 0
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execvpe(program[0], program, env)
    except OSError as error:
        print(f"torchplace launch: cannot run {program[0]!r}: {error}", file=sys.stderr)
        return EXIT_ERROR
    return EXIT_ERROR  # not reached: execvpe replaces the process


def launch_environment(result: PreflightResult) -> dict[str, str]:
    """The command's environment, with CUDA_DEVICE_ORDER=PCI_BUS_ID for mixed GPUs."""
    env = dict(result.command.env)
    if result.machine.heterogeneous and "CUDA_DEVICE_ORDER" not in env:
        env["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"
    return env
