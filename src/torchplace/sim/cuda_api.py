"""`torch.cuda.*`, `torch.accelerator.*` and device parsing, as N virtual GPUs would answer."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
import os
from typing import Any

import torch

from torchplace.sim import (
    devices,
    eager_compile,
    errors,
    factories,
    generators,
    meta_mix,
    streams,
    torch_device,
)
from torchplace.sim import tensor as tensor_module
from torchplace.sim.generators import check_generator
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor

_RealDevice = torch.device


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


def _resolve_to_args(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """`.to(1)` and `.to("cuda")` as CUDA reads them: an int is a GPU; no index is the current."""
    if not args:
        return args
    first = args[0]
    machine = _machine()
    if isinstance(first, int) and not isinstance(first, bool):
        return (_RealDevice("cuda", machine.check_index(first)), *args[1:])
    if isinstance(first, str) and first.startswith("cuda"):
        return (machine.resolve(_RealDevice(first)), *args[1:])
    if type(first) is _RealDevice and first.type == "cuda":
        return (machine.resolve(first), *args[1:])
    if isinstance(first, torch.Tensor) and type(first) is VirtualTensor:
        return (first.device, first.dtype, *args[1:])
    return args


def _resolve_device_kwarg(kwargs: dict[str, Any]) -> dict[str, Any]:
    device = kwargs.get("device")
    if device is None:
        return kwargs
    if isinstance(device, int) and not isinstance(device, bool):
        device = _RealDevice("cuda", device)
    device = _RealDevice(device)
    if device.type == "cuda":
        kwargs = {**kwargs, "device": _machine().resolve(device)}
    return kwargs


def _mode_device() -> torch.device | None:
    """The device of the innermost `with torch.device(...)` / `set_default_device`, if any."""
    from torch.overrides import _get_current_function_mode_stack
    from torch.utils._device import DeviceContext

    stack: list[Any] = _get_current_function_mode_stack()  # type: ignore[no-untyped-call]
    for mode in reversed(stack):
        if isinstance(mode, DeviceContext):
            return mode.device
    context = getattr(torch._GLOBAL_DEVICE_CONTEXT, "device_context", None)
    return None if context is None else context.device


def default_device() -> torch.device:
    """`torch.get_default_device()`. torch's own finds the index of an index-less default by
    calling `torch.tensor([])`, which under simulation asks for the default device again."""
    device = _mode_device()
    if device is None:
        return _RealDevice("cpu")
    if device.type == "cuda" and device.index is None:
        return _RealDevice("cuda", _current_device())
    return device


_LIKE_FACTORIES = (
    "empty_like", "zeros_like", "ones_like", "full_like", "rand_like", "randn_like",
    "randint_like",
)  # fmt: skip
_NEW_METHODS = ("new_empty", "new_empty_strided", "new_zeros", "new_ones", "new_full")


def _any_device_form(original: Any) -> Any:
    """`original` taking `device=1` as a CUDA build does (`cuda:1`); a CPU build's parser
    would ask for the current accelerator, which it has none of. Keeps torch's name."""

    @functools.wraps(original)
    def factory(*args: Any, **kwargs: Any) -> Any:
        device = kwargs.get("device")
        if type(device) is int:
            kwargs["device"] = device = _RealDevice("cuda", device)
        if kwargs.get("pin_memory"):  # pinned host memory: an ordinary CPU tensor here
            kwargs["pin_memory"] = False
        generator = kwargs.get("generator")
        if generator is not None and device is not None:
            check_generator(generator, _RealDevice(device))
        if sparse and device is not None and _RealDevice(device).type == "cuda":
            raise errors.not_simulated(f"torch.{original.__name__}(..., device={device!r})")
        if cpu_built and device is not None and _RealDevice(device).type == "cuda":
            # no CUDA-key kernel or device guard on a CPU build: build there, then move
            target = _machine().resolve(_RealDevice(device))
            built = original(*args, **{**kwargs, "device": "cpu"})
            return built.to(target).requires_grad_(built.requires_grad)
        return original(*args, **kwargs)

    cpu_built = getattr(original, "__name__", "") in _BUILT_ON_THE_CPU
    # sparse layouts on a virtual GPU: not simulated (a virtual tensor is dense); say so
    sparse = getattr(original, "__name__", "").startswith("sparse_")
    return factory


# Factories whose C++ needs a CUDA kernel of their own (not empty + an out= kernel) or a CUDA
# device guard: `range` (deprecated, still used), `tril_indices`, `triu_indices`.
_BUILT_ON_THE_CPU = frozenset(("range", "tril_indices", "triu_indices"))


def _install_factories(patches: Patches) -> None:
    """One way for every factory to take any device form: the functions a `with torch.device`
    gives its device to, the `*_like` ones and the `Tensor.new_*` methods."""
    from torch.utils import _device as device_module

    # torch caches the functions a `with torch.device(...)` gives its device to, on first use:
    # fill the cache with torch's own before they are replaced, or it keeps the replacements.
    constructors = device_module._device_constructors()
    for name in dir(torch):
        value = getattr(torch, name, None)
        if name in ("tensor", "as_tensor", "asarray"):
            patches.set(torch, name, _from_data(value))
        elif name in _LIKE_FACTORIES or (callable(value) and value in constructors):
            patches.set(torch, name, _any_device_form(value))
    for name in ("fftfreq", "rfftfreq"):
        patches.set(torch.fft, name, _any_device_form(getattr(torch.fft, name)))
    for name in _NEW_METHODS:
        patches.set(torch.Tensor, name, _any_device_form(getattr(torch.Tensor, name)))


def _from_data(original: Any) -> Any:
    """`torch.tensor(data, device="cuda:1")` builds on the CPU and copies, keeping the values.

    (The C++ path copies with Python dispatch switched off, which would drop them.)
    """

    @functools.wraps(original)  # torch's name, so messages naming the function stay torch's
    def from_data(*args: Any, **kwargs: Any) -> Any:
        if not args and "data" in kwargs:  # `torch.tensor(data=values, ...)`
            args = (kwargs.pop("data"),)
        device = kwargs.get("device")
        if device is None and isinstance(args[0] if args else None, torch.Tensor):
            # Without `device=` or a device context a tensor's copy stays on its device.
            device = kwargs["device"] = _mode_device() or args[0].device
        elif device is None:
            device = kwargs["device"] = default_device()
        elif type(device) is int:
            device = kwargs["device"] = _RealDevice("cuda", device)
        if not args:
            return original(*args, **kwargs)  # (no data: torch's own TypeError)
        if _RealDevice(device).type != "cuda":
            # A list of 0-dim GPU tensors is read element by element onto the CPU, as CUDA does
            # (`torch.tensor(scores)` gives a CPU tensor); a tensor itself keeps its device.
            if isinstance(args[0], (list, tuple)):
                args = (_host_values(args[0]), *args[1:])
            return original(*args, **kwargs)
        kwargs["device"] = "cpu"
        data = _host_values(args[0])
        return original(data, *args[1:], **kwargs).to(_machine().resolve(_RealDevice(device)))

    return from_data


def _host_values(data: Any) -> Any:
    """`data` with the GPU tensors inside its lists and tuples copied to the CPU.

    CUDA reads each element of `torch.tensor([t0, t1])` (0-dim GPU tensors, as
    `torch.tensor(deltas, device=ids.device)` in Qwen-VL's rope index makes); the CPU build
    taken here cannot read a virtual tensor's elements in place.
    """
    if isinstance(data, torch.Tensor):
        return data.cpu() if data.device.type == "cuda" else data
    if isinstance(data, (list, tuple)) and any(
        isinstance(item, (torch.Tensor, list, tuple)) for item in data
    ):
        items = [_host_values(item) for item in data]
        if all(new is old for new, old in zip(items, data, strict=True)):
            return data  # nested numbers, no GPU tensor: no copy of the lists
        return type(data)(items)
    return data


def _new_tensor(self: torch.Tensor, data: Any, **kwargs: Any) -> torch.Tensor:
    kwargs.setdefault("dtype", self.dtype)
    kwargs.setdefault("device", self.device)
    if isinstance(data, torch.Tensor):
        return data.detach().clone().to(kwargs.pop("device"), **kwargs)
    return torch.tensor(data, **kwargs)


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
    _install_tensor_methods(patches)
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


def _is_meta_device(target: Any) -> bool:
    if isinstance(target, tuple):
        target = target[0] if target else None
    if isinstance(target, str):
        return target == "meta"
    return isinstance(target, _RealDevice) and target.type == "meta"


def _refuse_meta_copy(target: Any) -> None:
    """A meta tensor has no data to copy to a GPU (meta's own kernel would not say so)."""
    if isinstance(target, _RealDevice) and target.type == "cuda":
        raise NotImplementedError(
            "Cannot copy out of meta tensor; no data! Please use torch.nn.Module.to_empty() "
            "instead of torch.nn.Module.to() when moving module from meta to a different device."
        )


_TYPE_NAMES = {
    "Float": torch.float32, "Double": torch.float64, "Half": torch.float16,
    "BFloat16": torch.bfloat16, "Byte": torch.uint8, "Char": torch.int8, "Short": torch.int16,
    "Int": torch.int32, "Long": torch.int64, "Bool": torch.bool,
    "ComplexFloat": torch.complex64, "ComplexDouble": torch.complex128,
}  # fmt: skip
_original_type = torch._C.TensorBase.type
_original_type_as = torch._C.TensorBase.type_as


def _type_name(tensor: VirtualTensor) -> str:
    """`Tensor.type()` of a virtual tensor: `torch.cuda.FloatTensor`, as CUDA names it (C++
    sees the held meta tensor and would say `torch.meta.FloatTensor`)."""
    kind = _original_type(tensor._elem).rsplit(".", 1)[1]
    device_type = tensor._vdev.type
    return f"torch.{kind}" if device_type == "cpu" else f"torch.{device_type}.{kind}"


def _parse_type(target: Any) -> tuple[str, torch.dtype] | None:
    """(device type, dtype) named by a type string (`"torch.cuda.HalfTensor"`) or class."""
    if isinstance(target, type):
        target = f"{target.__module__}.{target.__name__}"
    if not isinstance(target, str) or not target.endswith("Tensor"):
        return None
    parts = target.split(".")
    dtype = _TYPE_NAMES.get(parts[-1][: -len("Tensor")])
    if dtype is None or parts[0] != "torch" or len(parts) not in (2, 3):
        return None
    return ("cpu" if len(parts) == 2 else parts[1]), dtype


def _tensor_type(
    self: torch.Tensor, dtype: Any = None, non_blocking: bool = False, **kw: Any
) -> Any:
    """`Tensor.type()`: the CUDA name of a virtual tensor; a cast that keeps it on its virtual
    GPU (or moves it there, for a `torch.cuda.*Tensor` target) with its values, as CUDA does."""
    virtual = type(self) is VirtualTensor
    if dtype is None:
        return _type_name(self) if virtual else _original_type(self)  # type: ignore[arg-type]
    if isinstance(dtype, torch.dtype):
        parsed: tuple[str, torch.dtype] | None = (self.device.type, dtype)
    else:
        parsed = _parse_type(dtype)
    if parsed is None or not (virtual or parsed[0] == "cuda"):
        return _original_type(self, dtype, non_blocking, **kw)
    device_type, target_dtype = parsed
    # like C++: the same device type keeps the device; another one is that type's current
    device = self.device if device_type == self.device.type else _RealDevice(device_type)
    return self.to(device, target_dtype, non_blocking=non_blocking)


def _tensor_type_as(self: torch.Tensor, other: torch.Tensor) -> Any:
    """`Tensor.type_as(other)`, which is `self.to(other.options())`: C++ reads a virtual
    tensor's options as meta, so the result would leave the virtual GPU."""
    if type(self) is VirtualTensor or type(other) is VirtualTensor:
        return self.to(other.device, other.dtype)
    return _original_type_as(self, other)


def _install_tensor_methods(patches: Patches) -> None:
    original_to = torch._C.TensorBase.to
    original_parse_to = torch._C._nn._parse_to

    def to(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        if type(self) is VirtualTensor and args and "dtype" not in kwargs and len(args) == 1:
            target = args[0]  # the hot case: accelerate's hooks moving inputs, already there
            vdev = self._vdev
            if (
                target is vdev
                or target is self.dtype  # `.to(dtype)` to its own dtype: C++ returns self too
                or (type(target) is int and vdev.index == target)
                or (type(target) is _RealDevice and target == vdev)
            ):
                return self
        args = _resolve_to_args(args)
        kwargs = _resolve_device_kwarg(kwargs)
        if self.layout != torch.strided:  # a virtual tensor is dense: say so, not densify
            target = kwargs.get("device", args[0] if args else None)
            if type(target) is _RealDevice and target.type == "cuda":
                raise errors.not_simulated(f"moving a {self.layout} tensor to {target}")
        if self.is_meta:  # plain meta, or a virtual tensor accelerate sent to meta
            _refuse_meta_copy(kwargs.get("device", args[0] if args else None))
            if type(self) is not VirtualTensor and meta_mix.is_programs(self):
                return meta_mix.mark(original_to(self, *args, **kwargs))  # e.g. a dtype change
        if _is_meta_device(kwargs.get("device", args[0:1])):
            if type(self) is not VirtualTensor:
                return meta_mix.mark(original_to(self, *args, **kwargs))
            # C++ sees a meta tensor already and would return it unchanged: move it ourselves.
            dtype = kwargs.get("dtype") or next(
                (a for a in args if isinstance(a, torch.dtype)), self.dtype
            )
            moved = torch.empty_strided(self.shape, self.stride(), dtype=dtype, device="meta")
            return meta_mix.mark(moved)
        if type(self) is VirtualTensor and not kwargs.get("copy", False):
            device = kwargs.get("device", args[0] if args else None)
            if isinstance(device, torch.device) and device == self._vdev:
                dtype = kwargs.get("dtype", args[1] if len(args) > 1 else None)
                if dtype is None or dtype == self.dtype or not isinstance(dtype, torch.dtype):
                    return self
        if type(self) is not VirtualTensor:  # a real tensor's values are copied: keep them
            with factories.moving_values():
                return original_to(self, *args, **kwargs)
        return original_to(self, *args, **kwargs)

    def cuda(self: torch.Tensor, device: Any = None, non_blocking: bool = False, **kw: Any) -> Any:
        target = torch.device("cuda", _machine().index_of(device))
        return to(self, target, non_blocking=non_blocking, **kw)

    def parse_to(*args: Any, **kwargs: Any) -> Any:
        return original_parse_to(*_resolve_to_args(args), **_resolve_device_kwarg(kwargs))

    _install_factories(patches)
    # a CUDA build names its CUDA runtime (the H200 hosts measured: torch 2.11.0+cu130)
    patches.set(torch.version, "cuda", CUDA_RUNTIME_VERSION)
    patches.set(torch, "compile", eager_compile.eager_compile(torch.compile))
    patches.set(torch, "Generator", generators.Generator)
    patches.set(torch, "get_default_device", default_device)
    # `module.to("cuda")` keeps each parameter object (`param.data = moved`), as on CUDA, so
    # tied weights stay one object.
    base_data = tensor_module._base_data
    patches.set(torch.Tensor, "data", property(base_data.__get__, tensor_module.set_data))
    patches.set(
        torch,
        "_has_compatible_shallow_copy_type",
        tensor_module.has_compatible_shallow_copy_type(torch._has_compatible_shallow_copy_type),
    )
    patches.set(torch.Tensor, "new_tensor", _new_tensor)
    patches.set(torch.Tensor, "to", to)
    patches.set(torch.Tensor, "cuda", cuda)
    patches.set(torch.Tensor, "type", _tensor_type)
    patches.set(torch.Tensor, "type_as", _tensor_type_as)
    patches.set(torch.Tensor, "pin_memory", lambda self, device=None: self)
    patches.set(torch._C._nn, "_parse_to", parse_to)
