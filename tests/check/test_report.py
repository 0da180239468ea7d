"""`check`'s report joins a crash and the lint findings of the same script."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.check.report import CRASHED, build
from torchplace.check.runs import RunOutcome, RunSpec
from torchplace.report import Finding, Position


def test_a_crash_reported_by_absolute_path_meets_the_scripts_lint_findings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Python names the script it runs by its absolute path; lint by the path it was given.
    monkeypatch.chdir(tmp_path)
    script = "examples/worker/buggy.py"
    frame = {"path": str(tmp_path / script), "line": 33, "source": "y = model(x)"}
    diagnosis = {"exception_type": "RuntimeError", "devices": ["cuda:1", "cuda:0"],
                 "user_frame": frame}  # fmt: skip
    outcome = RunOutcome(RunSpec(script), exit_code=1, diagnoses=[diagnosis])
    unbound = "thread-without-device-binding"
    thread = Finding(script, Position(21, 4), "TPL403", unbound, "uses CUDA", pattern=unbound)
    predicted = Finding(script, Position(33, 8), "TPL105", "unindexed-cuda-device",
                        "Device cuda", pattern="hardcoded-cuda-device")  # fmt: skip
    items = build([thread, predicted], [outcome], real=False)
    crash = next(item for item in items if item.tier == CRASHED)
    assert crash.where == f"{script}:33"
    assert "lint: TPL403 at line 21 (thread-without-device-binding) in the same script" in (
        crash.details
    )
    assert crash.confirmed_by == ["TPL105 (lint) predicted it"]
    # The finding on the crashing line is folded into the crash; the other one stays listed.
    others = [item for item in items if item.tier != CRASHED]
    assert len(others) == 1 and "TPL403" in repr(others[0]) and "TPL105" not in repr(others[0])
