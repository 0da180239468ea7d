"""How each pair of GPUs is connected: NVLink (direct or NVSwitch) or a PCIe path.

What it checks:
    For every pair of visible GPUs, the NVLinks NVML reports between them (counting links to
    an NVSwitch when both GPUs sit on one) or, without NVLink, the PCIe path nvidia-smi would
    show (PIX, PXB, PHB, NODE, SYS); and whether some pairs have NVLink while others do not.

Why it matters:
    The link sets the speed of every cross-GPU copy and collective. Pairs that cross CPU
    sockets (SYS) are several times slower than pairs under one switch, and a host where only
    some pairs have NVLink makes tensor-parallel groups as slow as their slowest pair; placing
    ranks without looking is how a 2-GPU job ends up on the two far ends of a machine.

How to fix:
    Choose GPUs that share NVLink or one PCIe switch for the same tensor-parallel group
    (`CUDA_VISIBLE_DEVICES`), and check `nvidia-smi nvlink -s` for links that are down.
"""

from __future__ import annotations

from torchplace.doctor.checks.peer_access import links_by_pair
from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="gpu-link-topology", category="topology", order=65, timeout_s=60)


def run(env: Env) -> CheckResult:
    env.nvml()
    count = env.cuda().device_count()
    if count < 2:
        raise Unavailable(f"{count} GPU visible: no pair to describe")
    links = links_by_pair(env, count)
    if not links:
        raise Unavailable("could not map torch's GPUs to NVML's (UUIDs unavailable)")
    pairs = {f"cuda:{i}-cuda:{j}": link.label for (i, j), link in links.items() if i < j}
    observed = ", ".join(f"{pair} {label}" for pair, label in pairs.items())
    nvlink = [link.is_nvlink for link in links.values()]
    data = {"pairs": pairs}
    if any(nvlink) and not all(nvlink):
        return CheckResult.warn(
            f"mixed: {observed}",
            "Put each tensor-parallel group on GPUs that share NVLink (CUDA_VISIBLE_DEVICES) "
            "and check `nvidia-smi nvlink -s` for links that are down.",
            **data,
        )
    if not any(nvlink) and any(link.pcie_path == "SYS" for link in links.values()):
        return CheckResult.warn(
            f"PCIe only, some pairs cross CPU sockets: {observed}",
            "Keep each tensor-parallel group on GPUs under one CPU socket (PIX/PXB/PHB/NODE).",
            **data,
        )
    return CheckResult.passed(observed, **data)
