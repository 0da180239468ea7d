"""GPU-to-GPU copy bandwidth for each pair reaches at least half of what its link should give.

What it checks:
    Times `dst.copy_(src)` of 1 GiB (halved on out-of-memory) from every visible GPU to every
    other, and compares the GB/s with the link NVML reports: NVLinks x per-link speed of the
    generation (25 GB/s one way for NVLink 2-4, 50 for NVLink 5), or the PCIe generation and
    width. Below half of that is a WARN.

Why it matters:
    A link that trained at a lower width, an NVLink that is down, P2P disabled so copies stage
    through the host, or a GPU throttling all show up as slow copies long before anything
    fails: pipeline stages and KV-cache transfers simply run at a fraction of their speed.

How to fix:
    Compare with `nvidia-smi topo -m` and `nvidia-smi nvlink -s`; check `nvidia-smi -q -d
    PERFORMANCE` for throttling and `lspci -vv` for a PCIe link running below its width, and
    reseat or report the GPU.
"""

from __future__ import annotations

from torchplace.doctor.checks.peer_access import links_by_pair
from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="p2p-bandwidth", category="topology", order=70, timeout_s=120)

COPY_BYTES = 1 << 30
SLOW_FRACTION = 0.5


def run(env: Env) -> CheckResult:
    cuda = env.cuda()
    count = cuda.device_count()
    if count < 2:
        raise Unavailable(f"{count} GPU visible: no pair to copy between")
    nbytes = int(env.environ.get("TORCHPLACE_DOCTOR_P2P_BYTES", COPY_BYTES))
    links = links_by_pair(env, count)
    gbps: dict[str, float] = {}
    slow: list[str] = []
    for i in range(count):
        for j in range(count):
            if i == j:
                continue
            measured = cuda.p2p_copy_gbps(i, j, nbytes)
            gbps[f"cuda:{i}->cuda:{j}"] = round(measured, 1)
            expected = links[(i, j)].expected_gbps if (i, j) in links else None
            if expected and measured < SLOW_FRACTION * expected:
                slow.append(
                    f"cuda:{i}->cuda:{j} {measured:.0f} GB/s < half of {expected:.0f} GB/s "
                    f"({links[(i, j)].label})"
                )
    expected_by_pair = {f"cuda:{i}->cuda:{j}": link.expected_gbps for (i, j), link in links.items()}
    data = {"gbps": gbps, "expected_gbps": expected_by_pair, "bytes": nbytes}
    low, high = min(gbps.values()), max(gbps.values())
    observed = f"{len(gbps)} directions, {low:.0f}-{high:.0f} GB/s"
    if slow:
        return CheckResult.warn(
            f"{observed}; slow: " + "; ".join(slow),
            "Check `nvidia-smi topo -m`, `nvidia-smi nvlink -s`, throttling (`nvidia-smi -q -d "
            "PERFORMANCE`) and the PCIe link width (`lspci -vv`) for the slow pair.",
            **data,
        )
    if not links:
        observed += " (no NVML link data to compare with)"
    return CheckResult.passed(observed, **data)
