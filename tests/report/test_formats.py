"""Snapshot tests of every output format, and SARIF validated against the official schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from torchplace.report import (
    Edit,
    Finding,
    Fix,
    FixSafety,
    Position,
    Report,
    RuleInfo,
    Severity,
    formats,
)

jsonschema = pytest.importorskip("jsonschema")

HERE = Path(__file__).parent


def _report() -> Report:
    fix = Fix(
        "Load to the CPU",
        (Edit(Position(3, 22), Position(3, 22), ', map_location="cpu"'),),
        FixSafety.UNSAFE,
    )
    findings = [
        Finding(
            "pkg/serve.py",
            Position(7, 4),
            "TPL101",
            "cuda-call-without-device",
            "`.cuda()` moves to the current GPU",
            Severity.ERROR,
            Position(7, 12),
        ),
        Finding(
            "pkg/load.py",
            Position(3, 8),
            "TPL106",
            "torch-load-without-map-location",
            "torch.load without map_location",
            Severity.WARNING,
            Position(3, 23),
            fix,
            "checkpoint-loaded-to-saving-device",
        ),
    ]
    rules = {
        "TPL101": RuleInfo("TPL101", "cuda-call-without-device", "cuda() without device", "docs"),
        "TPL106": RuleInfo(
            "TPL106", "torch-load-without-map-location", "load", "docs", Severity.WARNING
        ),
    }
    return Report(findings, rules, 2, "torchplace", "0.1.0")


def test_text_format() -> None:
    """`[*]` marks only fixes that `--fix` applies alone; TPL106's fix here is unsafe."""
    assert formats.render(_report(), "text") == (
        "pkg/load.py:3:9: TPL106 torch.load without map_location\n"
        "pkg/serve.py:7:5: TPL101 `.cuda()` moves to the current GPU\n"
    )


def test_github_format_escapes_and_levels() -> None:
    lines = formats.render(_report(), "github").splitlines()
    assert lines[0].startswith("::warning file=pkg/load.py,line=3,col=9,endLine=3,endColumn=24,")
    assert "title=TPL106 torch-load-without-map-location::" in lines[0]
    assert lines[1].startswith("::error file=pkg/serve.py,line=7,col=5")


def test_json_format_snapshot() -> None:
    data = json.loads(formats.render(_report(), "json"))
    assert [d["code"] for d in data] == ["TPL106", "TPL101"]
    assert data[0]["fix"] == {
        "description": "Load to the CPU",
        "safety": "unsafe",
        "edits": [
            {
                "start": {"line": 3, "column": 23},
                "end": {"line": 3, "column": 23},
                "content": ', map_location="cpu"',
            }
        ],
    }
    assert data[1]["location"] == {"line": 7, "column": 5}
    assert data[1]["pattern"] is None


def test_sarif_validates_against_the_2_1_0_schema() -> None:
    schema = json.loads((HERE / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    log = json.loads(formats.render(_report(), "sarif"))
    jsonschema.validate(log, schema)
    run = log["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["TPL101", "TPL106"]
    assert run["results"][0]["ruleIndex"] == 1
    assert run["results"][0]["fixes"][0]["artifactChanges"][0]["replacements"][0][
        "insertedContent"
    ] == {"text": ', map_location="cpu"'}


def test_schema_catches_a_broken_log() -> None:
    schema = json.loads((HERE / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    log = json.loads(formats.render(_report(), "sarif"))
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, schema)


def test_empty_report_renders_in_every_format() -> None:
    for name in formats.available():
        rendered = formats.render(Report(), name)
        if name in {"json", "sarif"}:
            json.loads(rendered)
        else:
            assert rendered == ""
