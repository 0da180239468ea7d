"""The shape of the model a command serves, read from its Hugging Face `config.json`.

Only what the checks need: heads, KV heads, layers, experts, the maximum length vLLM derives,
the dtype, the parameter count (:mod:`torchplace.preflight.memory_model`) and the config itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from torchplace import configs
from torchplace.preflight.errors import PreflightInputError
from torchplace.preflight.memory_model import shape_of, text_config

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
    # The config as read (after --hf-overrides), for the memory model.
    config: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    num_experts: int | None = None


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
    """Facts from a parsed config; values of the wrong type are ignored, never trusted."""
    text = text_config(raw)
    heads = _int(text, "num_attention_heads", "n_head", "num_heads")
    hidden = _int(text, "hidden_size", "n_embd", "d_model")
    head_dim = _int(text, "head_dim") or (hidden // heads if hidden and heads else None)
    max_len, key = derived_max_len(text)
    quant = raw.get("quantization_config") or {}
    method = quant.get("quant_method") if isinstance(quant, dict) else None
    shape = shape_of(raw)
    dtype = (
        raw.get("torch_dtype") or raw.get("dtype") or text.get("torch_dtype") or text.get("dtype")
    )
    return ModelFacts(
        source=source,
        model_type=str(raw.get("model_type", "unknown"))[:100],
        num_attention_heads=heads,
        num_key_value_heads=_int(text, "num_key_value_heads", "num_kv_heads") or heads,
        num_hidden_layers=_int(text, "num_hidden_layers", "n_layer", "num_layers"),
        head_dim=head_dim,
        max_len=max_len,
        max_len_key=key,
        config_dtype=_dtype_name(dtype),
        parameters=shape.total if shape is not None else None,
        quantization=str(method)[:100] if isinstance(method, str) else None,
        config=raw,
        num_experts=_int(text, "num_local_experts", "num_experts", "n_routed_experts"),
    )


def apply_overrides(raw: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """`--hf-overrides` as vLLM applies them: nested mappings update, other values replace."""
    merged = dict(raw)
    for key, value in overrides.items():
        current = merged.get(key)
        if isinstance(value, dict) and isinstance(current, dict):
            merged[key] = apply_overrides(current, value)
        else:
            merged[key] = value
    return merged


def derived_max_len(text: dict[str, Any]) -> tuple[float | None, str | None]:
    """The longest sequence vLLM allows without VLLM_ALLOW_LONG_MAX_MODEL_LEN, and its key."""
    best: float | None = None
    best_key = None
    for key in MAX_LEN_KEYS:
        value = _length(text.get(key))
        if value is not None and (best is None or value < best):
            best, best_key = value, key
    model_max = _length(text.get("model_max_length"))
    if model_max is not None:
        best, best_key = model_max, "model_max_length"
    rope = text.get("rope_scaling") or text.get("rope_parameters")
    if best is not None and isinstance(rope, dict):
        rope_type = rope.get("rope_type") or rope.get("type")
        factor = rope.get("factor")
        known = isinstance(rope_type, str) and rope_type in _PRESCALED_ROPE
        scale = _length(factor)
        if not known and scale is not None:
            best *= scale
    return best, best_key


def _length(value: object) -> float | None:
    """A positive, finite number (a length or a factor); anything else is ignored."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if 0 < number < 1e15 else None


def _int(c: dict[str, Any], *keys: str) -> int | None:
    for key in keys:
        value = c.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None


def _dtype_name(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    return value.removeprefix("torch.")
