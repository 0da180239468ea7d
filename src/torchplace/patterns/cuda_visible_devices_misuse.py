"""CUDA_VISIBLE_DEVICES set too late or read as a device index."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="cuda-visible-devices-misuse",
    title="CUDA_VISIBLE_DEVICES set too late or read as a device index",
    cause=(
        "`CUDA_VISIBLE_DEVICES` is read once, when CUDA initialises; setting it afterwards does "
        "nothing. Its entries are physical ids (or UUIDs), while torch devices are renumbered "
        "from 0, so using an entry as `cuda:N` picks the wrong GPU or an invalid ordinal."
    ),
    fix=(
        "Set `CUDA_VISIBLE_DEVICES` in the launcher's environment (or before anything touches "
        "CUDA) and always address visible GPUs by logical index 0..n-1."
    ),
    fix_example="CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc-per-node 2 serve.py",
    lint_rules=(
        "TPL404",
        "TPL405",
    ),
    signatures=(
        "invalid device ordinal",
        "no CUDA-capable device is detected",
        "CUDA_VISIBLE_DEVICES",
    ),
    hints=("CUDA_VISIBLE_DEVICES",),
)
