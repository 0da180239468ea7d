"""GPU memory of a vLLM deployment, per GPU, following how vLLM 0.33 places and sizes things.

Parameters are counted per component from the Hugging Face `config.json` (embeddings, LM head,
attention (standard or MLA), dense MLPs, routed and shared experts, router gates, norms, a
vision tower), then placed the way vLLM's layers shard them:
- tensor parallel (TP) splits every linear layer, the embedding and the LM head; KV heads fewer
  than TP are replicated (one per rank);
- pipeline parallel (PP) gives each rank ceil(layers / PP) layers, the embedding to the first
  rank and the LM head to the last (the larger of the two is counted);
- data parallel (DP) replicates, except that with `--enable-expert-parallel` the routed experts
  are spread over TP x DP (x prefill-context) ranks as whole experts (`FusedMoE`'s EP size),
  while without it each expert is split over TP;
- quantisation (from `quantization_config` or `--quantization`) changes the bytes of the
  quantised linear layers only: embeddings, LM head, norms and router gates stay in the model
  dtype, and modules the config excludes (`ignore`, `modules_to_not_convert`,
  `exclude_modules`) too.
KV cache per token follows vLLM's cache specs: full attention 2 x KV heads per rank x head_dim;
MLA one latent vector (`kv_lora_rank + qk_rope_head_dim`) per layer on every TP rank; sliding
window layers hold at most the window; linear-attention and Mamba layers hold a fixed state.
Activations of the profiling run and CUDA graphs are estimated from vLLM's defaults
(`max_num_batched_tokens`, `max_num_seqs`, logits in float32).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from torchplace.preflight.multimodal import EncoderProfile, encoder_profile
from torchplace.preflight.quantization import QuantScheme, scheme_for

GIB = 1024**3


def _int(c: dict[str, Any], *keys: str, default: int = 0) -> int:
    for key in keys:
        value = c.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    return default


def text_config(raw: dict[str, Any]) -> dict[str, Any]:
    """The language model's config: `text_config` / `llm_config` when it is a mapping."""
    for key in ("text_config", "llm_config", "language_config"):
        inner = raw.get(key)
        if isinstance(inner, dict) and inner:
            return inner
    return raw


@dataclass(frozen=True)
class Layout:
    """The parallel layout of one engine."""

    tp: int = 1
    pp: int = 1
    dp: int = 1
    pcp: int = 1
    dcp: int = 1
    expert_parallel: bool = False

    @property
    def ep(self) -> int:
        """vLLM's expert-parallel size: TP x DP x PCP under `--enable-expert-parallel`."""
        return self.tp * self.dp * self.pcp if self.expert_parallel else 1


@dataclass(frozen=True)
class Shape:
    """Parameter counts by component (whole model, before sharding)."""

    layers: int
    embed: int
    lm_head: int
    attention_per_layer: int  # q, o (and MLA's projections): split over TP
    kv_proj_per_layer: int  # k and v projections: one KV head per rank at least
    dense_mlp_per_layer: int
    moe_layers: int
    experts: int
    expert_params: int  # one routed expert
    shared_per_moe_layer: int
    gate_per_moe_layer: int
    norms_per_layer: int
    vision: int
    kv_heads: int
    head_dim: int
    mla_latent: int  # kv_lora_rank + qk_rope_head_dim, 0 when not MLA
    full_attention_layers: int
    sliding_layers: int
    sliding_window: int
    hidden: int
    intermediate: int
    vocab: int
    experts_per_token: int = 0
    expert_intermediate: int = 0

    @property
    def total(self) -> int:
        dense = self.layers - self.moe_layers
        per_moe = self.experts * self.expert_params + self.shared_per_moe_layer
        return (
            self.embed
            + self.lm_head
            + self.layers
            * (self.attention_per_layer + self.kv_proj_per_layer + self.norms_per_layer)
            + dense * self.dense_mlp_per_layer
            + self.moe_layers * (per_moe + self.gate_per_moe_layer)
            + self.vision
        )

    @property
    def active_routed(self) -> int:
        return self.moe_layers * self.experts * self.expert_params


def shape_of(raw: dict[str, Any]) -> Shape | None:
    """Counts from a config.json, or None when the basic sizes are missing."""
    c = text_config(raw)
    hidden = _int(c, "hidden_size", "n_embd", "d_model")
    layers = _int(c, "num_hidden_layers", "n_layer", "num_layers")
    heads = _int(c, "num_attention_heads", "n_head", "num_heads")
    vocab = _int(c, "vocab_size", "padded_vocab_size")
    if not (hidden and layers and heads and vocab):
        return None
    kv = _int(c, "num_key_value_heads", "num_kv_heads", "multi_query_group_num", default=heads)
    head_dim = _int(c, "head_dim", default=hidden // heads) or hidden // heads
    inter = _int(c, "intermediate_size", "n_inner", "ffn_dim", default=4 * hidden)
    attention, mla = _attention(c, hidden, heads, kv, head_dim)
    kv_proj = 0 if mla else 2 * hidden * kv * head_dim
    experts = _int(c, "num_local_experts", "num_experts", "n_routed_experts")
    moe_layers = _moe_layers(c, layers) if experts > 1 else 0
    dense_inter = _int(c, "intermediate_size_mlp", default=inter)
    expert_inter = _int(c, "moe_intermediate_size", default=inter)
    shared = _shared_experts(c, expert_inter, hidden)
    full, sliding, window = _attention_layers(c, layers)
    tied = bool(raw.get("tie_word_embeddings", c.get("tie_word_embeddings", False)))
    return Shape(
        layers=layers,
        embed=vocab * hidden,
        lm_head=0 if tied else vocab * hidden,
        attention_per_layer=attention - kv_proj,
        kv_proj_per_layer=kv_proj,
        dense_mlp_per_layer=3 * hidden * dense_inter,
        moe_layers=moe_layers,
        experts=experts if moe_layers else 0,
        expert_params=3 * hidden * expert_inter if moe_layers else 0,
        shared_per_moe_layer=shared,
        gate_per_moe_layer=hidden * experts if moe_layers else 0,
        norms_per_layer=2 * hidden,
        vision=_vision(raw, hidden),
        kv_heads=kv,
        head_dim=_int(c, "v_head_dim", default=head_dim) if not mla else head_dim,
        mla_latent=mla,
        full_attention_layers=full,
        sliding_layers=sliding,
        sliding_window=window,
        hidden=hidden,
        intermediate=max(dense_inter, expert_inter),
        vocab=vocab,
        experts_per_token=_int(c, "num_experts_per_tok", "moe_topk", default=1)
        if moe_layers
        else 0,
        expert_intermediate=expert_inter if moe_layers else 0,
    )


def _attention(c: dict[str, Any], hidden: int, heads: int, kv: int, dim: int) -> tuple[int, int]:
    """Attention parameters per layer, and the MLA latent width (0 when not MLA)."""
    lora = _int(c, "kv_lora_rank")
    if not lora:
        return hidden * dim * (heads + 2 * kv) + heads * dim * hidden, 0
    rope, nope = _int(c, "qk_rope_head_dim"), _int(c, "qk_nope_head_dim", default=dim)
    v = _int(c, "v_head_dim", default=nope)
    q_rank = _int(c, "q_lora_rank")
    q = (
        hidden * q_rank + q_rank * heads * (nope + rope)
        if q_rank
        else hidden * heads * (nope + rope)
    )
    kv_a = hidden * (lora + rope)
    kv_b = lora * heads * (nope + v)
    return q + kv_a + kv_b + heads * v * hidden, lora + rope


def _moe_layers(c: dict[str, Any], layers: int) -> int:
    listed = c.get("moe_layers")
    if isinstance(listed, list):
        return sum(1 for i in listed if isinstance(i, int) and 0 <= i < layers)
    first_dense = _int(c, "first_k_dense_replace")
    step = _int(c, "interleave_moe_layer_step", "decoder_sparse_step", "moe_layer_freq", default=1)
    step = max(step, 1)
    listed_dense = c.get("mlp_only_layers")
    only_mlp = (
        {i for i in listed_dense if isinstance(i, int)} if isinstance(listed_dense, list) else set()
    )
    count = 0
    for index in range(min(layers, 100_000)):
        if index < first_dense or index in only_mlp:
            continue
        if (index + 1) % step == 0:
            count += 1
    return count


def _shared_experts(c: dict[str, Any], expert_inter: int, hidden: int) -> int:
    size = _int(c, "shared_expert_intermediate_size")
    if size:
        return 3 * hidden * size + hidden  # Qwen2-MoE: one shared expert and its gate
    count = _int(c, "n_shared_experts", "num_shared_experts")
    if count:
        return count * 3 * hidden * expert_inter
    if str(c.get("model_type", "")).startswith("llama4"):
        return 3 * hidden * expert_inter  # Llama 4: one shared expert per MoE layer
    return 0


def _attention_layers(c: dict[str, Any], layers: int) -> tuple[int, int, int]:
    """(full attention layers, sliding-window layers, window)."""
    kinds = c.get("layer_types")
    window = _int(c, "sliding_window")
    if isinstance(kinds, list) and kinds:
        names = [str(k) for k in kinds[:layers]]
        sliding = sum(1 for k in names if "sliding" in k)
        full = sum(1 for k in names if k in ("full_attention", "attention", "global"))
        return full, sliding if window else 0, window
    if window and c.get("use_sliding_window", True) and c.get("model_type") in ("mistral",):
        return 0, layers, window
    return layers, 0, 0


def _vision(raw: dict[str, Any], text_hidden: int) -> int:
    vision = raw.get("vision_config")
    if not isinstance(vision, dict):
        return 0
    # Qwen2-VL's `hidden_size` is the merger's output width; its blocks are `embed_dim` wide.
    hidden = _int(vision, "embed_dim", "hidden_size", "width")
    layers = _int(vision, "depth", "num_hidden_layers", "num_layers", "layers")
    if not (hidden and layers):
        return 0
    inter = _int(vision, "intermediate_size", default=0) or int(
        hidden * float(vision.get("mlp_ratio", 4) or 4)
    )
    patch = _int(vision, "patch_size", default=14)
    gated = str(vision.get("hidden_act", "")) in ("silu", "swiglu") or "qwen2_5" in str(
        vision.get("model_type", "")
    )
    per_layer = 4 * hidden * hidden + (3 if gated else 2) * hidden * inter
    merge = _int(vision, "spatial_merge_size")
    if merge:  # Qwen-VL patch merger: merge x merge patches -> the text width
        wide = hidden * merge * merge
        out = _int(vision, "out_hidden_size", default=text_hidden) or text_hidden
        projector = wide * wide + wide * out
    else:  # LLaVA-style two-layer projector
        projector = hidden * text_hidden + text_hidden * text_hidden
    return layers * per_layer + 3 * patch * patch * hidden + projector


@dataclass(frozen=True)
class Estimate:
    """Bytes on the most loaded GPU, and how they were reached."""

    weights: float
    parameters: int
    kv_per_token: float
    kv_bytes_per_value: float
    activations: float
    cuda_graphs: float
    non_torch: float
    scheme: QuantScheme
    sliding_window: int
    sliding_kv_per_token: float
    state_bytes: float
    encoder: EncoderProfile | None = None

    @property
    def overhead(self) -> float:
        return self.activations + self.cuda_graphs + self.non_torch

    def kv_for(self, tokens: int) -> float:
        """KV cache one request of `tokens` tokens needs on one GPU."""
        sliding = self.sliding_kv_per_token * min(tokens, self.sliding_window or tokens)
        return self.kv_per_token * tokens + sliding + self.state_bytes


@dataclass(frozen=True)
class Engine:
    """What of the command the estimate reads."""

    layout: Layout
    quantization: str | None = None
    dtype: str = "auto"
    kv_cache_dtype: str = "auto"
    cpu_offload_gb: float = 0.0
    max_num_batched_tokens: int | None = None
    max_num_seqs: int | None = None
    enforce_eager: bool = False
    max_model_len: int | None = None
    mm_limits: dict[str, int] = field(default_factory=dict)
    mm_encoder_data_parallel: bool = False


def estimate(raw: dict[str, Any], engine: Engine, gpu_memory: int) -> Estimate | None:
    shape = shape_of(raw)
    if shape is None:
        return None
    scheme = scheme_for(raw, engine.quantization, engine.dtype)
    layout = engine.layout
    weights = _weights_per_gpu(shape, scheme, layout)
    weights = max(weights - engine.cpu_offload_gb * GIB, 0.0)
    kv_value = _kv_value_bytes(engine.kv_cache_dtype, scheme)
    full, sliding, state = _kv_layout(shape, raw, layout, kv_value)
    activations = _activations(shape, engine, gpu_memory)
    encoder = _encoder(raw, engine, gpu_memory, scheme.plain_bytes)
    if encoder is not None:  # the encoder run, then the LM run with the encoder cache held
        activations = max(activations + encoder.cache_bytes, encoder.peak_bytes)
    return Estimate(
        weights=weights,
        parameters=shape.total,
        kv_per_token=full,
        kv_bytes_per_value=kv_value,
        activations=activations,
        cuda_graphs=0.0 if engine.enforce_eager else 0.5 * GIB,
        non_torch=(0.3 + (0.4 if layout.tp * layout.pp > 1 else 0.0)) * GIB,
        scheme=scheme,
        sliding_window=shape.sliding_window,
        sliding_kv_per_token=sliding,
        state_bytes=state,
        encoder=encoder,
    )


def _encoder(
    raw: dict[str, Any], engine: Engine, gpu_memory: int, dtype_bytes: float
) -> EncoderProfile | None:
    """vLLM's multimodal encoder profiling run (:mod:`torchplace.preflight.multimodal`)."""
    length = engine.max_model_len
    if length is None or length <= 0:
        return None
    return encoder_profile(
        raw,
        max_model_len=length,
        max_num_batched_tokens=_batched_tokens(engine, gpu_memory),
        tp=engine.layout.tp,
        encoder_data_parallel=engine.mm_encoder_data_parallel,
        limits=engine.mm_limits,
        dtype_bytes=dtype_bytes,
    )


def _batched_tokens(engine: Engine, gpu_memory: int) -> int:
    """vLLM's default `max_num_batched_tokens` by GPU memory, unless given."""
    large, huge = gpu_memory >= 70 * GIB, gpu_memory >= 160 * GIB
    return engine.max_num_batched_tokens or (16384 if huge else 8192 if large else 2048)


def _weights_per_gpu(shape: Shape, scheme: QuantScheme, layout: Layout) -> float:
    tp, pp = layout.tp, layout.pp
    layers_here = math.ceil(shape.layers / pp)
    moe_here = math.ceil(shape.moe_layers / pp) if shape.moe_layers else 0
    dense_here = max(layers_here - moe_here, 0)
    kv_fraction = max(1.0, shape.kv_heads / tp) / max(shape.kv_heads, 1)
    attention = shape.attention_per_layer / tp + shape.kv_proj_per_layer * kv_fraction
    linear = layers_here * attention * scheme.attention_bytes
    linear += dense_here * shape.dense_mlp_per_layer / tp * scheme.linear_bytes
    linear += moe_here * shape.shared_per_moe_layer / tp * scheme.linear_bytes
    if moe_here:
        local: float
        expert = shape.expert_params * _expert_padding(shape, scheme)
        if layout.expert_parallel:
            local = math.ceil(shape.experts / layout.ep) * expert
        else:
            local = shape.experts * expert / tp
        linear += moe_here * local * scheme.expert_bytes
    small = layers_here * shape.norms_per_layer + moe_here * shape.gate_per_moe_layer
    ends = max(shape.embed, shape.lm_head) if pp > 1 else shape.embed + shape.lm_head
    plain = small * scheme.plain_bytes + ends / tp * scheme.ends_bytes
    vision = shape.vision / tp * scheme.plain_bytes
    return linear + plain + vision


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def _expert_padding(shape: Shape, scheme: QuantScheme) -> float:
    """MXFP4 MoE kernels pad the expert matrices (Marlin / TRT-LLM on Hopper and Blackwell:
    hidden to 256, intermediate to 128), so the loaded weights are larger than the checkpoint."""
    if scheme.name != "mxfp4" or not shape.expert_params:
        return 1.0
    inter = shape.expert_params // (3 * shape.hidden)
    padded = _round_up(shape.hidden, 256) * _round_up(inter, 128)
    return padded / (shape.hidden * inter)


def _kv_value_bytes(kv_cache_dtype: str, scheme: QuantScheme) -> float:
    name = (kv_cache_dtype or "auto").lower()
    if name.startswith("fp8") or name.startswith("int8"):
        return 1.0
    if name.startswith(("nvfp4", "fp4")):
        return 0.5625
    if name in ("auto",) and scheme.kv_bytes is not None:
        return scheme.kv_bytes
    if name in ("float32",):
        return 4.0
    return scheme.plain_bytes


def _kv_layout(
    shape: Shape, raw: dict[str, Any], layout: Layout, value: float
) -> tuple[float, float, float]:
    """Bytes per token for full layers, per token for sliding layers, and fixed state bytes."""
    tp, pp = layout.tp, layout.pp
    full_layers = math.ceil(shape.full_attention_layers / pp)
    sliding_layers = math.ceil(shape.sliding_layers / pp)
    if shape.mla_latent:
        per_layer = shape.mla_latent * value / max(layout.dcp, 1)
    else:
        heads_here = max(1, math.ceil(shape.kv_heads / tp))
        per_layer = 2 * heads_here * shape.head_dim * value / max(layout.dcp, 1)
    other = shape.layers - shape.full_attention_layers - shape.sliding_layers
    state = max(other, 0) / pp * _state_per_layer(text_config(raw), tp)
    return full_layers * per_layer, sliding_layers * per_layer, state


def _state_per_layer(c: dict[str, Any], tp: int) -> float:
    # Mamba / linear attention: conv + SSM state for one sequence, in the model dtype.
    heads = _int(c, "linear_num_value_heads", "mamba_n_heads", "num_heads", default=0)
    dim = _int(c, "linear_value_head_dim", "mamba_d_head", "mamba_head_dim", default=128)
    key_dim = _int(c, "linear_key_head_dim", "mamba_d_state", "ssm_state_size", default=128)
    return 2.0 * heads * dim * key_dim / max(tp, 1) * 2


def _activations(shape: Shape, engine: Engine, gpu_memory: int) -> float:
    """Peak of vLLM's profiling run: one batch of `max_num_batched_tokens` through the model,
    and the sampler warm-up on `max_num_seqs` rows of float32 logits with top-k / top-p
    (logits, probabilities, sorted values, int64 indices, cumulative sums: ~28 bytes each)."""
    large = gpu_memory >= 70 * GIB
    tokens = _batched_tokens(engine, gpu_memory)
    seqs = engine.max_num_seqs or (1024 if large else 256)
    tp = engine.layout.tp
    hidden_states = tokens * shape.hidden * 2 * 4
    mlp = tokens * (shape.intermediate / tp) * 2 * 3
    moe = 0.0
    if shape.experts_per_token:
        width = shape.expert_intermediate / (1 if engine.layout.expert_parallel else tp)
        moe = tokens * shape.experts_per_token * (3 * width + shape.hidden) * 2
    sampler = min(seqs, tokens) * shape.vocab * 28
    return float(hidden_states + max(mlp, moe) + sampler)
