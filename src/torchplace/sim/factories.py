"""Tensor creation on `cuda:N`: Python kernels registered for the CUDA dispatch key.

This is the one place that decides whether a new virtual tensor holds values: a tensor moved
from a real CPU tensor always does (its values are copied); any other new tensor does up to the
machine's `keep_values_limit` bytes (`keep_values_up_to=`, `--keep-values`,
`$TORCHPLACE_SIM_KEEP_VALUES`).

A CPU build has no CUDA kernels, so `torch.empty(..., device="cuda:1")` has nothing to run.
Every factory (`zeros`, `randn`, `arange`, `.to("cuda")` of a CPU tensor, ...) allocates through
`empty.memory_format` or `empty_strided`; registering those two for the CUDA key is enough.
The registration lives in a `torch.library.Library` that is destroyed on leaving the context.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import contextlib
import inspect
import math
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import torch

from torchplace.sim import devices, errors
from torchplace.sim.tensor import META, wrap

_CPU = torch.device("cpu")
_moving = threading.local()


@contextlib.contextmanager
def moving_values() -> Iterator[None]:
    """Allocations in this block receive a real tensor's values: keep them, whatever the size."""
    previous = getattr(_moving, "active", False)
    _moving.active = True
    try:
        yield
    finally:
        _moving.active = previous


def _holder_device(size: Any, dtype: Any) -> torch.device:
    """Real CPU storage for small tensors (so values exist), meta storage for large ones."""
    if getattr(_moving, "active", False):
        return _CPU
    machine = devices.require()
    itemsize = (dtype or torch.get_default_dtype()).itemsize
    nbytes = math.prod(int(s) for s in size) * itemsize
    return _CPU if nbytes <= machine.keep_values_limit else META


def _empty(
    size: Any,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    pin_memory: Any = None,
    memory_format: Any = None,
) -> torch.Tensor:
    target = devices.require().resolve(torch.device(device or "cuda"))
    if layout is not None and layout != torch.strided:  # a virtual tensor is dense
        raise errors.not_simulated(f"a {layout} tensor on {target}")
    holder = torch.empty(
        size, dtype=dtype, device=_holder_device(size, dtype), memory_format=memory_format
    )
    return wrap(holder, target)


def _empty_strided(
    size: Any,
    stride: Any,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    pin_memory: Any = None,
) -> torch.Tensor:
    target = devices.require().resolve(torch.device(device or "cuda"))
    holder = torch.empty_strided(size, stride, dtype=dtype, device=_holder_device(size, dtype))
    return wrap(holder, target)


def _scalar_tensor(
    value: Any, dtype: Any = None, layout: Any = None, device: Any = None, pin_memory: Any = None
) -> torch.Tensor:
    """A Python scalar that C++ wraps into a tensor on a virtual tensor's device.

    A virtual tensor's C++ device is meta, so ops that C++ decomposes with the scalar made on
    `self.device()` (`torch.where(mask, x, -inf)`, `pow(2, x)`) would make it a meta tensor and
    lose its value. CUDA lets a 0-dim CPU tensor join any op, so the scalar is made there.
    """
    return torch.scalar_tensor(value, dtype=dtype, device=_CPU)


def register() -> torch.library.Library:
    """Register the CUDA-key factories; destroy the returned library to undo."""
    library = torch.library.Library("aten", "IMPL")  # type: ignore[no-untyped-call]
    try:
        # A CUDA build of torch has its own CUDA kernels here and warns that they are
        # overridden; overriding them while simulating is the point, so the warning would only
        # mislead.
        with warnings.catch_warnings():
            warnings.filterwarnings(
                "ignore", message="(?s).*Overriding a previously registered kernel"
            )
            _override(library, "empty.memory_format", _empty, "CUDA")
            _override(library, "empty_strided", _empty_strided, "CUDA")
        _override(library, "scalar_tensor", _scalar_tensor, "Meta")
    except BaseException:
        # Half a registration must not outlive a failed start: the next start would find its
        # kernels in the way.
        library._destroy()  # type: ignore[no-untyped-call]
        raise
    return library


def _override(library: torch.library.Library, name: str, kernel: Any, key: str) -> None:
    """Register `kernel` over a Python kernel torch may hold for the same key: torch registers
    its own Meta kernels for some ops (`torch._meta_registrations`, scalar_tensor among them),
    and torch before 2.13 refuses a second Python kernel unless told it may override. The
    dispatcher keeps the earlier kernel and restores it when the library is destroyed."""
    if "allow_override" in inspect.signature(library.impl).parameters:
        library.impl(name, kernel, key, allow_override=True)  # type: ignore[no-untyped-call]
    else:  # older torch: overriding was allowed without asking
        library.impl(name, kernel, key)  # type: ignore[no-untyped-call]
