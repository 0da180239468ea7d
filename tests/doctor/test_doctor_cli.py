"""`torchplace doctor` end to end: exit codes, JSON shape, --list / --explain, usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.cli import main
from torchplace.doctor import docs, registry

REPO = Path(__file__).resolve().parents[2]


def doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["doctor", "--no-progress", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("factory", "flags", "code"),
    [
        ("healthy", [], 0),
        ("no_gpu", [], 0),
        ("failing", [], 1),
        ("warning_only", [], 0),
        ("warning_only", ["--strict"], 1),
    ],
)
def test_exit_codes(
    worker_path: str, capsys: pytest.CaptureFixture[str], factory: str, flags: list[str], code: int
) -> None:
    args = [
        "--env-factory",
        f"doctor_fakes:{factory}",
        "--only",
        "cuda-visible-devices",
        "dev-shm",
        "nccl-all-reduce",
        *flags,
    ]
    got, out, err = doctor(capsys, *args)
    assert got == code, out + err
    assert out.startswith("STATUS  CHECK")
    assert "3 checks" in err


def test_json_shape(worker_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = doctor(capsys, "--json", "--env-factory", "doctor_fakes:failing")
    document = json.loads(out)
    assert code == 1 == document["exit_code"]
    assert {"schema", "tool", "version", "mode", "host", "duration_s", "summary", "checks"} <= set(
        document
    )
    assert document["summary"]["fail"] >= 1 and sum(document["summary"].values()) == 17
    names = [c["name"] for c in document["checks"]]
    assert names == [c.name for c in registry.all_checks()]
    for check in document["checks"]:
        assert set(check) == {"name", "status", "observed", "fix", "duration_s", "data"}
        assert check["status"] in {"PASS", "WARN", "FAIL", "SKIP"}
        if check["status"] in {"WARN", "FAIL"}:
            assert check["fix"]


def test_gpu_less_machine_skips_and_says_so(
    worker_path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = doctor(capsys, "--env-factory", "doctor_fakes:no_gpu")
    assert code == 0
    assert "SKIP    p2p-bandwidth" in out and "NVML is not available" in out


def test_list_and_explain(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = doctor(capsys, "--list")
    assert code == 0 and len(out.splitlines()) == len(registry.all_checks())
    code, out, _ = doctor(capsys, "--explain", "dev-shm")
    assert code == 0 and "Why it matters:" in out and "--shm-size" in out


@pytest.mark.parametrize("args", [["--only", "no-such-check"], ["--explain", "nope"], ["--bogus"]])
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert main(["doctor", *args]) == 2
    assert "error" in capsys.readouterr().err


def test_distributed_outside_torchrun_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("RANK", "WORLD_SIZE", "LOCAL_RANK"):
        monkeypatch.delenv(key, raising=False)
    assert main(["doctor", "--distributed"]) == 2
    assert "torchrun" in capsys.readouterr().err


def test_help_and_list_do_not_import_torch() -> None:
    code = (
        "import sys; from torchplace.cli import main\n"
        "for args in (['doctor', '--list'], ['doctor', '--explain', 'p2p-bandwidth']):\n"
        "    main(args)\n"
        "try:\n    main(['doctor', '--help'])\nexcept SystemExit:\n    pass\n"
        "assert 'torch' not in sys.modules, 'torch imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_docs_file_is_generated_from_the_checks() -> None:
    assert (REPO / "docs" / "doctor.md").read_text() == docs.markdown(), (
        "regenerate: torchplace doctor --docs > docs/doctor.md"
    )


def test_every_check_is_documented_and_named_once() -> None:
    names = [c.name for c in registry.all_checks()]
    assert len(names) == len(set(names))
    for check in registry.all_checks():
        assert check.name == check.name.lower() and " " not in check.name and "_" not in check.name
        for section in ("What it checks:", "Why it matters:", "How to fix:"):
            assert section in check.doc, (check.name, section)
        assert check.info.timeout_s > 0
