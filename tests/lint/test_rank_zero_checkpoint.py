"""TPL111 takes TPL108's findings where rank 0 alone saves the checkpoint every rank loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

FIXTURES = Path(__file__).parent / "fixtures"
TUTORIAL = (FIXTURES / "TPL111.py").read_text(encoding="utf-8").replace("  # expect: TPL111", "")
SNAPSHOT_LOAD_LINE = 19


def _findings(
    root: Path, text: str, select: tuple[str, ...] = ("TPL108", "TPL111")
) -> list[tuple[str, int]]:
    """(code, line) of the findings in `text`, linted as `train.py` of a project at `root`."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text("", encoding="utf-8")
    (root / "train.py").write_text(text, encoding="utf-8")
    config = LintConfig(select=select, preview=True)
    result = run([str(root)], config, cache_dir=None, jobs=1)
    found = [(f.code, f.line) for f in result.findings]
    assert len({line for _, line in found}) == len(found), "a line flagged by both rules"
    return found


def test_a_checkpoint_only_rank_zero_saves_is_tpl111s(tmp_path: Path) -> None:
    found = _findings(tmp_path, TUTORIAL)
    assert ("TPL111", SNAPSHOT_LOAD_LINE) in found
    assert all(code == "TPL111" for code, _ in found)


def test_tpl108_alone_keeps_the_sites_tpl111_would_take(tmp_path: Path) -> None:
    found = _findings(tmp_path, TUTORIAL, select=("TPL108",))
    assert ("TPL108", SNAPSHOT_LOAD_LINE) in found


@pytest.mark.parametrize("code", ["TPL108", "TPL111"])
def test_a_suppression_naming_either_code_silences_both(tmp_path: Path, code: str) -> None:
    suppressed = TUTORIAL.replace(
        "torch.load(snapshot_path)", f"torch.load(snapshot_path)  # noqa: {code}"
    )
    assert ("TPL111", SNAPSHOT_LOAD_LINE) not in _findings(tmp_path, suppressed)
    alone = _findings(tmp_path / "alone", suppressed, select=("TPL108",))
    assert ("TPL108", SNAPSHOT_LOAD_LINE) not in alone


def test_a_load_every_rank_saves_stays_tpl108s(tmp_path: Path) -> None:
    # The helper also runs outside the rank-0 arm: every rank writes the file.
    every_rank = TUTORIAL.replace(
        "            if self.gpu_id == 0:\n                self._save_snapshot(epoch)",
        "            self._save_snapshot(epoch)",
    )
    assert every_rank != TUTORIAL
    assert ("TPL108", SNAPSHOT_LOAD_LINE) in _findings(tmp_path, every_rank)
