"""Which device's CUDA context is current on this thread, asked of the driver (`cuCtxGetDevice`).

PyTorch's `current_device()` answers from the runtime and says 0 in a fresh thread even when no
context is current there; the driver tells the truth. Backends, tried in order: cuda-bindings
(`cuda.bindings.driver`), `ctypes` on libcuda, none (then callers trust `set_device`).
`TORCHPLACE_CUDA_DRIVER=cuda-bindings|ctypes|none` forces one (for benchmarks and tests).

The lookup happens once per process and the bound function is cached: a query costs one
foreign call (about 0.2 µs), so guards can afford it on every entry.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

NO_CONTEXT = -1
"""What `context_device()` returns when no context is current (or the driver is not initialised)."""

CUDA_SUCCESS = 0
CUDA_ERROR_NOT_INITIALIZED = 3
CUDA_ERROR_INVALID_CONTEXT = 201

_ERROR_NAMES = {
    CUDA_SUCCESS: "CUDA_SUCCESS",
    CUDA_ERROR_NOT_INITIALIZED: "CUDA_ERROR_NOT_INITIALIZED",
    CUDA_ERROR_INVALID_CONTEXT: "CUDA_ERROR_INVALID_CONTEXT",
}

ENV_VAR = "TORCHPLACE_CUDA_DRIVER"


@dataclass(frozen=True)
class Driver:
    """A way to ask the driver for the current context's device.

    `query()` returns `(error_code, device_ordinal)`; the ordinal is meaningful only when the code
    is 0. Ordinals are the ones `CUDA_VISIBLE_DEVICES` exposes, the same as torch's indices.
    """

    name: str
    query: Callable[[], tuple[int, int]] | None

    @property
    def available(self) -> bool:
        return self.query is not None


_NONE = Driver("none", None)
_lock = threading.Lock()
_driver: Driver | None = None


def error_name(code: int) -> str:
    return _ERROR_NAMES.get(code, f"CUresult {code}")


def _from_cuda_bindings() -> Driver | None:
    try:
        from cuda.bindings import driver as cu  # type: ignore[import-not-found,unused-ignore]
    except Exception:
        return None
    get_device = cu.cuCtxGetDevice
    success = cu.CUresult.CUDA_SUCCESS

    def query() -> tuple[int, int]:
        err, dev = get_device()
        if err == success:
            return CUDA_SUCCESS, int(dev)
        return _enum_value(err), NO_CONTEXT

    return Driver("cuda-bindings", query)


def _enum_value(member: Any) -> int:
    # CUresult is an IntEnum in cuda-python 12 and a fast enum class in later cuda-bindings.
    try:
        return int(member)
    except TypeError:
        return int(member.value)


def _libcuda_names() -> list[str]:
    if sys.platform == "win32":
        return ["nvcuda.dll"]
    found = ctypes.util.find_library("cuda")
    return ["libcuda.so.1", "libcuda.so", *([found] if found else [])]


def _from_ctypes() -> Driver | None:
    for name in _libcuda_names():
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            continue
        return Driver("ctypes", _ctypes_query(lib))
    return None


def _ctypes_query(lib: ctypes.CDLL) -> Callable[[], tuple[int, int]]:
    get_device = lib.cuCtxGetDevice
    get_device.argtypes = [ctypes.POINTER(ctypes.c_int)]
    get_device.restype = ctypes.c_int
    byref, c_int = ctypes.byref, ctypes.c_int

    def query() -> tuple[int, int]:
        dev = c_int(NO_CONTEXT)
        code: int = get_device(byref(dev))
        return code, dev.value if code == 0 else NO_CONTEXT

    return query


def _torch_has_cuda() -> bool:
    # A CPU build of torch (or a simulated GPU) has no driver context worth asking about.
    try:
        import torch
    except ImportError:
        return False
    return torch.version.cuda is not None


def _select(preference: str | None) -> Driver:
    if preference == "none" or not _torch_has_cuda():
        return _NONE
    order: list[Callable[[], Driver | None]] = [_from_cuda_bindings, _from_ctypes]
    if preference == "ctypes":
        order = [_from_ctypes]
    elif preference == "cuda-bindings":
        order = [_from_cuda_bindings]
    for make in order:
        driver = make()
        if driver is not None:
            return driver
    return _NONE


def _simulating() -> bool:
    # Virtual GPUs have no driver context: asking the real driver about them (on a machine
    # that also has real GPUs) would report every virtual device as missing its context.
    devices = sys.modules.get("torchplace.sim.devices")
    return devices is not None and devices.active() is not None


def get_driver() -> Driver:
    """The process's driver backend, chosen on first use; none while GPUs are simulated."""
    if _simulating():
        return _NONE
    global _driver
    driver = _driver
    if driver is None:
        with _lock:
            if _driver is None:
                _driver = _select(os.environ.get(ENV_VAR))
            driver = _driver
    return driver


def set_driver(name: str | None) -> Driver:
    """Choose the backend again (`None`: automatic). For tests and benchmarks."""
    global _driver
    with _lock:
        _driver = _select(name)
        return _driver


def context_device() -> int:
    """Device ordinal of the context current on this thread; `NO_CONTEXT` when there is none.

    Raises RuntimeError when no driver backend is available: check `get_driver().available`.
    """
    query = get_driver().query
    if query is None:
        raise RuntimeError("no CUDA driver backend (cuda-bindings or libcuda) is available")
    return query()[1]
