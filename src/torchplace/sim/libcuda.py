"""`ctypes.CDLL("libcuda.so.1")` for virtual GPUs: the C driver API as ctypes code calls it.

Projects that check which GPU a thread is bound to often load the driver through ctypes
(`lib.cuCtxGetDevice(ctypes.byref(device))`) rather than cuda-bindings. During a simulation,
loading `libcuda.so` / `libcuda.so.1` (with `ctypes.CDLL` or `ctypes.cdll.LoadLibrary`) gives
an object whose functions are the simulated driver's (`torchplace.sim.cuda_driver`): each takes
its output pointers (`byref(x)` or `pointer(x)`) and returns the `CUresult` as an int. Any other
function raises AttributeError naming it as not simulated; other libraries load as usual.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import ctypes
import os
from collections.abc import Callable
from typing import Any

from torchplace.sim import cuda_driver as driver
from torchplace.sim.patches import Patches

_NAMES = ("libcuda.so", "libcuda.so.1", "libcuda.so.12", "libcuda.so.13")


def _store(pointer: Any, value: Any) -> None:
    """Write `value` where a `byref(x)` / `pointer(x)` argument points."""
    target = getattr(pointer, "_obj", None)  # byref() keeps the object it points to
    if target is None:
        target = pointer.contents
    target.value = int(value) if value is not None else 0


def _with_output(function: Callable[..., tuple[Any, ...]], inputs: int = 0) -> Any:
    """A C-style function: `function`'s extra results go to the pointer arguments."""

    def call(*args: Any) -> int:
        outputs, given = args[: len(args) - inputs], args[len(args) - inputs :]
        result, *values = function(*(_plain(a) for a in given))
        if result == driver.CUresult.CUDA_SUCCESS:
            for pointer, value in zip(outputs, values, strict=False):
                _store(pointer, value)
        return int(result)

    call.__name__ = function.__name__
    return call


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, ctypes._SimpleCData) else value


class SimulatedLibCuda:
    """The loaded "library": the simulated driver functions by their C names."""

    def __init__(self, name: str) -> None:
        self._name = name
        self.cuInit = _with_output(driver.cuInit, inputs=1)
        self.cuDriverGetVersion = _with_output(driver.cuDriverGetVersion)
        self.cuDeviceGetCount = _with_output(driver.cuDeviceGetCount)
        self.cuDeviceGet = _with_output(driver.cuDeviceGet, inputs=1)
        self.cuCtxGetDevice = _with_output(driver.cuCtxGetDevice)
        self.cuCtxGetCurrent = _with_output(driver.cuCtxGetCurrent)
        self.cuCtxSetCurrent = _with_output(driver.cuCtxSetCurrent, inputs=1)
        self.cuDevicePrimaryCtxRetain = _with_output(driver.cuDevicePrimaryCtxRetain, inputs=1)
        self.cuDevicePrimaryCtxRelease = _with_output(driver.cuDevicePrimaryCtxRelease, inputs=1)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(
            f"torchplace sim: {self._name} function {name} is not simulated (simulated: "
            "cuInit, cuDriverGetVersion, cuDeviceGetCount, cuDeviceGet, cuCtxGetDevice, "
            "cuCtxGetCurrent, cuCtxSetCurrent, cuDevicePrimaryCtxRetain/Release)"
        )

    def __getitem__(self, name: str) -> Any:
        return getattr(self, name)


def _is_libcuda(name: Any) -> bool:
    return isinstance(name, str) and os.path.basename(name) in _NAMES


def install(patches: Patches) -> None:
    original = ctypes.CDLL

    class CDLL(original):  # type: ignore[valid-type, misc]
        """ctypes.CDLL, except that the CUDA driver library is the simulated one."""

        def __new__(cls, name: Any, *args: Any, **kwargs: Any) -> Any:
            if _is_libcuda(name):
                return SimulatedLibCuda(os.path.basename(name))
            return super().__new__(cls)

    CDLL.__name__ = CDLL.__qualname__ = "CDLL"
    patches.set(ctypes, "CDLL", CDLL)
    patches.set(ctypes.cdll, "_dlltype", CDLL)
