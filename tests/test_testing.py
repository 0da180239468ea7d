"""`torchplace.testing` assertions, on virtual GPUs (real ones when present)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
from torch import nn  # noqa: E402

from torchplace.testing import assert_no_device_mismatch  # noqa: E402


class PositionsOnCpu(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.a = nn.Linear(8, 8)
        self.b = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.b(self.a(x) + torch.arange(8).float())


@pytest.mark.parametrize("device_map", [{"a": 0, "b": 1}, "balanced", "sequential"])
def test_mismatch_fails_with_the_diagnosis(device_map: object) -> None:
    with pytest.raises(AssertionError, match="tensor-created-without-device"):
        assert_no_device_mismatch(
            PositionsOnCpu(), (torch.randn(2, 8),), gpus=2, device_map=device_map
        )  # type: ignore[arg-type]


def test_clean_model_passes_and_returns_the_output() -> None:
    model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 4))
    out = assert_no_device_mismatch(
        model, (torch.randn(2, 8),), gpus=2, device_map={"0": 0, "1": 1, "2": 1}
    )
    assert tuple(out.shape) == (2, 4)


def test_unknown_strategy_is_refused() -> None:
    with pytest.raises(ValueError, match="auto/balanced/sequential"):
        assert_no_device_mismatch(PositionsOnCpu(), (torch.randn(2, 8),), device_map="spread")
