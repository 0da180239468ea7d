"""Weights, activations and one full-length request that do not fit the GPU memory vLLM may use.

What it checks: per GPU, with :mod:`torchplace.preflight.memory_model` (vLLM's sharding under
tensor, pipeline, data and expert parallel; quantisation from `quantization_config`; MoE
layouts; MLA latent KV cache; vision towers): the weights, the activations of vLLM's profiling
run, CUDA graphs and the KV cache one request of `--max-model-len` tokens needs, against
`--gpu-memory-utilization` x the smallest visible GPU's memory (real via NVML, or
`--gpu-memory 141GiB` when planning for another machine). FAIL only when vLLM would certainly
stop (the weights alone, or with a full-length request, exceed the budget even with the
estimate's uncertainty taken off); WARN when the estimate comes close; the numbers are shown.
Why it matters: vLLM finds out after loading every weight, then stops with "No available memory
for the cache blocks" or "... KV cache is needed, which is larger than the available KV cache
memory"; an out-of-memory during the profiling run looks like a crash.
How to fix: raise `--tensor-parallel-size` (or `--enable-expert-parallel` for MoE), raise
`--gpu-memory-utilization`, quantise, lower `--max-model-len` (or `--max-model-len auto`).
"""

from __future__ import annotations

from torchplace.preflight.checks import NO_GPU_FACTS, Context, Result, Status, skip
from torchplace.preflight.memory_model import Engine, Estimate, Layout, estimate
from torchplace.preflight.model_facts import ModelFacts
from torchplace.preflight.multimodal import limits_from
from torchplace.preflight.sizes import GIB, gib
from torchplace.preflight.vllm_args import EngineArgs

NAME = "weights-exceed-gpu-memory"
CODE = "PF107"
PATTERN = "vllm-memory-budget-too-small"
KINDS = ("vllm",)

CONFIG_URL = "https://docs.vllm.ai/en/latest/configuration/conserving_memory/"
# The estimate's uncertainty: a FAIL needs the smaller figure to exceed the budget. Weights
# from parameter counts are within ~2% of what vLLM loads (benchmarks/results/
# preflight_memory.md); KV cache and activations less surely so.
CERTAIN_WEIGHTS = 0.98
CERTAIN = 0.97


def run(context: Context) -> list[Result]:
    engine, model = context.command.engine, context.model
    assert engine is not None
    util = engine["gpu_memory_utilization"]
    util = float(util) if isinstance(util, int | float) else 0.92
    if not 0 < util <= 1:
        return [_bad_util(util)]
    if model is None or model.parameters is None:
        return skip(f"model size unknown: {context.model_note or 'no config.json'}")
    visible = context.visible_gpus
    memories = [g.total_memory for g in visible or () if g.total_memory]
    if not memories:
        return skip(f"GPU memory unknown; {NO_GPU_FACTS}")
    found = estimate(
        model.config, engine_of(engine, _profiled_length(engine, model)), min(memories)
    )
    if found is None:
        return skip("the model's config lacks hidden_size / layers / heads / vocab_size")
    return [_verdict(engine, model, found, util, min(memories))]


def engine_of(engine: EngineArgs, max_model_len: int | None = None) -> Engine:
    layout = Layout(
        tp=engine.tp,
        pp=engine.pp,
        dp=engine.dp,
        pcp=engine.size("prefill_context_parallel_size"),
        dcp=engine.size("decode_context_parallel_size"),
        expert_parallel=bool(engine["enable_expert_parallel"]),
    )
    offload = engine["cpu_offload_gb"]
    return Engine(
        layout=layout,
        quantization=engine["quantization"] if isinstance(engine["quantization"], str) else None,
        dtype=str(engine["dtype"] or "auto"),
        kv_cache_dtype=str(engine["kv_cache_dtype"] or "auto"),
        cpu_offload_gb=float(offload) if isinstance(offload, int | float) else 0.0,
        max_num_batched_tokens=_positive(engine["max_num_batched_tokens"]),
        max_num_seqs=_positive(engine["max_num_seqs"]),
        enforce_eager=bool(engine["enforce_eager"]),
        max_model_len=max_model_len,
        mm_limits=limits_from(engine["limit_mm_per_prompt"]),
        mm_encoder_data_parallel=engine["mm_encoder_tp_mode"] == "data",
    )


def _profiled_length(engine: EngineArgs, model: ModelFacts) -> int | None:
    """The length vLLM sizes the dummy multimodal inputs for (auto: at most the model's)."""
    length = _length(engine, model)
    if length is None and model.max_len:
        return int(model.max_len)
    return length


def _positive(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _verdict(
    engine: EngineArgs, model: ModelFacts, found: Estimate, util: float, total: int
) -> Result:
    budget = util * total
    layout = engine_of(engine).layout
    seen = (
        f"weights {gib(found.weights)}/GPU ({found.parameters / 1e9:.1f}B params, "
        f"{found.scheme.describe()}, {_split(layout, model)}); activations + CUDA graphs "
        f"~{gib(found.overhead)}{_encoder_note(found)}; "
        f"budget {util:g} x {gib(total)} = {gib(budget)}"
    )
    weights_low = found.weights * CERTAIN_WEIGHTS
    if weights_low > total:
        return _fail(seen, "the weights alone are larger than the GPU", _oom())
    explicit_kv = engine["kv_cache_memory_bytes"]
    if explicit_kv is None and weights_low + found.overhead * 0.5 >= budget:
        return _fail(seen, "nothing is left for the KV cache once the weights are loaded", _none())
    length = _length(engine, model)
    left = budget - found.weights - found.overhead
    if length is not None and explicit_kv is None:
        kv = found.kv_for(length)
        seen += f"; one request of {length} tokens needs {gib(kv)} of KV cache"
        low_left = budget - weights_low - found.overhead * 0.5
        if kv * CERTAIN > low_left:
            return _fail(seen, _too_long(), _kv_text(length, kv, max(left, 0.0)))
        if kv > left:
            return Result(
                Status.WARN,
                f"{seen}; about {gib(max(left, 0.0))} left for it",
                "close to the limit: one full-length request may not fit once activations and "
                "CUDA graphs are taken",
                "lower --max-model-len (or use --max-model-len auto), raise "
                "--gpu-memory-utilization or --tensor-parallel-size",
            )
    if left < 1 * GIB:
        return Result(
            Status.WARN,
            f"{seen}; only {gib(max(left, 0.0))} left for the KV cache",
            "activations and CUDA graphs take the rest; the engine may not start or serve "
            "only a few requests at once",
            "raise --gpu-memory-utilization or --tensor-parallel-size",
        )
    return Result(Status.PASS, f"{seen}; about {gib(left)} left for the KV cache")


def _encoder_note(found: Estimate) -> str:
    if found.encoder is None:
        return ""
    return (
        f" (multimodal profiling: {found.encoder.describe()}, "
        f"encoder peak ~{gib(found.encoder.peak_bytes)})"
    )


def _split(layout: Layout, model: ModelFacts) -> str:
    text = f"TP {layout.tp} x PP {layout.pp}"
    if model.num_experts and model.num_experts > 1:
        if layout.expert_parallel:
            text += f", {model.num_experts} experts over EP {layout.ep}"
        else:
            text += f", {model.num_experts} experts split over TP"
    return text


def _length(engine: EngineArgs, model: ModelFacts) -> int | None:
    length = engine.max_model_len
    if length == -1:
        return None  # auto: vLLM fits the length to the memory
    if length is None and model.max_len:
        return int(model.max_len)
    return length if length is not None and length > 0 else None


def _too_long() -> str:
    return "the KV cache left after the weights and activations cannot hold one full request"


def _kv_text(length: int, kv: float, left: float) -> str:
    return (
        f"To serve at least one request with the model's max seq len ({length}), "
        f"({kv / GIB:.2f} GiB KV cache is needed, which is larger than the available KV "
        f"cache memory ({left / GIB:.2f} GiB). ..."
    )


def _oom() -> str:
    return "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ..."


def _none() -> str:
    return (
        "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` "
        "when initializing the engine (this flag also controls CPU memory reservation on the "
        f"CPU backend, despite its name). See {CONFIG_URL} for more details."
    )


def _fail(observed: str, reason: str, upstream: str) -> Result:
    return Result(
        Status.FAIL,
        observed,
        reason,
        "raise --tensor-parallel-size (or --enable-expert-parallel for MoE), raise "
        "--gpu-memory-utilization, quantise (--quantization fp8) or lower --max-model-len "
        "(--max-model-len auto fits it to the memory)",
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
