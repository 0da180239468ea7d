"""GitHub Actions workflow commands: findings show as annotations on the pull request.

Besides the workflow-command escapes (`%`, CR, LF, and `:` `,` in properties), control
characters are escaped (`report.terminal`): the log is also read raw, in a terminal.
"""

from __future__ import annotations

from torchplace.report import Report, Severity
from torchplace.report.terminal import escape_controls

NAME = "github"

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def _escape_data(text: str) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return escape_controls(text)


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(report: Report) -> str:
    lines = []
    for f in sorted(report.findings, key=lambda f: f.sort_key()):
        end = f.end or f.start
        props = ",".join(
            [
                f"file={_escape_property(f.path)}",
                f"line={f.line}",
                f"col={f.column + 1}",
                f"endLine={end.line}",
                f"endColumn={end.column + 1}",
                f"title={_escape_property(f'{f.code} {f.name}')}",
            ]
        )
        lines.append(f"::{_LEVEL[f.severity]} {props}::{_escape_data(f.message)}")
    return "\n".join(lines) + ("\n" if lines else "")
