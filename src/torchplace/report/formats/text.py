"""`path:line:col: CODE message`, the format every editor and CI log understands."""

from __future__ import annotations

from torchplace.report import Report

NAME = "text"


def render(report: Report) -> str:
    lines = []
    for finding in sorted(report.findings, key=lambda f: f.sort_key()):
        fixable = " [*]" if finding.fix is not None else ""
        lines.append(
            f"{finding.path}:{finding.line}:{finding.column + 1}: "
            f"{finding.code}{fixable} {finding.message}"
        )
    return "\n".join(lines) + ("\n" if lines else "")
