"""The shape of the model a command serves, read from its Hugging Face `config.json`.

Only what the checks need: heads, KV heads, layers, the maximum length vLLM derives, the dtype
and an estimate of the parameter count (decoder, mixture-of-experts, and a vision tower).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from torchplace import configs
from torchplace.preflight.errors import PreflightInputError

# vLLM's `derive_max_model_len_and_key` reads these keys and keeps the smallest.
MAX_LEN_KEYS = (
    "max_position_embeddings",
    "n_positions",
    "max_seq_len",
    "seq_length",
    "model_max_length",
    "max_target_positions",
    "max_sequence_length",
    "max_seq_length",
    "seq_len",
)
# RoPE types whose `factor` vLLM does not apply again (max_position_embeddings is already scaled).
_PRESCALED_ROPE = {"su", "longrope", "llama3", "yarn", "deepseek_yarn", "deepseek_llama_scaling"}

DTYPE_BYTES = {
    "float32": 4.0,
    "float": 4.0,
    "float16": 2.0,
    "half": 2.0,
    "bfloat16": 2.0,
    "fp8": 1.0,
    "float8": 1.0,
}


@dataclass(frozen=True)
class ModelFacts:
    """What preflight knows about the model, and where it came from."""

    source: str
    model_type: str
    num_attention_heads: int | None
    num_key_value_heads: int | None
    num_hidden_layers: int | None
    head_dim: int | None
    max_len: float | None
    max_len_key: str | None
    config_dtype: str | None
    parameters: int | None
    quantization: str | None


def load(path_or_name: str) -> ModelFacts:
    """Facts from a config.json path, a directory holding one, or a bundled name."""
    try:
        raw = configs.load(path_or_name)
        directory = configs.resolve(path_or_name)
        where = str(directory / "config.json")
        if directory.parent == configs.CONFIG_ROOT:
            where = f"bundled {directory.name} config.json"
    except FileNotFoundError as error:
        raise PreflightInputError(f"model config: {error}") from None
    except ValueError as error:
        raise PreflightInputError(f"model config: {error}") from None
    return from_dict(raw, where)


def local_model_dir(model: str | None) -> Path | None:
    """The model's directory when the model argument is a local path holding config.json."""
    if not model:
        return None
    path = Path(model).expanduser()
    return path if (path / "config.json").is_file() else None


def from_dict(raw: dict[str, Any], source: str) -> ModelFacts:
    text = raw.get("text_config") or raw
    heads = _int(text, "num_attention_heads", "n_head", "num_heads")
    hidden = _int(text, "hidden_size", "n_embd", "d_model")
    head_dim = _int(text, "head_dim") or (hidden // heads if hidden and heads else None)
    max_len, key = derived_max_len(text)
    quant = raw.get("quantization_config") or {}
    return ModelFacts(
        source=source,
        model_type=str(raw.get("model_type", "unknown")),
        num_attention_heads=heads,
        num_key_value_heads=_int(text, "num_key_value_heads", "num_kv_heads") or heads,
        num_hidden_layers=_int(text, "num_hidden_layers", "n_layer", "num_layers"),
        head_dim=head_dim,
        max_len=max_len,
        max_len_key=key,
        config_dtype=_dtype_name(raw.get("torch_dtype") or raw.get("dtype") or text.get("dtype")),
        parameters=estimate_parameters(raw),
        quantization=str(quant.get("quant_method")) if isinstance(quant, dict) and quant else None,
    )


def derived_max_len(text: dict[str, Any]) -> tuple[float | None, str | None]:
    """The longest sequence vLLM allows without VLLM_ALLOW_LONG_MAX_MODEL_LEN, and its key."""
    best: float | None = None
    best_key = None
    for key in MAX_LEN_KEYS:
        value = text.get(key)
        if isinstance(value, int | float) and (best is None or value < best):
            best, best_key = float(value), key
    if isinstance(text.get("model_max_length"), int | float):
        best, best_key = float(text["model_max_length"]), "model_max_length"
    rope = text.get("rope_scaling") or text.get("rope_parameters")
    if best is not None and isinstance(rope, dict):
        rope_type = rope.get("rope_type") or rope.get("type")
        factor = rope.get("factor")
        if rope_type not in _PRESCALED_ROPE and isinstance(factor, int | float):
            best *= factor
    return best, best_key


def estimate_parameters(raw: dict[str, Any]) -> int | None:
    """Parameters of the language model plus a vision tower when there is one."""
    text = raw.get("text_config") or raw
    total = _decoder_parameters(text, tied=bool(raw.get("tie_word_embeddings", False)))
    if total is None:
        return None
    vision = raw.get("vision_config")
    if isinstance(vision, dict):
        total += _encoder_parameters(vision)
        if _int(vision, "hidden_size") and _int(text, "hidden_size"):
            v, h = _int(vision, "hidden_size") or 0, _int(text, "hidden_size") or 0
            total += v * h + h * h  # two-layer projector
    return total


def _decoder_parameters(c: dict[str, Any], tied: bool) -> int | None:
    hidden = _int(c, "hidden_size", "n_embd", "d_model")
    layers = _int(c, "num_hidden_layers", "n_layer", "num_layers")
    heads = _int(c, "num_attention_heads", "n_head")
    vocab = _int(c, "vocab_size")
    if not (hidden and layers and heads and vocab):
        return None
    kv = _int(c, "num_key_value_heads") or heads
    head_dim = _int(c, "head_dim") or hidden // heads
    inter = _int(c, "intermediate_size", "n_inner", "ffn_dim") or 4 * hidden
    experts = _int(c, "num_local_experts", "num_experts", "n_routed_experts") or 1
    moe_inter = _int(c, "moe_intermediate_size") or inter
    attention = hidden * head_dim * (2 * heads + 2 * kv)
    mlp_one = 3 * hidden * (moe_inter if experts > 1 else inter)
    mlp = mlp_one * experts + (hidden * experts if experts > 1 else 0)
    embeddings = vocab * hidden * (1 if tied or c.get("tie_word_embeddings") else 2)
    return layers * (attention + mlp + 2 * hidden) + embeddings


def _encoder_parameters(c: dict[str, Any]) -> int:
    hidden = _int(c, "hidden_size") or 0
    layers = _int(c, "num_hidden_layers") or 0
    inter = _int(c, "intermediate_size") or 4 * hidden
    patch = _int(c, "patch_size") or 0
    return layers * (4 * hidden * hidden + 2 * hidden * inter) + 3 * patch * patch * hidden


def _int(c: dict[str, Any], *keys: str) -> int | None:
    for key in keys:
        value = c.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _dtype_name(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    return value.removeprefix("torch.")
