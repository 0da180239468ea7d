"""vLLM's memory budget too small for the weights each GPU holds."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="vllm-memory-budget-too-small",
    title="vLLM's memory budget too small for the weights each GPU holds",
    cause=(
        "vLLM may use `gpu_memory_utilization` x each GPU's memory; the weights each GPU holds "
        "(parameters x bytes per parameter / (tensor x pipeline parallel size)) take their share "
        "first, and the KV cache must still fit one request of `max_model_len` tokens."
    ),
    fix=(
        "Spread the weights over more GPUs (`--tensor-parallel-size`), raise "
        "`--gpu-memory-utilization`, quantise, or lower `--max-model-len`."
    ),
    fix_example="vllm serve MODEL --tensor-parallel-size 8 --gpu-memory-utilization 0.92",
    signatures=(
        "No available memory for the cache blocks",
        "KV cache is needed, which is larger than the available KV cache memory",
        "is less than desired GPU memory utilization",
    ),
    hints=("gpu_memory_utilization", "max_model_len", "kv cache"),
)
