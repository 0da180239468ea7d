"""The figure as the code stands counts each current finding with its verdict, if any."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_precision"


@pytest.fixture()
def stands(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(SCRIPTS))
    sys.modules.pop("as_it_stands", None)
    import as_it_stands as module

    return module


def test_each_finding_counts_with_its_verdict_or_as_unjudged(
    stands: ModuleType, tmp_path: Path
) -> None:
    judged = tmp_path / "judged.jsonl"
    rows = [
        {"code": "TPL402", "path": "p-1/a.py", "line": 3, "verdict": "TRUE"},
        {"rule": "TPL402", "path": "p-1/b.py", "line": 4, "verdict": "FALSE"},
        {"code": "TPL402", "path": "p-2/gone.py", "line": 1, "verdict": "FALSE"},  # not raised
    ]
    judged.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    findings = [
        {"code": "TPL402", "path": "p-1/a.py", "line": 3},
        {"code": "TPL402", "path": "p-1/b.py", "line": 4},
        {"code": "TPL402", "path": "p-3/c.py", "line": 9},
    ]
    result = stands.measure(findings, judged)
    row = result["rules"]["TPL402"]
    assert (row["findings"], row["judged"], row["true"], row["false"], row["unjudged"]) == (
        3,
        2,
        1,
        1,
        1,
    )
    assert row["true_percent"] == 50.0 and result["projects_with_findings"] == 2


def test_a_file_that_is_no_findings_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "findings.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    for given in (bad, tmp_path / "absent.jsonl"):
        done = subprocess.run(
            [sys.executable, str(SCRIPTS / "as_it_stands.py"), str(given), "--describe", "x",
             "--out", str(tmp_path / "out")],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert str(given) in done.stderr


def test_the_page_keeps_the_history_of_the_page_it_replaces(stands: ModuleType) -> None:
    result = {"rules": {"TPL108": {"tier": "preview", "findings": 2, "judged": 2, "true": 1,
              "false": 1, "unsure": 0, "unjudged": 0, "true_percent": 50.0}},
              "projects_with_findings": 1}  # fmt: skip
    meta = {"describe": "2 projects", "date": "2026-12-08", "machine": "m", "commit": "abc1234",
            "command": "c"}  # fmt: skip
    previous = "# x\n\n## History\n\n| date | commit |\n| --- | --- |\n"
    previous += "| 2026-12-01 | 0000000 | old |\n"
    page = stands.render(result, meta, previous)
    history = page[page.index("## History") :]
    assert "| 2026-12-01 | 0000000 | old |" in history
    assert history.rstrip().endswith("| 2026-12-08 | abc1234 | 2 projects | TPL108 1/2 |")


def test_a_finding_given_twice_counts_once(stands: ModuleType, tmp_path: Path) -> None:
    # The same project linted twice (named by two sets) repeats every finding; a user sees it
    # once, and a verdict must not count twice.
    judged = tmp_path / "judged.jsonl"
    judged.write_text(
        json.dumps({"code": "TPL108", "path": "p-1/a.py", "line": 3, "verdict": "FALSE"}) + "\n",
        encoding="utf-8",
    )
    finding = {"code": "TPL108", "path": "p-1/a.py", "line": 3, "column": 8, "message": "m"}
    other = {**finding, "column": 20}  # a second load on the same line is its own finding
    result = stands.measure([finding, dict(finding), other], judged)
    row = result["rules"]["TPL108"]
    assert (row["findings"], row["judged"], row["false"]) == (2, 2, 2)
    assert result["duplicates_dropped"] == 1


def test_a_rule_that_took_over_sites_counts_with_their_verdicts(
    stands: ModuleType, tmp_path: Path
) -> None:
    judged = tmp_path / "judged.jsonl"
    rows = [
        {"code": "TPL402", "path": "p-1/a.py", "line": 3, "verdict": "TRUE"},
        {"code": "TPL412", "path": "p-1/b.py", "line": 4, "verdict": "FALSE"},
        {"code": "TPL402", "path": "p-1/b.py", "line": 4, "verdict": "TRUE"},  # its own wins
        {"code": "TPL101", "path": "p-1/c.py", "line": 5, "verdict": "TRUE"},
    ]
    judged.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    findings = [
        {"code": "TPL412", "path": "p-1/a.py", "line": 3},
        {"code": "TPL412", "path": "p-1/b.py", "line": 4},
        {"code": "TPL105", "path": "p-1/c.py", "line": 5},  # no such tie: unjudged
        {"code": "TPL402", "path": "p-1/d.py", "line": 6},  # and back: TPL412's verdict
    ]
    rows.append({"code": "TPL412", "path": "p-1/d.py", "line": 6, "verdict": "FALSE"})
    judged.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = stands.measure(findings, judged)
    row = result["rules"]["TPL412"]
    assert (row["judged"], row["true"], row["false"]) == (2, 1, 1)
    assert result["rules"]["TPL105"]["unjudged"] == 1
    assert result["rules"]["TPL402"]["false"] == 1
