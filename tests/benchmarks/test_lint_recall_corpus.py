"""The recall corpus (`benchmarks/lint_recall/cases`) is well formed: every real bug has its
buggy file, its fixed twin and a case.toml naming its source and the buggy lines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import tomllib

CASES = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_recall" / "cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if p.is_dir()) if CASES.is_dir() else []
CATEGORIES = {
    "hardcoded device",
    "factory without device",
    "global rank as device",
    "CUDA_VISIBLE_DEVICES string",
    "CUDA_VISIBLE_DEVICES set late",
    "map_location",
    ".data assignment",
    "thread binding",
    "current device",
    "fork start method",
    "init_process_group without device binding",
    "cross-device op",
    "module not moved",
}
REQUIRED = ("project", "source", "path", "category", "buggy_lines", "shape", "verified")


def test_corpus_has_cases() -> None:
    assert len(CASE_DIRS) >= 40


@pytest.mark.parametrize("case", CASE_DIRS, ids=lambda p: p.name)
def test_case_is_well_formed(case: Path) -> None:
    meta = tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))
    missing = [key for key in REQUIRED if not meta.get(key)]
    assert not missing, f"{case.name}: case.toml lacks {missing}"
    assert str(meta["source"]).startswith("https://github.com/"), meta["source"]
    assert meta["category"] in CATEGORIES, meta["category"]
    buggy = (case / "buggy.py").read_text(encoding="utf-8")
    fixed = (case / "fixed.py").read_text(encoding="utf-8")
    ast.parse(buggy, filename=f"{case.name}/buggy.py")
    ast.parse(fixed, filename=f"{case.name}/fixed.py")
    assert buggy != fixed, f"{case.name}: the fixed twin is the buggy file"
    count = len(buggy.splitlines())
    lines = meta["buggy_lines"]
    assert lines and all(isinstance(n, int) and 1 <= n <= count for n in lines), lines
    assert all(buggy.splitlines()[n - 1].strip() for n in lines), "a buggy line is blank"
