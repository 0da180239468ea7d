"""Log mode: prefixes stripped, tracebacks split per rank, each error classified; no torch."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from torchplace.cli import main
from torchplace.explain.logs import read_log, strip_prefixes

LOGS = Path(__file__).parent / "logs"


def test_prefixes_give_stream_and_rank() -> None:
    line = strip_prefixes("(VllmWorker rank=1 pid=4567) ERROR boom", 1)
    assert (line.rank, line.text) == (1, "ERROR boom")
    line = strip_prefixes('[rank3]:   File "x.py", line 2, in f', 1)
    assert line.rank == 3 and line.text.startswith('  File "x.py"')
    line = strip_prefixes("\x1b[36m(RayWorkerWrapper pid=99, ip=10.0.0.1)\x1b[0m oops", 1)
    assert line.stream.startswith("RayWorkerWrapper") and line.text == "oops"
    assert strip_prefixes("(Worker_TP1 pid=5) x", 1).rank == 1


def test_mixed_log_is_read_per_rank() -> None:
    diagnoses = read_log((LOGS / "mixed_torchrun_vllm.log").read_text())
    kinds = [(d.kind, d.rank) for d in diagnoses]
    assert kinds == [
        ("device-mismatch", 1),
        ("collective-device", 0),
        ("invalid-device-ordinal", 1),
        ("cuda-context", None),
        ("other", None),
    ]
    mismatch = diagnoses[0]
    assert mismatch.user_frame is not None
    assert (mismatch.user_frame.path, mismatch.user_frame.line) == ("/home/u/mylora.py", 17)
    assert mismatch.devices == ["cuda:1", "cuda:0"]
    assert mismatch.pattern is not None and mismatch.pattern.id == "lora-adapter-on-wrong-gpu"
    assert diagnoses[1].pattern is not None and diagnoses[1].pattern.id == "rank-not-bound-to-gpu"
    assert diagnoses[3].pattern is not None
    assert diagnoses[3].pattern.id == "thread-without-device-binding"


def test_vllm_worker_log() -> None:
    diagnoses = read_log((LOGS / "vllm_tp_worker.log").read_text())
    assert [d.kind for d in diagnoses] == ["device-mismatch", "parallel-config"]
    first = diagnoses[0]
    assert first.library_frame is not None and first.library_frame.path.endswith("llava.py")
    assert first.pattern is not None and first.pattern.id == "vision-features-on-other-gpu"
    assert diagnoses[1].pattern is not None
    assert diagnoses[1].pattern.id == "parallel-config-mismatch"


def test_cli_exit_codes(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["explain", str(LOGS / "clean.log")]) == 0
    assert main(["explain", str(LOGS / "vllm_tp_worker.log")]) == 1
    out = capsys.readouterr().out
    assert "vision-features-on-other-gpu" in out and "llava.py:420" in out
    assert main(["explain", str(tmp_path / "missing.log")]) == 2
    report = tmp_path / "r.json"
    assert main(["explain", "--json", str(report), str(LOGS / "mixed_torchrun_vllm.log")]) == 1
    data = json.loads(report.read_text())
    assert data["schema"] == 1 and len(data["diagnoses"]) == 5
    assert data["diagnoses"][-1]["known"] is False


def test_log_mode_does_not_import_torch() -> None:
    code = (
        "import sys\nfrom torchplace.cli import main\n"
        f"main(['explain', {str(LOGS / 'mixed_torchrun_vllm.log')!r}])\n"
        "print('torch' in sys.modules, file=sys.stderr)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0
    assert proc.stderr.strip().endswith("False")


def test_stdin(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import io

    monkeypatch.setattr(
        sys, "stdin", io.StringIO("RuntimeError: CUDA error: invalid device ordinal\n")
    )
    assert main(["explain", "-"]) == 1
    assert "invalid device ordinal" in capsys.readouterr().out


def test_torchrun_log_without_prefixes() -> None:
    diagnoses = read_log((LOGS / "torchrun_plain.log").read_text())
    mismatch, summary = diagnoses
    assert mismatch.user_frame is not None and mismatch.user_frame.line == 7
    assert mismatch.library_frame is None  # fake-tensor dispatch frames are no library frame
    assert mismatch.pattern is not None and mismatch.pattern.id == "hardcoded-cuda-device"
    assert not summary.known and summary.exception_type.endswith("ChildFailedError")
