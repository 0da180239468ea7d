"""The current device is per thread, as on CUDA; leaving the context restores torch."""

from __future__ import annotations

import sys
import threading

import pytest
import torch

import torchplace


def _in_thread(function):  # type: ignore[no-untyped-def]
    result: dict[str, object] = {}

    def target() -> None:
        try:
            result["value"] = function()
        except Exception as error:  # re-raised in the caller
            result["error"] = error

    worker = threading.Thread(target=target)
    worker.start()
    worker.join()
    if "error" in result:
        raise result["error"]  # type: ignore[misc]
    return result["value"]


def test_new_thread_starts_on_device_zero() -> None:
    with torchplace.virtual_gpus(2):
        torch.cuda.set_device(1)
        assert _in_thread(torch.cuda.current_device) == 0
        assert _in_thread(lambda: torch.zeros(1, device="cuda").device) == torch.device("cuda:0")
        assert torch.cuda.current_device() == 1


def test_thread_without_set_device_hits_a_mismatch() -> None:
    with torchplace.virtual_gpus(2):
        torch.cuda.set_device(1)
        layer = torch.nn.Linear(4, 4).cuda()

        def worker() -> object:
            return layer(torch.randn(2, 4, device="cuda"))

        with pytest.raises(RuntimeError, match="cuda:0, different from other tensors on cuda:1"):
            _in_thread(worker)


def _cpu_program() -> tuple[torch.Tensor, str]:
    torch.manual_seed(0)
    layer = torch.nn.Linear(8, 4)
    out = layer(torch.randn(3, 8)).softmax(-1)
    return out, str(out.device)


def _patched_by_simulation() -> tuple[object, ...]:
    return (
        torch.Tensor.to, torch.device, torch.tensor, torch.cuda.is_available,
        torch.cuda._is_in_bad_fork, torch.cuda._lazy_init, torch.serialization.location_tag,
        torch.storage._to, torch._utils._rebuild_tensor, torch._utils._rebuild_tensor_v3,  # type: ignore[attr-defined]
        sys.modules.get("cuda"), sys.modules.get("cuda.bindings.driver"),
    )  # fmt: skip


def test_leaving_restores_torch() -> None:
    available = torch.cuda.is_available()
    before = _cpu_program()
    saved = _patched_by_simulation()
    with torchplace.virtual_gpus(2):
        inside = _cpu_program()
        torch.zeros(2, device="cuda:1") + 1
        assert _patched_by_simulation() != saved
    after = _cpu_program()
    assert torch.equal(before[0], inside[0]) and torch.equal(before[0], after[0])
    assert _patched_by_simulation() == saved
    assert torch.cuda.is_available() is available
    assert "to" not in torch.Tensor.__dict__
    if not available:  # the CUDA kernels registered for the simulation are gone again
        with pytest.raises((RuntimeError, NotImplementedError, AssertionError)):
            torch.empty(2, device="cuda")
        with pytest.raises(RuntimeError):
            torch.device(1)


def test_restores_after_an_exception_and_is_not_reentrant() -> None:
    available = torch.cuda.is_available()
    with pytest.raises(ZeroDivisionError), torchplace.virtual_gpus(2):
        1 / 0  # noqa: B018
    assert torch.cuda.is_available() is available
    with (
        torchplace.virtual_gpus(1),
        pytest.raises(RuntimeError, match="already active"),
        torchplace.virtual_gpus(1),
    ):
        pass
