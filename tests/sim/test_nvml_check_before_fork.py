"""`torch.cuda.is_available()` under PYTORCH_NVML_BASED_CUDA_CHECK=1 asks NVML, not the driver,
so a fork after it is clean (accelerate's `notebook_launcher` relies on this); the bad-fork
binding that programs ask directly answers for the virtual machine."""

from __future__ import annotations

import multiprocessing
import sys

import pytest
import torch

import torchplace

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork")


def _report(queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    queue.put((torch.cuda._is_in_bad_fork(), torch._C._cuda_isInBadFork()))


def _fork_reports() -> tuple[bool, bool]:
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    process = context.Process(target=_report, args=(queue,))
    process.start()
    found: tuple[bool, bool] = queue.get(timeout=60)
    process.join(timeout=60)
    return found


def test_nvml_based_check_leaves_the_fork_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    with torchplace.virtual_gpus(2):
        monkeypatch.setenv("PYTORCH_NVML_BASED_CUDA_CHECK", "1")
        assert torch.cuda.is_available()
        assert _fork_reports() == (False, False)
        monkeypatch.delenv("PYTORCH_NVML_BASED_CUDA_CHECK")
        assert torch.cuda.is_available()  # the driver's check: cuInit, fork poisoned
        assert _fork_reports() == (True, True)


def test_nvml_based_check_counts_visible_gpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTORCH_NVML_BASED_CUDA_CHECK", "1")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    with torchplace.virtual_gpus(2):
        assert not torch.cuda.is_available()


def test_bad_fork_binding_is_put_back() -> None:
    had = hasattr(torch._C, "_cuda_isInBadFork")
    with torchplace.virtual_gpus(1):
        assert torch._C._cuda_isInBadFork() is False
    assert hasattr(torch._C, "_cuda_isInBadFork") == had
