"""Memory of vLLM's multimodal encoder profiling, for Qwen-VL-style vision towers.

Before sizing the KV cache, vLLM 0.33's `GPUModelRunner.profile_run` runs the vision encoder
once on dummy inputs of the largest size (`MultiModalBudget`): the modality with the most
tokens per item (`get_mm_max_tokens_per_item`), as many items as the encoder budget
(`max(max_num_batched_tokens, tokens per item)`) holds, at least one. The peak of that run
counts as activation memory, so it is taken from the KV cache. The outputs are kept in the
encoder cache during the language model's dummy run.

For the Qwen2-VL family (`vision_config` with `spatial_merge_size` and `temporal_patch_size`):
- an image has at most `max_pixels / (patch_size x merge)^2` tokens: 16384 with the published
  processors (Qwen2.5-VL: 12845056 pixels at 28 x 28; Qwen3-VL: 16777216 at 32 x 32), read
  from `preprocessor_config.json` when it is next to the config;
- Qwen2-VL / Qwen2.5-VL (`qwen2_vl.py`): a video is that image size over up to 14 frames
  (2 per temporal patch), as many as `--max-model-len` allows (at least one group): 114688
  tokens at the default 128000;
- Qwen3-VL (`qwen3_vl.py`): a dummy video is 2 frames at the video processor's budget, never
  more tokens than the largest image;
- `--limit-mm-per-prompt` set to 0 for a modality removes it.
Each token is `merge^2` patches. The peak is inside an encoder block's MLP
(`Qwen2_5_VisionBlock.forward`, `Qwen2_5_VisionMLP.forward`): the block's input and the
residual, the gate-up output (2 x intermediate, kept until the MLP returns), its activation
(intermediate) and the down projection's output (hidden): 3 x hidden + 3 x intermediate per
patch (Qwen2-VL's ungated fc1 / activation: 2 x intermediate; its blocks are `embed_dim`
wide, `hidden_size` being the merger's output), in the model dtype, with the patch inputs
(channels x temporal x patch^2) held by the caller. The MLP is split over TP unless
`--mm-encoder-tp-mode data`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_FRAMES_PER_VIDEO = 14  # vLLM 0.33 qwen2_vl.py _MAX_FRAMES_PER_VIDEO
DEFAULT_IMAGE_TOKENS = 16384  # longest_edge / (patch x merge)^2 of the published processors
_QWEN2_VIDEO_TYPES = ("qwen2_vl", "qwen2_5_vl")


@dataclass(frozen=True)
class EncoderProfile:
    """The dummy multimodal batch vLLM profiles with, and its memory on one GPU."""

    modality: str
    tokens_per_item: int
    items: int
    peak_bytes: float  # peak of the encoder run (activations, not weights)
    cache_bytes: float  # encoder outputs kept during the language model's dummy run

    def describe(self) -> str:
        return f"{self.items} dummy {self.modality} of {self.tokens_per_item} tokens"


def _int(c: dict[str, Any], key: str, default: int = 0) -> int:
    value = c.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return default


def max_tokens_per_item(
    raw: dict[str, Any], max_model_len: int, limits: dict[str, int], image_tokens: int | None
) -> dict[str, int]:
    """`get_mm_max_tokens_per_item` of the Qwen-VL family; empty for other models."""
    vision = raw.get("vision_config")
    if not isinstance(vision, dict) or not _int(vision, "spatial_merge_size"):
        return {}
    if not _int(vision, "temporal_patch_size"):
        return {}
    per_image = image_tokens or DEFAULT_IMAGE_TOKENS
    found: dict[str, int] = {}
    if limits.get("image", 1) > 0:
        found["image"] = per_image
    if limits.get("video", 1) > 0:
        temporal = _int(vision, "temporal_patch_size", 2)
        if str(raw.get("model_type", "")) in _QWEN2_VIDEO_TYPES:
            found["video"] = _qwen2_video_tokens(per_image, temporal, max_model_len)
        else:
            found["video"] = per_image
    return found


def _qwen2_video_tokens(per_image: int, temporal: int, max_model_len: int) -> int:
    """`get_max_video_tokens`: the most frames (up to 14) whose tokens fit `max_model_len`."""

    def tokens(frames: int) -> int:
        padded = frames + (-frames % temporal)
        return max(padded // temporal, 1) * per_image

    frames = 1
    while frames < MAX_FRAMES_PER_VIDEO and tokens(frames + 1) <= max_model_len:
        frames += 1
    return tokens(frames)


def encoder_profile(
    raw: dict[str, Any],
    *,
    max_model_len: int,
    max_num_batched_tokens: int,
    tp: int,
    encoder_data_parallel: bool,
    limits: dict[str, int],
    image_tokens: int | None = None,
    dtype_bytes: float = 2.0,
) -> EncoderProfile | None:
    """The profiled encoder batch and its peak, or None when the model has no such tower."""
    per_item = max_tokens_per_item(raw, max_model_len, limits, image_tokens)
    if not per_item:
        return None
    modality, tokens = max(per_item.items(), key=lambda kv: (kv[1], kv[0]))
    budget = max(max_num_batched_tokens, tokens)
    items = max(1, budget // tokens)
    vision = raw["vision_config"]
    hidden = _int(vision, "embed_dim") or _int(vision, "hidden_size")
    ratio = vision.get("mlp_ratio", 4)
    ratio = ratio if isinstance(ratio, int | float) and 0 < ratio < 64 else 4
    inter = _int(vision, "intermediate_size") or int(hidden * ratio)
    # Qwen2.5-VL / Qwen3-VL: gated SiLU MLP (gate-up 2 x inter, then inter); Qwen2-VL: fc1, act
    gated = str(vision.get("hidden_act", "")) == "silu" or "qwen2_5" in str(raw.get("model_type"))
    merge = _int(vision, "spatial_merge_size", 2)
    split = 1 if encoder_data_parallel else max(tp, 1)
    patches = items * tokens * merge * merge
    patch = _int(vision, "patch_size", 14)
    pixels = _int(vision, "in_channels", 3) * _int(vision, "temporal_patch_size", 2) * patch**2
    per_patch = 3 * hidden + (3 if gated else 2) * inter / split + pixels
    text = raw.get("text_config")
    text_hidden = _int(text if isinstance(text, dict) else raw, "hidden_size")
    out_hidden = _int(vision, "out_hidden_size", text_hidden) or text_hidden
    return EncoderProfile(
        modality=modality,
        tokens_per_item=tokens,
        items=items,
        peak_bytes=patches * per_patch * dtype_bytes,
        cache_bytes=items * tokens * out_hidden * dtype_bytes,
    )


def limits_from(value: object) -> dict[str, int]:
    """`--limit-mm-per-prompt` as given: JSON text (`{"video": 0}`) or a decoded mapping."""
    if isinstance(value, str) and len(value) < 10_000:
        try:
            value = json.loads(value)
        except ValueError:
            return {}
    if not isinstance(value, dict):
        return {}
    limits: dict[str, int] = {}
    for key, count in value.items():
        if isinstance(count, dict):
            count = count.get("count", 1)
        if isinstance(count, int) and not isinstance(count, bool):
            limits[str(key)] = count
    return limits
