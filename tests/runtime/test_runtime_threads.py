"""Threads and executor tasks start on their creator's device; everything is reversible."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import torch
from runtime_fakes import FakeCuda

from torchplace.runtime import bound_thread, inherit_device
from torchplace.runtime.threads import is_installed

ORIGINAL_START = threading.Thread.start
ORIGINAL_SUBMIT = ThreadPoolExecutor.submit


def _run(thread: threading.Thread) -> None:
    thread.start()
    thread.join(10)
    assert not thread.is_alive()


def _device_seen_by_new_thread(fake: FakeCuda) -> tuple[int, int | None]:
    box: dict[str, Any] = {}
    _run(threading.Thread(target=lambda: box.update(seen=(fake.runtime_device(), fake.context()))))
    return box["seen"]


def test_plain_thread_starts_on_device_0_without_context(fake_cuda: FakeCuda) -> None:
    fake_cuda.set_device(1)
    assert _device_seen_by_new_thread(fake_cuda) == (0, None)


def test_inherit_device_scoped(fake_cuda: FakeCuda) -> None:
    fake_cuda.set_device(1)
    with inherit_device():
        assert is_installed()
        assert _device_seen_by_new_thread(fake_cuda) == (1, 1)
    assert not is_installed()
    assert threading.Thread.start is ORIGINAL_START
    assert ThreadPoolExecutor.submit is ORIGINAL_SUBMIT
    assert _device_seen_by_new_thread(fake_cuda) == (0, None)


def test_inherit_device_handles_nest_and_remove_idempotently(fake_cuda: FakeCuda) -> None:
    outer = inherit_device()
    inner = inherit_device()
    inner.remove()
    inner.remove()
    assert is_installed()
    fake_cuda.set_device(1)
    assert _device_seen_by_new_thread(fake_cuda) == (1, 1)
    outer.remove()
    assert not is_installed() and threading.Thread.start is ORIGINAL_START


def test_subclass_overriding_run_inherits(fake_cuda: FakeCuda) -> None:
    seen: list[int] = []

    class Worker(threading.Thread):
        def run(self) -> None:
            seen.append(fake_cuda.runtime_device())

    fake_cuda.set_device(1)
    with inherit_device():
        _run(Worker())
    assert seen == [1]


def test_executor_tasks_follow_the_submitting_thread(fake_cuda: FakeCuda) -> None:
    with inherit_device(), ThreadPoolExecutor(max_workers=1) as pool:
        fake_cuda.set_device(1)
        first = pool.submit(lambda: (fake_cuda.runtime_device(), fake_cuda.context())).result()
        fake_cuda.set_device(0)
        # the same worker thread, reused: the task still runs where it was submitted from
        second = list(pool.map(lambda _: fake_cuda.runtime_device(), range(3)))
    assert first == (1, 1)
    assert second == [0, 0, 0]


def test_executor_worker_restores_its_device_between_tasks(fake_cuda: FakeCuda) -> None:
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(lambda: None).result()  # the worker thread exists, on device 0
        fake_cuda.set_device(1)
        with inherit_device():
            inside = pool.submit(fake_cuda.runtime_device).result()
        after = pool.submit(fake_cuda.runtime_device).result()
    assert (inside, after) == (1, 0)


def test_bound_thread_uses_the_given_device(fake_cuda: FakeCuda) -> None:
    box: dict[str, Any] = {}
    thread = bound_thread(
        lambda: box.update(seen=(fake_cuda.runtime_device(), fake_cuda.context())), device="cuda:1"
    )
    assert thread.device_index == 1
    _run(thread)
    assert box["seen"] == (1, 1)


def test_bound_thread_defaults_to_the_callers_device(fake_cuda: FakeCuda) -> None:
    fake_cuda.set_device(1)
    box: dict[str, Any] = {}
    thread = bound_thread(
        lambda x: box.update(seen=(x, fake_cuda.runtime_device())), args=(7,), start=True
    )
    thread.join(10)
    assert box["seen"] == (7, 1)


def test_bound_thread_on_cpu_leaves_the_thread_alone(fake_cuda: FakeCuda) -> None:
    thread = bound_thread(lambda: None, device=torch.device("cpu"))
    assert thread.device_index is None
    _run(thread)
    assert fake_cuda.calls == []


def test_cuda_unused_threads_are_untouched() -> None:
    # On this CPU build CUDA is never initialised: inheriting must not try to use it.
    with inherit_device():
        box: dict[str, Any] = {}
        _run(threading.Thread(target=lambda: box.update(ok=True)))
        with ThreadPoolExecutor(1) as pool:
            assert pool.submit(lambda: 3).result() == 3
    assert box == {"ok": True}


def test_under_virtual_gpus(sim2: Any) -> None:
    torch.cuda.set_device(1)
    box: dict[str, Any] = {}

    def body() -> None:
        box["device"] = torch.cuda.current_device()
        box["tensor"] = torch.empty(2, device="cuda").device

    with inherit_device():
        _run(threading.Thread(target=body))
        with ThreadPoolExecutor(2) as pool:
            devices = list(pool.map(lambda _: torch.cuda.current_device(), range(4)))
    assert box == {"device": 1, "tensor": torch.device("cuda", 1)}
    assert devices == [1, 1, 1, 1]
