"""torch's tensor factories taking a device as a CUDA build does: `device=1` is `cuda:1`,
`torch.tensor(data, device="cuda:1")` keeps the values, and the default device has an index.

The factories themselves (`torch.empty(..., device="cuda:1")`) run as Python kernels on the
CUDA dispatch key (`factories`); this module fixes what torch's Python layer and a CPU build's
argument parsing would decide before those kernels are reached.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
from typing import Any

import torch

from torchplace.sim import devices, errors
from torchplace.sim.generators import check_generator
from torchplace.sim.patches import Patches

_RealDevice = torch.device


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
        machine = devices.require()  # `torch.cuda.current_device()`
        machine.lazy_init()
        return _RealDevice("cuda", machine.current())
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
            target = devices.require().resolve(_RealDevice(device))
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


def install(patches: Patches) -> None:
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
        return original(data, *args[1:], **kwargs).to(
            devices.require().resolve(_RealDevice(device))
        )

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
