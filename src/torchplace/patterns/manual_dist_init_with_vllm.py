"""torch.distributed ranks started by hand around a vLLM engine."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="manual-dist-init-with-vllm",
    title="torch.distributed ranks started by hand around a vLLM engine",
    cause=(
        "Under torchrun (or after a manual `init_process_group`) every rank builds its own vLLM "
        "engine, which with the default `mp` backend starts its own tensor-parallel workers on "
        "cuda:0..TP-1; the engines pile onto the same GPUs and their process groups do not "
        "match the launcher's."
    ),
    fix=(
        "Let vLLM start its workers (plain `python script.py`), or keep torchrun and pass "
        '`distributed_executor_backend="external_launcher"` so the ranks are the workers.'
    ),
    fix_example=(
        "llm = LLM(model=path, tensor_parallel_size=world_size, "
        'distributed_executor_backend="external_launcher")'
    ),
    signatures=("world group already initialized with a different world size",),
    hints=("external_launcher", "init_process_group", "LLM("),
)
