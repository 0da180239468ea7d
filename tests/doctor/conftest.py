"""Doctor tests: `doctor_fakes` and `doctor_probe_checks` importable, here and in subprocesses.

(`gpu`-marked tests are skipped without CUDA by tests/conftest.py.)
"""

from __future__ import annotations

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture
def worker_path(monkeypatch: pytest.MonkeyPatch) -> str:
    """Let worker subprocesses import `doctor_fakes` and `doctor_probe_checks`."""
    existing = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", HERE + (os.pathsep + existing if existing else ""))
    return HERE
