"""Other processes already hold memory on the GPUs this job will use.

What it checks:
    The compute and graphics processes NVML lists on each visible GPU, other than the doctor
    itself, and how much memory each holds. It runs before the doctor touches any GPU, so in a
    container whose PIDs NVML cannot match the doctor does not count itself.

Why it matters:
    A leftover worker from a crashed run, a notebook kernel or another user's job on "your" GPU
    makes the model fail to load with out-of-memory on one GPU only, makes a serving engine's
    memory profiling (vLLM's `gpu_memory_utilization`) wrong, and slows everything sharing it.

How to fix:
    Stop the processes listed (`nvidia-smi --query-compute-apps=pid,used_memory --format=csv`,
    then `kill PID`), or pick other GPUs with `CUDA_VISIBLE_DEVICES`.
"""

from __future__ import annotations

from torchplace.doctor.env import Env, logical_to_physical
from torchplace.doctor.result import Check, CheckResult

# Early: before context-creation (order 40) gives the doctor's own worker a context.
CHECK = Check(name="gpu-memory-other-processes", category="host", order=25, timeout_s=30)


def run(env: Env) -> CheckResult:
    nvml = env.nvml()
    mapped = [p for p in logical_to_physical(env) if p is not None]
    visible = set(mapped) if mapped else {gpu.index for gpu in nvml.gpus()}
    own = env.own_pids()
    others = [p for p in nvml.processes() if p.gpu_index in visible and p.pid not in own]
    listed = [
        {"pid": p.pid, "gpu": p.gpu_index, "used_bytes": p.used_bytes, "name": p.name}
        for p in others
    ]
    if not others:
        return CheckResult.passed(f"no other process on {len(visible)} visible GPU(s)")
    parts = []
    for p in others:
        used = f"{p.used_bytes / 2**30:.1f} GiB" if p.used_bytes is not None else "memory unknown"
        parts.append(f"pid {p.pid} {p.name or '?'} on GPU {p.gpu_index} ({used})")
    return CheckResult.warn(
        "; ".join(parts),
        "Stop those processes (`kill PID`) or choose free GPUs with CUDA_VISIBLE_DEVICES.",
        processes=listed,
    )
