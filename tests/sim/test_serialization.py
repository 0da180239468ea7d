"""torch.save / torch.load keep a virtual tensor's GPU, as real checkpoints keep theirs."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

import torchplace
from torchplace.sim import DataNeededError, is_virtual


@pytest.fixture
def checkpoint(tmp_path: Path) -> Path:
    path = tmp_path / "state.pt"
    with torchplace.virtual_gpus(2):
        state = {
            "a": torch.full((4,), 2.0, device="cuda:0"),
            "p": torch.nn.Parameter(torch.ones(2, device="cuda:1")),
        }
        torch.save(state, path)
    return path


def _where(state: dict[str, torch.Tensor]) -> dict[str, tuple[str, bool, list[float]]]:
    return {
        key: (str(value.device), isinstance(value, torch.nn.Parameter), value.tolist())
        for key, value in state.items()
    }


def test_load_without_map_location_restores_the_saving_gpus(checkpoint: Path) -> None:
    with torchplace.virtual_gpus(2):
        for weights_only in (True, False):
            state = torch.load(checkpoint, weights_only=weights_only)
            assert _where(state) == {
                "a": ("cuda:0", False, [2.0] * 4),
                "p": ("cuda:1", True, [1.0, 1.0]),
            }
            assert is_virtual(state["a"]) and not state["a"].requires_grad
            assert state["p"].requires_grad


@pytest.mark.parametrize(
    ("map_location", "device"),
    [
        ("cpu", "cpu"),
        ("cuda:1", "cuda:1"),
        (torch.device("cuda", 1), "cuda:1"),
        ({"cuda:0": "cuda:1"}, "cuda:1"),
        (lambda storage, location: storage, "cpu"),
        (lambda storage, location: storage.cuda(1), "cuda:1"),
    ],
)
def test_map_location(checkpoint: Path, map_location: object, device: str) -> None:
    with torchplace.virtual_gpus(2):
        state = torch.load(checkpoint, map_location=map_location)
        assert str(state["a"].device) == device and state["a"].tolist() == [2.0] * 4
        assert is_virtual(state["a"]) == (device != "cpu")


def test_a_missing_gpu_fails_as_torch_says(
    checkpoint: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0")
    message = r"on CUDA device 1 but torch\.cuda\.device_count\(\) is 1\. Please use torch\.load"
    with torchplace.virtual_gpus(2), pytest.raises(RuntimeError, match=message):
        torch.load(checkpoint)


def test_saved_file_loads_on_the_cpu_after_the_simulation(checkpoint: Path) -> None:
    state = torch.load(checkpoint, map_location="cpu")
    assert type(state["a"]) is torch.Tensor and state["a"].tolist() == [2.0] * 4
    if not torch.cuda.is_available():  # a CPU build cannot restore cuda:0 without simulation
        with pytest.raises(RuntimeError, match=r"torch\.cuda\.is_available\(\) is False"):
            torch.load(checkpoint)


def test_saving_a_tensor_without_values_is_not_simulated(tmp_path: Path) -> None:
    with torchplace.virtual_gpus(2, keep_values_up_to=0):
        weights = torch.empty(4, 4, device="cuda:1")
        with pytest.raises(DataNeededError, match=r"torch\.save .*not simulated"):
            torch.save(weights, tmp_path / "w.pt")


def test_checkpoint_on_another_gpu_meets_the_model(checkpoint: Path) -> None:
    with torchplace.virtual_gpus(2):
        scale = torch.load(checkpoint)["a"]
        x = torch.randn(2, 4, device="cuda:1")
        with pytest.raises(RuntimeError, match="found at least two devices, cuda:1 and cuda:0!"):
            x * scale
