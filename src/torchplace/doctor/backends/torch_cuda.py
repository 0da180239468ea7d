"""Facts from torch's CUDA: build, contexts, allocations, threads, peers, P2P copies.

torch is imported inside functions only, so importing this module costs nothing.
"""

from __future__ import annotations

import ctypes
import threading
import time
from typing import TYPE_CHECKING, Any

from torchplace.doctor.facts import ThreadProbe
from torchplace.doctor.result import Unavailable

if TYPE_CHECKING:
    from torchplace.doctor.env import TorchBuild

_CU_RESULT_NAMES = {
    0: "CUDA_SUCCESS",
    3: "CUDA_ERROR_NOT_INITIALIZED",
    201: "CUDA_ERROR_INVALID_CONTEXT",
}
_MIN_COPY_BYTES = 64 << 20


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise Unavailable("torch is not installed") from None
    return torch


def torch_build() -> TorchBuild:
    from torchplace.doctor.env import TorchBuild

    torch = _torch()
    available = bool(torch.cuda.is_available())
    nccl = None
    if available:
        try:
            nccl = ".".join(str(part) for part in torch.cuda.nccl.version())
        except Exception:
            nccl = None
    return TorchBuild(
        version=str(torch.__version__),
        cuda_version=torch.version.cuda,
        hip_version=getattr(torch.version, "hip", None),
        nccl_version=nccl,
        cuda_available=available,
        device_count=int(torch.cuda.device_count()) if available else 0,
        arch_list=tuple(torch.cuda.get_arch_list()) if available else (),
    )


def open_cuda(build: TorchBuild) -> TorchCuda:
    if build.cuda_version is None and build.hip_version is None:
        raise Unavailable(f"torch {build.version} is a CPU-only build: no CUDA to check")
    if not build.cuda_available or build.device_count == 0:
        raise Unavailable(
            f"torch {build.version} sees no CUDA GPU (torch.cuda.is_available() False)"
        )
    return TorchCuda(_torch())


def driver_current_device() -> tuple[str, str]:
    """`cuCtxGetDevice()` in the calling thread: ("device N" or the error name, which API)."""
    try:
        try:
            from cuda.bindings import driver
        except ImportError:
            from cuda import cuda as driver  # cuda-python before 12.6
        error, device = driver.cuCtxGetDevice()
        if error != driver.CUresult.CUDA_SUCCESS:
            return str(getattr(error, "name", error)), "cuda-bindings"
        return f"device {int(device)}", "cuda-bindings"
    except ImportError:
        pass
    try:
        libcuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return "unknown", "unavailable"
    device_out = ctypes.c_int(-1)
    code = int(libcuda.cuCtxGetDevice(ctypes.byref(device_out)))
    if code != 0:
        return _CU_RESULT_NAMES.get(code, f"CUresult {code}"), "ctypes libcuda"
    return f"device {device_out.value}", "ctypes libcuda"


class TorchCuda:
    """The `Cuda` facts of this process, through torch."""

    def __init__(self, torch: Any) -> None:
        self.torch = torch

    def device_count(self) -> int:
        return int(self.torch.cuda.device_count())

    def device_uuid(self, index: int) -> str | None:
        uuid = getattr(self.torch.cuda.get_device_properties(index), "uuid", None)
        if uuid is None:
            return None
        text = str(uuid)
        return text if text.startswith(("GPU-", "MIG-")) else f"GPU-{text}"

    def capability(self, index: int) -> tuple[int, int]:
        major, minor = self.torch.cuda.get_device_capability(index)
        return int(major), int(minor)

    def create_context(self, index: int) -> float:
        start = time.perf_counter()
        with self.torch.cuda.device(index):
            self.torch.empty(1, device=f"cuda:{index}")
            self.torch.cuda.synchronize(index)
        return time.perf_counter() - start

    def allocation_device(self, index: int) -> tuple[int, list[int]]:
        """Bind `index`, allocate on plain "cuda": (tensor's device, devices whose memory grew)."""
        cuda = self.torch.cuda
        previous = cuda.current_device()
        count = cuda.device_count()
        try:
            cuda.set_device(index)
            before = [cuda.memory_allocated(d) for d in range(count)]
            tensor = self.torch.empty(1 << 20, dtype=self.torch.uint8, device="cuda")
            grew = [d for d in range(count) if cuda.memory_allocated(d) > before[d]]
            landed = int(tensor.device.index)
            del tensor
            return landed, grew
        finally:
            cuda.set_device(previous)

    def fresh_thread_probe(self) -> ThreadProbe:
        """Bind the last GPU in this thread, then look from a thread that never bound one."""
        cuda = self.torch.cuda
        previous = cuda.current_device()
        parent = cuda.device_count() - 1
        seen: dict[str, Any] = {}

        def look() -> None:
            try:
                # The driver first: it must see the thread exactly as user code would.
                seen["driver"] = driver_current_device()
                seen["device"] = int(cuda.current_device())
            except BaseException as error:  # reported to the caller below
                seen["error"] = error

        try:
            cuda.set_device(parent)
            thread = threading.Thread(target=look, name="torchplace-doctor-fresh-thread")
            thread.start()
            thread.join(timeout=30)
        finally:
            cuda.set_device(previous)
        if "error" in seen:
            raise seen["error"]
        if "device" not in seen:
            raise TimeoutError("the probe thread did not finish within 30 s")
        driver_result, driver_api = seen["driver"]
        return ThreadProbe(parent, seen["device"], driver_result, driver_api)

    def can_access_peer(self, src: int, dst: int) -> bool:
        return bool(self.torch.cuda.can_device_access_peer(src, dst))

    def p2p_copy_gbps(self, src: int, dst: int, nbytes: int, repeats: int = 5) -> float:
        """GB/s of `dst_tensor.copy_(src_tensor)` from cuda:src to cuda:dst (halving on OOM)."""
        torch = self.torch
        while True:
            try:
                return self._copy_gbps(src, dst, nbytes, repeats)
            except torch.cuda.OutOfMemoryError:
                torch.cuda.empty_cache()
                if nbytes // 2 < _MIN_COPY_BYTES:
                    raise
                nbytes //= 2

    def _copy_gbps(self, src: int, dst: int, nbytes: int, repeats: int) -> float:
        torch = self.torch
        source = torch.empty(nbytes, dtype=torch.uint8, device=f"cuda:{src}")
        target = torch.empty(nbytes, dtype=torch.uint8, device=f"cuda:{dst}")
        try:
            target.copy_(source)  # warm-up: peer mapping, copy engines
            torch.cuda.synchronize(src)
            torch.cuda.synchronize(dst)
            start = time.perf_counter()
            for _ in range(repeats):
                target.copy_(source)
            torch.cuda.synchronize(src)
            torch.cuda.synchronize(dst)
            return nbytes * repeats / (time.perf_counter() - start) / 1e9
        finally:
            del source, target
            torch.cuda.empty_cache()
