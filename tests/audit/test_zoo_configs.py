"""The audit zoo's scaled configs keep the sizes their modeling code ties together."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import torch

import torchplace
from torchplace.audit import build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "audit_zoo"))
zoo = pytest.importorskip("zoo")


@pytest.mark.parametrize("model_type", ["qwen2_vl", "qwen2_5_vl", "llama4", "mllama"])
def test_scaled_config_keeps_the_modeling_codes_size_rules(model_type: str) -> None:
    assert zoo.broken_rules(model_type, zoo.small_config(model_type)) == []


def test_shrinking_alone_breaks_the_rules_that_small_config_applies() -> None:
    from transformers import AutoConfig

    shrunk = zoo._shrink(AutoConfig.for_model("qwen2_5_vl").to_dict())
    broken = zoo.broken_rules("qwen2_5_vl", shrunk)
    assert any(text.startswith("text_config.rope_parameters.mrope_section") for text in broken)
    assert any(text.startswith("vision_config.out_hidden_size") for text in broken)


def test_mrope_sections_sum_to_half_the_head_size() -> None:
    config = zoo.small_config("qwen2_vl")
    sections = config["text_config"]["rope_parameters"]["mrope_section"]
    assert sum(sections) == zoo.head_dim(config["text_config"]) // 2
    assert zoo.scaled_sections([16, 24, 24], 8) == [2, 3, 3]
    with pytest.raises(ValueError, match="cannot split 2"):
        zoo.scaled_sections([16, 24, 24], 2)


def test_scaled_qwen2_vl_runs_its_image_forward() -> None:
    prepared = build.prepare_config(zoo.small_config("qwen2_vl"))
    with torchplace.virtual_gpus(1):
        model = build.place(prepared, 1, "auto", torch.bfloat16, 2**34)
        report = torchplace.audit(model, build.sample_inputs(model, 8))
    assert report.forward is not None and report.forward.completed, report.forward.error
