"""Static findings: split modules, tied weights, buffers left behind, device-map disagreement."""

from __future__ import annotations

import torch
from torch import nn

import torchplace
from torchplace.report import Severity


def codes(report) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.code for f in report.findings]


def test_clean_model_has_no_findings(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    assert torchplace.audit(tiny_llama()).findings == []


def test_module_with_own_tensors_on_two_devices() -> None:
    layer = nn.Linear(4, 4)
    layer.bias = nn.Parameter(torch.zeros(4, device="meta"))
    report = torchplace.audit(nn.Sequential(layer))
    finding = next(f for f in report.findings if f.code == "module-split-across-devices")
    assert finding.module == "0" and finding.severity is Severity.ERROR
    assert "cpu, meta" in finding.message


def test_meta_buffer_is_not_left_behind_but_noted() -> None:
    model = nn.Sequential(nn.Linear(4, 4))
    model[0].rotary = nn.Module()
    model[0].rotary.register_buffer("inv_freq", torch.ones(2, device="meta"))
    assert codes(torchplace.audit(model)) == ["tensors-on-meta-device"]


def test_hf_device_map_disagreeing_with_tensors(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama()
    model.hf_device_map = {"model": "cpu", "lm_head": "cuda:0"}
    report = torchplace.audit(model)
    finding = next(f for f in report.findings if f.code == "device-map-disagrees-with-tensors")
    assert finding.module == "lm_head"
    assert "lm_head.weight on cpu" in finding.message
    assert report.hf_device_map == {"model": "cpu", "lm_head": "cuda:0"}


def test_device_map_integer_values_mean_accelerator_indices(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama()
    report = torchplace.audit(model, device_map={"": 0})
    assert report.hf_device_map == {"": "cuda:0"}
    assert "device-map-disagrees-with-tensors" in codes(report)


def test_tied_weights_on_different_devices(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama(tie_word_embeddings=True)
    model.lm_head.weight = nn.Parameter(torch.empty(256, 64, device="meta"))
    finding = next(
        f for f in torchplace.audit(model).findings if f.code == "tied-weights-on-different-devices"
    )
    assert set(finding.tensors) == {"lm_head.weight", "model.embed_tokens.weight"}
    assert finding.severity is Severity.ERROR


def test_no_split_module_split_across_devices(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama()
    model.model.layers[1].mlp.to("meta")
    findings = [
        f for f in torchplace.audit(model).findings
        if f.code == "unsplittable-module-split-across-devices"
    ]  # fmt: skip
    assert [f.module for f in findings] == ["model.layers.1"]
