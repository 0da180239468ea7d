"""DistributedDataParallel given a module that is not on the one GPU `device_ids` names."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="ddp-module-not-on-rank-device",
    title="DistributedDataParallel module not on its rank's GPU",
    cause=(
        "`DistributedDataParallel(model, device_ids=[i])` requires the whole module on "
        "`cuda:i` before wrapping; the model was left on the CPU (never moved, or moved only "
        "after wrapping), or it is spread over several GPUs (`device_map`, manual model "
        "parallelism), which `device_ids` cannot describe."
    ),
    fix=(
        "Bind the rank and move the model before wrapping: "
        "`torch.cuda.set_device(local_rank); model.to(local_rank); "
        "DDP(model, device_ids=[local_rank])`; for a model spread over several GPUs pass "
        "`device_ids=None` (or load one full copy per rank instead of `device_map='auto'`)."
    ),
    fix_example=(
        'local_rank = int(os.environ["LOCAL_RANK"])\n'
        "torch.cuda.set_device(local_rank)\n"
        "model = DDP(model.to(local_rank), device_ids=[local_rank])"
    ),
    lint_rules=(),
    signatures=(r"DistributedDataParallel device_ids and output_device arguments only work",),
    hints=("DistributedDataParallel", "device_ids", "LOCAL_RANK", "local_rank"),
)
