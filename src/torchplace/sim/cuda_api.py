"""`torch.cuda.*` and `torch.accelerator.*` as N virtual GPUs would answer them.

`install` gives torch a CUDA build's face for a simulation: this module's answers, then the
parts with a job of their own, always in the same order: tensor factories taking a device
(`factory_devices`), `Tensor.to` and the other device-naming methods (`tensor_methods`),
`torch.Generator` (`generators`), `torch.device` (`torch_device`); `torch.cuda.Stream` and its
kin come from `streams`, the eager `torch.compile` from `eager_compile`.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
import os
from typing import Any

import torch

from torchplace.sim import (
    devices,
    eager_compile,
    factory_devices,
    generators,
    streams,
    tensor_methods,
    torch_device,
)
from torchplace.sim.patches import Patches


def _machine() -> devices.Machine:
    return devices.require()


def _set_device(device: Any) -> None:
    machine = _machine()
    if isinstance(device, int) and device < 0:
        return
    machine.set_current(machine.index_of(device))


def _exchange_device(index: int) -> int:
    """Entering `torch.cuda.device(index)`: `cudaSetDevice` only when the device changes."""
    machine = _machine()
    if index < 0:
        return -1
    previous = machine.current()
    if machine.check_index(index) != previous:
        machine.set_current(index)
    return previous


def _maybe_exchange_device(index: int) -> int:
    """Leaving `torch.cuda.device`: switch back, with the context only where one exists."""
    machine = _machine()
    if index < 0:
        return -1
    previous = machine.current()
    if machine.check_index(index) != previous:
        if machine.contexts.has_primary(index):
            machine.set_current(index)
        else:
            machine.set_runtime_device(index)
    return previous


def _current_device() -> int:
    machine = _machine()
    machine.lazy_init()
    return machine.current()


def _synchronize(device: Any = None) -> None:
    machine = _machine()
    machine.work(machine.index_of(device))


def _get_device_properties(device: Any = None) -> devices.DeviceProperties:
    machine = _machine()
    machine.lazy_init()
    index = machine.current() if device is None else _index_or_assert(machine, device)
    return machine.properties(index)


def _index_or_assert(machine: devices.Machine, device: Any) -> int:
    index = device if isinstance(device, int) else torch.device(device).index
    index = machine.current() if index is None else index
    if not 0 <= index < machine.device_count():
        raise AssertionError("Invalid device id")
    return int(index)


def _mem_get_info(device: Any = None) -> tuple[int, int]:
    machine = _machine()
    machine.work(machine.index_of(device))
    return machine.memory, machine.memory


def _returns(value: Any) -> Any:
    """A fresh function returning `value` (torch._dynamo rejects one object under two names)."""

    def constant(*_: Any, **__: Any) -> Any:
        return value

    return constant


def _rng_state(device: Any = "cuda") -> torch.Tensor:
    return torch.zeros(16, dtype=torch.uint8)


CUDA_RUNTIME_VERSION = "13.0"


def _is_available(machine: devices.Machine) -> bool:
    """`torch.cuda.is_available()`: asks the driver (`cuInit`: a fork after it is a bad fork),
    unless PYTORCH_NVML_BASED_CUDA_CHECK=1 asks NVML instead, which leaves the driver alone
    (accelerate's `notebook_launcher` checks this way before it forks its workers)."""
    if os.environ.get("PYTORCH_NVML_BASED_CUDA_CHECK") == "1":
        return machine.device_count() > 0
    return bool(machine.driver_init())


def install(patches: Patches, machine: devices.Machine) -> None:
    """Make torch.cuda and friends answer for `machine`."""
    cuda = torch.cuda
    values: dict[str, Any] = {
        "is_available": lambda: _is_available(machine),
        "is_initialized": lambda: machine.initialized,
        "_is_in_bad_fork": lambda: machine.in_bad_fork,
        "_lazy_init": machine.lazy_init,
        "init": machine.lazy_init,
        "device_count": machine.device_count,
        "current_device": _current_device,
        "set_device": _set_device,
        "_exchange_device": _exchange_device,
        "_maybe_exchange_device": _maybe_exchange_device,
        "get_device_properties": _get_device_properties,
        "get_device_name": lambda device=None: _get_device_properties(device).name,
        "get_device_capability": lambda device=None: (9, 0),
        "get_arch_list": lambda: ["sm_90"],
        "is_bf16_supported": lambda including_emulation=True: True,
        "mem_get_info": _mem_get_info,
        "memory_allocated": _returns(0),
        "max_memory_allocated": _returns(0),
        "memory_reserved": _returns(0),
        "max_memory_reserved": _returns(0),
        "reset_peak_memory_stats": _returns(None),
        "reset_max_memory_allocated": _returns(None),
        "memory_stats": lambda device=None: {},
        "empty_cache": _returns(None),
        "synchronize": _synchronize,
        "ipc_collect": _returns(None),
        "manual_seed": _returns(None),
        "manual_seed_all": _returns(None),
        "seed": _returns(None),
        "seed_all": _returns(None),
        "initial_seed": _returns(0),
        "get_rng_state": _rng_state,
        "get_rng_state_all": lambda: [_rng_state() for _ in range(machine.device_count())],
        "set_rng_state": _returns(None),
        "set_rng_state_all": _returns(None),
        "Stream": streams.Stream,
        "Event": streams.Event,
        "stream": streams.stream,
        "current_stream": streams.current_stream,
        "default_stream": streams.current_stream,
        "set_stream": _returns(None),
    }
    for name, value in values.items():
        patches.set(cuda, name, value)
    # the binding behind `_is_in_bad_fork`, which programs also ask directly (accelerate's
    # notebook launcher checks its forked workers with it)
    patches.set(torch._C, "_cuda_isInBadFork", _own_function(values["_is_in_bad_fork"]))
    _install_accelerator(patches, machine)
    _install_torch(patches)
    torch_device.install(patches)


def _own_function(function: Any) -> Any:
    """A distinct function object per name: torch._dynamo keeps one rule per function, and one
    object standing in for `torch.cuda.X` and `torch.accelerator.X` would get two."""

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    return call


def _install_accelerator(patches: Patches, machine: devices.Machine) -> None:
    accelerator = getattr(torch, "accelerator", None)
    if accelerator is None:
        return
    values: dict[str, Any] = {
        "is_available": lambda: _is_available(machine),
        "current_accelerator": lambda check_available=False: torch.device("cuda"),
        "device_count": machine.device_count,
        "current_device_index": _current_device,
        "current_device_idx": _current_device,
        "set_device_index": _set_device,
        "set_device_idx": _set_device,
        "synchronize": _synchronize,
        "get_memory_info": _mem_get_info,
        "memory_allocated": _returns(0),
        "max_memory_allocated": _returns(0),
        "empty_cache": _returns(None),
        "current_stream": streams.accelerator_current_stream,
        "set_stream": _returns(None),
        "reset_peak_memory_stats": _returns(None),
        "reset_accumulated_memory_stats": _returns(None),
        "memory_reserved": _returns(0),
        "max_memory_reserved": _returns(0),
        "memory_stats": lambda device=None: {},
    }
    for name, value in values.items():
        if hasattr(accelerator, name):
            patches.set(accelerator, name, _own_function(value))
    _install_accelerator_bindings(patches)


def _install_accelerator_bindings(patches: Patches) -> None:
    """The C++ bindings under `torch.accelerator` (its device context manager, memory module):
    on a CPU build they find no accelerator."""
    bindings: dict[str, Any] = {
        "exchangeDevice": _exchange_device,
        "maybeExchangeDevice": _maybe_exchange_device,
        "getDeviceIndex": _current_device,
        "setDeviceIndex": _set_device,
        "getStream": streams.accelerator_current_stream,
        "setStream": _returns(None),
        "synchronizeDevice": _synchronize,
        "getMemoryInfo": _mem_get_info,
        "getDeviceStats": lambda device=None: {},
        "resetAccumulatedStats": _returns(None),
        "resetPeakStats": _returns(None),
        "emptyCache": _returns(None),
        "emptyHostCache": _returns(None),
        "isAllocatorInitialized": _returns(True),
    }
    for name, value in bindings.items():
        if hasattr(torch._C, f"_accelerator_{name}"):
            patches.set(torch._C, f"_accelerator_{name}", _own_function(value))


def _install_torch(patches: Patches) -> None:
    """torch's own names that a CUDA build answers differently from a CPU build."""
    factory_devices.install(patches)
    # a CUDA build names its CUDA runtime (the H200 hosts measured: torch 2.11.0+cu130)
    patches.set(torch.version, "cuda", CUDA_RUNTIME_VERSION)
    patches.set(torch, "compile", eager_compile.eager_compile(torch.compile))
    patches.set(torch, "Generator", generators.Generator)
    patches.set(torch, "get_default_device", factory_devices.default_device)
    tensor_methods.install(patches)
