"""The recall corpus (`benchmarks/lint_recall/cases`) is well formed: every real bug has its
buggy file, its fixed twin and a case.toml naming its source and the buggy lines."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import pytest
import tomllib
from tests.benchmarks.scripts import load_script

CASES = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_recall" / "cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if p.is_dir()) if CASES.is_dir() else []
CATEGORIES = {
    "hardcoded device",
    "factory without device",
    "global rank as device",
    "CUDA_VISIBLE_DEVICES string",
    "CUDA_VISIBLE_DEVICES set late",
    "CUDA_VISIBLE_DEVICES from an index",
    "map_location",
    ".data assignment",
    "thread binding",
    "current device",
    "fork start method",
    "init_process_group without device binding",
    "cross-device op",
    "module not moved",
    "legacy constructor given a device",
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


def _scorer() -> ModuleType:
    return load_script(CASES.parent / "score.py", "lint_recall_score")


def test_fixed_twin_watches_written_lines_and_kept_buggy_lines() -> None:
    score = _scorer()
    buggy = ["a", "bug = make()", "use(bug)", "z"]
    fixed = ["a", "bug = make(device=x.device)", "use(bug)", "z"]
    # line 2 was rewritten by the fix (watched); line 3 is a kept buggy line (watched too)
    assert score.watched_fixed_lines(buggy, fixed, [2, 3]) == {2, 3}
    # a fix that only inserts a line before the sink: the sink keeps its watch, shifted
    fixed2 = ["a", "torch.cuda.set_device(r)", "bug = make()", "use(bug)", "z"]
    assert score.watched_fixed_lines(buggy, fixed2, [3]) == {2, 4}


def test_cases_are_linted_where_they_lived_in_their_project() -> None:
    score = _scorer()
    assert score.lint_path_of("src/pkg/mod.py") == "src/pkg/mod.py"
    assert score.lint_path_of("a/b.py + a/c.py") == "a/b.py"
