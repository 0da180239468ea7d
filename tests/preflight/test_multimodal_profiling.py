"""vLLM's multimodal encoder profiling run in the memory model (Qwen-VL vision towers)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from torchplace.preflight.checks import Status
from torchplace.preflight.memory_model import shape_of
from torchplace.preflight.multimodal import encoder_profile, limits_from, max_tokens_per_item

from .helpers import machine, only, preflight

GIB = 1024**3
A100_80 = 81920 * 1024**2
# Qwen2.5-VL-3B-Instruct's published config.json (numbers only).
QWEN25_VL_3B: dict[str, Any] = {
    "architectures": ["Qwen2_5_VLForConditionalGeneration"],
    "model_type": "qwen2_5_vl",
    "hidden_size": 2048,
    "intermediate_size": 11008,
    "num_hidden_layers": 36,
    "num_attention_heads": 16,
    "num_key_value_heads": 2,
    "vocab_size": 151936,
    "max_position_embeddings": 128000,
    "tie_word_embeddings": True,
    "torch_dtype": "bfloat16",
    "vision_config": {
        "depth": 32,
        "hidden_size": 1280,
        "intermediate_size": 3420,
        "num_heads": 16,
        "patch_size": 14,
        "spatial_merge_size": 2,
        "temporal_patch_size": 2,
        "hidden_act": "silu",
        "out_hidden_size": 2048,
    },
}


def test_qwen2_vl_video_tokens_follow_vllm() -> None:
    # vLLM logs {'image': 16384, 'video': 114688} for Qwen2.5-VL at 128000 tokens.
    assert max_tokens_per_item(QWEN25_VL_3B, 128000, {}, None) == {
        "image": 16384,
        "video": 114688,
    }
    assert max_tokens_per_item(QWEN25_VL_3B, 32768, {}, None)["video"] == 32768
    assert max_tokens_per_item(QWEN25_VL_3B, 4096, {}, None)["video"] == 16384  # one group
    assert max_tokens_per_item(QWEN25_VL_3B, 128000, {"video": 0}, None) == {"image": 16384}
    qwen3 = dict(QWEN25_VL_3B, model_type="qwen3_vl")
    assert max_tokens_per_item(qwen3, 128000, {}, None)["video"] == 16384  # two frames
    text_only = {k: v for k, v in QWEN25_VL_3B.items() if k != "vision_config"}
    assert max_tokens_per_item(text_only, 128000, {}, None) == {}


def test_encoder_peak_scales_with_the_profiled_item_and_tp_mode() -> None:
    video = encoder_profile(
        QWEN25_VL_3B,
        max_model_len=128000,
        max_num_batched_tokens=8192,
        tp=1,
        encoder_data_parallel=False,
        limits={},
    )
    assert video is not None and (video.modality, video.items) == ("video", 1)
    assert 12 * GIB < video.peak_bytes < 14 * GIB
    image = encoder_profile(
        QWEN25_VL_3B,
        max_model_len=128000,
        max_num_batched_tokens=8192,
        tp=4,
        encoder_data_parallel=False,
        limits={"video": 0},
    )
    assert image is not None and image.modality == "image"
    data = encoder_profile(
        QWEN25_VL_3B,
        max_model_len=128000,
        max_num_batched_tokens=8192,
        tp=4,
        encoder_data_parallel=True,
        limits={"video": 0},
    )
    assert data is not None and data.peak_bytes > image.peak_bytes  # MLP not split over TP


def test_limit_mm_per_prompt_forms() -> None:
    assert limits_from('{"image": 2, "video": 0}') == {"image": 2, "video": 0}
    assert limits_from({"video": {"count": 0}}) == {"video": 0}
    assert limits_from("not json") == {}


def _write(model_dir: Callable[..., Path]) -> Path:
    directory = model_dir("qwen25vl3b")
    (directory / "config.json").write_text(json.dumps(QWEN25_VL_3B))
    return directory


def test_low_utilisation_vlm_profiling_takes_the_kv_cache(
    model_dir: Callable[..., Path],
) -> None:
    # vllm-project/vllm#18124: 0.3 x 80 GB, the video profiling run leaves too little KV cache.
    directory = _write(model_dir)
    gpus = machine(1, "NVIDIA A100-SXM4-80GB", A100_80)
    low = preflight(
        "vllm serve m --gpu-memory-utilization 0.3", gpus=gpus, model_config=str(directory)
    )
    verdict = only(low, "weights-exceed-gpu-memory")
    assert verdict.status in (Status.WARN, Status.FAIL)
    assert "dummy video of 114688 tokens" in verdict.observed
    no_video = preflight(
        "vllm serve m --gpu-memory-utilization 0.3 --limit-mm-per-prompt.video 0",
        gpus=gpus,
        model_config=str(directory),
    )
    assert only(no_video, "weights-exceed-gpu-memory").status is Status.PASS
    default = preflight("vllm serve m", gpus=gpus, model_config=str(directory))
    assert only(default, "weights-exceed-gpu-memory").status is Status.PASS


QWEN2_VL_72B_VISION = {
    "depth": 32,
    "embed_dim": 1280,
    "mlp_ratio": 4,
    "num_heads": 16,
    "in_chans": 3,
    "hidden_size": 8192,  # the merger's output width, not the blocks'
    "patch_size": 14,
    "spatial_merge_size": 2,
    "temporal_patch_size": 2,
}


def test_qwen2_vl_vision_blocks_are_embed_dim_wide() -> None:
    raw = {
        "model_type": "qwen2_vl",
        "hidden_size": 8192,
        "intermediate_size": 29568,
        "num_hidden_layers": 80,
        "num_attention_heads": 64,
        "num_key_value_heads": 8,
        "vocab_size": 152064,
        "vision_config": QWEN2_VL_72B_VISION,
    }
    shape = shape_of(raw)
    assert shape is not None
    assert shape.total / 1e9 == pytest.approx(73.4, rel=0.01)  # Qwen's published 73.4B
    profile = encoder_profile(
        raw,
        max_model_len=32768,
        max_num_batched_tokens=8192,
        tp=1,
        encoder_data_parallel=False,
        limits={},
    )
    assert profile is not None and profile.tokens_per_item == 32768
    # 131072 patches x (3 x 1280 + 2 x 5120 + 1176) x 2 bytes: ~3.7 GB, not ~30 GB
    assert 3 * GIB < profile.peak_bytes < 4 * GIB
