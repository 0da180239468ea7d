"""check_context_invariants: structured, JSON-serialisable, never raising for a failed check."""

from __future__ import annotations

import json
from typing import Any

import pytest
import torch

from torchplace.runtime import Status, check_context_invariants, invariants


def test_without_cuda_the_report_says_why() -> None:
    report = check_context_invariants()
    assert report.ok and not report.cuda_available and report.devices == ()
    data = json.loads(report.to_json())
    assert data["skipped_reason"] == "torch.cuda.is_available() is False"
    assert data["torch_version"] == torch.__version__


def test_virtual_gpus_pass_every_check(sim2: Any) -> None:
    torch.cuda.set_device(1)
    report = check_context_invariants()
    assert report.ok, report.to_json()
    assert [d.index for d in report.devices] == [0, 1]
    by_name = {c.name: c for c in report.devices[1].checks}
    assert list(by_name) == [
        "set-device-holds",
        "allocation-lands",
        "driver-context-current",
        "fresh-thread-plain",
        "fresh-thread-torch-device",
        "fresh-thread-guard",
        "fresh-thread-inherit",
    ]
    assert by_name["driver-context-current"].status is Status.SKIP  # no driver in simulation
    plain = by_name["fresh-thread-plain"]
    assert plain.status is Status.INFO and plain.observed.startswith("current_device=0")
    assert "inherit_device" in plain.detail
    assert by_name["fresh-thread-guard"].status is Status.PASS
    assert by_name["fresh-thread-inherit"].status is Status.PASS
    assert torch.cuda.current_device() == 1  # restored
    data = json.loads(report.to_json())
    assert data["devices"][1]["checks"][0] == {
        "name": "set-device-holds",
        "status": "pass",
        "observed": "1",
        "expected": "1",
        "detail": "",
    }


def test_selected_devices_and_missing_ones(sim2: Any) -> None:
    report = check_context_invariants(devices=[1, 5], threads=False)
    assert [len(d.checks) for d in report.devices] == [3, 1]
    missing = report.devices[1].checks[0]
    assert missing.status is Status.FAIL and missing.name == "device-exists"
    assert not report.ok


def test_a_crashing_check_is_a_failed_check(sim2: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(device: Any = None) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(invariants, "THREAD_TIMEOUT_S", 5.0)
    monkeypatch.setattr(torch.cuda, "set_device", broken)
    report = check_context_invariants(devices=[0], threads=False)
    first = report.devices[0].checks[0]
    assert first.status is Status.FAIL and first.observed == "RuntimeError: boom"
