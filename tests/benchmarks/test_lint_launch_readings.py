"""`benchmarks/lint_precision/launch_readings.py`: the launch readings of trees, and a sample of
those a change turned to one node."""

from __future__ import annotations

import json
from pathlib import Path

from tests.benchmarks.scripts import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks/lint_precision/launch_readings.py"
readings_script = load_script(SCRIPT, "launch_readings")


def _row(tree: str, text: str, line: int, one_node: bool) -> dict[str, object]:
    return {
        "tree": tree,
        "text": text,
        "line": line,
        "command": f"cmd {line}",
        "one_node": one_node,
    }


def test_only_launches_turned_to_one_node_are_sampled_once_a_text() -> None:
    old = [
        _row("a", "run.sh", 1, False),
        _row("a", "run.sh", 2, True),
        _row("b", "job.sh", 3, False),
    ]
    new = [
        _row("a", "run.sh", 1, True),
        _row("a", "run.sh", 2, True),  # one node before too: no change
        _row("b", "job.sh", 3, False),  # still open
        _row("b", "job.sh", 4, True),  # matched to a file only now
        _row("b", "job.sh", 5, True),  # the same text as line 4: one a text
    ]
    chosen = readings_script.changed(old, new, sample=10, seed=109)
    keys = {(row["tree"], row["line"]) for row in chosen}
    assert ("a", 1) in keys and ("a", 2) not in keys and ("b", 3) not in keys
    assert len([k for k in keys if k[0] == "b"]) == 1
    # The same inputs and seed draw the same sample; the input's order does not matter.
    again = readings_script.changed(old, list(reversed(new)), sample=10, seed=109)
    assert again == chosen
    assert len(readings_script.changed(old, new, sample=1, seed=109)) == 1


def test_a_tree_is_read_for_its_launches_and_a_bad_directory_refused(tmp_path: Path) -> None:
    tree = tmp_path / "trees" / "proj"
    tree.mkdir(parents=True)
    (tree / "train.py").write_text("", encoding="utf-8")
    (tree / "run.sh").write_text("torchrun --nproc_per_node=8 train.py\n", encoding="utf-8")
    out = tmp_path / "readings.jsonl"
    assert readings_script.main(["dump", str(tmp_path / "trees"), "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["tree"], r["text"], r["script"], r["one_node"]) for r in rows] == [
        ("proj", "run.sh", "train.py", True)
    ]
    missing = str(tmp_path / "none")
    assert readings_script.main(["dump", missing, "--out", str(out)]) == 2


def test_readings_that_cannot_be_read_are_refused(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(_row("a", "run.sh", 1, True)) + "\n", encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    partial = tmp_path / "partial.jsonl"
    partial.write_text('{"tree": "a"}\n', encoding="utf-8")
    out = str(tmp_path / "out.jsonl")
    for old in (tmp_path / "missing.jsonl", bad, partial):
        assert readings_script.main(["changed", str(old), str(good), "--out", out]) == 2
        assert "launch_readings:" in capsys.readouterr().err
    assert readings_script.main(["changed", str(good), str(good), "--out", out]) == 0
