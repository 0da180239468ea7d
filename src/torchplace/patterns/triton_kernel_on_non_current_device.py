"""A Triton kernel launched for tensors on a GPU that is not the current device."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="triton-kernel-on-non-current-device",
    title="Triton kernel launched on a GPU that is not the current device",
    cause=(
        "Triton loads and launches a kernel in the current CUDA context (cuda:0 unless "
        "`set_device` changed it) while the tensors live on another GPU (`--device cuda:1`, a "
        "`device_map` shard): the kernel finds the wrong context, reported as `context is "
        "destroyed`. The same code works on cuda:0."
    ),
    fix=(
        "Launch under the tensors' device: `with torch.cuda.device(x.device): kernel(...)`, or "
        "bind each process to its GPU with `torch.cuda.set_device` before any kernel runs "
        "(newer versions of most Triton-based libraries add this guard)."
    ),
    fix_example="with torch.cuda.device(x.device):\n    out = triton_kernel(x)",
    lint_rules=(),
    signatures=(r"Triton Error \[CUDA\]: context is destroyed",),
    hints=("triton", "mamba", "ssd_combined", "load_binary", "fla"),
)
