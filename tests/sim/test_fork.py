"""A child forked after CUDA initialised fails on its first CUDA call, with torch's message."""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable

import pytest
import torch

import torchplace

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork")

REINIT = (
    "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you "
    "must use the 'spawn' start method"
)


def _child(queue: multiprocessing.Queue, call: Callable[[], object]) -> None:  # type: ignore[type-arg]
    try:
        queue.put(("ok", repr(call())))
    except BaseException as error:  # reported to the parent
        queue.put((type(error).__name__, str(error)))


def _in_forked_child(call: Callable[[], object]) -> tuple[str, str]:
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    process = context.Process(target=_child, args=(queue, call))
    process.start()
    result: tuple[str, str] = queue.get(timeout=60)
    process.join(timeout=60)
    return result


def test_child_of_an_initialised_parent_cannot_use_cuda() -> None:
    with torchplace.virtual_gpus(2):
        torch.zeros(1, device="cuda:0")
        assert _in_forked_child(lambda: torch.ones(4, device="cuda:1")) == ("RuntimeError", REINIT)
        for call in (torch.cuda.current_device, lambda: torch.ones(2).to("cuda")):
            assert _in_forked_child(call) == ("RuntimeError", REINIT)
        # What still works in such a child, as measured on 2x H200:
        assert _in_forked_child(torch.cuda.device_count) == ("ok", "2")
        assert _in_forked_child(torch.cuda.is_available) == ("ok", "True")
        assert _in_forked_child(torch.cuda.is_initialized) == ("ok", "False")
        assert _in_forked_child(lambda: float(torch.ones(2).sum())) == ("ok", "2.0")
        assert torch.ones(1, device="cuda:1").device.index == 1  # the parent is unaffected


def test_is_available_poisons_fork_but_device_count_does_not() -> None:
    with torchplace.virtual_gpus(2):
        torch.cuda.device_count()
        ok = _in_forked_child(lambda: str(torch.ones(4, device="cuda:1").device))
        assert ok == ("ok", "'cuda:1'")
    with torchplace.virtual_gpus(2):
        torch.cuda.is_available()
        assert _in_forked_child(lambda: torch.ones(1, device="cuda")) == ("RuntimeError", REINIT)


def test_pool_worker_error_reaches_the_parent() -> None:
    with torchplace.virtual_gpus(2):
        torch.zeros(1, device="cuda:0")
        with (
            multiprocessing.get_context("fork").Pool(1) as pool,
            pytest.raises(RuntimeError, match="re-initialize CUDA in forked subprocess"),
        ):
            pool.map(_ones_on_gpu, range(2))
    assert not torch.cuda._is_in_bad_fork()


def _ones_on_gpu(index: int) -> float:
    return float(torch.ones(4, device="cuda:1").sum().item()) + index
