"""`path:line:col: CODE message`, the format every editor and CI log understands."""

from __future__ import annotations

from torchplace.report import FixSafety, Report

NAME = "text"


def render(report: Report) -> str:
    lines = []
    for finding in sorted(report.findings, key=lambda f: f.sort_key()):
        # `[*]`, as in ruff: `--fix` alone fixes it. Unsafe fixes are not marked.
        safe = finding.fix is not None and finding.fix.safety is FixSafety.SAFE
        fixable = " [*]" if safe else ""
        lines.append(
            f"{finding.path}:{finding.line}:{finding.column + 1}: "
            f"{finding.code}{fixable} {finding.message}"
        )
    return "\n".join(lines) + ("\n" if lines else "")
