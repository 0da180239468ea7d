"""The long-file benchmark: its generated files hold the loads it says, and the growth figure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from tests.benchmarks.scripts import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_long_files.py"


@pytest.fixture()
def bench():  # type: ignore[no-untyped-def]
    return load_script(SCRIPT, "lint_long_files")


@pytest.mark.parametrize("shape", ["one_function", "rank_zero_pairs"])
def test_each_shape_holds_one_load_per_size_step(bench, shape):  # type: ignore[no-untyped-def]
    tree = ast.parse(bench.SHAPES[shape](7))
    loads = [
        n for n in ast.walk(tree) if isinstance(n, ast.Call) and ast.unparse(n.func) == "torch.load"
    ]
    saves = [
        n for n in ast.walk(tree) if isinstance(n, ast.Call) and ast.unparse(n.func) == "torch.save"
    ]
    assert len(loads) == len(saves) == 7


def test_growth_is_one_for_time_that_follows_size(bench):  # type: ignore[no-untyped-def]
    # The smallest size is left out: start-up and noise dominate there.
    linear = [{"size": 50, "net_s": 0.1}, {"size": 100, "net_s": 1.0}, {"size": 400, "net_s": 4}]
    quadratic = [{"size": 50, "net_s": 9}, {"size": 100, "net_s": 1.0}, {"size": 400, "net_s": 16}]
    assert bench.growth(linear) == 1.0
    assert bench.growth(quadratic) == 4.0


def test_bad_sizes_are_refused(bench, capsys):  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exit_info:
        bench.main(["--sizes", "ten,20", "--no-write"])
    assert exit_info.value.code == 2
    assert "--sizes" in capsys.readouterr().err


def test_history_keeps_earlier_runs_and_replaces_a_rerun(bench, tmp_path):  # type: ignore[no-untyped-def]
    earlier = {"history": [{"date": "2026-12-01", "commit": "aaa", "figure": "x"}]}
    (tmp_path / "lint_long_files.json").write_text(__import__("json").dumps(earlier))
    rows = {"one_function": [{"size": 1, "net_s": 1.0, "lint_s": 1.0}] * 2}
    meta = {"date": "2026-12-06", "commit": "bbb", "compare": ""}
    history = bench.history_with(tmp_path, rows, meta)
    assert [h["commit"] for h in history] == ["aaa", "bbb"]
    meta = {"date": "2026-12-06", "commit": "aaa", "compare": ""}
    assert [h["commit"] for h in bench.history_with(tmp_path, rows, meta)] == ["aaa"]
