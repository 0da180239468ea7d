"""The audit on virtual GPUs: placement with accelerate, transfers between GPUs, pictures."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import torch
from torch import nn

import torchplace
from torchplace.audit import build

SPLIT_MAP = {
    "model.embed_tokens": 0, "model.rotary_emb": 0, "model.layers.0": 0,
    "model.layers.1": 1, "model.norm": 1, "lm_head": 1,
}  # fmt: skip


@pytest.fixture
def prepared(tiny_config: Path) -> build.Prepared:
    return build.prepare(str(tiny_config))  # imports transformers' modeling code outside the sim


def _svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_split_llama_transfers_and_output(prepared: build.Prepared) -> None:
    with torchplace.virtual_gpus(2, memory="1GiB"):
        model = build.place(prepared, 2, dict(SPLIT_MAP), torch.float32, 2**30)
        report = torchplace.audit(model, build.sample_inputs(model, 16))
    assert report.device_names == ["cuda:0", "cuda:1"]
    assert all(d.total_memory == 2**30 for d in report.devices)
    forward = report.forward
    assert forward is not None and forward.completed, forward
    routes = {(t.source, t.target, t.module) for t in forward.transfers}
    assert ("cuda:0", "cuda:1", "model.layers.1") in routes
    assert ("cuda:1", "cuda:0", "") in routes  # accelerate returns the output to the input device
    assert forward.output_devices["output.logits"] == "cuda:0"
    activations = {a.module: a for a in forward.activations}
    assert activations["model.layers.1"].output_devices == ("cuda:1",)
    assert all(a.calls == 1 for a in activations.values())
    assert report.errors == []


LIST_MAP = {"model.embed_tokens": 0, "lm_head": 0, "model.layers": 1, "model.norm": 1,
            "model.rotary_emb": 0}  # fmt: skip


@pytest.mark.parametrize("device_map", [SPLIT_MAP, LIST_MAP], ids=["per-layer", "module-list"])
def test_block_boundaries_and_traced_moves_agree(
    prepared: build.Prepared, device_map: dict[str, int]
) -> None:
    with torchplace.virtual_gpus(2, memory="1GiB"):
        model = build.place(prepared, 2, dict(device_map), torch.float32, 2**30)
        inputs = build.sample_inputs(model, 16)
        hooked = torchplace.audit(model, inputs).forward
        traced = torchplace.audit(model, inputs, trace_moves=True).forward
    assert hooked is not None and traced is not None

    def routes(forward):  # type: ignore[no-untyped-def]
        return sorted((t.source, t.target, t.module, t.count, t.bytes) for t in forward.transfers)

    assert routes(hooked) == routes(traced)


def test_weight_moved_after_dispatch_is_found(prepared: build.Prepared) -> None:
    with torchplace.virtual_gpus(2, memory="1GiB"):
        model = build.place(prepared, 2, dict(SPLIT_MAP), torch.float32, 2**30)
        up = model.model.layers[1].mlp.up_proj
        up.weight.data = up.weight.data.to("cuda:0")  # the silent `.data` move (FACTS.md)
        report = torchplace.audit(model, build.sample_inputs(model, 8))
    found = {f.code: f for f in report.findings}
    assert found["device-map-disagrees-with-tensors"].module == "model.layers.1"
    assert "unsplittable-module-split-across-devices" in found
    assert report.forward is not None and not report.forward.completed
    assert report.forward.error_module == "model.layers.1.mlp.up_proj"
    assert "cuda:0" in found["forward-failed"].message


def test_buffer_left_behind_and_split_without_mover() -> None:
    with torchplace.virtual_gpus(2):
        layer = nn.Module()
        layer.attn = nn.Linear(4, 4).to("cuda:1")
        layer.attn.rotary = nn.Module()
        layer.attn.rotary.register_buffer("inv_freq", torch.ones(2).to("cuda:0"))
        layer.head = nn.Linear(4, 4).to("cuda:0")
        report = torchplace.audit(layer)
    found = {f.code: f for f in report.findings}
    assert found["buffer-left-on-other-device"].tensors == ("attn.rotary.inv_freq",)
    assert "cuda:0" in found["buffer-left-on-other-device"].message
    assert "model-split-without-parallel-wrapper" in found


def test_json_svg_and_html_name_every_device(prepared: build.Prepared) -> None:
    with torchplace.virtual_gpus(3, memory="1GiB"):
        device_map = {**SPLIT_MAP, "lm_head": 2}
        model = build.place(prepared, 3, device_map, torch.float32, 2**30)
        report = torchplace.audit(model, build.sample_inputs(model, 8), title="tiny")
    data = json.loads(json.dumps(report.to_dict()))
    assert [d["device"] for d in data["devices"]] == ["cuda:0", "cuda:1", "cuda:2"]
    assert data["forward"]["output_devices"]["output.logits"] == "cuda:0"
    texts = _svg_texts(report.svg())
    for device in report.device_names:
        assert device in texts
    assert "<svg" in report.html() and "cuda:2" in report.html()
    assert "cuda:1" in report.text() and "lm_head" in report.text()


def test_bundled_8b_config_on_two_virtual_gpus() -> None:
    prepared = build.prepare("llama-3-8b")
    with torchplace.virtual_gpus(2, memory="80GiB"):
        model = build.place(prepared, 2, "balanced", torch.bfloat16, 80 * 2**30)
        report = torchplace.audit(model, build.sample_inputs(model, 32))
    assert report.device_names == ["cuda:0", "cuda:1"]
    assert sum(d.parameter_bytes for d in report.devices) > 14 * 2**30
    assert report.forward is not None and report.forward.completed
    assert report.errors == []
    assert {(t.source, t.target) for t in report.forward.transfers} >= {("cuda:0", "cuda:1")}


def test_tied_embeddings_split_by_the_device_map(make_config) -> None:  # type: ignore[no-untyped-def]
    prepared = build.prepare(str(make_config("tied", tie_word_embeddings=True)))
    with torchplace.virtual_gpus(2, memory="1GiB"):
        model = build.place(prepared, 2, dict(SPLIT_MAP), torch.float32, 2**30)
        report = torchplace.audit(model)
    finding = next(f for f in report.findings if f.code == "tied-weights-on-different-devices")
    assert set(finding.tensors) == {"lm_head.weight", "model.embed_tokens.weight"}
    assert "one tensor that the device map assigns to different devices" in finding.message
