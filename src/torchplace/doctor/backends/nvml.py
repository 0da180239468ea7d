"""Facts from NVML through pynvml (nvidia-ml-py), gathered on demand and cached."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from torchplace.doctor.facts import PCIE_GBPS_PER_LANE, EccStatus, GpuInfo, GpuProcess, Link
from torchplace.doctor.result import Unavailable

# nvmlGpuTopologyLevel_t -> nvidia-smi topo's names.
_TOPOLOGY_NAMES = {0: "SELF", 10: "PIX", 20: "PXB", 30: "PHB", 40: "NODE", 50: "SYS"}
# NVLink generation by CUDA compute capability major (NVML's own version numbering has changed
# meaning across releases; the architecture does not).
_NVLINK_GENERATION_BY_SM = {6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 12: 5}
_NVLINK_DEVICE_TYPE_SWITCH = 2
_PROCESS_GETTERS = ("nvmlDeviceGetComputeRunningProcesses", "nvmlDeviceGetGraphicsRunningProcesses")


def open_nvml() -> PynvmlBackend:
    try:
        import pynvml
    except ImportError:
        raise Unavailable("NVML is not available: pynvml (nvidia-ml-py) is not installed") from None
    try:
        pynvml.nvmlInit()
    except Exception as error:  # NVMLError_LibraryNotFound, DriverNotLoaded, ...
        raise Unavailable(f"NVML could not start ({error}): no NVIDIA driver here") from None
    return PynvmlBackend(pynvml)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def canonical_bus_id(bus_id: str) -> str:
    """`00000000:19:00.0` and `0000:19:00.0` name the same device."""
    parts = bus_id.lower().split(":")
    if len(parts) == 3:
        return f"{int(parts[0], 16):04x}:{parts[1]}:{parts[2]}"
    return bus_id.lower()


class PynvmlBackend:
    """The `Nvml` facts of this machine."""

    def __init__(self, pynvml: Any) -> None:
        self.nv = pynvml
        self._handles = [
            pynvml.nvmlDeviceGetHandleByIndex(i) for i in range(pynvml.nvmlDeviceGetCount())
        ]

    def _maybe(self, call: Callable[..., Any] | None, *args: Any) -> Any:
        """The call's value, or None where NVML says the GPU does not support it."""
        if call is None:
            return None
        try:
            return call(*args)
        except self.nv.NVMLError:
            return None

    def driver_version(self) -> str:
        return _text(self.nv.nvmlSystemGetDriverVersion())

    def cuda_driver_version(self) -> int:
        return int(self.nv.nvmlSystemGetCudaDriverVersion())

    @functools.cache  # noqa: B019 - one backend per process, never collected before exit
    def gpus(self) -> list[GpuInfo]:
        return [self._gpu(i, h) for i, h in enumerate(self._handles)]

    def _gpu(self, index: int, handle: Any) -> GpuInfo:
        nv = self.nv
        pci = self._maybe(nv.nvmlDeviceGetPciInfo, handle)
        memory = self._maybe(nv.nvmlDeviceGetMemoryInfo, handle)
        return GpuInfo(
            index=index,
            uuid=_text(nv.nvmlDeviceGetUUID(handle)),
            name=_text(nv.nvmlDeviceGetName(handle)),
            pci_bus_id=canonical_bus_id(_text(pci.busId)) if pci is not None else "",
            memory_total=int(memory.total) if memory is not None else 0,
            mig_uuids=self._mig_uuids(handle),
            pcie_generation=self._maybe(nv.nvmlDeviceGetMaxPcieLinkGeneration, handle),
            pcie_width=self._maybe(nv.nvmlDeviceGetMaxPcieLinkWidth, handle),
        )

    def _mig_uuids(self, handle: Any) -> tuple[str, ...]:
        nv = self.nv
        mode = self._maybe(nv.nvmlDeviceGetMigMode, handle)
        if not mode or not mode[0]:
            return ()
        uuids = []
        for slot in range(self._maybe(nv.nvmlDeviceGetMaxMigDeviceCount, handle) or 0):
            mig = self._maybe(nv.nvmlDeviceGetMigDeviceHandleByIndex, handle, slot)
            if mig is not None:
                uuids.append(_text(nv.nvmlDeviceGetUUID(mig)))
        return tuple(uuids)

    @functools.cache  # noqa: B019 - several checks ask for the same pairs
    def link(self, a: int, b: int) -> Link:
        nv = self.nv
        ha, hb = self._handles[a], self._handles[b]
        level = self._maybe(nv.nvmlDeviceGetTopologyCommonAncestor, ha, hb)
        links_a, switch_a = self._nvlinks_to(a, b)
        links_b, switch_b = self._nvlinks_to(b, a)
        via_switch = switch_a and switch_b
        # Through NVSwitch both GPUs must reach the fabric; its narrower side sets the width.
        count = links_a if not (switch_a or switch_b) else min(links_a, links_b) * via_switch
        capability = self._maybe(nv.nvmlDeviceGetCudaComputeCapability, ha)
        generation = _NVLINK_GENERATION_BY_SM.get(capability[0]) if capability else None
        return Link(
            nvlinks=count,
            nvlink_version=generation if count else None,
            via_switch=via_switch,
            pcie_path=_TOPOLOGY_NAMES.get(level) if level is not None else None,
            pcie_gbps=self._pcie_gbps(a, b),
        )

    def _nvlinks_to(self, a: int, b: int) -> tuple[int, bool]:
        """Active NVLinks of GPU a that reach GPU b directly, else those reaching an NVSwitch."""
        nv = self.nv
        handle = self._handles[a]
        target = self.gpus()[b].pci_bus_id
        remote_type = getattr(nv, "nvmlDeviceGetNvLinkRemoteDeviceType", None)
        active = direct = to_switch = 0
        for link in range(getattr(nv, "NVML_NVLINK_MAX_LINKS", 18)):
            if self._maybe(nv.nvmlDeviceGetNvLinkState, handle, link) != 1:
                continue
            active += 1
            kind = self._maybe(remote_type, handle, link) if remote_type else None
            if kind == _NVLINK_DEVICE_TYPE_SWITCH:
                to_switch += 1
                continue
            remote = self._maybe(nv.nvmlDeviceGetNvLinkRemotePciInfo, handle, link)
            if remote is not None and canonical_bus_id(_text(remote.busId)) == target:
                direct += 1
        if direct:
            return direct, False
        if not to_switch and active and self._nvlink_p2p_ok(a, b):
            return active, True  # links whose far end NVML cannot name, yet NVLink P2P works
        return to_switch, to_switch > 0

    def _nvlink_p2p_ok(self, a: int, b: int) -> bool:
        nv = self.nv
        caps = getattr(nv, "NVML_P2P_CAPS_INDEX_NVLINK", 2)
        status = self._maybe(
            getattr(nv, "nvmlDeviceGetP2PStatus", None), self._handles[a], self._handles[b], caps
        )
        return bool(status == getattr(nv, "NVML_P2P_STATUS_OK", 0))

    def _pcie_gbps(self, a: int, b: int) -> float | None:
        speeds = []
        for gpu in (self.gpus()[a], self.gpus()[b]):
            if not gpu.pcie_generation or not gpu.pcie_width:
                return None
            speeds.append(PCIE_GBPS_PER_LANE.get(gpu.pcie_generation, 0.0) * gpu.pcie_width)
        return min(speeds)

    def processes(self) -> list[GpuProcess]:
        nv = self.nv
        found: dict[tuple[int, int], GpuProcess] = {}
        for index, handle in enumerate(self._handles):
            for getter in _PROCESS_GETTERS:
                for proc in self._maybe(getattr(nv, getter), handle) or []:
                    used = getattr(proc, "usedGpuMemory", None)
                    name = self._maybe(nv.nvmlSystemGetProcessName, proc.pid)
                    found[(index, proc.pid)] = GpuProcess(
                        proc.pid, index, int(used) if used else None, _text(name or "")
                    )
        return list(found.values())

    def ecc(self, index: int) -> EccStatus:
        nv = self.nv
        handle = self._handles[index]
        mode = self._maybe(nv.nvmlDeviceGetEccMode, handle)
        volatile = self._maybe(
            nv.nvmlDeviceGetTotalEccErrors,
            handle,
            nv.NVML_MEMORY_ERROR_TYPE_UNCORRECTED,
            nv.NVML_VOLATILE_ECC,
        )
        pending = self._maybe(nv.nvmlDeviceGetRetiredPagesPendingStatus, handle)
        retired = self._maybe(
            nv.nvmlDeviceGetRetiredPages,
            handle,
            nv.NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR,
        )
        remap = self._maybe(nv.nvmlDeviceGetRemappedRows, handle)
        return EccStatus(
            gpu_index=index,
            enabled=bool(mode[0]) if mode else None,
            volatile_uncorrected=int(volatile) if volatile is not None else None,
            retired_pending=bool(pending) if pending is not None else None,
            retired_pages=len(retired) if retired is not None else None,
            remap_pending=bool(remap[2]) if remap else None,
            remap_failed=bool(remap[3]) if remap else None,
        )
