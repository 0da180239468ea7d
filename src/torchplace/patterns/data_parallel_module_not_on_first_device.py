"""nn.DataParallel given a module that is not on device_ids[0]."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="data-parallel-module-not-on-first-device",
    title="nn.DataParallel module not on device_ids[0]",
    cause=(
        "`nn.DataParallel` replicates the module from `device_ids[0]` (cuda:0 unless "
        "`device_ids` says otherwise) and requires every parameter and buffer to be there "
        "first; the model was left on the CPU, moved to another GPU (`set_device`, "
        "`.to('cuda:1')`), or some of its weights were added or moved after wrapping."
    ),
    fix=(
        "Move the whole model to `device_ids[0]` before wrapping and pass the same devices: "
        "`model.to(devices[0]); model = nn.DataParallel(model, device_ids=devices)`; for more "
        "than one process use DistributedDataParallel with one GPU per rank instead."
    ),
    fix_example=(
        "devices = [0, 1]\n"
        'model = nn.DataParallel(model.to(f"cuda:{devices[0]}"), device_ids=devices)'
    ),
    lint_rules=("TPL110",),
    signatures=(r"module must have its parameters and buffers on device",),
    hints=("DataParallel", "data_parallel", "device_ids"),
)
