"""vLLM forked its worker processes after CUDA was initialised in the parent."""

from torchplace.patterns import Pattern

PATTERN = Pattern(
    id="vllm-worker-forked-after-cuda-init",
    title="vLLM workers forked after CUDA was initialised",
    cause=(
        "With tensor or pipeline parallelism vLLM starts its workers with the `fork` start "
        "method by default; something in the parent (the calling script, a trainer, a "
        "`torch.cuda` query) had already initialised CUDA, so each worker's `init_device` "
        "fails. `torch.multiprocessing.set_start_method` does not change how vLLM starts them."
    ),
    fix=(
        "Set `VLLM_WORKER_MULTIPROC_METHOD=spawn` in the environment before vLLM starts (and "
        "keep the script's entry point under `if __name__ == '__main__':`), or avoid touching "
        "CUDA in the parent before creating the engine."
    ),
    fix_example="VLLM_WORKER_MULTIPROC_METHOD=spawn python serve.py",
    lint_rules=(),
    signatures=("Cannot re-initialize CUDA in forked subprocess",),
    hints=(
        "vllm",
        "VllmWorkerProcess",
        "init_device",
        "multiproc_worker_utils",
        "EngineCore",
        "LLMEngine",
    ),
)
