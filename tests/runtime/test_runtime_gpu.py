"""On real GPUs (skipped elsewhere): contexts verified with the driver, two-GPU behaviour."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import torch
from torch import nn

from torchplace.runtime import (
    DeviceFollowingAdapter,
    DeviceGuard,
    _driver,
    align_inputs,
    bind_worker,
    check_context_invariants,
    inherit_device,
)

pytestmark = pytest.mark.gpu


def _gpus() -> int:
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


needs_two = pytest.mark.skipif(_gpus() < 2, reason="needs 2 CUDA GPUs")


def _in_fresh_thread(fn: Any) -> Any:
    box: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: box.setdefault("value", fn()))
    thread.start()
    thread.join(30)
    return box["value"]


def test_invariants_hold() -> None:
    report = check_context_invariants()
    assert report.ok, report.to_json()
    assert report.cuda_available and report.device_count == _gpus()


def test_guard_makes_the_context_current_in_a_fresh_thread() -> None:
    torch.cuda.init()
    if not _driver.get_driver().available:
        pytest.skip("no driver backend (cuda-bindings or libcuda)")

    def body() -> tuple[int, int]:
        before = _driver.context_device()
        with DeviceGuard(0):
            inside = _driver.context_device()
        return before, inside

    before, inside = _in_fresh_thread(body)
    assert before == _driver.NO_CONTEXT  # FACTS.md: a fresh thread has no context
    assert inside == 0


def test_bind_worker_single_gpu() -> None:
    binding = bind_worker(init_process_group=False, environ={})
    assert binding.device == "cuda:0" and binding.uuid and binding.uuid.startswith("GPU-")
    assert binding.pci_bus_id is not None and binding.pci_bus_id.count(":") == 2
    assert binding.context in ("driver", "unverified")


@needs_two
def test_threads_inherit_the_second_gpu() -> None:
    torch.cuda.set_device(1)
    try:
        with inherit_device():
            where = _in_fresh_thread(lambda: torch.empty(1, device="cuda").device)
    finally:
        torch.cuda.set_device(0)
    assert where == torch.device("cuda", 1)


@needs_two
def test_align_and_adapter_across_two_gpus() -> None:
    layer = nn.Linear(8, 8, device="cuda:1")
    align_inputs(layer)
    assert layer(torch.ones(2, 8, device="cuda:0")).device == torch.device("cuda", 1)
    adapter = DeviceFollowingAdapter.lora(nn.Linear(8, 8, device="cuda:0")).eval()
    adapter.base.to("cuda:1")
    with torch.no_grad():
        out = adapter(torch.ones(2, 8, device="cuda:0"))
    assert out.device == torch.device("cuda", 1)
    assert adapter.delta[0].weight.device == torch.device("cuda", 0)
