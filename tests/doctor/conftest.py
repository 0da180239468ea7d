"""Doctor tests: fakes importable as `doctor_fakes`; `gpu` tests skipped without CUDA."""

from __future__ import annotations

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)


def _cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _cuda_available():
        return
    skip = pytest.mark.skip(reason="needs CUDA GPUs")
    for item in items:
        if "gpu" in item.keywords and str(item.fspath).startswith(HERE):
            item.add_marker(skip)


@pytest.fixture
def worker_path(monkeypatch: pytest.MonkeyPatch) -> str:
    """Let worker subprocesses import `doctor_fakes` (and test check modules placed in HERE)."""
    existing = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", HERE + (os.pathsep + existing if existing else ""))
    return HERE
