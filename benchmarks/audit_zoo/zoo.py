"""The audit zoo: transformers' default config of each architecture, scaled down.

`small_config(model_type)` returns a config dict (`model_type` included) that transformers'
`AutoConfig.for_model` builds: the architecture's own defaults with layers, widths, heads and
experts shrunk so that a build, placement and observed forward take seconds on two CPU cores.
Lists indexed by layer (`layer_types`, `moe_layers`, `cross_attention_layers`, ...) are cut to
the new depth. A few architectures need one or two fields set by hand (`OVERRIDES`).

Shrinking widths one by one breaks the sizes that the modeling code requires to agree (Qwen-VL's
`mrope_section` must sum to half the text head size; a vision projector's output must be the
text width). `RULES` states each such requirement as the modeling code does, with the fields it
derives from the scaled config's own values; `small_config` applies them after shrinking and
`broken_rules` checks them, so a scaled config is valid by construction. Only the zoo's own
configs are scaled: a user's config is audited as written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ARCHITECTURES = (
    "llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "gemma",
    "gemma2", "gemma3", "phi3", "gpt2", "gpt_neox", "falcon", "olmo2", "cohere", "starcoder2",
    "deepseek_v3", "gpt_oss", "llama4", "mamba", "jamba", "t5", "bart", "whisper", "bert",
    "roberta", "deberta-v2", "vit", "clip", "siglip", "llava", "llava_next", "qwen2_vl",
    "qwen2_5_vl", "mllama", "idefics3", "paligemma", "phi", "opt",
)  # fmt: skip

LAYERS = 2
HIDDEN = 64
LAYER_KEYS = (
    "num_hidden_layers", "num_layers", "n_layer", "n_layers", "encoder_layers", "decoder_layers",
    "num_decoder_layers",
)  # fmt: skip
WIDTH_KEYS = ("hidden_size", "d_model", "n_embd", "embed_dim", "projection_dim", "projection_size")
FFN_KEYS = (
    "intermediate_size", "d_ff", "ffn_dim", "encoder_ffn_dim", "decoder_ffn_dim", "n_inner",
    "moe_intermediate_size", "shared_expert_intermediate_size", "intermediate_size_mlp",
)  # fmt: skip
HEAD_KEYS = (
    "num_attention_heads", "num_heads", "n_head", "encoder_attention_heads",
    "decoder_attention_heads", "attention_heads",
)  # fmt: skip
KV_KEYS = ("num_key_value_heads", "n_head_kv", "num_kv_heads")
EXPERT_KEYS = ("num_local_experts", "num_experts", "n_routed_experts")
ROUTED_KEYS = ("num_experts_per_tok", "moe_topk", "top_k")
PER_LAYER_LISTS = ("layer_types", "no_rope_layers", "mlp_only_layers")
INDEX_LISTS = ("moe_layers", "cross_attention_layers", "intermediate_layers_indices")

# Fields the generic shrinking cannot guess: kept consistent with the architecture's own rules.
OVERRIDES: dict[str, dict[str, Any]] = {
    "deepseek_v3": {
        "kv_lora_rank": 32, "q_lora_rank": 48, "qk_rope_head_dim": 8, "qk_nope_head_dim": 16,
        "v_head_dim": 16, "head_dim": 8, "first_k_dense_replace": 1, "n_group": 2, "topk_group": 1,
        "num_experts_per_tok": 2,
    },
    "gpt_oss": {"num_experts_per_tok": 2},
    "mamba": {"state_size": 8, "expand": 2, "time_step_rank": 8},
    "jamba": {
        "attn_layer_period": 2, "attn_layer_offset": 1, "expert_layer_period": 2,
        "expert_layer_offset": 1, "num_hidden_layers": 2, "mamba_d_state": 8, "mamba_dt_rank": 8,
        "use_mamba_kernels": False,
    },
    "whisper": {"num_mel_bins": 80, "max_source_positions": 32, "max_target_positions": 64},
    "t5": {"d_kv": 16, "decoder_start_token_id": 0},  # as in the published t5 configs
    "qwen2_vl": {"vision_config": {"embed_dim": 64, "hidden_size": 64, "depth": 2}},
    "qwen2_5_vl": {
        "vision_config": {
            "hidden_size": 64, "depth": 2, "intermediate_size": 128, "fullatt_block_indexes": [1],
            "window_size": 56,
        }
    },
    "mllama": {
        "vision_config": {"num_global_layers": 1, "intermediate_layers_indices": [0, 1]},
        "text_config": {"cross_attention_layers": [1], "num_hidden_layers": 2},
    },
    "llama4": {"text_config": {"num_experts_per_tok": 1}},
    # transformers' default pairs 224/16 patches with 256 image tokens (a pooling kernel of 0);
    # the published models pool 64x64 patches into 16x16 tokens: the same 4x4 kernel here.
    # 224/32 = 7 patches a side cannot be pixel-shuffled by 2; the published models use 364/14.
    "idefics3": {"vision_config": {"image_size": 224, "patch_size": 14}},
    "gemma3": {"mm_tokens_per_image": 16, "vision_config": {"image_size": 224, "patch_size": 14}},
}  # fmt: skip


def small_config(model_type: str) -> dict[str, Any]:
    """The default config of `model_type` with its sizes shrunk (see the module docstring)."""
    from transformers import AutoConfig

    defaults = AutoConfig.for_model(model_type).to_dict()
    shrunk = _shrink(defaults)
    _merge(shrunk, OVERRIDES.get(model_type, {}))
    shrunk["model_type"] = model_type
    for rule in RULES.get(model_type, ()):
        rule.apply(shrunk)
    return shrunk


def broken_rules(model_type: str, config: dict[str, Any]) -> list[str]:
    """The size rules of `model_type` that `config` breaks, each as 'field = want (is got)'."""
    return [text for rule in RULES.get(model_type, ()) if (text := rule.broken(config))]


class Rule:
    """A field whose size the modeling code ties to other fields: `path` must equal
    `derive(config)`. `why` names the code that needs it."""

    def __init__(self, path: str, derive: Callable[[dict[str, Any]], Any], why: str) -> None:
        self.path, self.derive, self.why = path, derive, why

    def apply(self, config: dict[str, Any]) -> None:
        *parents, leaf = self.path.split(".")
        node = config
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = self.derive(config)

    def broken(self, config: dict[str, Any]) -> str:
        want, got = self.derive(config), _get(config, self.path)
        return "" if want == got else f"{self.path} = {want!r} (is {got!r}): {self.why}"


def _get(config: dict[str, Any], path: str) -> Any:
    node: Any = config
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def head_dim(config: dict[str, Any]) -> int:
    """The attention head size as transformers computes it: `head_dim`, else width / heads."""
    given = config.get("head_dim")
    return int(given) if given else int(config["hidden_size"]) // int(config["num_attention_heads"])


def scaled_sections(sections: list[int], total: int) -> list[int]:
    """`sections` scaled to sum to `total`, each at least 1, the rounding put on the last."""
    if total < len(sections):
        raise ValueError(f"cannot split {total} rotary frequencies into {len(sections)} sections")
    whole = sum(sections)
    scaled = [max(1, round(s * total / whole)) for s in sections[:-1]]
    return [*scaled, max(1, total - sum(scaled))]


# Qwen-VL's modeling code: `mrope_section = rope_parameters.get("mrope_section", [16, 24, 24])`
# (temporal, height, width shares of the rotary frequencies), then `freq.split(mrope_section)`
# over head_dim / 2 frequencies.
QWEN_MROPE = [16, 24, 24]


def _mrope(config: dict[str, Any]) -> list[int]:
    text = config["text_config"]
    given = (text.get("rope_parameters") or {}).get("mrope_section") or QWEN_MROPE
    return scaled_sections(list(given), head_dim(text) // 2)


def _mllama_vision_output(config: dict[str, Any]) -> int:
    vision = config["vision_config"]
    return int(vision["hidden_size"]) * (1 + len(vision["intermediate_layers_indices"]))


def _llama4_shuffled(config: dict[str, Any]) -> int:
    vision = config["vision_config"]
    return int(vision["hidden_size"] / float(vision.get("pixel_shuffle_ratio", 0.5)) ** 2)


_MROPE_RULE = Rule(
    "text_config.rope_parameters.mrope_section",
    _mrope,
    "the rotary frequencies (head_dim / 2) are split by mrope_section",
)
RULES: dict[str, tuple[Rule, ...]] = {
    "qwen2_vl": (
        _MROPE_RULE,
        Rule(
            "vision_config.hidden_size",
            lambda c: c["text_config"]["hidden_size"],
            "PatchMerger's output (vision hidden_size) replaces text embeddings",
        ),
    ),
    "qwen2_5_vl": (
        _MROPE_RULE,
        Rule(
            "vision_config.out_hidden_size",
            lambda c: c["text_config"]["hidden_size"],
            "Qwen2_5_VLPatchMerger's output (out_hidden_size) replaces text embeddings",
        ),
    ),
    "llama4": (
        Rule(
            "vision_config.intermediate_size",
            _llama4_shuffled,
            "Llama4VisionMLP2.fc1 takes the pixel-shuffled patches: hidden_size / ratio^2",
        ),
        Rule(
            "vision_config.projector_input_dim",
            lambda c: c["vision_config"]["hidden_size"],
            "scaled with the vision width",
        ),
        Rule(
            "vision_config.projector_output_dim",
            lambda c: c["vision_config"]["projector_input_dim"],
            "Llama4VisionMLP2.fc2 takes fc1's output (projector_input_dim)",
        ),
        Rule(
            "vision_config.vision_output_dim",
            lambda c: c["vision_config"]["projector_output_dim"],
            "Llama4MultiModalProjector takes the vision adapter's output (projector_output_dim)",
        ),
    ),
    "mllama": (
        Rule(
            "vision_config.vision_output_dim",
            _mllama_vision_output,
            "the projector takes the last hidden state and each intermediate layer's",
        ),
    ),
}


def _shrink(config: dict[str, Any]) -> dict[str, Any]:
    out = dict(config)
    depth = next((config[k] for k in LAYER_KEYS if isinstance(config.get(k), int)), None)
    for key, value in config.items():
        if isinstance(value, dict) and ("model_type" in value or key.endswith("_config")):
            out[key] = _shrink(value)
        elif isinstance(value, bool) or not isinstance(value, int | list):
            continue
        elif key in LAYER_KEYS or key == "depth":
            out[key] = min(value, LAYERS)
        elif key in WIDTH_KEYS:
            out[key] = min(value, HIDDEN)
        elif key in FFN_KEYS:
            out[key] = min(value, 2 * HIDDEN)
        elif key in HEAD_KEYS:
            out[key] = min(value, 4)
        elif key in KV_KEYS:
            out[key] = min(value, 2)
        elif key == "head_dim":
            out[key] = min(value, HIDDEN // 4)
        elif key in EXPERT_KEYS:
            out[key] = min(value, 4)
        elif key in ROUTED_KEYS:
            out[key] = min(value, 2)  # experts each token goes to: at most the 4 kept
        elif key in PER_LAYER_LISTS and isinstance(value, list) and depth:
            out[key] = value[:LAYERS]
        elif key in INDEX_LISTS and isinstance(value, list):
            out[key] = [i for i in value if isinstance(i, int) and i < LAYERS] or [LAYERS - 1]
    return out


def _merge(target: dict[str, Any], extra: dict[str, Any]) -> None:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = value
