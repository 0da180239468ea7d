"""`torchplace run`: same process, same argv, the script's exit code, a report on crashes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from torchplace.cli import main

CRASH = textwrap.dedent(
    """
    import sys
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    def step(a, b):
        return a @ b

    print("argv", sys.argv[1:])
    with FakeTensorMode(allow_non_fake_inputs=True):
        step(torch.ones(2, 2, device="cuda:0"), torch.ones(2, 2, device="cuda:1"))
    """
)


def test_run_reports_crash_and_exits_1(tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text(CRASH)
    report = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "torchplace", "run", "--json", str(report), str(script), "x"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert "argv ['x']" in proc.stdout
    assert "Traceback (most recent call last)" in proc.stderr
    assert "runpy" not in proc.stderr  # our frames are left out of the traceback
    assert "torchplace explain: device mismatch in matmul (@): cuda:0 vs cuda:1" in proc.stderr
    data = json.loads(report.read_text())
    (diagnosis,) = data["diagnoses"]
    assert diagnosis["user_frame"]["line"] == 7
    assert {"cuda:0", "cuda:1"} <= set(diagnosis["devices"])


def test_run_keeps_exit_code_and_module_mode(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "exits.py").write_text("import sys\nsys.exit(3)\n")
    (tmp_path / "okmod.py").write_text("import sys\nprint('module argv', sys.argv[1:])\n")
    report = tmp_path / "empty.json"
    assert main(["run", "--json", str(report), str(tmp_path / "exits.py")]) == 3
    assert json.loads(report.read_text())["diagnoses"] == []
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["run", "-m", "okmod", "a"]) == 0


def test_run_usage_errors(tmp_path: Path) -> None:
    assert main(["run"]) == 2
    assert main(["run", str(tmp_path / "missing.py")]) == 2
    assert main(["run", "--bogus", "x.py"]) == 2
