"""The lint runs with the collector's thresholds raised and gives them back, error or not."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from torchplace.lint import runner
from torchplace.lint.config import LintConfig
from torchplace.lint.discovery import MissingPathError


def test_a_lint_collects_less_often_while_it_runs_and_restores_the_thresholds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "train.py").write_text("import torch\nx = torch.zeros(3).cuda()\n")
    seen: list[tuple[int, int, int]] = []
    real_lint_many = runner.lint_many

    def watching(*args: object, **kwargs: object) -> object:
        seen.append(gc.get_threshold())
        return real_lint_many(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "lint_many", watching)
    before = gc.get_threshold()
    runner.run([str(tmp_path)], LintConfig(), cache_dir=None, jobs=1)
    assert seen and seen[0][0] == runner.LINT_GC_THRESHOLD
    assert gc.get_threshold() == before


def test_the_thresholds_come_back_when_the_lint_fails(tmp_path: Path) -> None:
    before = gc.get_threshold()
    with pytest.raises(MissingPathError):
        runner.run([str(tmp_path / "absent.py")], LintConfig(), cache_dir=None, jobs=1)
    assert gc.get_threshold() == before
