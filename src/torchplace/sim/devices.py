"""The virtual machine's GPUs: how many, their properties, and each thread's current device.

CUDA's life cycle is simulated too: `CUDA_VISIBLE_DEVICES` is read once, when the driver
initialises (`torch.cuda.is_available()` or torch's lazy initialisation: the first CUDA tensor,
`set_device`, `current_device`...), so a program may still set it before its first CUDA call;
`device_count()` follows the variable until then, as torch's NVML-based count does. After a
fork, a child of a process that had initialised CUDA fails on its first CUDA call (`forking`).
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import os
import threading
from dataclasses import dataclass, field

import torch

from torchplace.sim import forking, visibility
from torchplace.sim.contexts import Contexts
from torchplace.sizes import parse_size


def parse_memory(text: str | int) -> int:
    """Bytes in `"141GiB"`, `"80GB"`, `"512MiB"` or a plain integer (see `torchplace.sizes`)."""
    return parse_size(text, allow_zero=True)


@dataclass
class DeviceProperties:
    """What `torch.cuda.get_device_properties` returns for a virtual GPU (H200-like)."""

    name: str
    total_memory: int
    major: int = 9
    minor: int = 0
    multi_processor_count: int = 132
    is_integrated: bool = False
    is_multi_gpu_board: bool = False
    L2_cache_size: int = 60 * 2**20
    warp_size: int = 32
    max_threads_per_multi_processor: int = 2048
    gcnArchName: str = "NVIDIA"
    uuid: str = ""
    index: int = 0

    def __repr__(self) -> str:
        return (
            f"_CudaDeviceProperties(name='{self.name}', major={self.major}, minor={self.minor}, "
            f"total_memory={self.total_memory // 2**20}MB, "
            f"multi_processor_count={self.multi_processor_count})"
        )


@dataclass
class Machine:
    """A host of `count` virtual GPUs of one kind, the ones CUDA shows, and per-thread state."""

    count: int  # GPUs on the simulated host; CUDA_VISIBLE_DEVICES may show fewer
    memory: int
    name: str
    keep_values_limit: int = 64 * 2**20
    _local: threading.local = field(default_factory=threading.local, repr=False)
    contexts: Contexts = field(default_factory=Contexts, repr=False)
    _visible: tuple[int, ...] | None = field(default=None, repr=False)
    initialized: bool = False  # torch's lazy CUDA initialisation has run
    in_bad_fork: bool = False  # a forked child of a process that had initialised CUDA

    def properties(self, index: int) -> DeviceProperties:
        physical = self.driver_init()[index]
        return DeviceProperties(
            name=self.name, total_memory=self.memory, uuid=visibility.uuid(physical), index=index
        )

    # -- CUDA's life cycle ----------------------------------------------------------------------
    def driver_init(self) -> tuple[int, ...]:
        """`cuInit`: read CUDA_VISIBLE_DEVICES once; the physical index of each visible GPU."""
        if self._visible is None:
            self._visible = visibility.visible_indices(self.count, os.environ)
        return self._visible

    @property
    def driver_initialized(self) -> bool:
        return self._visible is not None

    def device_count(self) -> int:
        """`torch.cuda.device_count()`: until torch initialises CUDA it counts through NVML,
        which reads the variable as it is now (even after `is_available()` fixed the driver's
        view, as measured); afterwards, the runtime's count."""
        if self.initialized:
            return len(self.driver_init())
        return len(visibility.visible_indices(self.count, os.environ))

    def lazy_init(self) -> None:
        """torch's `_lazy_init`: on the first CUDA call."""
        if not self.initialized:
            if self.in_bad_fork:
                forking.raise_reinit_error()
            if not self.driver_init():
                raise RuntimeError(visibility.no_gpu_error(os.environ))
            self.initialized = True

    def after_fork_in_child(self) -> None:
        """What torch's fork handler does: CUDA is unusable in the child once initialised."""
        if self.initialized or self.driver_initialized:
            self.in_bad_fork = True
            self.initialized = False

    # -- the current device: per thread, and a new thread starts on device 0, as on CUDA --------
    def current(self) -> int:
        return getattr(self._local, "index", 0)

    def set_current(self, index: int) -> None:
        """`cudaSetDevice`: also makes the device's context current on this thread."""
        self._local.index = index
        self.contexts.make_current(index)

    def set_runtime_device(self, index: int) -> None:
        """Select `index` without touching the driver context (c10 defers `cudaSetDevice`)."""
        self._local.index = index
        self.contexts.unsettle()

    def work(self, index: int) -> None:
        """This thread ran CUDA work (allocation, kernel, synchronize) on device `index`."""
        if not self.contexts.settled(index):
            self.contexts.work(index, getattr(self._local, "index", 0))

    def check_index(self, index: int) -> int:
        self.lazy_init()
        if not 0 <= index < len(self.driver_init()):
            raise invalid_ordinal()
        return index

    def resolve(self, device: torch.device) -> torch.device:
        """`cuda` -> `cuda:<current>`; an out-of-range index raises like CUDA."""
        if device.type != "cuda":
            return device
        if device.index is None:
            self.lazy_init()
            return torch.device("cuda", self.current())
        self.check_index(device.index)
        return device

    def index_of(self, device: object) -> int:
        """A device index from an int, a string, a torch.device or None (the current one)."""
        self.lazy_init()
        if device is None:
            return self.current()
        if isinstance(device, int):
            return self.check_index(device)
        parsed = torch.device(device) if isinstance(device, str) else device
        if not isinstance(parsed, torch.device):
            raise TypeError(f"expected a device, got {type(device).__name__}")
        if parsed.type != "cuda":
            raise ValueError(f"Expected a cuda device, but got: {parsed}")
        return self.current() if parsed.index is None else self.check_index(parsed.index)


def invalid_ordinal() -> Exception:
    """The error CUDA raises for a device index past the last GPU (torch 2.11, 2x H200)."""
    text = (
        "CUDA error: invalid device ordinal\n"
        "GPU device may be out of range, do you have enough GPUs?\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the "
        "stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
    )
    error_type = getattr(torch, "AcceleratorError", RuntimeError)
    return error_type(text)


_active: Machine | None = None


def active() -> Machine | None:
    """The running simulation's machine, or None outside `virtual_gpus`."""
    return _active


def set_active(machine: Machine | None) -> None:
    global _active
    _active = machine


def require() -> Machine:
    if _active is None:
        raise RuntimeError("torchplace sim: no virtual GPUs are active")
    return _active
