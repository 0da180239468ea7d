"""CUDA_VISIBLE_DEVICES set too late, read as a device index, or written from one."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="cuda-visible-devices-misuse",
    title="CUDA_VISIBLE_DEVICES set too late, read as a device index, or written from one",
    cause=(
        "`CUDA_VISIBLE_DEVICES` is read once, when CUDA initialises; setting it afterwards does "
        "nothing. Its entries are physical ids (or UUIDs), while torch devices are renumbered "
        "from 0, so using an entry as `cuda:N` picks the wrong GPU or an invalid ordinal; "
        "the other way round, a worker's index 0..n-1 written into it is read as a physical "
        "id, outside the list the program was given."
    ),
    fix=(
        "Set `CUDA_VISIBLE_DEVICES` in the launcher's environment (or before anything touches "
        "CUDA) and always address visible GPUs by logical index 0..n-1; a worker that "
        "narrows it picks its entry out of the parent's list."
    ),
    fix_example="CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc-per-node 2 serve.py",
    lint_rules=(
        "TPL404",
        "TPL405",
        "TPL411",
    ),
    signatures=(
        "invalid device ordinal",
        "no CUDA-capable device is detected",
        "CUDA_VISIBLE_DEVICES",
    ),
    hints=("CUDA_VISIBLE_DEVICES",),
)
