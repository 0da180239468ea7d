"""The CUDA-facts script: cases run in fresh interpreters, compared, and skipped without GPUs."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_cuda_init_facts.py"


@pytest.fixture()
def facts():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("lint_cuda_init_facts", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cases_needing_gpus_are_skipped_not_failed(facts, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(facts, "_gpus", lambda: 0)
    monkeypatch.setattr(sys, "argv", ["lint_cuda_init_facts.py", str(tmp_path)])
    assert facts.main() == 0
    report = json.loads((tmp_path / "lint_cuda_init_facts.json").read_text())
    assert report["gpus"] == 0 and len(report["cases"]) == len(facts.CASES)
    assert all(case["ok"] is None for case in report["cases"])
    assert (
        f"0/0 cases as assumed ({len(facts.CASES)} skipped, 0 GPU(s))"
        in (tmp_path / "lint_cuda_init_facts.md").read_text()
    )


def test_an_observed_outcome_that_differs_fails_the_run(facts, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(
        facts,
        "CASES",
        [
            ("holds", "arithmetic", 0, "print(1 + 1)", "2"),
            ("differs", "arithmetic", 0, "print(1 + 2)", "2"),
            ("raises", "arithmetic", 0, "raise SystemExit('boom')", "2"),
        ],
    )
    monkeypatch.setattr(facts, "_gpus", lambda: 0)
    rows = facts.run(0)
    assert [row["ok"] for row in rows] == [True, False, False]
    assert rows[2]["observed"] == "raised: boom"
    monkeypatch.setattr(sys, "argv", ["lint_cuda_init_facts.py", str(tmp_path)])
    assert facts.main() == 1
