"""Find code that puts tensors on the wrong device once it runs on several GPUs (static; no torch).

Exit codes: 0 no findings, 1 findings (or files that could not be checked), 2 usage or
configuration error.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from torchplace.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, UsageError
from torchplace.lint import config as config_module
from torchplace.lint.add_noqa import add_noqa
from torchplace.lint.cache import read_regular_file
from torchplace.lint.cache_location import default_cache_dir
from torchplace.lint.config import ConfigError, LintConfig
from torchplace.lint.discovery import MissingPathError
from torchplace.lint.engine import INTERNAL_ERROR_CODE, Linter, sort_findings
from torchplace.lint.fix import FixOutcome, apply_fixes, fixable
from torchplace.lint.fix_write import decode_for_fix, fix_in_place, unwritable_reason
from torchplace.lint.project_facts import (
    ProjectIndex,
    apply_project_facts,
    project_conditions,
    without_taken_sites,
)
from torchplace.lint.runner import LintRun, run
from torchplace.report import Finding, FixSafety
from torchplace.report import formats as report_formats
from torchplace.report.terminal import escape_controls, escape_line

MAX_FIX_PASSES = 10
MAX_JOBS = 1024


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="torchplace lint",
        description="Static checks for device-placement hazards in multi-GPU PyTorch code.",
    )
    parser.add_argument("paths", nargs="*", default=["."], help="files or directories (default: .)")
    parser.add_argument("--select", type=_codes, help="only these codes or prefixes (TPL1,TPL201)")
    parser.add_argument("--extend-select", type=_codes, help="add codes, e.g. noisy TPL9xx rules")
    parser.add_argument(
        "--preview", action="store_true", help="also run rules of the preview tier (see `rule`)"
    )
    parser.add_argument("--ignore", type=_codes, help="skip these codes or prefixes")
    parser.add_argument("--extend-exclude", type=_codes, help="more glob patterns to skip")
    parser.add_argument("--config", type=Path, help="pyproject.toml to read [tool.torchplace] from")
    parser.add_argument(
        "--format",
        "--output-format",
        dest="format",
        default="text",
        choices=report_formats.available(),
        help="output format (default: text)",
    )
    parser.add_argument("-o", "--output", type=Path, help="write the report to this file")
    parser.add_argument("--fix", action="store_true", help="apply safe fixes in place")
    parser.add_argument(
        "--unsafe-fixes",
        action="store_true",
        default=None,
        help="also apply fixes that may change behaviour (with --fix or --diff)",
    )
    parser.add_argument("--diff", action="store_true", help="print fixes as a diff; change nothing")
    parser.add_argument(
        "--add-noqa",
        action="store_true",
        help="mark every current finding with `# noqa: CODE` (adopt in CI: only new ones fail)",
    )
    parser.add_argument("--statistics", action="store_true", help="count findings per rule")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    parser.add_argument(
        "--cache-dir",
        type=Path,
        help="cache location (default: .torchplace_cache in the linted tree, else ~/.cache)",
    )
    parser.add_argument("-j", "--jobs", type=int, help="worker processes (default: all cores)")
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument("--progress", action="store_true", default=None, dest="progress")
    progress.add_argument("--no-progress", action="store_false", dest="progress")
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    return parser


def _codes(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def load_config(args: argparse.Namespace) -> LintConfig:
    """The file's settings (found from the first path upward) with the command line on top."""
    try:
        if args.config is not None:
            if not args.config.is_file():
                raise UsageError(f"--config {escape_line(str(args.config))}: not a file")
            pyproject = args.config
        else:
            pyproject = config_module.find_pyproject(Path(args.paths[0]))
        base = config_module.load(pyproject)
    except ConfigError as error:
        raise UsageError(escape_line(str(error))) from error
    return config_module.with_overrides(
        base,
        args.select,
        args.extend_select,
        args.ignore,
        args.extend_exclude,
        args.unsafe_fixes,
        args.preview,
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    config = load_config(args)
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be from 1 to {MAX_JOBS}, got {args.jobs}")
    cache_dir = None
    if not args.no_cache:
        cache_dir = args.cache_dir or default_cache_dir(args.paths, config.root)
    try:
        lint_run = run(args.paths, config, cache_dir, args.jobs, args.progress)
    except ConfigError as error:
        raise UsageError(escape_line(str(error))) from error
    except MissingPathError as error:
        raise UsageError(str(error)) from error  # names already escaped
    if args.add_noqa:
        if args.fix or args.diff:
            raise UsageError("--add-noqa cannot be combined with --fix or --diff")
        return _add_noqa(lint_run, config, args.exit_zero)
    unsafe = bool(config.unsafe_fixes)
    fixed_count = 0
    if args.fix or args.diff:
        lint_run, fixed_count, diffs = _fix(lint_run, config, unsafe, write=args.fix)
        if args.diff:
            # A diff for a terminal is escaped; one written to a file or a pipe stays a patch.
            text = "".join(diffs)
            if args.output is None and sys.stdout.isatty():
                text = escape_controls(text)
            _emit(text, args.output)
            return EXIT_FINDINGS if diffs and not args.exit_zero else EXIT_OK
    if args.statistics:
        _emit(_statistics(lint_run.findings), args.output)
    else:
        _emit(report_formats.render(lint_run.report(), args.format), args.output)
    if not args.quiet:
        _summary(lint_run, fixed_count, unsafe)
    failed = [f for f in lint_run.findings if f.code == INTERNAL_ERROR_CODE]
    if failed:
        # A rule of ours raised: the run went on, but its result is not complete.
        print(f"torchplace lint: {len(failed)} internal error(s), see above", file=sys.stderr)
        return EXIT_ERROR
    if lint_run.findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_OK


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {output}: {error.strerror or error}") from error


def _statistics(findings: Sequence[Finding]) -> str:
    counts = Counter((f.code, f.name) for f in findings)
    fixable_codes = {f.code for f in findings if f.fix and f.fix.safety is FixSafety.SAFE}
    lines = []
    for (code, name), count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        marker = "[*]" if code in fixable_codes else "   "
        lines.append(f"{count:>6}  {code}  {marker} {name}")
    return "\n".join(lines) + ("\n" if lines else "")


def _summary(lint_run: LintRun, fixed: int, unsafe: bool) -> None:
    findings = lint_run.findings
    files = len(lint_run.files)
    if fixed:
        print(f"Fixed {fixed} finding(s).", file=sys.stderr)
    if not findings:
        print(f"All checks passed ({files} file(s)).", file=sys.stderr)
        return
    safe = sum(1 for f in findings if f.fix and f.fix.safety is FixSafety.SAFE)
    risky = sum(1 for f in findings if f.fix and f.fix.safety is FixSafety.UNSAFE)
    text = f"Found {len(findings)} finding(s) in {files} file(s)."
    if safe:
        text += f" {safe} fixable with --fix."
    if risky and not unsafe:
        # Not "N more": these findings are among the N found; only their fixes are unsafe.
        text += f" {risky} of them have unsafe fixes (review, then --fix --unsafe-fixes)."
    print(text, file=sys.stderr)


def _add_noqa(lint_run: LintRun, config: LintConfig, exit_zero: bool) -> int:
    """Mark each file's findings, computed again from the bytes the file holds when written."""
    linter = Linter(lint_run.rules, config)
    paths = sorted({finding.path for finding in lint_run.findings})
    marked = files = left = 0
    for path in paths:
        counts = {"marked": 0, "unmarkable": 0}

        def compute(original: str, path: str = path, counts: dict[str, int] = counts) -> FixOutcome:
            # One mark where two rules share a site (TPL412 and TPL402): it silences both.
            findings = without_taken_sites(linter.lint_text(path, original).findings)
            outcome = add_noqa(original, findings)
            counts["marked"] = outcome.marked
            counts["unmarkable"] = outcome.unmarkable or (
                len(findings) if outcome.rejected_reason else 0
            )
            return FixOutcome(path, original, outcome.text, [], outcome.rejected_reason)

        refused = unwritable_reason(path)
        result = FixOutcome(path, "", "", [], refused) if refused else fix_in_place(path, compute)
        if result.rejected_reason:
            print(
                f"torchplace lint: {escape_line(path)}: {result.rejected_reason}", file=sys.stderr
            )
            left += sum(1 for f in lint_run.findings if f.path == path)
            continue
        marked += counts["marked"]
        left += counts["unmarkable"]
        files += 1 if counts["marked"] else 0
    text = f"Marked {marked} finding(s) with `# noqa` in {files} file(s)."
    if left:
        # Lines that end inside a string or a backslash continuation cannot hold a comment.
        text += f" {left} finding(s) could not be marked; they are still reported."
    print(text, file=sys.stderr)
    return EXIT_FINDINGS if left and not exit_zero else EXIT_OK


def _fix(
    lint_run: LintRun, config: LintConfig, unsafe: bool, write: bool
) -> tuple[LintRun, int, list[str]]:
    """Fix file by file, re-linting each until no fix applies (overlapping fixes need passes)."""
    linter = Linter(lint_run.rules, config)
    by_path: dict[str, list[Finding]] = {}
    for finding in lint_run.findings:
        by_path.setdefault(finding.path, []).append(finding)
    remaining: list[Finding] = []
    diffs: list[str] = []
    fixed = 0
    for path, findings in by_path.items():
        if not fixable(findings, unsafe):
            remaining.extend(findings)
            continue
        outcome, after = _fix_file(linter, path, findings, unsafe, write)
        if outcome.rejected_reason:
            print(
                f"torchplace lint: {escape_line(path)}: {outcome.rejected_reason}", file=sys.stderr
            )
        if outcome.changed:
            diffs.append(outcome.diff())
            fixed += max(len(findings) - len(after), 0)
        remaining.extend(after if write else findings)
    return replace(lint_run, findings=sorted(remaining, key=lambda f: f.sort_key())), fixed, diffs


def _fix_file(
    linter: Linter, path: str, findings: list[Finding], unsafe: bool, write: bool
) -> tuple[FixOutcome, list[Finding]]:
    """The fix of one file, computed from the bytes it holds when it is fixed (under the lock
    when writing), never from the findings of the first pass."""
    after = findings

    def compute(original: str) -> FixOutcome:
        nonlocal after
        outcome, after = fix_text(linter, path, original, unsafe, project_facts=True)
        return outcome

    if write:
        refused = unwritable_reason(path)
        outcome = FixOutcome(path, "", "", [], refused) if refused else fix_in_place(path, compute)
        return outcome, after
    data = read_regular_file(Path(path), linter.config.max_file_bytes)
    decoded = decode_for_fix(data) if data is not None else None
    if decoded is None:
        return FixOutcome(path, "", "", [], "not fixed: cannot read it as UTF-8"), findings
    return compute(decoded.text), findings


def fix_text(
    linter: Linter,
    path: str,
    original: str,
    unsafe: bool,
    project_facts: bool = False,
) -> tuple[FixOutcome, list[Finding]]:
    """Lint `original` and apply its fixes, pass after pass; the findings left at the end.

    With `project_facts`, each pass keeps only the findings the project's facts keep, read with
    the file as that pass holds it (`project_facts.apply_project_facts`), as a run reports
    them: `--fix` changes nothing a run would not report (a line in a branch the project never
    takes, a site another rule took over), and lists after it what a run then would."""
    text, current = original, _findings_of(linter, path, original, project_facts)
    reason = None
    for _ in range(MAX_FIX_PASSES):
        outcome = apply_fixes(path, text, current, unsafe)
        reason = reason or outcome.rejected_reason
        if not outcome.changed:
            break
        text = outcome.fixed
        current = _findings_of(linter, path, text, project_facts)
    return FixOutcome(path, original, text, [], reason if text == original else None), current


def _findings_of(linter: Linter, path: str, text: str, project_facts: bool) -> list[Finding]:
    """The file's findings in `text`, less those the project's facts drop (a fresh index,
    which reads this file as `text`, not as the disk holds it)."""
    found = linter.lint_text(path, text).findings
    if not project_facts or not found:
        return found
    # The file is fixed because a run reported findings in it: it counts as asked for, so
    # an archived copy the user named keeps the findings its run reported.
    index = ProjectIndex(linter.config.max_file_bytes, asked=[path])
    index.read_as(path, text)
    conditions = project_conditions(type(rule) for rule in linter.rules)
    return sort_findings(apply_project_facts(found, conditions, index))
