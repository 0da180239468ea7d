"""Every pair of GPUs can access each other's memory directly (P2P).

What it checks:
    `torch.cuda.can_device_access_peer(i, j)` for every ordered pair of visible GPUs, against
    the link NVML reports between them.

Why it matters:
    Without peer access, cross-GPU copies (`tensor.to("cuda:1")`, pipeline stages, accelerate's
    `device_map="auto"` hand-offs) bounce through host memory at a fraction of the speed, and
    NCCL falls back to slower transports. Missing peer access between NVLink-connected GPUs
    means the fabric is down or virtualization blocks it.

How to fix:
    For NVLink pairs: check `nvidia-smi nvlink -s` and `nvidia-smi topo -m`, and the fabric
    manager on NVSwitch systems. For PCIe pairs: disable PCIe ACS / enable IOMMU passthrough in
    the BIOS or hypervisor, or accept host-staged copies.
"""

from __future__ import annotations

from torchplace.doctor.env import Env, logical_to_physical
from torchplace.doctor.facts import Link
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="peer-access", category="topology", order=60, timeout_s=60)


def links_by_pair(env: Env, count: int) -> dict[tuple[int, int], Link]:
    """NVML link for each ordered pair of logical devices, where it can be told."""
    try:
        physical = logical_to_physical(env)
        nvml = env.nvml()
    except Unavailable:
        return {}
    links = {}
    for i in range(count):
        for j in range(count):
            a, b = (physical[i], physical[j]) if max(i, j) < len(physical) else (None, None)
            if i != j and a is not None and b is not None:
                links[(i, j)] = nvml.link(a, b)
    return links


def run(env: Env) -> CheckResult:
    cuda = env.cuda()
    count = cuda.device_count()
    if count < 2:
        raise Unavailable(f"{count} GPU visible: no pair to check")
    matrix = [[i == j or cuda.can_access_peer(i, j) for j in range(count)] for i in range(count)]
    links = links_by_pair(env, count)
    missing = [(i, j) for i in range(count) for j in range(count) if not matrix[i][j]]
    data = {"matrix": matrix}
    if not missing:
        return CheckResult.passed(
            f"all {count * (count - 1)} ordered pairs have peer access", **data
        )
    on_nvlink = [(i, j) for i, j in missing if (i, j) in links and links[(i, j)].is_nvlink]
    text = ", ".join(f"cuda:{i}->cuda:{j}" for i, j in missing)
    if on_nvlink:
        return CheckResult.fail(
            f"no peer access on NVLink-connected {text}",
            "Check `nvidia-smi nvlink -s` and `nvidia-smi topo -m` (and nvidia-fabricmanager on "
            "NVSwitch systems): the NVLink fabric is not usable.",
            **data,
        )
    return CheckResult.warn(
        f"no peer access for {text}: copies go through host memory",
        "Disable PCIe ACS or use IOMMU passthrough (BIOS / hypervisor) to allow P2P over PCIe.",
        **data,
    )
