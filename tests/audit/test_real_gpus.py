"""The audit on real GPUs (skipped without two): the same answers as on virtual GPUs."""

from __future__ import annotations

import pytest
import torch

import torchplace

pytestmark = pytest.mark.gpu

SPLIT_MAP = {
    "model.embed_tokens": 0, "model.rotary_emb": 0, "model.layers.0": 0,
    "model.layers.1": 1, "model.norm": 1, "lm_head": 1,
}  # fmt: skip


@pytest.fixture
def split_llama(tiny_llama):  # type: ignore[no-untyped-def]
    if torch.cuda.device_count() < 2:
        pytest.skip("needs two CUDA GPUs")
    from accelerate import dispatch_model

    return dispatch_model(tiny_llama(), dict(SPLIT_MAP))


def test_transfers_output_and_findings_on_two_gpus(split_llama) -> None:  # type: ignore[no-untyped-def]
    ids = torch.arange(16, device="cuda:0").unsqueeze(0)
    report = torchplace.audit(split_llama, {"input_ids": ids})
    assert report.device_names == ["cuda:0", "cuda:1"]
    assert all(d.total_memory for d in report.devices)
    forward = report.forward
    assert forward is not None and forward.completed, forward
    routes = {(t.source, t.target, t.module) for t in forward.transfers}
    assert ("cuda:0", "cuda:1", "model.layers.1") in routes
    assert ("cuda:1", "cuda:0", "") in routes
    assert forward.output_devices["output.logits"] == "cuda:0"
    assert report.errors == []


def test_block_hooks_agree_with_traced_moves_on_two_gpus(split_llama) -> None:  # type: ignore[no-untyped-def]
    ids = torch.arange(16, device="cuda:0").unsqueeze(0)
    hooked = torchplace.audit(split_llama, {"input_ids": ids}).forward
    traced = torchplace.audit(split_llama, {"input_ids": ids}, trace_moves=True).forward
    assert hooked is not None and traced is not None

    def routes(forward):  # type: ignore[no-untyped-def]
        return sorted((t.source, t.target, t.module, t.count, t.bytes) for t in forward.transfers)

    assert routes(hooked) == routes(traced)


def test_weight_moved_after_dispatch_fails_like_on_virtual_gpus(split_llama) -> None:  # type: ignore[no-untyped-def]
    up = split_llama.model.layers[1].mlp.up_proj
    up.weight.data = up.weight.data.to("cuda:0")
    report = torchplace.audit(
        split_llama, {"input_ids": torch.zeros(1, 8, dtype=torch.long, device="cuda:0")}
    )
    codes = {f.code for f in report.findings}
    assert {"device-map-disagrees-with-tensors", "forward-failed"} <= codes
    assert (
        report.forward is not None and report.forward.error_module == "model.layers.1.mlp.up_proj"
    )
