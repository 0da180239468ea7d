"""Hugging Face device_map mixed with a vLLM engine."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="device-map-with-vllm",
    title="Hugging Face device_map mixed with a vLLM engine",
    cause=(
        "vLLM shards the model across its own workers (tensor parallelism); a `device_map` passed "
        'to it is not an engine argument, and a `device_map="auto"` Hugging Face model in the '
        "same process grabs GPU memory and places layers on GPUs that vLLM's workers also use."
    ),
    fix=(
        "Drop `device_map` from vLLM calls and set `tensor_parallel_size`; load any Hugging Face "
        "helper model on the CPU or in another process."
    ),
    fix_example="llm = LLM(model=path, tensor_parallel_size=4)",
    lint_rules=(
        "TPL301",
        "TPL302",
    ),
    signatures=(
        "unexpected keyword argument 'device_map'",
        "EngineArgs.*device_map",
    ),
    hints=(
        "device_map",
        "vllm",
        "LLM(",
    ),
)
