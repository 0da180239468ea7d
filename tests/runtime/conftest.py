"""Fixtures for the runtime tests: virtual GPUs (torchplace.sim) and a fake CUDA driver."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import torch
from runtime_fakes import FakeCuda

from torchplace.runtime import _driver


@pytest.fixture
def sim2() -> Iterator[Any]:
    """Two virtual H200s (skipped while torchplace.sim is not importable)."""
    sim = pytest.importorskip("torchplace.sim")
    with sim.virtual_gpus(2) as machine:
        yield machine


@pytest.fixture
def fake_cuda(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCuda]:
    """torch.cuda replaced by `FakeCuda` and the driver backend by its `query`."""
    fake = FakeCuda()
    cuda = torch.cuda
    monkeypatch.setattr(cuda, "is_available", lambda: True)
    monkeypatch.setattr(cuda, "is_initialized", lambda: True)
    monkeypatch.setattr(cuda, "device_count", lambda: fake.count)
    monkeypatch.setattr(cuda, "current_device", fake.runtime_device)
    monkeypatch.setattr(cuda, "set_device", fake.set_device)
    monkeypatch.setattr(cuda, "current_stream", fake.current_stream)
    monkeypatch.setattr(_driver, "_driver", _driver.Driver("fake", fake.query))
    yield fake
    _driver.set_driver(None)
