"""What a new thread sees: CUDA's current device and context are per thread.

What it checks:
    Binds the last GPU in the doctor's main thread, then starts a `threading.Thread` that never
    binds one and reports its `torch.cuda.current_device()` and the driver's `cuCtxGetDevice()`
    (through cuda-bindings, or libcuda via ctypes).

Why it matters:
    This is what user code meets: a new thread starts on device 0 whatever its parent bound,
    so `.cuda()` and `device="cuda"` there land on cuda:0, and driver-level code (custom
    kernels, CUDA graphs, vLLM's custom all-reduce) fails with CUDA_ERROR_INVALID_CONTEXT because
    no context is current. `with torch.cuda.device(0)` does not help in such a thread: torch
    believes device 0 is already current and does nothing.

How to fix:
    Bind the device at the top of every thread's target: `torch.cuda.set_device(device)`, or
    start threads with `torchplace.bound_thread(...)`.
"""

from __future__ import annotations

from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Status

CHECK = Check(name="fresh-thread-device", category="threads", order=50, timeout_s=60)

FIX = (
    "Call torch.cuda.set_device(device) at the top of every thread that uses CUDA "
    "(or start it with torchplace.bound_thread)."
)


def run(env: Env) -> CheckResult:
    probe = env.cuda().fresh_thread_probe()
    observed = (
        f"main thread on cuda:{probe.parent_device}; a new thread is on "
        f"cuda:{probe.thread_device}, cuCtxGetDevice -> {probe.driver_result} ({probe.driver_api})"
    )
    data = {
        "parent_device": probe.parent_device,
        "thread_device": probe.thread_device,
        "cuCtxGetDevice": probe.driver_result,
        "driver_api": probe.driver_api,
    }
    # CUDA's documented per-thread behaviour is not a fault of this host: PASS, with the cure
    # shown, so `--strict` stays usable. Only a thread that lands on another GPU than cuda:0
    # means something on this host rebinds threads behind the user's back.
    if probe.thread_device not in (0, probe.parent_device):
        return CheckResult.warn(observed, FIX, **data)
    return CheckResult(Status.PASS, observed, FIX, data)
