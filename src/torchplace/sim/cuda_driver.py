"""The CUDA driver API of cuda-bindings (`from cuda.bindings import driver`) for virtual GPUs.

During a simulation `cuda`, `cuda.bindings` and `cuda.bindings.driver` resolve to stand-ins
(whether or not cuda-bindings is installed; a real driver knows nothing of virtual GPUs) that
answer the context queries code makes to find out which GPU a thread is bound to, from the
simulated contexts (`torchplace.sim.contexts`): in a fresh thread `cuCtxGetDevice()` returns
`CUDA_ERROR_INVALID_CONTEXT` as on real GPUs. Functions are called and return tuples as in
cuda-bindings 13: `err, device = driver.cuCtxGetDevice()`, with None for the value on an error.
Any other driver function is not simulated and raises AttributeError saying so. Modules that
imported the real bindings before the simulation started keep the real ones.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import enum
import sys
import types
from typing import Any

from torchplace.sim import devices
from torchplace.sim.patches import Patches

SIMULATED = (
    "cuInit", "cuDriverGetVersion", "cuDeviceGetCount", "cuDeviceGet", "cuCtxGetDevice",
    "cuCtxGetCurrent", "cuCtxSetCurrent", "cuDevicePrimaryCtxRetain",
    "cuDevicePrimaryCtxRelease", "CUresult", "CUdevice", "CUcontext",
)  # fmt: skip
_DRIVER_VERSION = 13000  # CUDA 13.0, as on the measured H200 host (cuda-bindings 13.3.1)
_CONTEXT_BASE = 0x7F00_0000_0000  # context handles: base + device index (never 0 = none)


class CUresult(enum.IntEnum):
    """The driver's result codes that the simulated functions return."""

    CUDA_SUCCESS = 0
    CUDA_ERROR_INVALID_VALUE = 1
    CUDA_ERROR_NOT_INITIALIZED = 3
    CUDA_ERROR_NO_DEVICE = 100
    CUDA_ERROR_INVALID_DEVICE = 101
    CUDA_ERROR_INVALID_CONTEXT = 201


class _Handle:
    """An opaque driver value that converts to int, like cuda-bindings' wrapper types."""

    def __init__(self, value: int = 0) -> None:
        self._value = int(value)

    def __int__(self) -> int:
        return self._value

    def __index__(self) -> int:
        return self._value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and int(other) == self._value

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._value))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._value:#x}>"


class CUdevice(_Handle):
    """A device ordinal (`int(device)`)."""


class CUcontext(_Handle):
    """A context handle; `int(context) == 0` is no context."""


def _machine() -> devices.Machine | None:
    return devices.active()


def _initialized(machine: devices.Machine | None) -> bool:
    return machine is not None and machine.driver_initialized and not machine.in_bad_fork


def cuInit(flags: int = 0) -> tuple[CUresult]:
    machine = _machine()
    if machine is None or machine.in_bad_fork:
        return (CUresult.CUDA_ERROR_NOT_INITIALIZED,)
    visible = machine.driver_init()
    return (CUresult.CUDA_SUCCESS if visible else CUresult.CUDA_ERROR_NO_DEVICE,)


def cuDriverGetVersion() -> tuple[CUresult, int]:
    return CUresult.CUDA_SUCCESS, _DRIVER_VERSION


def cuDeviceGetCount() -> tuple[CUresult, int | None]:
    machine = _machine()
    if machine is None or not _initialized(machine):
        return CUresult.CUDA_ERROR_NOT_INITIALIZED, None
    return CUresult.CUDA_SUCCESS, len(machine.driver_init())


def cuDeviceGet(ordinal: int) -> tuple[CUresult, CUdevice | None]:
    result, count = cuDeviceGetCount()
    if count is None:
        return result, None
    if not 0 <= int(ordinal) < count:
        return CUresult.CUDA_ERROR_INVALID_DEVICE, None
    return CUresult.CUDA_SUCCESS, CUdevice(ordinal)


def cuCtxGetDevice() -> tuple[CUresult, CUdevice | None]:
    """The device of this thread's current context; INVALID_CONTEXT (and None, as
    cuda-bindings 13 returns on errors) when none is current."""
    machine = _machine()
    if machine is None or not _initialized(machine):
        return CUresult.CUDA_ERROR_NOT_INITIALIZED, None
    device = machine.contexts.current()
    if device is None:
        return CUresult.CUDA_ERROR_INVALID_CONTEXT, None
    return CUresult.CUDA_SUCCESS, CUdevice(device)


def cuCtxGetCurrent() -> tuple[CUresult, CUcontext | None]:
    """This thread's current context: a null handle (and success) when none is."""
    machine = _machine()
    if machine is None or not _initialized(machine):
        return CUresult.CUDA_ERROR_NOT_INITIALIZED, None
    device = machine.contexts.current()
    return CUresult.CUDA_SUCCESS, CUcontext(0 if device is None else _CONTEXT_BASE + device)


def cuDevicePrimaryCtxRetain(device: Any) -> tuple[CUresult, CUcontext | None]:
    result, checked = cuDeviceGet(int(device))
    machine = _machine()
    if checked is None or machine is None:
        return result, None
    machine.contexts.retain_primary(int(checked))
    return CUresult.CUDA_SUCCESS, CUcontext(_CONTEXT_BASE + int(checked))


def cuDevicePrimaryCtxRelease(device: Any) -> tuple[CUresult]:
    return (cuDeviceGet(int(device))[0],)


def cuCtxSetCurrent(context: Any) -> tuple[CUresult]:
    """Make a context from `cuDevicePrimaryCtxRetain` / `cuCtxGetCurrent` current here."""
    machine = _machine()
    if machine is None or not _initialized(machine):
        return (CUresult.CUDA_ERROR_NOT_INITIALIZED,)
    handle = int(context)
    if handle == 0:
        machine.contexts.clear()
        return (CUresult.CUDA_SUCCESS,)
    index = handle - _CONTEXT_BASE
    if not 0 <= index < len(machine.driver_init()):
        return (CUresult.CUDA_ERROR_INVALID_CONTEXT,)
    machine.contexts.make_current(index)
    return (CUresult.CUDA_SUCCESS,)


def _not_simulated(module: str) -> Any:
    def __getattr__(name: str) -> Any:
        raise AttributeError(
            f"torchplace sim: {module}.{name} is not simulated (the virtual GPUs' driver "
            f"answers only {', '.join(SIMULATED)})"
        )

    return __getattr__


def _driver_module() -> types.ModuleType:
    module = types.ModuleType("cuda.bindings.driver", __doc__)
    this = sys.modules[__name__]
    for name in SIMULATED:
        setattr(module, name, getattr(this, name))
    module.__getattr__ = _not_simulated("cuda.bindings.driver")  # type: ignore[method-assign]
    return module


def _package(name: str, **children: types.ModuleType) -> types.ModuleType:
    package = types.ModuleType(name, f"torchplace sim's stand-in for the `{name}` package.")
    package.__path__ = []  # a package with nothing else to import from
    for child, module in children.items():
        setattr(package, child, module)
    package.__getattr__ = _not_simulated(name)  # type: ignore[method-assign]
    return package


def install(patches: Patches) -> None:
    """Make `cuda.bindings.driver` the virtual machine's driver while simulating."""
    driver = _driver_module()
    bindings = _package("cuda.bindings", driver=driver)
    cuda = _package("cuda", bindings=bindings)
    for name, module in (("cuda", cuda), ("cuda.bindings", bindings), (driver.__name__, driver)):
        patches.set_item(sys.modules, name, module)
