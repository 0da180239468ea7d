"""Context, ordinal, fork and meta failures: the live explainer on the messages torch gives.

The meta case is a real exception on the CPU; the others raise the exact texts recorded on
2x H200 (torch 2.11) from ordinary Python frames, which is what the explainer reads.
"""

from __future__ import annotations

import threading

import pytest
import torch
from torch import nn

import torchplace
from torchplace.explain import hooks


def _set_device(index: int) -> None:
    raise RuntimeError("CUDA error: invalid device ordinal")


def test_global_rank_used_as_device(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RANK", "3")
    monkeypatch.setenv("LOCAL_RANK", "1")
    monkeypatch.setenv("WORLD_SIZE", "4")
    rank = 3
    with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
        _set_device(rank)
    diagnosis = hooks.diagnosis_of(info.value)
    assert diagnosis is not None and diagnosis.kind == "invalid-device-ordinal"
    assert {"cuda:3", "cuda:1"} <= set(diagnosis.devices)
    assert diagnosis.pattern is not None
    assert diagnosis.pattern.id == "global-rank-as-device-index"
    assert "[rank3]: " in "\n".join(info.value.__notes__)


def test_physical_id_from_cuda_visible_devices(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
    gpu_id = 1
    with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
        _set_device(gpu_id)
    diagnosis = hooks.diagnosis_of(info.value)
    assert diagnosis is not None and diagnosis.pattern is not None
    assert diagnosis.pattern.id == "cuda-visible-devices-misuse"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_driver_context_error_in_thread() -> None:
    torchplace.install()

    def kv_transfer() -> None:
        raise RuntimeError(
            "failed to call cuCtxGetDevice(device), error code: CUDA_ERROR_INVALID_CONTEXT"
        )

    thread = threading.Thread(target=kv_transfer, name="kv-transfer")
    thread.start()
    thread.join()
    (diagnosis,) = hooks.diagnoses()
    assert diagnosis.kind == "cuda-context"
    assert diagnosis.thread is not None and diagnosis.thread.name == "kv-transfer"
    assert diagnosis.pattern is not None
    assert diagnosis.pattern.id == "thread-without-device-binding"


def test_fork_after_init() -> None:
    def encode() -> None:
        raise RuntimeError(
            "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, "
            "you must use the 'spawn' start method"
        )

    with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
        encode()
    diagnosis = hooks.diagnosis_of(info.value)
    assert diagnosis is not None and diagnosis.pattern is not None
    assert diagnosis.pattern.id == "fork-after-cuda-init"


def test_offloaded_meta_weight_is_a_real_error() -> None:
    norm = nn.LayerNorm(4).to("meta")
    hidden = torch.randn(2, 4)
    with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
        _ = hidden * norm.weight
    diagnosis = hooks.diagnosis_of(info.value)
    assert diagnosis is not None and set(diagnosis.devices) == {"cpu", "meta"}
    assert diagnosis.pattern is not None
    assert diagnosis.pattern.id == "offloaded-module-used-outside-scope"
