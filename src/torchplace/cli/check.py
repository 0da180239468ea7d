"""Lint a tree and run its entry scripts on virtual GPUs: one ranked report (start here).

With no arguments it checks the current directory. `--demo` checks the bundled examples
(package data, so it works from an installed wheel): it lints them and runs each example that
declares `Run-with:` on virtual GPUs with the explainer.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from torchplace.cli import EXIT_FINDINGS, EXIT_OK, UsageError

#: The bundled examples, shipped as package data. The demo checks a copy of them outside the
#: package: the explainer takes frames inside installed packages (and inside torchplace) for
#: library code, and would not name the examples' failing lines.
DEMO_ROOT = Path(__file__).resolve().parent.parent / "data"
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
        help="files or directories to lint (default: the current directory)",
    )
    parser.add_argument(
        "--demo",
        action="store_true",
        help="check the bundled examples: lint them and run each declared one on virtual GPUs",
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
    if args.gpus < 1 or (args.nproc_per_node is not None and args.nproc_per_node < 1):
        raise UsageError("--gpus and --nproc-per-node must be at least 1")
    if not args.demo:
        return _check(args, args.paths or ["."], demo=False)
    if args.paths or args.run:
        raise UsageError("--demo checks the bundled examples; it takes no PATH or --run")
    root = _copy_examples()
    print(
        f"torchplace check --demo: the bundled examples, copied to {root / DEMO_DIR}; "
        f"paths below are relative to {root}",
        file=sys.stderr,
    )
    with _working_directory(root):
        return _check(args, [DEMO_DIR], demo=True)


def _copy_examples() -> Path:
    """A new temporary directory holding `examples/`, a copy of the bundled ones, marked as a
    project root; it is left in place so that the report's `next:` commands can be run
    there."""
    if not (DEMO_ROOT / DEMO_DIR).is_dir():
        raise UsageError(f"the bundled examples are missing from {DEMO_ROOT / DEMO_DIR}")
    try:
        root = Path(tempfile.mkdtemp(prefix="torchplace-demo-"))
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(DEMO_ROOT / DEMO_DIR, root / DEMO_DIR, ignore=ignore)
        # A project marker: the linter reads the copy as a project of its own, not as part
        # of whatever surrounds the temporary directory (a /tmp holding Python files would
        # otherwise be read whole, for every project fact).
        (root / "setup.cfg").write_text("# torchplace check --demo\n", encoding="utf-8")
    except OSError as error:
        message = f"cannot copy the bundled examples to a temporary directory: {error}"
        raise UsageError(message) from error
    return root


def _check(args: argparse.Namespace, paths: list[str], demo: bool) -> int:
    from torchplace.check import report, runs
    from torchplace.lint.config import ConfigError, LintConfig, find_pyproject, load
    from torchplace.lint.discovery import MissingPathError
    from torchplace.lint.runner import run as lint_run

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


@contextmanager
def _working_directory(path: Path) -> Iterator[None]:
    """Run in `path`, then return to where we were (the demo's scripts run as subprocesses
    that inherit it)."""
    previous = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(previous)


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
