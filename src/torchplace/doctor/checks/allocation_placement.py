"""An allocation on plain "cuda" lands on the device `torch.cuda.set_device` selected.

What it checks:
    For each GPU N: `torch.cuda.set_device(N)`, then `torch.empty(..., device="cuda")`; the
    tensor must report `cuda:N` and only device N's allocated memory may grow.

Why it matters:
    Every `device="cuda"`, `.cuda()` and library default in a worker relies on the current
    device. If binding does not take (a wrapper that resets it, a patched allocator, a
    `CUDA_VISIBLE_DEVICES` changed after CUDA initialized), every rank allocates on GPU 0:
    out of memory there, idle GPUs elsewhere, and cross-device errors later.

How to fix:
    Bind once, first thing in each worker (`torch.cuda.set_device(local_rank)`) before any CUDA
    call, and set `CUDA_VISIBLE_DEVICES` before the process starts, never after.
"""

from __future__ import annotations

from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult

CHECK = Check(name="allocation-placement", category="contexts", order=45, timeout_s=60)


def run(env: Env) -> CheckResult:
    cuda = env.cuda()
    wrong = []
    placements = {}
    for index in range(cuda.device_count()):
        landed, grew = cuda.allocation_device(index)
        placements[f"cuda:{index}"] = {"tensor_device": landed, "memory_grew_on": grew}
        if landed != index or grew != [index]:
            grew_text = ", ".join(f"cuda:{d}" for d in grew) or "no device"
            wrong.append(f"set_device({index}) -> tensor on cuda:{landed}, memory on {grew_text}")
    if wrong:
        return CheckResult.fail(
            "; ".join(wrong),
            "Call torch.cuda.set_device(local_rank) first in each worker, before any CUDA call, "
            "and never change CUDA_VISIBLE_DEVICES after CUDA has initialized.",
            placements=placements,
        )
    return CheckResult.passed(
        f"set_device(N) + device='cuda' lands on cuda:N for all {len(placements)} GPU(s)",
        placements=placements,
    )
