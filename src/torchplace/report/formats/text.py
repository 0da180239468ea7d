"""`path:line:col: CODE message`, the format every editor and CI log understands.

File names and messages can come from the tree being checked; control characters in them are
escaped (`report.terminal`) so a crafted name cannot drive the reader's terminal.
"""

from __future__ import annotations

from torchplace.report import FixSafety, Report
from torchplace.report.terminal import escape_line

NAME = "text"


def render(report: Report) -> str:
    lines = []
    for finding in sorted(report.findings, key=lambda f: f.sort_key()):
        # `[*]`, as in ruff: `--fix` alone fixes it. Unsafe fixes are not marked.
        safe = finding.fix is not None and finding.fix.safety is FixSafety.SAFE
        fixable = " [*]" if safe else ""
        lines.append(
            f"{escape_line(finding.path)}:{finding.line}:{finding.column + 1}: "
            f"{escape_line(finding.code)}{fixable} {escape_line(finding.message)}"
        )
    return "\n".join(lines) + ("\n" if lines else "")
