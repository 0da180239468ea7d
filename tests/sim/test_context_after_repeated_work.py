"""The current context after repeated work on one GPU follows CUDA's rules each time.

The simulator remembers, per thread, the GPUs whose work would change nothing (every op's
result is an allocation, so the context rules are asked once per op); these cases check that
what is remembered is forgotten when the answer could change.
"""

from __future__ import annotations

import threading

import torch

import torchplace


def _context() -> int | None:
    from cuda.bindings import driver

    err, device = driver.cuCtxGetDevice()
    return int(device) if err == driver.CUresult.CUDA_SUCCESS else None


def _in_thread(call) -> None:  # type: ignore[no-untyped-def]
    thread = threading.Thread(target=call)
    thread.start()
    thread.join()


def test_repeated_work_on_a_gpu_without_the_runtime_devices_context() -> None:
    with torchplace.virtual_gpus(2):
        x = torch.ones(2, device="cuda:1")  # runtime device 0 has no context: 1 stays current
        x = x + x
        assert _context() == 1
        # another thread creates GPU 0's primary context: now the guard switches back to it
        _in_thread(lambda: torch.ones(1, device="cuda:0"))
        x = x + x
        assert _context() == 0
        x = x * 2
        assert _context() == 0 and x.cpu().tolist() == [8.0, 8.0]


def test_set_device_and_runtime_changes_are_seen_by_the_next_work() -> None:
    with torchplace.virtual_gpus(2):
        a = torch.ones(2, device="cuda:0")
        b = torch.ones(2, device="cuda:1")
        a = a + a
        assert _context() == 0
        torch.cuda.set_device(1)
        b = b + b
        assert _context() == 1
        a = a + a  # work on 0 under runtime device 1 (which has a context): back to 1
        assert _context() == 1
        with torch.cuda.device(0):
            a = a + a
            assert _context() == 0
        assert a.cpu().tolist() == [8.0, 8.0] and b.cpu().tolist() == [2.0, 2.0]
