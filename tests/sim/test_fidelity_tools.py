"""The fidelity runner and comparer in benchmarks/fidelity."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

FIDELITY = Path(__file__).resolve().parents[2] / "benchmarks" / "fidelity"


def _report(path: Path, programs: dict[str, dict[str, object]]) -> str:
    path.write_text(json.dumps({"mode": "x", "programs": programs}), encoding="utf-8")
    return str(path)


def _compare(*files: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(FIDELITY / "compare.py"), *files]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_compare_agrees_and_disagrees(tmp_path: Path) -> None:
    raised = {
        "status": "ok",
        "raised": True,
        "type": "RuntimeError",
        "devices": ["cuda:0", "cuda:1"],
    }
    clean = {"status": "ok", "raised": False, "type": None, "devices": []}
    real = _report(tmp_path / "real.json", {"a": raised, "b": clean})
    same = _report(tmp_path / "same.json", {"a": raised, "b": clean})
    other = _report(tmp_path / "other.json", {"a": {**raised, "devices": ["cuda:0"]}, "b": clean})
    agreed = _compare(real, same)
    assert agreed.returncode == 0 and "2/2 programs agree" in agreed.stdout
    differed = _compare(real, other)
    assert differed.returncode == 1 and "1/2 programs agree" in differed.stdout
    assert _compare(real).returncode == 2


def test_suite_has_forty_programs_clean_and_buggy() -> None:
    names = [p.stem for p in (FIDELITY / "programs").glob("*.py")]
    assert len(names) >= 40
    assert (
        sum(n.startswith("b") for n in names) >= 20 and sum(n.startswith("c") for n in names) >= 15
    )


@pytest.mark.slow
def test_runner_records_an_outcome_under_sim(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    command = [sys.executable, str(FIDELITY / "run.py"), "--mode", "sim", "--out", str(out),
               "--only", "b11_add"]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    record = json.loads(out.read_text(encoding="utf-8"))["programs"]["b11_add_two_gpus"]
    assert record["raised"] and record["type"] == "RuntimeError"
    assert record["devices"] == ["cuda:0", "cuda:1"]
