"""Each architecture family audited with the inputs its processor would make (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import torch

import torchplace
from torchplace.audit import build
from torchplace.audit.findings import forward_findings
from torchplace.audit.report import ForwardObservation
from torchplace.cli import main

TEXT = {"hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 2,
        "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 400}  # fmt: skip
VISION_CLIP = {"model_type": "clip_vision_model", "hidden_size": 32, "intermediate_size": 64,
               "num_hidden_layers": 1, "num_attention_heads": 4, "image_size": 28,
               "patch_size": 14, "projection_dim": 32}  # fmt: skip
CONFIGS: dict[str, dict[str, Any]] = {
    "t5": {"model_type": "t5", "d_model": 32, "d_ff": 64, "d_kv": 8, "num_layers": 2,
           "num_heads": 4, "vocab_size": 400},
    "whisper": {"model_type": "whisper", "d_model": 32, "encoder_layers": 1, "decoder_layers": 1,
                "encoder_attention_heads": 4, "decoder_attention_heads": 4,
                "encoder_ffn_dim": 64, "decoder_ffn_dim": 64, "vocab_size": 400,
                "num_mel_bins": 16, "max_source_positions": 8, "max_target_positions": 32,
                "decoder_start_token_id": 1, "pad_token_id": 0, "bos_token_id": 1,
                "eos_token_id": 2},
    "bert": {"model_type": "bert", **TEXT},
    "vit": {"model_type": "vit", "hidden_size": 32, "intermediate_size": 64,
            "num_hidden_layers": 2, "num_attention_heads": 4, "image_size": 28, "patch_size": 14},
    "llava": {"model_type": "llava", "image_token_index": 399,
              "text_config": {"model_type": "llama", **TEXT}, "vision_config": VISION_CLIP},
    "qwen2_vl": {"model_type": "qwen2_vl", "image_token_id": 390, "vision_start_token_id": 391,
                 "vision_end_token_id": 392, "video_token_id": 393,
                 "text_config": {"model_type": "qwen2_vl_text", **TEXT,
                                 "rope_scaling": {"type": "mrope", "mrope_section": [2, 1, 1]}},
                 "vision_config": {"depth": 1, "embed_dim": 64, "hidden_size": 32,
                                   "num_heads": 4, "patch_size": 14, "spatial_merge_size": 2,
                                   "temporal_patch_size": 2}},
}  # fmt: skip


def _audit(tmp_path: Path, name: str, capsys: Any, *extra: str) -> dict[str, Any]:
    directory = tmp_path / name
    directory.mkdir()
    (directory / "config.json").write_text(json.dumps(CONFIGS[name]))
    code = main(["audit", "--config", str(directory), "--gpus", "2", "--tokens", "8",
                 "--dtype", "fp32", "--json", "-", *extra])  # fmt: skip
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == 0, data["findings"]
    return data


@pytest.mark.parametrize(
    ("name", "inputs"),
    [
        ("t5", {"input.input_ids", "input.decoder_input_ids"}),
        ("whisper", {"input.input_features", "input.decoder_input_ids"}),
        ("bert", {"input.input_ids"}),
        ("vit", {"input.pixel_values"}),
        ("llava", {"input.pixel_values", "input.input_ids"}),
        (
            "qwen2_vl",
            {
                "input.pixel_values",
                "input.input_ids",
                "input.image_grid_thw",
                "input.mm_token_type_ids",
            },
        ),
    ],
)
def test_family_forward_is_observed_with_its_inputs(tmp_path, capsys, name, inputs) -> None:  # type: ignore[no-untyped-def]
    data = _audit(tmp_path, name, capsys)
    forward = data["forward"]
    assert forward["completed"], forward["error"]
    assert set(forward["input_devices"]) == inputs


def test_qwen2_vl_image_tokens_follow_the_grid() -> None:
    prepared = build.prepare_config(CONFIGS["qwen2_vl"])
    with torchplace.virtual_gpus(1):
        model = build.place(prepared, 1, "auto", torch.float32, 2**30)
        inputs = build.sample_inputs(model, 4)
    t, h, w = inputs["image_grid_thw"][0].tolist()
    assert int((inputs["input_ids"] == 390).sum()) == t * h * w // 4  # merged 2x2
    assert inputs["pixel_values"].shape == (t * h * w, 3 * 2 * 14 * 14)
    ids = inputs["input_ids"][0].tolist()
    assert ids[0] == 391 and ids[ids.index(392) - 1] == 390  # start, image tokens, end


def test_llava_image_tokens_match_the_vision_features() -> None:
    prepared = build.prepare_config(CONFIGS["llava"])
    with torchplace.virtual_gpus(1):
        model = build.place(prepared, 1, "auto", torch.float32, 2**30)
        inputs = build.sample_inputs(model, 4)
    image_tokens = int((inputs["input_ids"] == 399).sum())
    assert image_tokens == (28 // 14) ** 2  # one feature per patch, CLS dropped ("default")
    assert inputs["pixel_values"].shape == (1, 3, 28, 28)
    assert bool(inputs["pixel_values"].ne(0).all())  # an all-zero image counts as padding


def test_meta_copy_without_offload_is_the_audits_limit_not_the_users() -> None:
    observation = ForwardObservation(
        completed=False, seconds=0.0, error="Cannot copy out of meta tensor; no data!",
        error_type="NotImplementedError", error_module="model.layers.0.self_attn",
    )  # fmt: skip
    (ours,) = forward_findings(observation, meta_explained=False)
    assert ours.code == "forward-not-simulated" and ours.severity.value == "warning"
    assert ours.pattern is None and "not a placement problem" in ours.message
    (theirs,) = forward_findings(observation, meta_explained=True)
    assert theirs.code == "forward-failed"


def test_an_op_the_simulation_cannot_run_is_the_audits_limit() -> None:
    observation = ForwardObservation(
        completed=False, error="torchplace sim: aten._local_scalar_dense.default needs data; "
        "not simulated (at x.py:1). The tensor holds no values.", error_type="RuntimeError",
        error_module="deberta.encoder",
    )  # fmt: skip
    (ours,) = forward_findings(observation, meta_explained=True)
    assert ours.code == "forward-not-simulated" and ours.severity.value == "warning"


def test_config_the_modeling_code_refuses_is_one_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "config.json").write_text(
        json.dumps({"model_type": "llama", **TEXT, "hidden_size": 30, "head_dim": None})
    )
    assert main(["audit", "--config", str(tmp_path), "--tokens", "4"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") <= 3


def test_cpu_offloaded_map_is_observed_not_blamed(
    tiny_config: Path, tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    device_map = tmp_path / "map.json"
    device_map.write_text(json.dumps({
        "model.embed_tokens": 0, "model.layers.0": 0, "model.layers.1": "cpu",
        "model.norm": "cpu", "model.rotary_emb": "cpu", "lm_head": "cpu",
    }))  # fmt: skip
    code = main(["audit", "--config", str(tiny_config), "--device-map", str(device_map),
                 "--tokens", "4", "--json", "-"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["forward"]["completed"], data["findings"]
    # rotary_emb's buffers stay on the execution device, as accelerate keeps them: no finding
    assert data["findings"] == []
    loads = {(t["source"], t["target"]) for t in data["forward"]["transfers"] if t["weights"]}
    assert ("cpu", "cuda:0") in loads  # the offloaded weights, loaded at each call


def test_parameter_keys_of_a_parent_module_are_placed_not_left_on_meta(tiny_config: Path) -> None:
    # A map naming a parameter of a module whose children have their own entries (as
    # accelerate's map does for Llama 4's vision_model.class_embedding): dispatch skips it.
    prepared = build.prepare(str(tiny_config))
    with torchplace.virtual_gpus(2):
        model = build.place(prepared, 2, "auto", torch.float32, 2**30)
        model.model.register_parameter("extra", torch.nn.Parameter(torch.empty(4, device="meta")))
        build.place_stray_weights(model, {"model.extra": 1})
        assert model.model.extra.device == torch.device("cuda", 1)
        report = torchplace.audit(model)
    assert "tensors-on-meta-device" not in {f.code for f in report.findings}


def test_a_map_may_name_a_buffer(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    # accelerate requires an entry for a buffer held by the root (BART's final_logits_bias).
    config = {"model_type": "bart", "d_model": 32, "encoder_layers": 1, "decoder_layers": 1,
              "encoder_attention_heads": 4, "decoder_attention_heads": 4, "encoder_ffn_dim": 64,
              "decoder_ffn_dim": 64, "vocab_size": 400, "max_position_embeddings": 64}  # fmt: skip
    (tmp_path / "config.json").write_text(json.dumps(config))
    device_map = tmp_path / "map.json"
    device_map.write_text(json.dumps({"model": 1, "lm_head": 1, "final_logits_bias": 1}))
    code = main(["audit", "--config", str(tmp_path), "--gpus", "2", "--device-map",
                 str(device_map), "--tokens", "4", "--json", "-"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["forward"]["completed"], data["findings"]
