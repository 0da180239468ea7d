"""The environment a check looks at: facts gathered lazily, replaceable by fakes in tests.

A check receives an :class:`Env` and asks it for what it needs. `env.nvml()` and `env.cuda()`
raise :class:`~torchplace.doctor.result.Unavailable` when NVML or a CUDA build of torch with a
GPU is not there; the runner reports that as SKIP with the reason. :class:`RealEnv` imports
pynvml and torch only when a check first asks, and caches what it found.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from torchplace import visible_devices
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


@dataclass(frozen=True)
class TorchBuild:
    """How torch was built, and whether it can reach CUDA here."""

    version: str
    cuda_version: str | None
    hip_version: str | None = None
    nccl_version: str | None = None
    cuda_available: bool = False
    device_count: int = 0
    arch_list: tuple[str, ...] = ()


class Nvml(Protocol):
    """What checks ask NVML. Indices are NVML's physical (PCI bus) order."""

    def driver_version(self) -> str: ...
    def cuda_driver_version(self) -> int: ...
    def gpus(self) -> list[GpuInfo]: ...
    def link(self, a: int, b: int) -> Link: ...
    def processes(self) -> list[GpuProcess]: ...
    def ecc(self, index: int) -> EccStatus: ...


class Cuda(Protocol):
    """What checks ask torch's CUDA. Indices are logical (`cuda:N`) order."""

    def device_count(self) -> int: ...
    def device_uuid(self, index: int) -> str | None: ...
    def capability(self, index: int) -> tuple[int, int]: ...
    def create_context(self, index: int) -> float: ...
    def allocation_device(self, index: int) -> tuple[int, list[int]]: ...
    def fresh_thread_probe(self) -> ThreadProbe: ...
    def can_access_peer(self, src: int, dst: int) -> bool: ...
    def p2p_copy_gbps(self, src: int, dst: int, nbytes: int) -> float: ...


class Env(Protocol):
    environ: Mapping[str, str]

    def nvml(self) -> Nvml: ...
    def cuda(self) -> Cuda: ...
    def torch_build(self) -> TorchBuild: ...
    def shm(self) -> ShmInfo: ...
    def all_reduce(self, nbytes: int, timeout_s: float) -> AllReduceResult: ...
    def runtime_invariants(self) -> Callable[..., Any]: ...
    def own_pids(self) -> set[int]: ...
    def net_interfaces(self) -> list[str]: ...


def normalize_uuid(uuid: str) -> str:
    """`GPU-1a2b...` and torch's bare `1a2b...` compare equal after this."""
    return uuid.lower().removeprefix("gpu-")


def logical_to_physical(env: Env) -> list[int | None]:
    """NVML index of each `cuda:N` that torch sees (None where it cannot be told).

    UUIDs from torch decide when both are available: they are right even when
    `CUDA_DEVICE_ORDER` is not PCI_BUS_ID; otherwise `CUDA_VISIBLE_DEVICES` is resolved.
    """
    gpus = env.nvml().gpus()
    by_uuid = {normalize_uuid(g.uuid): g.index for g in gpus}
    try:
        cuda = env.cuda()
        uuids = [cuda.device_uuid(i) for i in range(cuda.device_count())]
    except Unavailable:
        uuids = []
    if uuids and all(uuids):
        return [by_uuid.get(normalize_uuid(u or "")) for u in uuids]
    visible = visible_devices.from_environ(env.environ)
    return visible_devices.resolve_physical(visible, [g.uuid for g in gpus])


class RealEnv:
    """The machine the doctor runs on. Every fact is gathered on first use and cached."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self.environ: Mapping[str, str] = os.environ if environ is None else environ
        self._nvml: Nvml | Unavailable | None = None
        self._cuda: Cuda | Unavailable | None = None
        self._build: TorchBuild | Unavailable | None = None

    def nvml(self) -> Nvml:
        if self._nvml is None:
            from torchplace.doctor.backends.nvml import open_nvml

            try:
                self._nvml = open_nvml()
            except Unavailable as error:
                self._nvml = error
        if isinstance(self._nvml, Unavailable):
            raise self._nvml
        return self._nvml

    def torch_build(self) -> TorchBuild:
        if self._build is None:
            from torchplace.doctor.backends.torch_cuda import torch_build

            try:
                self._build = torch_build()
            except Unavailable as error:
                self._build = error
        if isinstance(self._build, Unavailable):
            raise self._build
        return self._build

    def cuda(self) -> Cuda:
        if self._cuda is None:
            from torchplace.doctor.backends.torch_cuda import open_cuda

            try:
                self._cuda = open_cuda(self.torch_build())
            except Unavailable as error:
                self._cuda = error
        if isinstance(self._cuda, Unavailable):
            raise self._cuda
        return self._cuda

    def shm(self) -> ShmInfo:
        path = "/dev/shm"
        if not sys.platform.startswith("linux"):
            raise Unavailable(f"{path} is Linux-only (this is {sys.platform})")
        if not os.path.isdir(path):
            raise Unavailable(f"{path} does not exist")
        stat = os.statvfs(path)
        return ShmInfo(path, stat.f_blocks * stat.f_frsize, stat.f_bavail * stat.f_frsize)

    def all_reduce(self, nbytes: int, timeout_s: float) -> AllReduceResult:
        from torchplace.doctor.allreduce import run_all_reduce

        world = self.cuda().device_count()
        return run_all_reduce(world, "nccl", nbytes, timeout_s)

    def runtime_invariants(self) -> Callable[..., Any]:
        try:
            from torchplace.runtime import check_context_invariants
        except ImportError as error:
            raise Unavailable(
                f"torchplace.runtime.check_context_invariants is not available here ({error})"
            ) from None
        checker: Callable[..., Any] = check_context_invariants
        return checker

    def own_pids(self) -> set[int]:
        pids = {os.getpid(), os.getppid()}
        parent = self.environ.get("TORCHPLACE_DOCTOR_PARENT_PID", "")
        if parent.isdigit():
            pids.add(int(parent))
        return pids

    def net_interfaces(self) -> list[str]:
        import socket

        try:
            return sorted(name for _, name in socket.if_nameindex())
        except OSError:
            return []
