"""The driver backends, with stand-ins for libcuda and cuda-bindings (no GPU needed)."""

from __future__ import annotations

import ctypes
import enum
import sys
import types
from typing import Any

import pytest

from torchplace.runtime import _driver


def test_cpu_build_has_no_driver_backend() -> None:
    assert _driver.set_driver(None).name == "none"
    assert not _driver.get_driver().available
    with pytest.raises(RuntimeError, match="no CUDA driver backend"):
        _driver.context_device()


def test_ctypes_backend_reads_the_out_parameter() -> None:
    state = {"context": None}

    @ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int))
    def cu_ctx_get_device(out: Any) -> int:
        if state["context"] is None:
            return _driver.CUDA_ERROR_INVALID_CONTEXT
        out[0] = state["context"]
        return 0

    query = _driver._ctypes_query(types.SimpleNamespace(cuCtxGetDevice=cu_ctx_get_device))  # type: ignore[arg-type]
    assert query() == (201, _driver.NO_CONTEXT)
    state["context"] = 1
    assert query() == (0, 1)


class _CUresult(enum.IntEnum):
    CUDA_SUCCESS = 0
    CUDA_ERROR_INVALID_CONTEXT = 201


class _CUdevice:
    def __init__(self, value: int) -> None:
        self.value = value

    def __int__(self) -> int:
        return self.value


def test_cuda_bindings_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = [
        (_CUresult.CUDA_ERROR_INVALID_CONTEXT, _CUdevice(0)),
        (_CUresult.CUDA_SUCCESS, _CUdevice(1)),
    ]
    fake = types.SimpleNamespace(CUresult=_CUresult, cuCtxGetDevice=lambda: answers.pop(0))
    package = types.ModuleType("cuda.bindings")
    package.driver = fake  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cuda", types.ModuleType("cuda"))
    monkeypatch.setitem(sys.modules, "cuda.bindings", package)
    monkeypatch.setitem(sys.modules, "cuda.bindings.driver", fake)  # type: ignore[arg-type]
    driver = _driver._from_cuda_bindings()
    assert driver is not None and driver.name == "cuda-bindings" and driver.query is not None
    assert driver.query() == (201, _driver.NO_CONTEXT)
    assert driver.query() == (0, 1)


def test_error_names() -> None:
    assert _driver.error_name(201) == "CUDA_ERROR_INVALID_CONTEXT"
    assert _driver.error_name(999) == "CUresult 999"


def test_no_driver_is_asked_about_virtual_gpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a machine with real GPUs, the real driver knows nothing of simulated ones: while a
    simulation is active the runtime must not ask it (seen on an H200 host: every virtual
    device was reported as missing its context)."""
    from torchplace.sim import virtual_gpus

    real_driver = _driver.Driver("cuda-bindings", lambda: (_driver.CUDA_ERROR_INVALID_CONTEXT, -1))
    monkeypatch.setattr(_driver, "_driver", real_driver)
    assert _driver.get_driver() is real_driver
    with virtual_gpus(2):
        assert _driver.get_driver().name == "none"
        from torchplace.runtime import check_context_invariants

        report = check_context_invariants()
        assert report.ok, report.to_json()
    assert _driver.get_driver() is real_driver
