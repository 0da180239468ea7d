"""A CUDA context can be created on every visible GPU.

What it checks:
    Allocates a small tensor on each `cuda:N` and synchronizes it, which creates that device's
    primary context, and reports how long each took.

Why it matters:
    A GPU in a bad state (Xid errors, fallen off the bus, exclusive-process mode held by another
    process, out of memory) fails only when a process first touches it, which for a sharded
    model is deep inside loading. Slow context creation (several seconds per GPU) usually means
    persistence mode is off.

How to fix:
    Look at `nvidia-smi` and the kernel log (`dmesg | grep -i xid`) for the failing GPU, stop
    processes holding it, reset it (`nvidia-smi -r -i N`) or leave it out of
    `CUDA_VISIBLE_DEVICES`; enable persistence mode (`nvidia-smi -pm 1`) if creation is slow.
"""

from __future__ import annotations

from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult

CHECK = Check(name="context-creation", category="contexts", order=40, timeout_s=90)

SLOW_CONTEXT_S = 5.0


def run(env: Env) -> CheckResult:
    cuda = env.cuda()
    seconds: dict[str, float] = {}
    failures: list[str] = []
    for index in range(cuda.device_count()):
        try:
            seconds[f"cuda:{index}"] = round(cuda.create_context(index), 3)
        except Exception as error:
            failures.append(f"cuda:{index}: {type(error).__name__}: {str(error).strip()[:200]}")
    timings = ", ".join(f"{dev} {s:.2f} s" for dev, s in seconds.items())
    if failures:
        return CheckResult.fail(
            "; ".join(failures),
            "Check nvidia-smi and `dmesg | grep -i xid` for that GPU, free or reset it "
            "(nvidia-smi -r -i N), or leave it out of CUDA_VISIBLE_DEVICES.",
            seconds=seconds,
        )
    slow = [dev for dev, s in seconds.items() if s > SLOW_CONTEXT_S]
    if slow:
        return CheckResult.warn(
            f"contexts created, slowly on {', '.join(slow)}: {timings}",
            "Enable persistence mode (`nvidia-smi -pm 1`, or the nvidia-persistenced service).",
            seconds=seconds,
        )
    return CheckResult.passed(f"{len(seconds)} context(s): {timings}", seconds=seconds)
