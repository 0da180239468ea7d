"""Parallel sizes that do not fit the model or the machine."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="parallel-config-mismatch",
    title="Parallel sizes that do not fit the model or the machine",
    cause=(
        "Tensor parallel size must divide the attention (and KV) heads, and tensor x pipeline "
        "parallel size must not exceed the GPUs the launcher can see on each node."
    ),
    fix=(
        "Pick a tensor parallel size that divides the model's heads and fits the visible GPUs, or "
        "add nodes / pipeline stages."
    ),
    fix_example="vllm serve MODEL --tensor-parallel-size 4 --pipeline-parallel-size 2",
    lint_rules=("TPL901",),
    signatures=(
        "must be divisible by tensor parallel size",
        "is larger than the number of available GPUs",
        "World size .* is larger",
    ),
    hints=(
        "tensor_parallel_size",
        "pipeline_parallel_size",
    ),
)
