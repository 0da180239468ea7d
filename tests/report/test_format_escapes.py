"""File names and messages from the checked tree cannot drive the reader's terminal in the text
and GitHub formats; JSON and SARIF keep them exact (they are data, read by programs)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from torchplace.report import Finding, Position, Report, Severity, formats

HOSTILE = "pkg/\x1b]0;owned\x07evil\x1b[2J\u202e.py"


def _report() -> Report:
    finding = Finding(
        path=HOSTILE,
        start=Position(1, 0),
        code="TPL001",
        name="file-not-checked",
        message="File not checked: cannot parse: bad \x1b[31mred\x1b[0m\nnext",
        severity=Severity.ERROR,
    )
    return Report([finding], {}, 1, "torchplace", "0")


def test_text_format_escapes_control_characters() -> None:
    text = formats.render(_report(), "text")
    assert "\x1b" not in text and "\u202e" not in text and "\x07" not in text
    assert text.count("\n") == 1
    assert "pkg/\\x1b]0;owned\\x07evil\\x1b[2J\\u202e.py:1:1: TPL001" in text


def test_github_format_escapes_control_characters() -> None:
    text = formats.render(_report(), "github")
    assert "\x1b" not in text and "\u202e" not in text
    assert text.count("\n") == 1 and "%0Anext" in text


def test_json_and_sarif_keep_names_exact() -> None:
    assert json.loads(formats.render(_report(), "json"))[0]["path"] == HOSTILE
    sarif = json.loads(formats.render(_report(), "sarif"))
    location = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == HOSTILE


def test_lint_prints_a_hostile_file_name_escaped(tmp_path: Path) -> None:
    name = "x\x1b]52;c;cGF5bG9hZA==\x07.py"
    (tmp_path / name).write_text("import torch\nz = torch.zeros(3).cuda()\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "torchplace", "lint", "--preview", "--no-cache", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert "\x1b" not in result.stdout + result.stderr
    assert "x\\x1b]52;c;cGF5bG9hZA==\\x07.py:2:" in result.stdout
