"""Rank never bound to its GPU."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="rank-not-bound-to-gpu",
    title="Rank never bound to its GPU",
    cause=(
        "The process never called `torch.cuda.set_device(local_rank)` (or passed `device_id=` to "
        "`init_process_group`), so every rank allocates on cuda:0 and NCCL sees several ranks on "
        "one GPU or a tensor on the wrong device."
    ),
    fix=(
        'Call `torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))` before any CUDA work and '
        "pass `device_id=` to `init_process_group` (or call `torchplace.bind_worker()`)."
    ),
    fix_example=(
        'local_rank = int(os.environ["LOCAL_RANK"])\ntorch.cuda.set_device(local_rank)\ndist.init_process_group("nccl", device_id=torch.device("cuda", local_rank))'
    ),
    lint_rules=("TPL401",),
    signatures=(
        "Attempt to perform collective on tensor not on device passed to init_process_group",
        "Duplicate GPU detected",
        "both on CUDA device",
        "Tensor found on device cuda:\\d+ but backend constrained to",
    ),
    hints=(
        "init_process_group",
        "all_reduce",
        "all_gather",
        "broadcast",
        "barrier",
    ),
)
