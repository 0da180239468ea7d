"""Inputs for the observed forward, as the model's own processor would make them.

Derived from the model's forward signature and its config alone (no tokenizer, no processor
files): `input_ids` for text, `decoder_input_ids` for encoder-decoders, `input_features` for
speech, `pixel_values` for images, and for vision-language models the image-token layout the
processor writes into `input_ids` (how many image tokens, which special ids around them) plus
the side inputs the model needs (`image_grid_thw`, `image_sizes`, `aspect_ratio_ids`, ...).
Everything goes to `model.device`, as `processor(...).to(model.device)` does.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn


@dataclass
class Images:
    """The image part of a VLM's inputs: token ids before the text, and the tensors."""

    prefix: list[int]
    tensors: dict[str, torch.Tensor] = field(default_factory=dict)


def sample_inputs(model: nn.Module, tokens: int) -> dict[str, torch.Tensor]:
    """The keyword inputs of one forward of `model` with `tokens` text tokens."""
    config = getattr(model, "config", None)
    accepts = _parameters(model)
    dtype = _float_dtype(model)
    found: dict[str, torch.Tensor] = {}
    prefix: list[int] = []
    if "pixel_values" in accepts:
        images = image_inputs(config, dtype)
        prefix = images.prefix
        found.update(images.tensors)
    if "input_features" in accepts:
        found["input_features"] = speech_features(config, dtype)
    text_config = _text_config(config)
    if "input_ids" in accepts and _wants_text(model, found):
        length = min(tokens, max(1, _max_positions(text_config) - len(prefix)))
        found["input_ids"] = _ids(prefix + text_ids(text_config, length))
    if "decoder_input_ids" in accepts and getattr(config, "is_encoder_decoder", False):
        start = _int(getattr(config, "decoder_start_token_id", None)) or 0
        found["decoder_input_ids"] = _ids([start, *text_ids(text_config, max(1, tokens - 1))])
    if "cross_attention_mask" in found and "input_ids" in found:
        tiles = found.pop("cross_attention_mask").shape[-1]
        found["cross_attention_mask"] = torch.ones(1, found["input_ids"].shape[1], 1, tiles)
        found["cross_attention_mask"] = found["cross_attention_mask"].long()
    if "mm_token_type_ids" in accepts and "input_ids" in found and prefix:
        # What Qwen-VL processors return beside input_ids: 0 text, 1 image (M-RoPE needs it).
        found["mm_token_type_ids"] = (found["input_ids"] == _image_token(config)).int()
    device = _input_device(model)
    return {name: tensor.to(device) for name, tensor in found.items()}


def text_ids(config: Any, length: int) -> list[int]:
    """`length` ordinary token ids: below the vocabulary and below every special id."""
    vocab = _int(getattr(config, "vocab_size", None)) or 32000
    ceiling = min([vocab, *_special_ids(config)])
    ceiling = ceiling if ceiling > 16 else vocab
    return [3 + i % max(1, ceiling - 3) for i in range(length)]


def speech_features(config: Any, dtype: torch.dtype) -> torch.Tensor:
    """Whisper's log-mel input: (1, mel bins, 2 x encoder positions) frames (its conv halves)."""
    bins = _int(getattr(config, "num_mel_bins", None)) or 80
    frames = 2 * (_int(getattr(config, "max_source_positions", None)) or 1500)
    return torch.zeros(1, bins, frames, dtype=dtype)


def image_inputs(config: Any, dtype: torch.dtype) -> Images:
    """The image tensors and image tokens for `config`'s model type (one image)."""
    model_type = getattr(config, "model_type", "")
    make = _LAYOUTS.get(model_type)
    vision = getattr(config, "vision_config", None) or config
    if make is not None:
        return make(config, vision, dtype)
    size = _image_size(vision)
    channels = _int(getattr(vision, "num_channels", None)) or 3
    return Images([], {"pixel_values": _image(1, channels, size, size, dtype=dtype)})


def _llava(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    size, patch = _image_size(vision), _patch(vision)
    count = (size // patch) ** 2 + _extra_cls(config)
    return Images([_image_token(config)] * count, {"pixel_values": _pixels(1, size, dtype)})


def _llava_next(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    from transformers.image_processing_utils import select_best_resolution

    size, patch = _image_size(vision), _patch(vision)
    best_h, best_w = select_best_resolution((size, size), config.image_grid_pinpoints)
    side = size // patch
    rows, cols = side * (best_h // size), side * (best_w // size)
    # The square image fills the best resolution's shorter side; rows or columns are unpadded.
    if cols > rows:
        cols -= 2 * ((cols - rows) // 2)
    else:
        rows -= 2 * ((rows - cols) // 2)
    count = rows * cols + rows + side * side + _extra_cls(config)
    patches = 1 + (best_h // size) * (best_w // size)
    pixels = _image(1, patches, 3, size, size, dtype=dtype)
    sizes = torch.tensor([[size, size]])
    return Images([_image_token(config)] * count, {"pixel_values": pixels, "image_sizes": sizes})


def _paligemma(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    size, patch = _image_size(vision), _patch(vision)
    count = (size // patch) ** 2
    bos = _int(getattr(_text_config(config), "bos_token_id", None))
    prefix = [_image_token(config)] * count + ([bos] if bos is not None else [])
    return Images(prefix, {"pixel_values": _pixels(1, size, dtype)})


def _gemma3(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    count = _int(getattr(config, "mm_tokens_per_image", None)) or 256
    boi, eoi = config.boi_token_index, config.eoi_token_index
    prefix = [boi] + [_image_token(config)] * count + [eoi]
    return Images(prefix, {"pixel_values": _pixels(1, _image_size(vision), dtype)})


def _llama4(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    size, patch = _image_size(vision), _patch(vision)
    ratio = float(getattr(vision, "pixel_shuffle_ratio", 0.5) or 0.5)
    count = int((size // patch) ** 2 * ratio * ratio)
    prefix = [config.boi_token_index] + [_image_token(config)] * count + [config.eoi_token_index]
    return Images(prefix, {"pixel_values": _pixels(1, size, dtype)})


def _idefics3(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    size, patch = _image_size(vision), _patch(vision)
    scale = _int(getattr(config, "scale_factor", None)) or 2
    count = (size // patch) ** 2 // (scale * scale)
    pixels = _image(1, 1, 3, size, size, dtype=dtype)
    return Images([_image_token(config)] * count, {"pixel_values": pixels})


def _mllama(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    size = _image_size(vision)
    tiles = _int(getattr(vision, "max_num_tiles", None)) or 4
    pixels = _image(1, 1, tiles, 3, size, size, dtype=dtype)
    mask = torch.zeros(1, 1, tiles, dtype=torch.long)
    mask[..., 0] = 1  # one tile used: aspect ratio 1x1, whose id is 1
    tensors = {
        "pixel_values": pixels,
        "aspect_ratio_ids": torch.ones(1, 1, dtype=torch.long),
        "aspect_ratio_mask": mask,
        "cross_attention_mask": mask.clone(),  # reshaped to the text length by sample_inputs
    }
    return Images([_image_token(config)], tensors)


def _qwen_vl(config: Any, vision: Any, dtype: torch.dtype) -> Images:
    patch = _patch(vision)
    merge = _int(getattr(vision, "spatial_merge_size", None)) or 2
    temporal = _int(getattr(vision, "temporal_patch_size", None)) or 2
    channels = _int(getattr(vision, "in_channels", None) or getattr(vision, "in_chans", None)) or 3
    side = 4 * merge  # a 4x4 grid of merged tokens: 16 image tokens
    count = side * side // (merge * merge)
    pixels = _image(side * side, channels * temporal * patch * patch, dtype=dtype)
    grid = torch.tensor([[1, side, side]])
    prefix = [config.vision_start_token_id] + [_image_token(config)] * count
    prefix.append(config.vision_end_token_id)
    return Images(prefix, {"pixel_values": pixels, "image_grid_thw": grid})


_LAYOUTS: dict[str, Callable[[Any, Any, torch.dtype], Images]] = {
    "llava": _llava,
    "vipllava": _llava,
    "llava_next": _llava_next,
    "paligemma": _paligemma,
    "gemma3": _gemma3,
    "llama4": _llama4,
    "idefics3": _idefics3,
    "smolvlm": _idefics3,
    "mllama": _mllama,
    "qwen2_vl": _qwen_vl,
    "qwen2_5_vl": _qwen_vl,
}


def _pixels(count: int, size: int, dtype: torch.dtype) -> torch.Tensor:
    return _image(count, 3, size, size, dtype=dtype)


def _image(*shape: int, dtype: torch.dtype) -> torch.Tensor:
    """A grey image: all-zero images are taken for padding (Idefics3 drops them)."""
    return torch.full(shape, 0.5, dtype=dtype)


def _image_token(config: Any) -> int:
    for name in ("image_token_id", "image_token_index"):
        value = _int(getattr(config, name, None))
        if value is not None:
            return value
    raise ValueError(
        f"{getattr(config, 'model_type', 'the model')}: the config names no image token"
    )


def _extra_cls(config: Any) -> int:
    """LLaVA keeps the CLS feature only with `vision_feature_select_strategy: full`."""
    return 1 if getattr(config, "vision_feature_select_strategy", "default") == "full" else 0


def _image_size(vision: Any) -> int:
    size = getattr(vision, "image_size", None)
    if isinstance(size, (list, tuple)):
        size = size[0]
    return _int(size) or 224


def _patch(vision: Any) -> int:
    size = getattr(vision, "patch_size", None)
    if isinstance(size, (list, tuple)):
        size = size[0]
    return _int(size) or 14


def _special_ids(config: Any) -> list[int]:
    names = ("image_token_id", "image_token_index", "boi_token_index", "vision_start_token_id")
    found = [_int(getattr(config, name, None)) for name in names]
    return [value for value in found if value is not None and value > 0]


def _text_config(config: Any) -> Any:
    getter = getattr(config, "get_text_config", None)
    return getter() if callable(getter) else config


def _max_positions(config: Any) -> int:
    for name in ("max_position_embeddings", "n_positions", "max_target_positions"):
        value = _int(getattr(config, name, None))
        if value:
            return value
    return 1 << 30


def _wants_text(model: nn.Module, found: dict[str, torch.Tensor]) -> bool:
    """A vision-only or speech-only model takes no text even if its signature lists it."""
    config = getattr(model, "config", None)
    has_text = hasattr(config, "text_config") or _int(getattr(config, "vocab_size", None))
    return bool(has_text) or not found


def _parameters(model: nn.Module) -> set[str]:
    try:
        return set(inspect.signature(model.forward).parameters)
    except (TypeError, ValueError):
        return {"input_ids"}


def _float_dtype(model: nn.Module) -> torch.dtype:
    for parameter in model.parameters():
        if parameter.is_floating_point():
            return parameter.dtype
    return torch.float32


def _input_device(model: nn.Module) -> torch.device:
    """Where `inputs.to(model.device)` puts inputs: the first parameter's device."""
    for parameter in model.parameters():
        if parameter.device.type != "meta":
            return parameter.device
    return torch.device("cuda", 0)


def _ids(values: list[int]) -> torch.Tensor:
    return torch.tensor([values], dtype=torch.long)


def _int(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        return None
    return int(value)
