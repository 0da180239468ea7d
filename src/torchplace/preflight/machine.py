"""What GPUs this node has (or the node being planned for): count, names, memory, UUIDs.

Sources, in order: the user's overrides (`--gpus`, `--gpu-memory`, `--gpu-name`), NVML through
`pynvml` (fast, physical order, ignores `CUDA_VISIBLE_DEVICES`), then torch when an NVIDIA
driver is present (slow to import; already filtered by `CUDA_VISIBLE_DEVICES`), else none.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from torchplace import visible_devices

_DRIVER_MARKERS = ("/proc/driver/nvidia/gpus", "/dev/nvidia0", "/dev/nvidiactl")
_ROCM_MARKERS = ("/dev/kfd", "/sys/module/amdgpu")
ROCM_VARIABLES = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES")
NO_DRIVER = "no GPU driver found on this machine"


@dataclass(frozen=True)
class Gpu:
    """One physical GPU."""

    index: int
    name: str
    total_memory: int | None
    uuid: str | None = None


@dataclass(frozen=True)
class MachineFacts:
    """The node's GPUs in physical order and which of them the command will see."""

    gpus: tuple[Gpu, ...]
    source: str
    # True when `gpus` already hides what CUDA_VISIBLE_DEVICES hides (torch's view).
    already_filtered: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def known(self) -> bool:
        return self.source != "none"

    def visible(self, environ: Mapping[str, str]) -> tuple[Gpu, ...]:
        """The GPUs a process started with `environ` sees, in logical order cuda:0..n-1.

        On ROCm, `ROCR_VISIBLE_DEVICES` filters first, then `HIP_VISIBLE_DEVICES` (and
        `CUDA_VISIBLE_DEVICES`, which HIP also reads) index into what is left.
        """
        if self.already_filtered:
            return self.gpus
        chosen = self.gpus
        for name in (*ROCM_VARIABLES, visible_devices.ENV_VAR):
            if name not in environ:
                continue
            parsed = visible_devices.parse(environ[name])
            uuids = [g.uuid or f"GPU-unknown-{g.index}" for g in chosen]
            picked = visible_devices.resolve_physical(parsed, uuids)
            chosen = tuple(chosen[i] for i in picked if i is not None)
        return chosen

    @property
    def no_gpu_here(self) -> bool:
        """This machine has no GPU driver at all (not planning for another one)."""
        return self.source == "none" and any(NO_DRIVER in note for note in self.notes)

    @property
    def heterogeneous(self) -> bool:
        """Whether the GPUs differ in model or memory (CUDA then orders them fastest first)."""
        return len({(g.name, g.total_memory) for g in self.gpus}) > 1


def detect(environ: Mapping[str, str] | None = None) -> MachineFacts:
    """This node's GPUs: NVML, else torch when a driver is present, else none."""
    facts = _from_nvml()
    if facts is not None:
        return facts
    if not any(os.path.exists(marker) for marker in _DRIVER_MARKERS):
        if any(os.path.exists(marker) for marker in _ROCM_MARKERS):
            return MachineFacts(
                (),
                "none",
                notes=("an AMD GPU driver is present; NVML cannot count its GPUs: pass --gpus N",),
            )
        return MachineFacts((), "none", notes=(f"{NO_DRIVER} (NVIDIA or AMD)",))
    return _from_torch() or MachineFacts((), "none", notes=("neither pynvml nor torch.cuda",))


def with_overrides(
    facts: MachineFacts, count: int | None, memory: int | None, name: str | None
) -> MachineFacts:
    """Apply `--gpus`, `--gpu-memory` and `--gpu-name`, for planning another machine."""
    if count is None and memory is None and name is None:
        return facts
    base = facts.gpus[0] if facts.gpus else Gpu(0, "GPU", None)
    n = count if count is not None else len(facts.gpus)
    gpus = []
    for index in range(n):
        real = facts.gpus[index] if index < len(facts.gpus) else base
        gpus.append(
            Gpu(
                index,
                name if name is not None else real.name,
                memory if memory is not None else real.total_memory,
                real.uuid if index < len(facts.gpus) and count is None else None,
            )
        )
    source = "override" if count is not None or not facts.known else f"{facts.source}+override"
    filtered = facts.already_filtered if count is None else False
    return replace(facts, gpus=tuple(gpus), source=source, already_filtered=filtered)


def _from_nvml() -> MachineFacts | None:
    try:
        import pynvml
    except ImportError:
        return None
    try:
        pynvml.nvmlInit()
    except Exception:  # NVML raises its own error types when no driver is loaded
        return None
    try:
        gpus = tuple(_nvml_gpu(pynvml, i) for i in range(pynvml.nvmlDeviceGetCount()))
    except Exception as error:
        return MachineFacts((), "none", notes=(f"NVML failed: {error}",))
    finally:
        pynvml.nvmlShutdown()
    return MachineFacts(gpus, "nvml")


def _nvml_gpu(pynvml: Any, index: int) -> Gpu:
    handle = pynvml.nvmlDeviceGetHandleByIndex(index)
    name = pynvml.nvmlDeviceGetName(handle)
    uuid = pynvml.nvmlDeviceGetUUID(handle)
    total = int(pynvml.nvmlDeviceGetMemoryInfo(handle).total)
    return Gpu(index, _text(name), total, _text(uuid))


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _from_torch() -> MachineFacts | None:
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    gpus = []
    for index in range(torch.cuda.device_count()):
        props = torch.cuda.get_device_properties(index)
        uuid = str(getattr(props, "uuid", "")) or None
        if uuid is not None and not uuid.startswith("GPU-"):
            uuid = f"GPU-{uuid}"
        gpus.append(Gpu(index, props.name, int(props.total_memory), uuid))
    return MachineFacts(tuple(gpus), "torch", already_filtered=True)
