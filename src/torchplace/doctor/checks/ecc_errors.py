"""GPU memory health: ECC on, no uncorrectable errors, no retirements or remaps pending.

What it checks:
    Per visible GPU, where NVML reports them: ECC mode, volatile uncorrectable ECC errors since
    the last reset, pages retired for double-bit errors and retirements pending a reset
    (pre-Ampere), and row remapping pending or failed (Ampere and later).

Why it matters:
    An uncorrectable error kills the process that touched the memory ("uncorrectable ECC error
    encountered", Xid 48/63/64/94/95); a pending retirement or remap takes effect only after a
    GPU reset, and a failed remap means the GPU should leave service. These GPUs fail jobs
    intermittently, which looks like a software bug.

How to fix:
    Drain the GPU and reset it (`nvidia-smi -r -i N`) so pending retirements or remaps apply;
    if a remap failed or errors keep coming, take the GPU out of service (RMA).
"""

from __future__ import annotations

from torchplace.doctor.env import Env, logical_to_physical
from torchplace.doctor.facts import EccStatus
from torchplace.doctor.result import Check, CheckResult, Status, Unavailable, worst

CHECK = Check(name="ecc-errors", category="host", order=94, timeout_s=30)


def problems(ecc: EccStatus) -> list[tuple[Status, str]]:
    gpu = f"GPU {ecc.gpu_index}"
    found: list[tuple[Status, str]] = []
    if ecc.remap_failed:
        found.append((Status.FAIL, f"{gpu}: row remapping failed"))
    if ecc.volatile_uncorrected:
        found.append((Status.FAIL, f"{gpu}: {ecc.volatile_uncorrected} uncorrectable ECC error(s)"))
    if ecc.retired_pending:
        found.append((Status.WARN, f"{gpu}: page retirement pending a reset"))
    if ecc.remap_pending:
        found.append((Status.WARN, f"{gpu}: row remap pending a reset"))
    if ecc.enabled is False:
        found.append((Status.WARN, f"{gpu}: ECC is disabled"))
    return found


def _reported(ecc: EccStatus) -> bool:
    counters = (ecc.enabled, ecc.volatile_uncorrected, ecc.retired_pending, ecc.remap_pending)
    return any(value is not None for value in counters)


def run(env: Env) -> CheckResult:
    nvml = env.nvml()
    mapped = [p for p in logical_to_physical(env) if p is not None]
    indices = sorted(set(mapped)) if mapped else [gpu.index for gpu in nvml.gpus()]
    statuses = [nvml.ecc(index) for index in indices]
    reported = [ecc for ecc in statuses if _reported(ecc)]
    if not reported:
        raise Unavailable("NVML reports no ECC counters for these GPUs (consumer GPUs have none)")
    found = [item for ecc in reported for item in problems(ecc)]
    retired = sum(ecc.retired_pages or 0 for ecc in reported)
    data = {"retired_pages": retired, "gpus": [vars(ecc) for ecc in reported]}
    if not found:
        note = f"; {retired} page(s) retired earlier" if retired else ""
        return CheckResult.passed(
            f"{len(reported)} GPU(s): ECC on, no uncorrectable errors{note}", **data
        )
    fix = (
        "Drain and reset the GPU (`nvidia-smi -r -i N`) so pending retirements apply; if a remap "
        "failed or errors recur, take it out of service."
    )
    if all(text.endswith("ECC is disabled") for _, text in found):
        fix = "Enable ECC (`nvidia-smi -e 1 -i N`, then reset the GPU) unless it is off on purpose."
    return CheckResult(worst([s for s, _ in found]), "; ".join(t for _, t in found), fix, data)
