"""Fake environments for doctor checks: a healthy 2x H200 host, and what tests change in it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from torchplace.doctor.env import TorchBuild
from torchplace.doctor.facts import (
    AllReduceResult,
    EccStatus,
    GpuInfo,
    GpuProcess,
    Link,
    ShmInfo,
    ThreadProbe,
)
from torchplace.doctor.result import Unavailable

UUIDS = ["GPU-aaaaaaaa-0000-0000-0000-000000000000", "GPU-bbbbbbbb-1111-1111-1111-111111111111"]
NV18 = Link(nvlinks=18, nvlink_version=4, pcie_path="SYS", pcie_gbps=63.0)


def h200s(count: int = 2, name: str = "NVIDIA H200") -> list[GpuInfo]:
    uuids = UUIDS + [f"GPU-cccccccc-{i:04d}-0000-0000-000000000000" for i in range(2, count)]
    return [
        GpuInfo(i, uuids[i], name, f"0000:{0x19 + i:02x}:00.0", 141 << 30, (), 5, 16)
        for i in range(count)
    ]


@dataclass
class FakeNvml:
    gpu_list: list[GpuInfo] = field(default_factory=h200s)
    driver: str = "580.65.06"
    cuda_driver: int = 13000
    link_default: Link = NV18
    links: dict[tuple[int, int], Link] = field(default_factory=dict)
    procs: list[GpuProcess] = field(default_factory=list)
    ecc_by_gpu: dict[int, EccStatus] = field(default_factory=dict)

    def driver_version(self) -> str:
        return self.driver

    def cuda_driver_version(self) -> int:
        return self.cuda_driver

    def gpus(self) -> list[GpuInfo]:
        return self.gpu_list

    def link(self, a: int, b: int) -> Link:
        return self.links.get((a, b)) or self.links.get((b, a)) or self.link_default

    def processes(self) -> list[GpuProcess]:
        return self.procs

    def ecc(self, index: int) -> EccStatus:
        default = EccStatus(index, True, 0, False, 0, False, False)
        return self.ecc_by_gpu.get(index, default)


@dataclass
class FakeCuda:
    count: int = 2
    uuids: list[str | None] = field(default_factory=lambda: list(UUIDS))
    capability_of: tuple[int, int] = (9, 0)
    context_seconds: float = 0.2
    context_errors: dict[int, Exception] = field(default_factory=dict)
    placements: dict[int, tuple[int, list[int]]] = field(default_factory=dict)
    probe: ThreadProbe = field(
        default_factory=lambda: ThreadProbe(1, 0, "CUDA_ERROR_INVALID_CONTEXT", "cuda-bindings")
    )
    peers: dict[tuple[int, int], bool] = field(default_factory=dict)
    gbps: dict[tuple[int, int], float] = field(default_factory=dict)
    copies: list[tuple[int, int, int]] = field(default_factory=list)

    def device_count(self) -> int:
        return self.count

    def device_uuid(self, index: int) -> str | None:
        return self.uuids[index] if index < len(self.uuids) else None

    def capability(self, index: int) -> tuple[int, int]:
        return self.capability_of

    def create_context(self, index: int) -> float:
        if index in self.context_errors:
            raise self.context_errors[index]
        return self.context_seconds

    def allocation_device(self, index: int) -> tuple[int, list[int]]:
        return self.placements.get(index, (index, [index]))

    def fresh_thread_probe(self) -> ThreadProbe:
        return self.probe

    def can_access_peer(self, src: int, dst: int) -> bool:
        return self.peers.get((src, dst), True)

    def p2p_copy_gbps(self, src: int, dst: int, nbytes: int) -> float:
        self.copies.append((src, dst, nbytes))
        return self.gbps.get((src, dst), 394.0)


def cuda_build(count: int = 2) -> TorchBuild:
    return TorchBuild(
        "2.11.0+cu130", "13.0", None, "2.28.3", True, count, ("sm_80", "sm_90", "sm_100")
    )


def good_all_reduce(world: int = 2) -> AllReduceResult:
    return AllReduceResult(world, "nccl", True, True, 1 << 30, 3.27e-3)


@dataclass
class FakeEnv:
    environ: dict[str, str] = field(default_factory=dict)
    nvml_backend: FakeNvml | None = field(default_factory=FakeNvml)
    cuda_backend: FakeCuda | None = field(default_factory=FakeCuda)
    build: TorchBuild | None = field(default_factory=cuda_build)
    shm_info: ShmInfo | None = field(
        default_factory=lambda: ShmInfo("/dev/shm", 64 << 30, 60 << 30)
    )
    all_reduce_result: AllReduceResult | None = field(default_factory=good_all_reduce)
    invariants: Callable[..., Any] | None = None
    pids: set[int] = field(default_factory=lambda: {4242})
    interfaces: list[str] = field(default_factory=lambda: ["eth0", "lo"])
    all_reduce_calls: list[tuple[int, float]] = field(default_factory=list)

    def nvml(self) -> FakeNvml:
        if self.nvml_backend is None:
            raise Unavailable("NVML is not available (fake)")
        return self.nvml_backend

    def cuda(self) -> FakeCuda:
        if self.cuda_backend is None:
            raise Unavailable("no CUDA GPU (fake)")
        return self.cuda_backend

    def torch_build(self) -> TorchBuild:
        if self.build is None:
            raise Unavailable("torch is not installed (fake)")
        return self.build

    def shm(self) -> ShmInfo:
        if self.shm_info is None:
            raise Unavailable("/dev/shm does not exist (fake)")
        return self.shm_info

    def all_reduce(self, nbytes: int, timeout_s: float) -> AllReduceResult:
        self.all_reduce_calls.append((nbytes, timeout_s))
        if self.all_reduce_result is None:
            raise Unavailable("no all-reduce (fake)")
        return self.all_reduce_result

    def runtime_invariants(self) -> Callable[..., Any]:
        if self.invariants is None:
            raise Unavailable("torchplace.runtime.check_context_invariants is not available (fake)")
        return self.invariants

    def own_pids(self) -> set[int]:
        return self.pids

    def net_interfaces(self) -> list[str]:
        return self.interfaces


def healthy() -> FakeEnv:
    """A 2x H200 NV18 host where everything is fine (env factory for worker tests)."""
    return FakeEnv()


def no_gpu() -> FakeEnv:
    """A CPU-only machine: no NVML, CPU build of torch."""
    return FakeEnv(
        nvml_backend=None,
        cuda_backend=None,
        build=TorchBuild("2.13.0+cpu", None),
        all_reduce_result=None,
    )


def failing() -> FakeEnv:
    """A host with one FAIL (duplicate CUDA_VISIBLE_DEVICES) and one WARN (small /dev/shm)."""
    env = FakeEnv(environ={"CUDA_VISIBLE_DEVICES": "0,0"})
    env.shm_info = ShmInfo("/dev/shm", 512 << 20, 500 << 20)
    return env


def warning_only() -> FakeEnv:
    env = FakeEnv()
    env.shm_info = ShmInfo("/dev/shm", 512 << 20, 500 << 20)
    return env


class GlooHost(FakeEnv):
    """The fake 2-GPU host, but its all-reduce is real: two gloo ranks on CPU."""

    def all_reduce(self, nbytes: int, timeout_s: float) -> AllReduceResult:
        from torchplace.doctor.allreduce import run_all_reduce

        self.all_reduce_calls.append((nbytes, timeout_s))
        return run_all_reduce(2, "gloo", 1 << 16, timeout_s, iterations=2)


def gloo_host() -> FakeEnv:
    return GlooHost()
