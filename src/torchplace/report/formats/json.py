"""A JSON array of findings, one object each, with fixes when there are any."""

from __future__ import annotations

import json
from typing import Any

from torchplace.report import Finding, Report

NAME = "json"


def finding_to_dict(finding: Finding) -> dict[str, Any]:
    """The stable JSON shape of a finding (also used by explain and doctor reports)."""
    fix = None
    if finding.fix is not None:
        fix = {
            "description": finding.fix.description,
            "safety": finding.fix.safety.value,
            "edits": [
                {
                    "start": {"line": e.start.line, "column": e.start.column + 1},
                    "end": {"line": e.end.line, "column": e.end.column + 1},
                    "content": e.content,
                }
                for e in finding.fix.edits
            ],
        }
    end = finding.end or finding.start
    return {
        "path": finding.path,
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
        "severity": finding.severity.value,
        "location": {"line": finding.line, "column": finding.column + 1},
        "end_location": {"line": end.line, "column": end.column + 1},
        "pattern": finding.pattern,
        "fix": fix,
    }


def render(report: Report) -> str:
    ordered = sorted(report.findings, key=lambda f: f.sort_key())
    return json.dumps([finding_to_dict(f) for f in ordered], indent=2) + "\n"
