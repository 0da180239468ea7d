"""Hardcoded CUDA device in per-rank code."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="hardcoded-cuda-device",
    title="Hardcoded CUDA device in per-rank code",
    cause=(
        'A `.cuda()`, `"cuda"`, `"cuda:0"` or literal device index resolves to cuda:0 (or to the '
        "thread's current device) instead of the GPU this rank or layer was placed on."
    ),
    fix=(
        "Derive the device from an input tensor (`x.device`) or from `LOCAL_RANK`; never write a "
        "device index into code that runs on several GPUs."
    ),
    fix_example="device = hidden_states.device\nresidual = residual.to(device)",
    lint_rules=(
        "TPL101",
        "TPL102",
        "TPL103",
        "TPL104",
        "TPL105",
        "TPL109",
    ),
    signatures=(
        "found at least two devices, cuda:\\d+ and cuda:\\d+",
        "is on cuda:\\d+, different from other tensors on cuda:\\d+",
        "Received cuda:\\d+ and cuda:\\d+",
    ),
    hints=(
        ".cuda()",
        "cuda:0",
        '"cuda"',
        "to(0)",
    ),
)
