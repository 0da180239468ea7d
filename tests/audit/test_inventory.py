"""Parameters and buffers per device, per module, and as placement blocks (CPU and meta)."""

from __future__ import annotations

import torch
from torch import nn

import torchplace
from torchplace.audit._tensors import compress_names, human_bytes


class TwoStage(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(8, 8) for _ in range(4))
        self.head = nn.Linear(8, 2)
        self.register_buffer("scale", torch.ones(8))


def test_counts_and_bytes_per_device() -> None:
    model = TwoStage()
    model.layers[2].to("meta")
    model.layers[3].to("meta")
    report = torchplace.audit(model)
    usage = {d.device: d for d in report.devices}
    assert set(usage) == {"cpu", "meta"}
    assert usage["meta"].parameters == 4
    assert usage["meta"].parameter_bytes == 2 * (8 * 8 + 8) * 4
    assert usage["cpu"].parameters == 6
    assert usage["cpu"].buffers == 1
    assert usage["cpu"].buffer_bytes == 8 * 4


def test_tied_weights_counted_once(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama(tie_word_embeddings=True)
    assert model.lm_head.weight is model.model.embed_tokens.weight
    report = torchplace.audit(model)
    total = sum(p.numel() * p.element_size() for p in model.parameters())
    assert sum(d.parameter_bytes for d in report.devices) == total
    assert sum(b.bytes for b in report.blocks) == total + sum(
        b.numel() * b.element_size() for b in model.buffers()
    )


def test_module_rows_list_own_tensors_only() -> None:
    model = TwoStage()
    rows = {r.name: r for r in torchplace.audit(model).modules}
    assert rows[""].buffers == 1 and rows[""].parameters == 0
    assert rows["layers.0"].parameters == 2
    assert rows["layers.0"].devices == ("cpu",)
    assert rows[""].subtree_bytes == sum(p.numel() * 4 for p in model.parameters()) + 32


def test_blocks_merge_numbered_runs_per_device() -> None:
    model = TwoStage()
    model.layers[2].to("meta")
    model.layers[3].to("meta")
    model.head.to("meta")
    blocks = [(b.name, b.device) for b in torchplace.audit(model).blocks]
    assert ("layers.0-1", "cpu") in blocks
    assert ("layers.2-3", "meta") in blocks
    assert ("head", "meta") in blocks


def test_blocks_follow_hf_device_map(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama()
    device_map = {"model.embed_tokens": 0, "model.layers.0": 0, "model.layers.1": 0,
                  "model.norm": 0, "model.rotary_emb": 0, "lm_head": 0}  # fmt: skip
    blocks = torchplace.audit(model, device_map=device_map).blocks
    assert [b.name for b in blocks][:2] == ["model.embed_tokens", "model.layers.0-1"]


def test_helpers() -> None:
    assert compress_names(["a.0", "a.1", "a.2", "b", "a.4"]) == ["a.0-2", "b", "a.4"]
    assert human_bytes(1536) == "1.5 KiB"
    assert human_bytes(12) == "12 B"
