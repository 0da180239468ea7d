"""Fixtures for explain's live tests: real device-mismatch exceptions without a GPU.

`FakeTensorMode` gives tensors on `cuda:N` on a CPU-only build and raises torch's own
"Expected all tensors to be on the same device" errors, so the explainer sees the same
exception types, messages and frames it sees on real GPUs.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture
def fake_cuda() -> Iterator[object]:
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode(allow_non_fake_inputs=True) as mode:
        yield mode


@pytest.fixture(autouse=True)
def _clean_explainer() -> Iterator[None]:
    yield
    from torchplace.explain import hooks

    hooks.uninstall()
    hooks._Settings.diagnoses.clear()
    hooks._Settings.json_path = None
