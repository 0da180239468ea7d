"""More ranks (or device indices) than visible GPUs."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="more-ranks-than-gpus",
    title="More ranks (or device indices) than visible GPUs",
    cause=(
        "The launch starts more processes per node than the GPUs this node shows (or a script "
        "asks for a device index it does not have): `torch.cuda.set_device(local_rank)` then "
        "fails with `invalid device ordinal` on the ranks past the last GPU, and where ranks "
        "share a GPU instead NCCL stops with `Duplicate GPU detected`. Adding `set_device` or "
        "changing `CUDA_VISIBLE_DEVICES` cannot help: there are not enough GPUs."
    ),
    fix=(
        "Launch one process per visible GPU: `--nproc-per-node` (or `-np`, `NGPU`, "
        "`--num_processes`) no larger than `torch.cuda.device_count()` on each node, and only "
        "device indices below that count."
    ),
    fix_example=(
        "torchrun --nproc-per-node $(nvidia-smi -L | wc -l) train.py\n"
        "# in the script: assert local_rank < torch.cuda.device_count()"
    ),
    lint_rules=(),
    signatures=("invalid device ordinal", "Duplicate GPU detected", "both on CUDA device"),
    hints=(
        "local_rank",
        "LOCAL_RANK",
        "set_device",
        "nproc_per_node",
        "nproc-per-node",
        "gpu_ids",
        "init_device",
    ),
)
