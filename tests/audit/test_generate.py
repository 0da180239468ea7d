"""`--generate N`: generate() observed step by step on virtual GPUs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from torchplace.cli import main

SPLIT = {"model.embed_tokens": 0, "model.rotary_emb": 0, "model.layers.0": 0,
         "model.layers.1": 1, "model.norm": 1, "lm_head": 1}  # fmt: skip
T5 = {"model_type": "t5", "d_model": 32, "d_ff": 64, "d_kv": 8, "num_layers": 2, "num_heads": 4,
      "vocab_size": 400}  # fmt: skip


def _run(capsys: Any, *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(["audit", *argv, "--json", "-"])
    return code, json.loads(capsys.readouterr().out)


def test_decoder_only_generate_is_observed_per_step(
    tiny_config: Path, tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    device_map = tmp_path / "map.json"
    device_map.write_text(json.dumps(SPLIT))
    code, data = _run(capsys, "--config", str(tiny_config), "--gpus", "2", "--device-map",
                      str(device_map), "--tokens", "6", "--generate", "3")  # fmt: skip
    generation = data["generation"]
    assert code == 0 and generation["completed"], generation
    assert [s["tokens"] for s in generation["steps"]] == [6, 1, 1]  # the prompt, then the cache
    assert generation["new_tokens"] == 3 and generation["output_device"] == "cuda:0"
    for step in generation["steps"]:  # each step crosses to GPU 1 and brings logits back
        assert step["routes"].get("cuda:0 -> cuda:1", 0) > 0, step
        assert step["routes"].get("cuda:1 -> cuda:0", 0) > 0, step
    assert generation["steps"][1]["bytes"] < generation["steps"][0]["bytes"]


def test_encoder_decoder_generate_makes_its_own_decoder_ids(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "config.json").write_text(json.dumps({**T5, "decoder_start_token_id": 0}))
    code, data = _run(capsys, "--config", str(tmp_path), "--gpus", "2", "--tokens", "6",
                      "--generate", "2")  # fmt: skip
    generation = data["generation"]
    assert code == 0 and generation["completed"], generation
    assert [s["tokens"] for s in generation["steps"]] == [1, 1]  # decoder tokens each step


def test_generate_failing_in_model_code_is_a_warning_naming_the_line(
    tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "config.json").write_text(json.dumps(T5))  # no decoder_start_token_id
    code, data = _run(capsys, "--config", str(tmp_path), "--tokens", "4", "--generate", "2")
    (finding,) = [f for f in data["findings"] if f["code"] == "generate-failed"]
    assert code == 0 and finding["severity"] == "warning"
    assert "generation/utils.py:" in finding["message"] and "names no device" in finding["message"]


def test_generate_needs_a_prompt(tiny_config: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["audit", "--config", str(tiny_config), "--tokens", "0", "--generate", "2"]) == 2
    assert "--generate needs a prompt" in capsys.readouterr().err
