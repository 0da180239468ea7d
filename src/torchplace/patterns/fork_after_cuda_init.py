"""Process forked after CUDA was initialised."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="fork-after-cuda-init",
    title="Process forked after CUDA was initialised",
    cause=(
        "CUDA cannot be used in a child created with `fork` once the parent has initialised it "
        "(DataLoader workers, `multiprocessing` with the fork start method)."
    ),
    fix=(
        'Use the `spawn` start method (`torch.multiprocessing.set_start_method("spawn")`, '
        '`multiprocessing_context="spawn"`) or initialise CUDA only in the children.'
    ),
    fix_example='torch.multiprocessing.set_start_method("spawn", force=True)',
    lint_rules=("TPL406",),
    signatures=("Cannot re-initialize CUDA in forked subprocess",),
    hints=(
        "fork",
        "multiprocessing",
        "DataLoader",
    ),
)
