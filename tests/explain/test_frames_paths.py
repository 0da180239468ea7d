"""Which frames are torch's: decided by where torch is installed, never by a '/torch/' in the
path, because a virtual environment can live under a folder named torch (/opt/torch/.venv)."""

from __future__ import annotations

from torchplace.explain import live_frames

VENV = "/opt/torch/.venv/lib/python3.12/site-packages"


def test_model_library_in_a_venv_under_a_torch_folder_is_not_torch() -> None:
    path = f"{VENV}/transformers/models/llama/modeling_llama.py"
    assert not live_frames.is_torch(path)
    assert not live_frames.is_torch_internal(path)
    assert live_frames.is_library(path)


def test_torch_in_such_a_venv_is_still_torch() -> None:
    assert live_frames.is_torch(f"{VENV}/torch/nn/functional.py")
    assert not live_frames.is_torch_internal(f"{VENV}/torch/nn/functional.py")
    assert live_frames.is_torch_internal(f"{VENV}/torch/_ops.py")
