"""Global rank used as a device index."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="global-rank-as-device-index",
    title="Global rank used as a device index",
    cause=(
        "`RANK` / `dist.get_rank()` counts processes across all nodes; on the second node it "
        "exceeds the number of local GPUs (invalid device ordinal) or, with uneven layouts, "
        "selects another rank's GPU."
    ),
    fix=(
        "Use `LOCAL_RANK` (per node) for the device: "
        '`torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))`.'
    ),
    fix_example='torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))',
    lint_rules=("TPL402", "TPL412"),
    signatures=("invalid device ordinal",),
    hints=(
        "RANK",
        "get_rank",
    ),
)
