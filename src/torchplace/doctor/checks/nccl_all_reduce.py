"""NCCL all-reduce across every local GPU: finishes, sums correctly, and at what bus bandwidth.

What it checks:
    Spawns one process per visible GPU with torch.multiprocessing, joins them in a
    `torch.distributed` NCCL group, all-reduces a known tensor and compares the sum exactly,
    then times 20 all-reduces of 1 GiB (bf16) and reports the slowest rank's time as algorithm
    bandwidth (bytes / time) and bus bandwidth as nccl-tests defines it,
    busbw = algbw * 2(n-1)/n. The whole run has a hard timeout (45 s by default,
    `TORCHPLACE_DOCTOR_NCCL_TIMEOUT`); a run that does not finish is killed and is a FAIL.
    A bus bandwidth below half of the slowest link's expected speed is a WARN.

Why it matters:
    Tensor-parallel inference and data-parallel training do an all-reduce per layer or step. A
    hang here (P2P blocked by PCIe ACS or IOMMU, a firewall, a bad `NCCL_SOCKET_IFNAME`) is a
    hang in production; a wrong sum is silent corruption; low bandwidth is a slow job.

How to fix:
    Rerun with `NCCL_DEBUG=INFO` to see which transport hangs; try `NCCL_P2P_DISABLE=1` to
    confirm a P2P problem (then fix ACS / IOMMU settings), and see the nccl-env and
    peer-access checks.
"""

from __future__ import annotations

from torchplace.doctor.checks.peer_access import links_by_pair
from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="nccl-all-reduce", category="nccl", order=85, timeout_s=120)

ALL_REDUCE_BYTES = 1 << 30
DEFAULT_TIMEOUT_S = 45.0
MIN_BYTES_FOR_VERDICT = 256 << 20
HANG_FIX = (
    "Rerun with NCCL_DEBUG=INFO to see the transport that hangs; if NCCL_P2P_DISABLE=1 makes it "
    "pass, disable PCIe ACS / enable IOMMU passthrough; see the nccl-env and peer-access checks."
)


def run(env: Env) -> CheckResult:
    count = env.cuda().device_count()
    if count < 2:
        raise Unavailable(f"{count} GPU visible: nothing to all-reduce across")
    timeout = float(env.environ.get("TORCHPLACE_DOCTOR_NCCL_TIMEOUT", DEFAULT_TIMEOUT_S))
    nbytes = int(env.environ.get("TORCHPLACE_DOCTOR_NCCL_BYTES", ALL_REDUCE_BYTES))
    result = env.all_reduce(nbytes, timeout)
    nbytes = result.nbytes or nbytes
    data = {
        "world_size": result.world_size,
        "bytes": nbytes,
        "seconds": result.seconds,
        "algbw_gbps": round(result.algbw_gbps, 1),
        "busbw_gbps": round(result.busbw_gbps, 1),
        "ranks": result.ranks,
    }
    if result.hung:
        return CheckResult.fail(
            f"all-reduce across {count} GPUs did not finish within {timeout:.0f} s; ranks killed",
            HANG_FIX,
            **data,
        )
    if not result.ok:
        return CheckResult.fail(f"all-reduce failed: {result.error}", HANG_FIX, **data)
    if not result.correct:
        return CheckResult.fail(
            f"all-reduce across {count} GPUs returned a wrong sum",
            "Silent data corruption: run `nvidia-smi -q -d ECC`, NCCL's own nccl-tests with "
            "-c 1, and take the GPUs or links involved out of service.",
            **data,
        )
    observed = (
        f"{count} ranks, sum correct; {_size(nbytes)} in {result.seconds * 1e3:.2f} ms: "
        f"busbw {result.busbw_gbps:.0f} GB/s (algbw {result.algbw_gbps:.0f} GB/s)"
    )
    expected = _slowest_link_gbps(env, count)
    if expected and nbytes >= MIN_BYTES_FOR_VERDICT and result.busbw_gbps < 0.5 * expected:
        return CheckResult.warn(
            f"{observed}, below half of the {expected:.0f} GB/s the slowest link should give",
            "Check the nccl-env, peer-access and p2p-bandwidth checks; rerun with "
            "NCCL_DEBUG=INFO to see which transport NCCL chose.",
            **data,
        )
    return CheckResult.passed(observed, **data)


def _slowest_link_gbps(env: Env, count: int) -> float | None:
    speeds = [link.expected_gbps for link in links_by_pair(env, count).values()]
    known = [s for s in speeds if s]
    return min(known) if known else None


def _size(nbytes: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if nbytes >= 1 << shift:
            return f"{nbytes / (1 << shift):g} {unit}"
    return f"{nbytes} B"
