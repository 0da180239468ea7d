"""Weights per GPU that do not fit `--gpu-memory-utilization` of the GPU's memory.

What it checks: the weights each GPU must hold (parameters from the model's `config.json` x
bytes per parameter from `--dtype` / `--quantization`, divided by tensor x pipeline parallel
size, less `--cpu-offload-gb`) and the KV cache one request of `--max-model-len` tokens needs,
against `--gpu-memory-utilization` x the smallest visible GPU's memory (real via NVML, or
`--gpu-memory 141GiB` when planning for another machine).
Why it matters: vLLM finds out after loading every weight, then stops with "No available memory
for the cache blocks" or "... KV cache is needed, which is larger than the available KV cache
memory".
How to fix: raise `--tensor-parallel-size` (more GPUs share the weights), raise
`--gpu-memory-utilization`, quantise, or lower `--max-model-len`.
"""

from __future__ import annotations

from torchplace.preflight.checks import NO_GPU_FACTS, Context, Result, Status, skip
from torchplace.preflight.model_facts import DTYPE_BYTES, ModelFacts
from torchplace.preflight.sizes import GIB, gib
from torchplace.preflight.vllm_args import EngineArgs

NAME = "weights-exceed-gpu-memory"
CODE = "PF107"
PATTERN = "vllm-memory-budget-too-small"
KINDS = ("vllm",)

_QUANT_BYTES = {"fp8": 1.0, "fbgemm_fp8": 1.0, "modelopt": 1.0, "int8": 1.0, "w8a8": 1.0}
_FOUR_BIT = ("awq", "gptq", "bitsandbytes", "marlin", "nvfp4", "mxfp4", "gguf")
CONFIG_URL = "https://docs.vllm.ai/en/latest/configuration/conserving_memory/"


def run(context: Context) -> list[Result]:
    engine, model = context.command.engine, context.model
    assert engine is not None
    util = float(engine["gpu_memory_utilization"])
    if not 0 < util <= 1:
        return [_bad_util(util)]
    if model is None or model.parameters is None:
        return skip(f"model size unknown: {context.model_note or 'no config.json'}")
    visible = context.visible_gpus
    memories = [g.total_memory for g in visible or () if g.total_memory]
    if not memories:
        return skip(f"GPU memory unknown; {NO_GPU_FACTS}")
    return [_verdict(engine, model, util, min(memories))]


def _verdict(engine: EngineArgs, model: ModelFacts, util: float, total: int) -> Result:
    assert model.parameters is not None
    weights = weights_per_gpu(engine, model)
    kv = kv_bytes_one_request(engine, model)
    budget = util * total
    explicit_kv = engine["kv_cache_memory_bytes"]
    seen = (
        f"weights {gib(weights)}/GPU ({model.parameters / 1e9:.1f}B params, "
        f"{_bytes_per_param(engine, model):g} B each, split over TP {engine.tp} x PP {engine.pp}); "
        f"budget {util:g} x {gib(total)} = {gib(budget)}"
    )
    if weights > total:
        return _fail(
            seen,
            "the weights alone are larger than the GPU",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ...",
        )
    if explicit_kv is None and weights >= budget:
        return _fail(
            seen,
            "nothing is left for the KV cache once the weights are loaded",
            "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` "
            "when initializing the engine (this flag also controls CPU memory reservation on the "
            f"CPU backend, despite its name). See {CONFIG_URL} for more details.",
        )
    if kv is not None and explicit_kv is None and weights + kv[0] > budget:
        return _fail(
            f"{seen}; one request of {kv[1]} tokens needs {gib(kv[0])} of KV cache",
            "the KV cache left after the weights cannot hold one full-length request",
            f"To serve at least one request with the model's max seq len ({kv[1]}), "
            f"({kv[0] / GIB:.2f} GiB KV cache is needed, which is larger than the available KV "
            f"cache memory ({(budget - weights) / GIB:.2f} GiB). ...",
        )
    left = budget - weights
    if left < 2 * GIB:
        return Result(
            Status.WARN,
            f"{seen}; only {gib(left)} left for activations and KV cache",
            "activations and CUDA graphs take part of it; the engine may not start",
            "raise --gpu-memory-utilization or --tensor-parallel-size",
        )
    return Result(Status.PASS, f"{seen}; about {gib(left)} left for KV cache and activations")


def weights_per_gpu(engine: EngineArgs, model: ModelFacts) -> float:
    assert model.parameters is not None
    share = model.parameters * _bytes_per_param(engine, model) / (engine.tp * engine.pp)
    return max(share - float(engine["cpu_offload_gb"] or 0) * GIB, 0.0)


def kv_bytes_one_request(engine: EngineArgs, model: ModelFacts) -> tuple[float, int] | None:
    """KV cache bytes per GPU for one request of the maximum length, and that length."""
    layers, kv, dim = model.num_hidden_layers, model.num_key_value_heads, model.head_dim
    length = engine.max_model_len
    if length is None or length < 0:
        length = int(model.max_len) if model.max_len else None
    if not (layers and kv and dim and length):
        return None
    kv_dtype = str(engine["kv_cache_dtype"] or "auto")
    per_value = 1.0 if kv_dtype.startswith("fp8") else 2.0
    heads_per_gpu = max(1, kv // engine.tp)
    return 2 * (layers / engine.pp) * heads_per_gpu * dim * per_value * length, length


def _bytes_per_param(engine: EngineArgs, model: ModelFacts) -> float:
    quant = str(engine["quantization"] or model.quantization or "").lower()
    if quant in _QUANT_BYTES:
        return _QUANT_BYTES[quant]
    if any(name in quant for name in _FOUR_BIT):
        return 0.5
    dtype = str(engine["dtype"] or "auto").lower()
    if dtype == "auto":
        return 2.0  # vLLM's "auto" keeps bf16/fp16 and downcasts float32 checkpoints
    return DTYPE_BYTES.get(dtype, 2.0)


def _fail(observed: str, reason: str, upstream: str) -> Result:
    return Result(
        Status.FAIL,
        observed,
        reason,
        "raise --tensor-parallel-size, raise --gpu-memory-utilization, quantise "
        "(--quantization fp8) or lower --max-model-len",
        upstream,
    )


def _bad_util(util: float) -> Result:
    return Result(
        Status.FAIL,
        f"--gpu-memory-utilization {util:g}",
        "it is the fraction of each GPU's memory vLLM may use: more than 0, at most 1",
        "use a fraction such as 0.9",
        "Input should be less than or equal to 1" if util > 1 else "Input should be greater than 0",
    )
