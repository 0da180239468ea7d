"""`torchplace launch`: refuses on failures, execs the command unchanged otherwise."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.cli import launch, main
from torchplace.preflight import runner
from torchplace.preflight.machine import Gpu, MachineFacts

from .helpers import A100_40, H200


@pytest.fixture
def execs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[str], dict[str, str]]]:
    calls: list[tuple[str, list[str], dict[str, str]]] = []
    monkeypatch.setattr(os, "execvpe", lambda f, a, e: calls.append((f, list(a), dict(e))))
    return calls


def test_refuses_on_failure(execs, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    code = main(["launch", "--gpus", "2", "--", "vllm", "serve", "m", "-tp", "4"])
    assert code == 1
    assert execs == []
    assert "not launching" in capsys.readouterr().err


def test_force_execs_the_command_unchanged(execs) -> None:  # type: ignore[no-untyped-def]
    argv = ["vllm", "serve", "m", "-tp", "4", "--port", "8000"]
    main(["launch", "--force", "--gpus", "2", "--", *argv])
    assert execs[0][0] == "vllm"
    assert execs[0][1] == argv
    assert "CUDA_DEVICE_ORDER" not in execs[0][2] or os.environ.get("CUDA_DEVICE_ORDER")


def test_env_assignments_go_to_the_environment(execs) -> None:  # type: ignore[no-untyped-def]
    main(["launch", "--gpus", "2", "--", "CUDA_VISIBLE_DEVICES=1", "vllm", "serve", "m"])
    _file, args, env = execs[0]
    assert args == ["vllm", "serve", "m"]
    assert env["CUDA_VISIBLE_DEVICES"] == "1"


def test_heterogeneous_gpus_get_pci_bus_order(execs, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    mixed = MachineFacts(
        (Gpu(0, "NVIDIA H200", H200, "GPU-a"), Gpu(1, "NVIDIA A100-SXM4-40GB", A100_40, "GPU-b")),
        "nvml",
    )
    monkeypatch.setattr(runner.machine_module, "detect", lambda env: mixed)
    monkeypatch.delenv("CUDA_DEVICE_ORDER", raising=False)
    main(["launch", "--", "vllm", "serve", "m"])
    assert execs[0][2]["CUDA_DEVICE_ORDER"] == "PCI_BUS_ID"
    execs.clear()
    main(["launch", "--", "CUDA_DEVICE_ORDER=FASTEST_FIRST", "vllm", "serve", "m"])
    assert execs[0][2]["CUDA_DEVICE_ORDER"] == "FASTEST_FIRST"  # set by the user: left alone


def test_launch_really_execs(tmp_path: Path) -> None:
    script = tmp_path / "job.py"
    script.write_text("import os, sys\nprint('ran', sys.argv[1:], os.environ.get('MARK'))\n")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "torchplace",
            "launch",
            "--",
            "MARK=yes",
            sys.executable,
            str(script),
            "a",
            "b",
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ran ['a', 'b'] yes"


def test_dry_run_prints_what_would_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "job.py"
    script.write_text("pass\n")
    assert main(["launch", "--dry-run", "--", "python", str(script)]) == 0
    assert capsys.readouterr().out.strip().endswith(f"python {script}")


@pytest.mark.skipif(shutil.which("vllm") is not None, reason="vllm is installed: it would start")
def test_missing_program_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert launch.main(["--gpus", "1", "--", "vllm", "serve", "m"]) == 2
    assert "torchplace launch: cannot run 'vllm'" in capsys.readouterr().err
