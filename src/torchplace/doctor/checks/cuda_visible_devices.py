"""`CUDA_VISIBLE_DEVICES` names GPUs this machine has, in a form CUDA can read.

What it checks:
    Parses `CUDA_VISIBLE_DEVICES` the way the CUDA runtime does (indices, `GPU-` UUIDs, `MIG-`
    ids) and compares it with the GPUs and MIG instances NVML reports: empty values, repeated
    entries, entries CUDA stops reading at (typos, mixed kinds), indices out of range, UUIDs
    that match no GPU or more than one.

Why it matters:
    CUDA never complains: an empty or duplicated value hides every GPU, a typo hides every GPU
    after it, and an out-of-range index is dropped. The job then runs on fewer GPUs, on the
    wrong ones, or on the CPU, and the error appears far away ("invalid device ordinal",
    "No CUDA GPUs are available").

How to fix:
    Write a comma-separated list of plain indices or full UUIDs from `nvidia-smi -L`, each once,
    or unset the variable to expose every GPU.
"""

from __future__ import annotations

from torchplace import visible_devices
from torchplace.doctor.env import Env
from torchplace.doctor.facts import GpuInfo
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="cuda-visible-devices", category="visibility", order=30, timeout_s=30)

FIX = (
    "Set CUDA_VISIBLE_DEVICES to distinct indices or full UUIDs from `nvidia-smi -L` "
    "(e.g. 0,1), or unset it to expose every GPU."
)


def run(env: Env) -> CheckResult:
    visible = visible_devices.from_environ(env.environ)
    problems = list(visible.problems)
    try:
        gpus = env.nvml().gpus()
    except Unavailable as error:
        if problems:
            return CheckResult.fail("; ".join(problems), FIX)
        if visible.is_set:
            return CheckResult.passed(
                f"CUDA_VISIBLE_DEVICES={visible.raw!r} parses; not compared with hardware ({error})"
            )
        raise
    problems += _hardware_problems(visible, gpus)
    data = {"raw": visible.raw, "entries": list(visible.entries), "physical_gpus": len(gpus)}
    if problems:
        return CheckResult.fail("; ".join(problems), FIX, **data)
    if not visible.is_set:
        return CheckResult.passed(f"unset: all {len(gpus)} GPU(s) visible", **data)
    return CheckResult.passed(
        f"CUDA_VISIBLE_DEVICES={visible.raw!r}: {len(visible.entries)} of {len(gpus)} GPU(s)",
        **data,
    )


def _hardware_problems(visible: visible_devices.VisibleDevices, gpus: list[GpuInfo]) -> list[str]:
    if visible.kind is visible_devices.EntryKind.MIG:
        migs = {uuid for gpu in gpus for uuid in gpu.mig_uuids}
        return [
            f"CUDA_VISIBLE_DEVICES={visible.raw!r}: {entry!r} is no MIG instance on this machine"
            for entry in visible.entries
            if not any(uuid.startswith(entry) for uuid in migs)
        ]
    return list(visible_devices.check_against_hardware(visible, [g.uuid for g in gpus]))
