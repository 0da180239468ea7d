"""Live mode on the messages of the newer catalogue families (raised from real call sites)."""

from __future__ import annotations

import os

import pytest

import torchplace


def _all_reduce_flag() -> None:
    raise RuntimeError("No backend type associated with device type cpu")


def _bind(local_rank: int) -> None:
    # The message torch gives for set_device(local_rank) past the last GPU.
    raise RuntimeError(f"CUDA error: invalid device ordinal (set_device({local_rank}))")


def _wrap_data_parallel() -> None:
    raise RuntimeError(
        "module must have its parameters and buffers on device cuda:0 (device_ids[0]) but "
        "found one of them on device: cpu"
    )


@pytest.mark.parametrize(
    ("call", "kind", "pattern"),
    [
        (_all_reduce_flag, "cpu-tensor-collective", "cpu-tensor-to-nccl-collective"),
        (_wrap_data_parallel, "data-parallel-device", "data-parallel-module-not-on-first-device"),
    ],
)
def test_live_explains_new_families(call, kind: str, pattern: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
        call()
    diagnosis = torchplace.explain.diagnosis_of(info.value)
    assert diagnosis is not None and diagnosis.kind == kind
    assert diagnosis.pattern is not None and diagnosis.pattern.id == pattern


def test_live_invalid_ordinal_after_set_device_local_rank(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(os.environ, "LOCAL_RANK", "1")
    local_rank = int(os.environ["LOCAL_RANK"])
    with pytest.raises(RuntimeError) as info, torchplace.explain(print_report=False):
        _bind(local_rank)
    diagnosis = torchplace.explain.diagnosis_of(info.value)
    assert diagnosis is not None and diagnosis.kind == "invalid-device-ordinal"
    assert diagnosis.pattern is not None and diagnosis.pattern.id == "more-ranks-than-gpus"
