"""DeviceGuard against a fake driver (FACTS.md behaviour) and against virtual GPUs."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import torch
from runtime_fakes import FakeCuda

from torchplace.runtime import ContextError, DeviceGuard


def _in_thread(fn: Any) -> Any:
    box: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: box.setdefault("value", fn()))
    thread.start()
    thread.join(10)
    return box["value"]


@pytest.mark.parametrize("device", [None, "cpu", torch.device("cpu"), -1, torch.zeros(1)])
def test_non_cuda_devices_are_a_no_op(device: Any) -> None:
    with DeviceGuard(device) as guard:
        assert guard.index is None


def test_switches_and_restores(fake_cuda: FakeCuda) -> None:
    fake_cuda.set_device(1)
    with DeviceGuard(0):
        assert (fake_cuda.runtime_device(), fake_cuda.context()) == (0, 0)
    assert (fake_cuda.runtime_device(), fake_cuda.context()) == (1, 1)


def test_fast_path_does_nothing(fake_cuda: FakeCuda) -> None:
    fake_cuda.set_device(1)
    fake_cuda.calls.clear()
    with DeviceGuard("cuda:1"):
        pass
    assert fake_cuda.calls == []


def test_fresh_thread_gets_a_context(fake_cuda: FakeCuda) -> None:
    def body() -> tuple[Any, ...]:
        before = (fake_cuda.runtime_device(), fake_cuda.context())
        with DeviceGuard(0):
            inside = (fake_cuda.runtime_device(), fake_cuda.context())
        return before, inside

    before, inside = _in_thread(body)
    assert before == (0, None)  # what a fresh thread gets (FACTS.md)
    assert inside == (0, 0)  # torch.cuda.device(0) would have left no context here


def test_context_made_current_when_set_device_does_not(fake_cuda: FakeCuda) -> None:
    fake_cuda.set_device_makes_context = False  # older torch: set_device(0) skipped if "same"

    def body() -> Any:
        with DeviceGuard(0):
            return fake_cuda.context()

    assert _in_thread(body) == 0


def test_context_error_names_the_driver_answer(fake_cuda: FakeCuda, monkeypatch: Any) -> None:
    fake_cuda.set_device_makes_context = False
    monkeypatch.setattr(torch.cuda, "current_stream", lambda device=None: _NoContextStream())

    def body() -> BaseException | None:
        try:
            with DeviceGuard(1):
                return None
        except ContextError as error:
            return error

    error = _in_thread(body)
    assert isinstance(error, ContextError)
    assert "no context (CUDA_ERROR_INVALID_CONTEXT)" in str(error)


class _NoContextStream:
    def query(self) -> bool:
        return True


def test_nested_and_decorator(fake_cuda: FakeCuda) -> None:
    @DeviceGuard(1)
    def where() -> int:
        return fake_cuda.runtime_device()

    with DeviceGuard(0):
        assert where() == 1
        with DeviceGuard(1), DeviceGuard(0):
            assert fake_cuda.runtime_device() == 0
        assert fake_cuda.runtime_device() == 0
    assert fake_cuda.runtime_device() == 0


def test_shared_instance_across_threads(fake_cuda: FakeCuda) -> None:
    guard = DeviceGuard(1)
    barrier = threading.Barrier(4)
    seen: list[tuple[int, int]] = []

    def body(start: int) -> None:
        fake_cuda.set_device(start)
        barrier.wait()
        for _ in range(200):
            with guard:
                assert fake_cuda.runtime_device() == 1
        seen.append((start, fake_cuda.runtime_device()))

    threads = [threading.Thread(target=body, args=(i % 2,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(seen) == [(0, 0), (0, 0), (1, 1), (1, 1)]


def test_bare_cuda_ensures_the_current_devices_context(fake_cuda: FakeCuda) -> None:
    def body() -> Any:
        with DeviceGuard("cuda"):
            return fake_cuda.context()

    assert _in_thread(body) == 0


def test_under_virtual_gpus(sim2: Any) -> None:
    torch.cuda.set_device(1)
    with DeviceGuard(0):
        assert torch.cuda.current_device() == 0
        assert torch.empty(1, device="cuda").device == torch.device("cuda", 0)
    assert torch.cuda.current_device() == 1
    assert _in_thread(DeviceGuard(1)(torch.cuda.current_device)) == 1
