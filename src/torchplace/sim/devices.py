"""The virtual machine's GPUs: how many, their properties, and each thread's current device."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import torch

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
    """N virtual GPUs of one kind, plus the per-thread current device."""

    count: int
    memory: int
    name: str
    keep_values_limit: int = 64 * 2**20
    _local: threading.local = field(default_factory=threading.local, repr=False)

    def properties(self, index: int) -> DeviceProperties:
        return DeviceProperties(
            name=self.name,
            total_memory=self.memory,
            uuid=f"GPU-00000000-0000-0000-0000-{index:012d}",
            index=index,
        )

    # Like CUDA, the current device is per thread and a new thread starts on device 0.
    def current(self) -> int:
        return getattr(self._local, "index", 0)

    def set_current(self, index: int) -> None:
        self._local.index = index

    def check_index(self, index: int) -> int:
        if not 0 <= index < self.count:
            raise invalid_ordinal()
        return index

    def resolve(self, device: torch.device) -> torch.device:
        """`cuda` -> `cuda:<current>`; an out-of-range index raises like CUDA."""
        if device.type != "cuda":
            return device
        if device.index is None:
            return torch.device("cuda", self.current())
        self.check_index(device.index)
        return device

    def index_of(self, device: object) -> int:
        """A device index from an int, a string, a torch.device or None (the current one)."""
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
    """The error CUDA raises for a device index past the last GPU."""
    text = (
        "CUDA error: invalid device ordinal\n"
        "GPU device may be out of range, do you have enough GPUs?\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
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
