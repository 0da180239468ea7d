"""`benchmarks/lint_precision/unseen.py`: each default-tier finding needs a verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_precision"


@pytest.fixture()
def unseen(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(SCRIPTS))
    for name in ("unseen", "precision", "corpus"):
        sys.modules.pop(name, None)
    import unseen as module

    return module


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_counts_only_default_tier_findings_and_reads_a_judges_rule_key(unseen, tmp_path):  # type: ignore[no-untyped-def]
    findings = _write(
        tmp_path / "f.jsonl",
        [
            {"code": "TPL402", "path": "pkg-1/a.py", "line": 3},
            {"code": "TPL403", "path": "pkg-1/b.py", "line": 9},
            {"code": "TPL105", "path": "pkg-1/c.py", "line": 1},  # preview: not counted
        ],
    )
    judged = _write(
        tmp_path / "j.jsonl",
        [
            {"rule": "TPL402", "path": "pkg-1/a.py", "line": 3, "verdict": "TRUE"},
            {"code": "TPL403", "path": "pkg-1/b.py", "line": 9, "verdict": "UNSURE"},
        ],
    )
    result = unseen.measure(findings, judged)
    assert (result["findings"], result["judged"], result["true"]) == (2, 2, 1)
    assert result["strict_precision"] == 50.0 and result["decided_precision"] == 100.0
    assert result["unjudged"] == []


def test_refuses_a_figure_while_a_finding_has_no_verdict(unseen, tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    findings = _write(tmp_path / "f.jsonl", [{"code": "TPL402", "path": "p/a.py", "line": 3}])
    judged = _write(tmp_path / "j.jsonl", [])
    argv = ["unseen.py", "--corpus", "fresh", str(findings), str(judged), "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", argv)
    assert unseen.main() == 1
    assert "no verdict for TPL402 p/a.py:3" in capsys.readouterr().out
    assert not (tmp_path / "lint_precision_unseen.md").exists()


def test_a_line_that_is_not_json_is_a_clear_error(unseen, tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    broken = tmp_path / "f.jsonl"
    broken.write_text('{"code": "TPL402"\n', encoding="utf-8")
    argv = ["unseen.py", "--corpus", "fresh", str(broken), str(broken), "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stopped:
        unseen.main()
    assert stopped.value.code == 2
    assert "fresh: unreadable findings or verdicts" in capsys.readouterr().err
