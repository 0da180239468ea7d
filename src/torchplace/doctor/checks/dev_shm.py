"""`/dev/shm` is large enough for NCCL and DataLoader workers.

What it checks:
    The size and free space of `/dev/shm`. Below 256 MiB is a FAIL, below 1 GiB a WARN, and
    less than a tenth free a WARN.

Why it matters:
    NCCL's shared-memory transport and torch's DataLoader workers put buffers in `/dev/shm`.
    Docker gives containers 64 MiB unless told otherwise, and multi-GPU jobs then die with
    NCCL "unhandled system error" or "Bus error (core dumped)" in a worker.

How to fix:
    Start the container with `--shm-size=16g` (or `--ipc=host`); in Kubernetes mount an
    `emptyDir` with `medium: Memory` at `/dev/shm`.
"""

from __future__ import annotations

from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult

CHECK = Check(name="dev-shm", category="host", order=90, timeout_s=10)

FAIL_BELOW = 256 << 20
WARN_BELOW = 1 << 30
FIX = (
    "Give the container more shared memory: `docker run --shm-size=16g` (or --ipc=host), or an "
    "emptyDir with medium: Memory mounted at /dev/shm in Kubernetes."
)


def _gib(nbytes: int) -> str:
    return f"{nbytes / 2**30:.2f} GiB" if nbytes >= 1 << 30 else f"{nbytes / 2**20:.0f} MiB"


def run(env: Env) -> CheckResult:
    shm = env.shm()
    observed = f"{shm.path}: {_gib(shm.total_bytes)}, {_gib(shm.free_bytes)} free"
    data = {"total_bytes": shm.total_bytes, "free_bytes": shm.free_bytes}
    if shm.total_bytes < FAIL_BELOW:
        return CheckResult.fail(observed, FIX, **data)
    if shm.total_bytes < WARN_BELOW:
        return CheckResult.warn(observed, FIX, **data)
    if shm.free_bytes < shm.total_bytes / 10:
        return CheckResult.warn(
            f"{observed} (over 90% used)",
            f"Remove stale files from {shm.path} (leftover NCCL / DataLoader segments) "
            "or enlarge it.",
            **data,
        )
    return CheckResult.passed(observed, **data)
