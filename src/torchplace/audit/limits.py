"""Sizes the audit refuses before it builds anything: checked on the config's plain data.

Building a model on the meta device still makes one Python module per layer (and per expert
where experts are separate modules), and a few tensors (masks, position ids) hold real values;
a config asking for 10**12 layers or a 10**11-token vocabulary would grow until the kernel
kills the process. Every size field is checked to be a positive integer below a maximum far
above any published model, and the whole model's parameter count is estimated from the config
and refused above `MAX_PARAMETERS`. No torch here: this runs before anything is imported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# The largest published models: ~126 layers, hidden 16-25k, vocab 256-262k, 384 experts, 2T
# parameters. The maxima leave an order of magnitude (or more) above those.
MAX_PARAMETERS = 10**14
MAX_GPUS = 128  # torch keeps a device index in an int8: cuda:127 is the last one
MAX_TOKENS = 16384  # the attention mask holds real values: tokens^2 of them
MAX_NEW_TOKENS = 64  # --generate: each new token is one more observed forward
MAX_EXPERT_MODULES = 200_000  # layers x experts: one Python module each when not fused
_FIELDS: dict[str, tuple[tuple[str, ...], int]] = {
    "layers": (
        ("num_hidden_layers", "num_layers", "n_layer", "n_layers", "encoder_layers",
         "decoder_layers", "num_decoder_layers", "depth", "num_global_layers"),
        2048,
    ),
    "width": (("hidden_size", "d_model", "n_embd", "embed_dim", "d_kv", "head_dim"), 1 << 17),
    "ffn": (
        ("intermediate_size", "d_ff", "ffn_dim", "encoder_ffn_dim", "decoder_ffn_dim",
         "n_inner", "moe_intermediate_size", "shared_expert_intermediate_size",
         "intermediate_size_mlp"),
        1 << 20,
    ),
    "heads": (
        ("num_attention_heads", "num_heads", "n_head", "encoder_attention_heads",
         "decoder_attention_heads", "attention_heads", "num_key_value_heads", "n_head_kv"),
        4096,
    ),
    "vocabulary": (("vocab_size",), 1 << 23),
    "experts": (("num_local_experts", "num_experts", "n_routed_experts"), 8192),
    "positions": (
        ("max_position_embeddings", "n_positions", "max_source_positions",
         "max_target_positions"),
        1 << 24,
    ),
    "image": (("image_size", "patch_size"), 1 << 14),
}  # fmt: skip
_KIND = {key: kind for kind, (keys, _) in _FIELDS.items() for key in keys}
_ZERO_ALLOWED = {"num_experts", "num_local_experts", "n_routed_experts", "num_global_layers"}


class SizeError(ValueError):
    """A size in the config (or on the command line) the audit will not build."""


def check_config(data: dict[str, Any], source: str = "config", memory: int = 0) -> int:
    """Raise SizeError for a bad or absurd size; return the estimated parameter count.

    `memory` (bytes, 0: not checked) bounds the largest single weight: transformers makes each
    weight as a real (untouched) tensor before moving it to the meta device, and the kernel
    refuses one larger than the machine's memory.
    """
    for path, key, value in _size_fields(data):
        _check_value(source, path, key, value)
    largest = 2 * largest_tensor(data)  # bytes in bf16, the smallest dtype the audit takes
    if memory and largest > memory:
        raise SizeError(
            f"{source}: its largest weight would take about {largest / 2**30:.0f} GiB, more "
            f"than this machine's {memory / 2**30:.0f} GiB memory that building it needs for "
            "a moment; check the vocabulary, width and expert fields"
        )
    modules = expert_modules(data)
    if modules > MAX_EXPERT_MODULES:
        raise SizeError(
            f"{source}: layers x experts = {modules}, above the {MAX_EXPERT_MODULES} expert "
            "modules the audit builds (the largest published models have about 25,000)"
        )
    estimate = estimate_parameters(data)
    if estimate > MAX_PARAMETERS:
        raise SizeError(
            f"{source}: the sizes describe about {estimate:.2g} parameters, above the "
            f"{MAX_PARAMETERS:.0e} the audit builds (the largest published models have about "
            "2e12); check the layer, width and vocabulary fields"
        )
    return estimate


def _check_value(source: str, path: str, key: str, value: Any) -> None:
    kind = _KIND[key]
    maximum = _FIELDS[kind][1]
    if value is None:  # "not set": transformers derives it from the others
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise SizeError(f"{source}: {path} must be a positive integer, got {value!r}")
    minimum = 0 if key in _ZERO_ALLOWED else 1
    if value < minimum:
        raise SizeError(f"{source}: {path} must be a positive integer, got {value}")
    if value > maximum:
        raise SizeError(
            f"{source}: {path} = {value} is above the {maximum} the audit builds (a {kind} size "
            "far beyond any published model); fix the config"
        )


def _size_fields(data: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str, Any]]:
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _size_fields(value, f"{prefix}{key}.")
        elif key in _KIND and not isinstance(value, list):
            yield f"{prefix}{key}", key, value


def estimate_parameters(data: dict[str, Any]) -> int:
    """A rough parameter count from a config's sizes (its sub-configs added up).

    Per layer: attention (4 h^2) and a gated MLP (3 h f) per expert, plus the embeddings and
    an output head (v h each). Within a factor of about two of the real count, which is all
    the refusal of absurd sizes needs.
    """
    total = 0
    for part in _parts(data):
        width = _first(part, _FIELDS["width"][0][:4])
        layers = sum(_int(part.get(k)) for k in _FIELDS["layers"][0][:7])
        ffn = _first(part, _FIELDS["ffn"][0]) or 4 * width
        experts = max(1, _first(part, _FIELDS["experts"][0]))
        vocab = _int(part.get("vocab_size"))
        total += layers * (4 * width * width + 3 * width * ffn * experts) + 2 * vocab * width
    return total


def largest_tensor(data: dict[str, Any]) -> int:
    """Elements of the largest single weight: embeddings, an MLP matrix or fused experts."""
    largest = 0
    for part in _parts(data):
        width = _first(part, _FIELDS["width"][0][:4])
        ffn = _first(part, _FIELDS["ffn"][0]) or 4 * width
        experts = max(1, _first(part, _FIELDS["experts"][0]))
        vocab = _int(part.get("vocab_size"))
        largest = max(largest, vocab * width, 2 * experts * width * ffn)
    return largest


def expert_modules(data: dict[str, Any]) -> int:
    """Layers times experts over the config and its sub-configs (modules built, unfused)."""
    total = 0
    for part in _parts(data):
        layers = sum(_int(part.get(k)) for k in _FIELDS["layers"][0][:7])
        total += layers * _first(part, _FIELDS["experts"][0])
    return total


def _parts(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield data
    for value in data.values():
        if isinstance(value, dict):
            yield from _parts(value)


def _first(part: dict[str, Any], keys: tuple[str, ...]) -> int:
    return next((_int(part[k]) for k in keys if _int(part.get(k))), 0)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
