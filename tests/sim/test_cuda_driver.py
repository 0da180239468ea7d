"""`cuda.bindings.driver` for virtual GPUs: per-thread contexts as measured on 2x H200.

Each case is one measured in a fresh thread (torch 2.11, cuda-bindings 13.3.1), after the main
thread either bound GPU 1 only (`set_device(1)` and an allocation: GPU 0 never got a context)
or used both GPUs and went back to GPU 0.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest
import torch

import torchplace

CASES: dict[str, Callable[[], object]] = {
    "nothing": lambda: None,
    "set0": lambda: torch.cuda.set_device(0),
    "set1": lambda: torch.cuda.set_device(1),
    "alloc1": lambda: torch.zeros(1, device="cuda:1"),
    "alloc": lambda: torch.zeros(1, device="cuda"),
    "sync": lambda: torch.cuda.synchronize(),
    "current_device": lambda: torch.cuda.current_device(),
    "count": lambda: torch.cuda.device_count(),
    "with0": lambda: torch.cuda.device(0).__enter__(),
}


def _with(index: int) -> object:
    with torch.cuda.device(index):
        return None


CASES["with1 then exit"] = lambda: _with(1)

# case -> the device cuCtxGetDevice reports afterwards (None: CUDA_ERROR_INVALID_CONTEXT)
MEASURED_GPU1_ONLY = {
    "nothing": None, "set0": 0, "set1": 1, "alloc1": 1, "alloc": 0, "sync": 0,
    "current_device": None, "count": None, "with0": None, "with1 then exit": 1,
}  # fmt: skip
MEASURED_BOTH_USED = {**MEASURED_GPU1_ONLY, "alloc1": 0, "with1 then exit": 0}


def _context_after(call: Callable[[], object]) -> Any:
    from cuda.bindings import driver

    seen: list[Any] = []

    def worker() -> None:
        call()
        err, device = driver.cuCtxGetDevice()
        seen.append(int(device) if err == driver.CUresult.CUDA_SUCCESS else err.name)

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    return seen[0]


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("both", [False, True], ids=["gpu1-only", "both-used"])
def test_fresh_thread_contexts(case: str, both: bool) -> None:
    with torchplace.virtual_gpus(2):
        torch.cuda.set_device(1)
        torch.zeros(1, device="cuda:1")
        if both:
            torch.zeros(1, device="cuda:0")
            torch.cuda.set_device(0)
        expected = (MEASURED_BOTH_USED if both else MEASURED_GPU1_ONLY)[case]
        got = _context_after(CASES[case])
        assert got == ("CUDA_ERROR_INVALID_CONTEXT" if expected is None else expected)


def test_driver_answers_like_cuda_bindings() -> None:
    with torchplace.virtual_gpus(2):
        from cuda.bindings import driver

        assert driver.cuCtxGetDevice() == (driver.CUresult.CUDA_ERROR_NOT_INITIALIZED, None)
        torch.cuda.set_device(1)
        err, device = driver.cuCtxGetDevice()
        assert err == driver.CUresult.CUDA_SUCCESS and int(device) == 1
        err, context = driver.cuCtxGetCurrent()
        assert err == 0 and int(context) != 0
        assert driver.cuDeviceGetCount() == (driver.CUresult.CUDA_SUCCESS, 2)
        with pytest.raises(AttributeError, match="cuMemAlloc is not simulated"):
            driver.cuMemAlloc  # noqa: B018
        assert not hasattr(driver, "cuLaunchKernel")


def test_bindings_are_gone_after_the_simulation() -> None:
    before = {name: sys.modules.get(name) for name in ("cuda", "cuda.bindings")}
    with torchplace.virtual_gpus(1):
        import cuda.bindings.driver  # noqa: F401
    assert {name: sys.modules.get(name) for name in before} == before
    assert "cuda.bindings.driver" not in sys.modules or before["cuda.bindings"] is not None
