"""Plain data that the environment hands to checks: no torch, no NVML, easy to fake."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Unidirectional bandwidth of one NVLink, GB/s, by NVLink generation (NVML's link version).
# P100 NVLink1 20; V100/A100/H100/H200 NVLink2-4 25; B200 NVLink5 50.
NVLINK_GBPS_PER_LINK = {1: 20.0, 2: 25.0, 3: 25.0, 4: 25.0, 5: 50.0}
# Usable unidirectional bandwidth of a x1 PCIe lane, GB/s, by generation (after encoding).
PCIE_GBPS_PER_LANE = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}


@dataclass(frozen=True)
class GpuInfo:
    """One physical GPU as NVML reports it; `index` is NVML's (PCI bus) order."""

    index: int
    uuid: str
    name: str
    pci_bus_id: str = ""
    memory_total: int = 0
    mig_uuids: tuple[str, ...] = ()
    pcie_generation: int | None = None
    pcie_width: int | None = None


@dataclass(frozen=True)
class Link:
    """How two GPUs reach each other: NVLink links (direct or through NVSwitch) or PCIe."""

    nvlinks: int = 0
    nvlink_version: int | None = None
    via_switch: bool = False
    # nvidia-smi's names for the PCIe path: PIX, PXB, PHB, NODE, SYS (None when unknown).
    pcie_path: str | None = None
    pcie_gbps: float | None = None

    @property
    def is_nvlink(self) -> bool:
        return self.nvlinks > 0

    @property
    def label(self) -> str:
        if self.is_nvlink:
            via = " via NVSwitch" if self.via_switch else ""
            return f"NV{self.nvlinks}{via}"
        return self.pcie_path or "PCIe"

    @property
    def expected_gbps(self) -> float | None:
        """What a P2P copy over this link should approach, one direction, GB/s."""
        if self.is_nvlink:
            per_link = NVLINK_GBPS_PER_LINK.get(self.nvlink_version or 4, 25.0)
            return self.nvlinks * per_link
        return self.pcie_gbps


@dataclass(frozen=True)
class GpuProcess:
    pid: int
    gpu_index: int
    used_bytes: int | None
    name: str = ""


@dataclass(frozen=True)
class EccStatus:
    """Memory health of one GPU; None where NVML does not report that counter."""

    gpu_index: int
    enabled: bool | None = None
    volatile_uncorrected: int | None = None
    retired_pending: bool | None = None
    retired_pages: int | None = None
    remap_pending: bool | None = None
    remap_failed: bool | None = None


@dataclass(frozen=True)
class ThreadProbe:
    """What a thread that never bound a device sees, after the main thread bound `parent_device`."""

    parent_device: int
    thread_device: int
    driver_result: str  # "device N" or the CUresult name, e.g. CUDA_ERROR_INVALID_CONTEXT
    driver_api: str  # "cuda-bindings", "ctypes libcuda" or "unavailable"


@dataclass(frozen=True)
class AllReduceResult:
    """One all-reduce run across `world_size` processes."""

    world_size: int
    backend: str
    ok: bool
    correct: bool = False
    nbytes: int = 0
    seconds: float = 0.0
    hung: bool = False
    error: str = ""
    ranks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def algbw_gbps(self) -> float:
        return self.nbytes / self.seconds / 1e9 if self.seconds > 0 else 0.0

    @property
    def busbw_gbps(self) -> float:
        """nccl-tests' bus bandwidth for all-reduce: algbw * 2(n-1)/n."""
        n = self.world_size
        return self.algbw_gbps * 2 * (n - 1) / n if n > 0 else 0.0


@dataclass(frozen=True)
class ShmInfo:
    path: str
    total_bytes: int
    free_bytes: int
