"""Isolation: a crashing, dying or hanging check is a FAIL of that check; the rest still run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from doctor_fakes import FakeEnv

from torchplace.doctor import run_doctor
from torchplace.doctor.registry import load
from torchplace.doctor.result import Check, CheckResult, Status
from torchplace.doctor.runner import run_inline, run_isolated


def probes(*names: str) -> list:  # type: ignore[type-arg]
    return [load(f"doctor_probe_checks.{name}") for name in names]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); it is dead for our purpose.
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def children() -> list[int]:
    """Live child processes of this test process (multiprocessing's resource tracker aside)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().split(") ", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                cmdline = handle.read()
        except OSError:
            continue
        if (
            int(fields[1]) == os.getpid()
            and fields[0] != "Z"
            and b"resource_tracker" not in cmdline
        ):
            found.append(int(entry))
    return found


def describe(pids: set[int]) -> list[str]:
    found = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                words = handle.read().split(b"\0")
            found.append(f"{pid}: {b' '.join(words).decode()}")
        except OSError:
            found.append(f"{pid}: gone")
    return found


def test_crashing_check_is_a_fail_and_the_rest_run() -> None:
    results = run_inline(probes("crash", "ok"), FakeEnv())
    assert [r.status for r in results] == [Status.FAIL, Status.PASS]
    assert "ZeroDivisionError: probe crashed on purpose" in results[0].observed
    assert "Traceback" in results[0].data["traceback"]


def test_inline_timeout_is_a_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    import doctor_probe_checks.ok as ok_module

    slow = load("doctor_probe_checks.ok")
    slow = type(slow)(
        Check("probe-slow", "test", 1, timeout_s=0.2),
        slow.module,
        "",
        lambda env: time.sleep(5) or CheckResult.passed("late"),
    )
    start = time.monotonic()
    results = run_inline([slow, load(ok_module.__name__)], FakeEnv())
    assert time.monotonic() - start < 3
    assert results[0].status is Status.FAIL and "did not finish within 0 s" in results[0].observed
    assert results[1].status is Status.PASS


def test_returning_something_else_is_a_fail() -> None:
    check = load("doctor_probe_checks.ok")
    check = type(check)(check.info, check.module, "", lambda env: "fine")
    assert run_inline([check], FakeEnv())[0].status is Status.FAIL


def test_isolated_worker_survives_crash_death_and_hang(
    worker_path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = set(children())
    pid_file = tmp_path / "pids"
    monkeypatch.setenv("DOCTOR_PROBE_PIDS", str(pid_file))
    start = time.monotonic()
    results = run_isolated(
        probes("ok", "crash", "die", "ok", "hang", "ok"), env_factory="doctor_fakes:healthy"
    )
    elapsed = time.monotonic() - start
    statuses = [r.status for r in results]
    assert statuses == [
        Status.PASS,
        Status.FAIL,
        Status.FAIL,
        Status.PASS,
        Status.FAIL,
        Status.PASS,
    ]
    assert "SIGKILL" in results[2].observed
    assert "did not finish within 2 s" in results[4].observed
    assert "process group was killed" in results[4].observed
    # The worker that died was replaced; the one killed for hanging too.
    first, second, third = (r.data["pid"] for r in (results[0], results[3], results[5]))
    assert first != second != third
    assert first != os.getpid()
    hung_worker, grandchild = (int(p) for p in pid_file.read_text().split())
    assert not alive(hung_worker) and not alive(grandchild)
    assert set(children()) <= before, describe(set(children()) - before)
    assert elapsed < 15


def test_run_doctor_against_a_fake_env_without_isolation() -> None:
    report = run_doctor(env=FakeEnv())
    assert report.counts()["fail"] == 0 and report.exit_code() == 0
    assert len(report.results) == 17


def test_sigterm_to_the_doctor_takes_its_worker_group_down(
    worker_path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid_file = tmp_path / "pids"
    monkeypatch.setenv("DOCTOR_PROBE_PIDS", str(pid_file))
    code = (
        "from torchplace.doctor.runner import run_isolated\n"
        "from torchplace.doctor.registry import load\n"
        "run_isolated([load('doctor_probe_checks.hang')], env_factory='doctor_fakes:healthy',"
        " timeout_scale=30)\n"
    )
    doctor = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 30
    while not (pid_file.exists() and pid_file.read_text().strip()):
        assert time.monotonic() < deadline, "the hanging probe never started"
        time.sleep(0.1)
    doctor.send_signal(signal.SIGTERM)
    assert doctor.wait(timeout=20) == 128 + signal.SIGTERM
    time.sleep(0.3)
    assert not any(alive(int(pid)) for pid in pid_file.read_text().split())
