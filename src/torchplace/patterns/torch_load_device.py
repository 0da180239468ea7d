"""Checkpoint loaded onto the GPU that saved it."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="checkpoint-loaded-to-saving-device",
    title="Checkpoint loaded onto the GPU that saved it",
    cause=(
        "`torch.load` without `map_location` restores every tensor on the device it was saved "
        "from (usually cuda:0), on every rank."
    ),
    fix=(
        'Load to the CPU (`map_location="cpu"`) and move once, or load straight to this rank\'s '
        'device (`map_location=f"cuda:{local_rank}"`).'
    ),
    fix_example='state = torch.load(path, map_location="cpu")',
    lint_rules=("TPL106", "TPL108", "TPL111"),
    signatures=("Attempting to deserialize object on CUDA device",),
    hints=(
        "torch.load",
        "load_state_dict",
    ),
)
