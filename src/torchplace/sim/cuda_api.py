"""`torch.cuda.*`, `torch.accelerator.*` and device parsing, as N virtual GPUs would answer."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import torch

from torchplace.sim import devices
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor


def _machine() -> devices.Machine:
    return devices.require()


class Stream:
    """A CUDA stream that orders nothing: every operation is already complete."""

    def __init__(self, device: Any = None, priority: int = 0, **_: Any) -> None:
        self.device = torch.device("cuda", _machine().index_of(device))
        self.priority = priority
        self.cuda_stream = 0

    def wait_stream(self, stream: Any) -> None: ...
    def wait_event(self, event: Any) -> None: ...
    def synchronize(self) -> None: ...

    def query(self) -> bool:
        return True

    def record_event(self, event: Any = None) -> Event:
        event = event or Event()
        event.record(self)
        return event

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stream) and other.device == self.device

    def __hash__(self) -> int:
        return hash(self.device)

    def __enter__(self) -> Stream:
        return self

    def __exit__(self, *exc: object) -> None: ...


class Event:
    """A CUDA event that is always complete; elapsed_time is 0."""

    def __init__(self, enable_timing: bool = False, blocking: bool = False, **_: Any) -> None:
        self.enable_timing = enable_timing

    def record(self, stream: Any = None) -> None: ...
    def wait(self, stream: Any = None) -> None: ...
    def synchronize(self) -> None: ...

    def query(self) -> bool:
        return True

    def elapsed_time(self, end_event: Any) -> float:
        return 0.0


@contextlib.contextmanager
def _stream(stream: Any = None) -> Iterator[None]:
    yield


def _current_stream(device: Any = None) -> Stream:
    return Stream(device)


def _set_device(device: Any) -> None:
    machine = _machine()
    if isinstance(device, int) and device < 0:
        return
    machine.set_current(machine.index_of(device))


def _exchange_device(index: int) -> int:
    machine = _machine()
    previous = machine.current()
    if index >= 0:
        machine.set_current(machine.check_index(index))
    return previous


def _get_device_properties(device: Any = None) -> devices.DeviceProperties:
    machine = _machine()
    index = machine.current() if device is None else _index_or_assert(machine, device)
    return machine.properties(index)


def _index_or_assert(machine: devices.Machine, device: Any) -> int:
    index = device if isinstance(device, int) else torch.device(device).index
    index = machine.current() if index is None else index
    if not 0 <= index < machine.count:
        raise AssertionError("Invalid device id")
    return int(index)


def _mem_get_info(device: Any = None) -> tuple[int, int]:
    machine = _machine()
    machine.index_of(device)
    return machine.memory, machine.memory


def _zero(*_: Any, **__: Any) -> int:
    return 0


def _none(*_: Any, **__: Any) -> None:
    return None


def _rng_state(device: Any = "cuda") -> torch.Tensor:
    return torch.zeros(16, dtype=torch.uint8)


def _resolve_to_args(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """`.to(1)` and `.to("cuda")` as CUDA reads them: an int is a GPU; no index is the current."""
    if not args:
        return args
    first = args[0]
    machine = _machine()
    if isinstance(first, int) and not isinstance(first, bool):
        return (torch.device("cuda", machine.check_index(first)), *args[1:])
    if isinstance(first, str) and first.startswith("cuda"):
        return (machine.resolve(torch.device(first)), *args[1:])
    if isinstance(first, torch.device) and first.type == "cuda":
        return (machine.resolve(first), *args[1:])
    if isinstance(first, torch.Tensor) and type(first) is VirtualTensor:
        return (first.device, first.dtype, *args[1:])
    return args


def _resolve_device_kwarg(kwargs: dict[str, Any]) -> dict[str, Any]:
    device = kwargs.get("device")
    if device is None:
        return kwargs
    if isinstance(device, int) and not isinstance(device, bool):
        device = torch.device("cuda", device)
    device = torch.device(device)
    if device.type == "cuda":
        kwargs = {**kwargs, "device": _machine().resolve(device)}
    return kwargs


def install(patches: Patches, machine: devices.Machine) -> None:
    """Make torch.cuda and friends answer for `machine`."""
    cuda = torch.cuda
    properties = machine.properties
    values: dict[str, Any] = {
        "is_available": lambda: True,
        "is_initialized": lambda: True,
        "_is_compiled": lambda: True,
        "_lazy_init": _none,
        "init": _none,
        "device_count": lambda: machine.count,
        "current_device": machine.current,
        "set_device": _set_device,
        "_exchange_device": _exchange_device,
        "_maybe_exchange_device": _exchange_device,
        "get_device_properties": _get_device_properties,
        "get_device_name": lambda device=None: _get_device_properties(device).name,
        "get_device_capability": lambda device=None: (9, 0),
        "get_arch_list": lambda: ["sm_90"],
        "is_bf16_supported": lambda including_emulation=True: True,
        "mem_get_info": _mem_get_info,
        "memory_allocated": _zero,
        "max_memory_allocated": _zero,
        "memory_reserved": _zero,
        "max_memory_reserved": _zero,
        "reset_peak_memory_stats": _none,
        "reset_max_memory_allocated": _none,
        "memory_stats": lambda device=None: {},
        "empty_cache": _none,
        "synchronize": lambda device=None: machine.index_of(device) and None,
        "ipc_collect": _none,
        "manual_seed": _none,
        "manual_seed_all": _none,
        "seed": _none,
        "seed_all": _none,
        "initial_seed": _zero,
        "get_rng_state": _rng_state,
        "get_rng_state_all": lambda: [_rng_state() for _ in range(machine.count)],
        "set_rng_state": _none,
        "set_rng_state_all": _none,
        "Stream": Stream,
        "Event": Event,
        "stream": _stream,
        "current_stream": _current_stream,
        "default_stream": _current_stream,
        "set_stream": _none,
    }
    del properties
    for name, value in values.items():
        patches.set(cuda, name, value)
    _install_accelerator(patches, machine)
    _install_tensor_methods(patches)


def _install_accelerator(patches: Patches, machine: devices.Machine) -> None:
    accelerator = getattr(torch, "accelerator", None)
    if accelerator is None:
        return
    values: dict[str, Any] = {
        "is_available": lambda: True,
        "current_accelerator": lambda check_available=False: torch.device("cuda"),
        "device_count": lambda: machine.count,
        "current_device_index": machine.current,
        "current_device_idx": machine.current,
        "set_device_index": _set_device,
        "set_device_idx": _set_device,
        "synchronize": lambda device=None: None,
        "get_memory_info": _mem_get_info,
        "memory_allocated": _zero,
        "max_memory_allocated": _zero,
        "empty_cache": _none,
    }
    for name, value in values.items():
        if hasattr(accelerator, name):
            patches.set(accelerator, name, value)


def _install_tensor_methods(patches: Patches) -> None:
    original_to = torch._C.TensorBase.to
    original_parse_to = torch._C._nn._parse_to

    def to(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        args = _resolve_to_args(args)
        kwargs = _resolve_device_kwarg(kwargs)
        if type(self) is VirtualTensor and not kwargs.get("copy", False):
            device = kwargs.get("device", args[0] if args else None)
            if isinstance(device, torch.device) and device == self._vdev:
                dtype = kwargs.get("dtype", args[1] if len(args) > 1 else None)
                if dtype is None or dtype == self.dtype or not isinstance(dtype, torch.dtype):
                    return self
        return original_to(self, *args, **kwargs)

    def cuda(self: torch.Tensor, device: Any = None, non_blocking: bool = False, **kw: Any) -> Any:
        target = torch.device("cuda", _machine().index_of(device))
        return to(self, target, non_blocking=non_blocking, **kw)

    def parse_to(*args: Any, **kwargs: Any) -> Any:
        return original_parse_to(*_resolve_to_args(args), **_resolve_device_kwarg(kwargs))

    patches.set(torch.Tensor, "to", to)
    patches.set(torch.Tensor, "cuda", cuda)
    patches.set(torch.Tensor, "pin_memory", lambda self, device=None: self)
    patches.set(torch._C._nn, "_parse_to", parse_to)
