"""Lint a tree and run its entry scripts on virtual GPUs: one ranked report (start here).

With no arguments in a clone of torchplace it runs on `examples/`: it lints them and runs
each example that declares `Run-with:` on virtual GPUs with the explainer.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from torchplace.cli import EXIT_FINDINGS, EXIT_OK, UsageError

DEMO_DIR = "examples"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="torchplace check",
        description="Lint PATH and run entry scripts on N virtual GPUs (or real ones) with the "
        "explainer; findings ranked by how surely they will crash.",
    )
    parser.add_argument(
        "paths",
        nargs="*",
        help="files or directories to lint (default: examples/ when it exists, else .)",
    )
    parser.add_argument(
        "--run",
        action="append",
        default=[],
        metavar="SCRIPT",
        help="entry script to run (repeatable)",
    )
    parser.add_argument("--gpus", type=int, default=2, help="virtual GPUs for --run (default 2)")
    parser.add_argument("--nproc-per-node", type=int, help="run --run scripts as N ranks")
    parser.add_argument(
        "--declared",
        action="store_true",
        help="also run every script under PATH whose docstring has `Run-with:`",
    )
    parser.add_argument("--real", action="store_true", help="run on this machine's real GPUs")
    parser.add_argument("--no-run", action="store_true", help="lint only")
    parser.add_argument("--json", action="store_true", help="machine-readable report on stdout")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from torchplace.check import report, runs
    from torchplace.lint.config import ConfigError, LintConfig, find_pyproject, load
    from torchplace.lint.discovery import MissingPathError
    from torchplace.lint.runner import run as lint_run

    demo = not args.paths and not args.run and Path(DEMO_DIR).is_dir()
    paths = args.paths or ([DEMO_DIR] if demo else ["."])
    if args.gpus < 1 or (args.nproc_per_node is not None and args.nproc_per_node < 1):
        raise UsageError("--gpus and --nproc-per-node must be at least 1")
    specs = _specs(args, paths, demo)
    try:
        # The demo shows every tier: several examples are caught by preview rules.
        config = load(find_pyproject(Path(paths[0]))) if not demo else LintConfig(preview=True)
        linted = lint_run(paths, config, cache_dir=None, progress=False)
    except (ConfigError, MissingPathError) as error:
        raise UsageError(str(error)) from error
    if specs and not args.json:
        print(
            f"torchplace check: linted {len(linted.files)} file(s); running {len(specs)} "
            f"script(s) on {'real' if args.real else 'virtual'} GPUs...",
            file=sys.stderr,
        )
    outcomes = [] if args.no_run else runs.run_all(specs, real=args.real)
    items = report.build(linted.findings, outcomes, args.real)
    render = report.render_json if args.json else report.render_text
    sys.stdout.write(render(items, len(linted.files), outcomes))
    return EXIT_FINDINGS if items else EXIT_OK


def _specs(args: argparse.Namespace, paths: Sequence[str], demo: bool) -> list:  # type: ignore[type-arg]
    from torchplace.check.runs import RunSpec, declared_spec

    specs = []
    for script in args.run:
        if not Path(script).is_file():
            raise UsageError(f"--run {script}: no such file")
        specs.append(RunSpec(script, args.gpus, args.nproc_per_node))
    if demo or args.declared:
        for root in paths:
            candidates = [Path(root)] if Path(root).is_file() else sorted(Path(root).rglob("*.py"))
            specs.extend(s for s in map(declared_spec, candidates) if s is not None)
    return specs
