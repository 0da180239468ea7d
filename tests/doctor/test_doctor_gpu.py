"""The doctor on real GPUs (skipped where CUDA is absent): no FAIL on a healthy host."""

from __future__ import annotations

import pytest

from torchplace.doctor import registry
from torchplace.doctor.env import RealEnv
from torchplace.doctor.result import Status
from torchplace.doctor.runner import execute

pytestmark = pytest.mark.gpu


def device_count() -> int:
    import torch

    return int(torch.cuda.device_count())


@pytest.mark.parametrize(
    "name",
    [
        "torch-cuda-build",
        "driver-cuda-version",
        "cuda-visible-devices",
        "torch-device-count",
        "context-creation",
        "allocation-placement",
        "fresh-thread-device",
        "peer-access",
        "gpu-link-topology",
    ],
)
def test_check_on_real_gpus_does_not_fail(name: str) -> None:
    result = execute(registry.get(name), RealEnv())
    assert result.status is not Status.FAIL, result


def test_fresh_thread_meets_device_zero_and_no_context() -> None:
    result = execute(registry.get("fresh-thread-device"), RealEnv())
    assert result.data["thread_device"] == 0
    if device_count() > 1 and result.data["driver_api"] != "unavailable":
        assert result.data["cuCtxGetDevice"] == "CUDA_ERROR_INVALID_CONTEXT"


def test_p2p_and_all_reduce_on_real_gpus(monkeypatch: pytest.MonkeyPatch) -> None:
    if device_count() < 2:
        pytest.skip("needs 2 GPUs")
    monkeypatch.setenv("TORCHPLACE_DOCTOR_P2P_BYTES", str(256 << 20))
    monkeypatch.setenv("TORCHPLACE_DOCTOR_NCCL_BYTES", str(256 << 20))
    env = RealEnv()
    p2p = execute(registry.get("p2p-bandwidth"), env)
    assert p2p.status is Status.PASS and min(p2p.data["gbps"].values()) > 1
    all_reduce = execute(registry.get("nccl-all-reduce"), env)
    assert all_reduce.status in (Status.PASS, Status.WARN), all_reduce
    assert all_reduce.data["busbw_gbps"] > 0
