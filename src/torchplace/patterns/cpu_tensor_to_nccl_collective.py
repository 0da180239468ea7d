"""A CPU tensor handed to an NCCL collective."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="cpu-tensor-to-nccl-collective",
    title="CPU tensor handed to an NCCL collective",
    cause=(
        "The process group has only the NCCL backend, which moves CUDA tensors only; a tensor "
        "still on the CPU (a weight before `.cuda()`, a length or flag made with `torch.tensor` "
        "without a device) reaches `broadcast`, `all_reduce`, `send`/`recv`, so torch finds no "
        "backend for device type cpu."
    ),
    fix=(
        "Move the tensor to this rank's GPU before the collective (`t.to(device)` with the "
        "device from `LOCAL_RANK`), or create the group with both backends "
        '(`init_process_group("cpu:gloo,cuda:nccl")`) when CPU collectives are intended.'
    ),
    fix_example=(
        'device = torch.device("cuda", int(os.environ["LOCAL_RANK"]))\n'
        "dist.broadcast(tensor.to(device), src=0)"
    ),
    lint_rules=(),
    signatures=(
        "No backend type associated with device type cpu",
        "Tensors must be CUDA and dense",
        "ProcessGroupNCCL is only supported with GPUs",
    ),
    hints=("broadcast", "all_reduce", "all_gather", "recv", "send", "reduce_scatter"),
)
