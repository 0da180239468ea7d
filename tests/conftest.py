"""Shared test set-up: tests marked `gpu` are skipped where torch sees no CUDA GPU."""

from __future__ import annotations

import importlib.util

import pytest

pytest_plugins = ["pytester"]


def _cuda_gpu_count() -> int:
    if importlib.util.find_spec("torch") is None:
        return 0
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    gpu_items = [item for item in items if item.get_closest_marker("gpu")]
    if not gpu_items or _cuda_gpu_count() > 0:
        return
    skip = pytest.mark.skip(reason="needs a real CUDA GPU (none visible to torch)")
    for item in gpu_items:
        item.add_marker(skip)
