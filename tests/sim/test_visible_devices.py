"""CUDA_VISIBLE_DEVICES is read once, when CUDA initialises, as measured on 2x H200 (torch 2.11)."""

from __future__ import annotations

import pytest
import torch

import torchplace
from torchplace.sim import visibility

ORDINAL = (
    "CUDA error: invalid device ordinal\n"
    "GPU device may be out of range, do you have enough GPUs?\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the "
    "stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)


@pytest.fixture(autouse=True)
def _unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)


def test_set_by_the_program_before_first_cuda_use(monkeypatch: pytest.MonkeyPatch) -> None:
    with torchplace.virtual_gpus(2) as machine:
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")  # what p25 does before touching CUDA
        assert torch.cuda.device_count() == 1
        with pytest.raises(torch.AcceleratorError) as info:
            torch.randn(16, 16, device="cuda:1")
        assert str(info.value) == ORDINAL
        with pytest.raises(torch.AcceleratorError):
            torch.cuda.set_device(1)
        assert torch.zeros(1, device="cuda:0").device.index == 0
        assert torch.cuda.get_device_properties(0).uuid == visibility.uuid(1)  # physical GPU 1
        assert machine.count == 2


def test_changes_after_initialisation_are_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    with torchplace.virtual_gpus(2):
        torch.zeros(1, device="cuda")
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0")
        assert torch.cuda.device_count() == 2
        assert torch.zeros(1, device="cuda:1").device.index == 1


def test_count_follows_the_variable_until_torch_initialises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with torchplace.virtual_gpus(2):
        assert torch.cuda.device_count() == 2  # NVML's count: CUDA not initialised yet
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
        assert torch.cuda.device_count() == 1
        assert not torch.cuda.is_initialized()
    with torchplace.virtual_gpus(2):
        monkeypatch.delenv("CUDA_VISIBLE_DEVICES")
        assert torch.cuda.is_available()  # initialises the driver: both GPUs stay usable
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
        assert torch.cuda.device_count() == 1  # as measured: NVML still reads the variable
        assert torch.zeros(1, device="cuda:1").device.index == 1
        assert torch.cuda.is_initialized() and torch.cuda.device_count() == 2


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("", "No CUDA GPUs are available"),
        ("5", "No CUDA GPUs are available"),
        ("GPU-", "No CUDA GPUs are available"),  # a prefix of every UUID matches none alone
        ("0,0", "Unexpected error from cudaGetDeviceCount().*Error 101: invalid device ordinal"),
    ],
)
def test_no_visible_gpu(monkeypatch: pytest.MonkeyPatch, value: str, message: str) -> None:
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", value)
    with torchplace.virtual_gpus(2):
        assert not torch.cuda.is_available()
        assert torch.cuda.device_count() == 0
        with pytest.raises(RuntimeError, match=message):
            torch.zeros(1, device="cuda")
        with pytest.raises(RuntimeError, match=message):
            torch.cuda.current_device()


def test_reading_stops_at_the_first_unusable_entry() -> None:
    assert visibility.visible_indices(2, {"CUDA_VISIBLE_DEVICES": "0,5,1"}) == (0,)
    assert visibility.visible_indices(2, {"CUDA_VISIBLE_DEVICES": "1,0"}) == (1, 0)
    assert visibility.visible_indices(3, {"CUDA_VISIBLE_DEVICES": visibility.uuid(2)}) == (2,)
    assert visibility.visible_indices(2, {}) == (0, 1)


def test_integer_device_is_not_checked_until_used() -> None:
    with torchplace.virtual_gpus(2):
        assert torch.device(5) == torch.device("cuda", 5)  # as in a CUDA build
        assert not torch.cuda.is_initialized()
        with pytest.raises(torch.AcceleratorError):
            torch.zeros(1, device=torch.device(5))
