"""SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards."""

from __future__ import annotations

import json
from typing import Any

from torchplace.report import Finding, Report, Severity

NAME = "sarif"

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def _region(finding: Finding) -> dict[str, int]:
    end = finding.end or finding.start
    return {
        "startLine": finding.line,
        "startColumn": finding.column + 1,
        "endLine": end.line,
        "endColumn": end.column + 1,
    }


def _result(finding: Finding, rule_index: dict[str, int]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": _LEVEL[finding.severity],
        "message": {"text": finding.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": finding.path.replace("\\", "/")},
                    "region": _region(finding),
                }
            }
        ],
    }
    if finding.code in rule_index:
        result["ruleIndex"] = rule_index[finding.code]
    if finding.fix is not None:
        result["fixes"] = [
            {
                "description": {"text": finding.fix.description},
                "artifactChanges": [
                    {
                        "artifactLocation": {"uri": finding.path.replace("\\", "/")},
                        "replacements": [
                            {
                                "deletedRegion": {
                                    "startLine": e.start.line,
                                    "startColumn": e.start.column + 1,
                                    "endLine": e.end.line,
                                    "endColumn": e.end.column + 1,
                                },
                                "insertedContent": {"text": e.content},
                            }
                            for e in finding.fix.edits
                        ],
                    }
                ],
            }
        ]
    return result


def render(report: Report) -> str:
    codes = sorted(report.rules)
    rule_index = {code: i for i, code in enumerate(codes)}
    rules = []
    for code in codes:
        info = report.rules[code]
        descriptor: dict[str, Any] = {
            "id": info.code,
            "name": info.name,
            "shortDescription": {"text": info.summary},
            "fullDescription": {"text": info.summary},
            "help": {"text": info.docs, "markdown": info.docs},
            "defaultConfiguration": {"level": _LEVEL[info.default_severity]},
        }
        if info.help_uri:
            descriptor["helpUri"] = info.help_uri
        rules.append(descriptor)
    ordered = sorted(report.findings, key=lambda f: f.sort_key())
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": report.tool_name,
                        "version": report.tool_version,
                        "informationUri": "https://github.com/torchplace/torchplace",
                        "rules": rules,
                    }
                },
                "results": [_result(f, rule_index) for f in ordered],
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"
