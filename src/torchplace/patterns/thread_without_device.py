"""Thread that never bound its GPU."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="thread-without-device-binding",
    title="Thread that never bound its GPU",
    cause=(
        "CUDA's current device and context are per thread: a new thread starts on device 0 with "
        "no current context, whatever its parent set. `.cuda()` there lands on cuda:0 and driver "
        "calls such as `cuCtxGetDevice` fail with CUDA_ERROR_INVALID_CONTEXT."
    ),
    fix=(
        "Bind the device at the top of the thread's target (`torch.cuda.set_device(device)`), or "
        "start threads with `torchplace.bound_thread(...)` / `torchplace.inherit_device()`."
    ),
    fix_example="def worker():\n    torch.cuda.set_device(device)\n    ...",
    lint_rules=("TPL403",),
    signatures=(
        "CUDA_ERROR_INVALID_CONTEXT",
        "cuCtxGetDevice",
        "invalid device context",
        "CUDA_ERROR_INVALID\\b",
    ),
    hints=(
        "Thread",
        "thread",
        "executor",
        "submit",
    ),
)
