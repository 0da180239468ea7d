"""The NVML and torch backends against stand-ins shaped like pynvml and torch.cuda."""

from __future__ import annotations

import sys
import threading
from types import SimpleNamespace
from typing import Any

import pytest

from torchplace.doctor.backends.nvml import PynvmlBackend, canonical_bus_id, open_nvml
from torchplace.doctor.backends.torch_cuda import TorchCuda
from torchplace.doctor.result import Unavailable


class NVMLError(Exception):
    pass


class FakePynvml:
    """Two H200s on NVSwitch (18 links each), ECC on, one foreign process on GPU 1."""

    NVMLError = NVMLError
    NVML_NVLINK_MAX_LINKS = 18
    NVML_MEMORY_ERROR_TYPE_UNCORRECTED = 1
    NVML_VOLATILE_ECC = 0
    NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR = 1

    def __init__(self, direct: bool = False) -> None:
        self.direct = direct

    def nvmlInit(self) -> None:
        pass

    def nvmlDeviceGetCount(self) -> int:
        return 2

    def nvmlDeviceGetHandleByIndex(self, index: int) -> int:
        return index

    def nvmlSystemGetDriverVersion(self) -> bytes:
        return b"580.65.06"

    def nvmlSystemGetCudaDriverVersion(self) -> int:
        return 13000

    def nvmlDeviceGetUUID(self, handle: int) -> str:
        return f"GPU-{handle:08d}-aaaa-bbbb-cccc-000000000000"

    def nvmlDeviceGetName(self, handle: int) -> str:
        return "NVIDIA H200"

    def nvmlDeviceGetPciInfo(self, handle: int) -> Any:
        return SimpleNamespace(busId=f"00000000:{0x19 + handle:02X}:00.0".encode())

    def nvmlDeviceGetMemoryInfo(self, handle: int) -> Any:
        return SimpleNamespace(total=141 << 30)

    def nvmlDeviceGetMigMode(self, handle: int) -> Any:
        raise NVMLError("Not Supported")

    def nvmlDeviceGetMaxPcieLinkGeneration(self, handle: int) -> int:
        return 5

    def nvmlDeviceGetMaxPcieLinkWidth(self, handle: int) -> int:
        return 16

    def nvmlDeviceGetTopologyCommonAncestor(self, a: int, b: int) -> int:
        return 50

    def nvmlDeviceGetNvLinkState(self, handle: int, link: int) -> int:
        return 1

    def nvmlDeviceGetNvLinkRemoteDeviceType(self, handle: int, link: int) -> int:
        return 0 if self.direct else 2

    def nvmlDeviceGetNvLinkRemotePciInfo(self, handle: int, link: int) -> Any:
        return self.nvmlDeviceGetPciInfo(1 - handle)

    def nvmlDeviceGetCudaComputeCapability(self, handle: int) -> tuple[int, int]:
        return (9, 0)

    def nvmlDeviceGetComputeRunningProcesses(self, handle: int) -> list[Any]:
        return [SimpleNamespace(pid=777, usedGpuMemory=2 << 30)] if handle == 1 else []

    def nvmlDeviceGetGraphicsRunningProcesses(self, handle: int) -> list[Any]:
        raise NVMLError("Not Supported")

    def nvmlSystemGetProcessName(self, pid: int) -> bytes:
        return b"vllm"

    def nvmlDeviceGetEccMode(self, handle: int) -> list[int]:
        return [1, 1]

    def nvmlDeviceGetTotalEccErrors(self, handle: int, kind: int, counter: int) -> int:
        return 0

    def nvmlDeviceGetRetiredPagesPendingStatus(self, handle: int) -> int:
        raise NVMLError("Not Supported")

    def nvmlDeviceGetRetiredPages(self, handle: int, cause: int) -> list[int]:
        raise NVMLError("Not Supported")

    def nvmlDeviceGetRemappedRows(self, handle: int) -> tuple[int, int, int, int]:
        return (0, 0, 0, 0)


def test_nvml_backend_reads_an_nvswitch_host() -> None:
    nvml = PynvmlBackend(FakePynvml())
    gpus = nvml.gpus()
    assert [g.pci_bus_id for g in gpus] == ["0000:19:00.0", "0000:1a:00.0"]
    assert nvml.driver_version() == "580.65.06" and nvml.cuda_driver_version() == 13000
    link = nvml.link(0, 1)
    assert (link.nvlinks, link.via_switch, link.nvlink_version) == (18, True, 4)
    assert link.expected_gbps == 450 and link.label == "NV18 via NVSwitch"
    assert link.pcie_path == "SYS" and link.pcie_gbps == pytest.approx(63.0, rel=0.01)
    assert nvml.processes()[0].name == "vllm" and nvml.processes()[0].gpu_index == 1
    ecc = nvml.ecc(0)
    assert ecc.enabled and ecc.volatile_uncorrected == 0 and ecc.retired_pending is None
    assert ecc.remap_failed is False


def test_nvml_backend_counts_direct_links() -> None:
    link = PynvmlBackend(FakePynvml(direct=True)).link(1, 0)
    assert (link.nvlinks, link.via_switch) == (18, False)


def test_nvml_backend_falls_back_to_p2p_status() -> None:
    fake = FakePynvml()
    fake.nvmlDeviceGetNvLinkRemoteDeviceType = None  # type: ignore[assignment,method-assign]
    fake.nvmlDeviceGetNvLinkRemotePciInfo = lambda h, link: SimpleNamespace(busId="0:ff:00.0")  # type: ignore[method-assign]
    fake.nvmlDeviceGetP2PStatus = lambda a, b, caps: 0  # type: ignore[attr-defined]
    link = PynvmlBackend(fake).link(0, 1)
    assert (link.nvlinks, link.via_switch) == (18, True)


def test_missing_pynvml_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    with pytest.raises(Unavailable, match="pynvml"):
        open_nvml()


def test_bus_ids_compare_across_domain_widths() -> None:
    assert canonical_bus_id("00000000:1A:00.0") == canonical_bus_id("0000:1a:00.0")


class FakeTorchCuda:
    """torch.cuda's per-thread current device, allocation counters and copies."""

    OutOfMemoryError = MemoryError

    def __init__(self) -> None:
        self.local = threading.local()
        self.allocated = [0, 0]
        self.fail_big = True

    def current_device(self) -> int:
        return getattr(self.local, "device", 0)

    def set_device(self, index: int) -> None:
        self.local.device = index

    def device_count(self) -> int:
        return 2

    def memory_allocated(self, index: int) -> int:
        return self.allocated[index]

    def synchronize(self, index: int | None = None) -> None:
        pass

    def empty_cache(self) -> None:
        pass

    def get_device_properties(self, index: int) -> Any:
        return SimpleNamespace(uuid=f"{index:08d}-aaaa-bbbb-cccc-000000000000")


class FakeTorch:
    uint8 = "uint8"

    def __init__(self) -> None:
        self.cuda = FakeTorchCuda()

    def empty(self, n: int, dtype: Any = None, device: str = "cuda") -> Any:
        index = self.cuda.current_device() if device == "cuda" else int(device.split(":")[1])
        if n > (256 << 20) and self.cuda.fail_big:
            raise MemoryError("out of memory")
        self.cuda.allocated[index] += n
        return SimpleNamespace(device=SimpleNamespace(index=index), copy_=lambda other: None)


def test_torch_backend_binding_threads_and_copies() -> None:
    cuda = TorchCuda(FakeTorch())
    assert cuda.device_uuid(1) == "GPU-00000001-aaaa-bbbb-cccc-000000000000"
    assert cuda.allocation_device(1) == (1, [1])
    assert cuda.torch.cuda.current_device() == 0  # restored
    probe = cuda.fresh_thread_probe()
    assert (probe.parent_device, probe.thread_device) == (1, 0)
    assert probe.driver_api in ("cuda-bindings", "ctypes libcuda", "unavailable")
    assert cuda.p2p_copy_gbps(0, 1, 1 << 30) > 0  # halved twice after out-of-memory
