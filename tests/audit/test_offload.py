"""Offloaded weights accelerate never loads because their module is never called."""

from __future__ import annotations

import torch
from accelerate import dispatch_model
from torch import nn

import torchplace


class Pooling(nn.Module):
    """Like SigLIP's pooling head: an nn.MultiheadAttention, whose forward reads
    `out_proj.weight` without calling `out_proj`."""

    def __init__(self) -> None:
        super().__init__()
        self.attention = nn.MultiheadAttention(8, 2, batch_first=True)
        self.norm = nn.LayerNorm(8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(self.attention(x, x, x, need_weights=False)[0])


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Linear(8, 8)
        self.head = Pooling()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.embed(x))


def _audit(device_map: dict[str, object]) -> torchplace.audit.AuditReport:
    with torchplace.virtual_gpus(1):
        model = dispatch_model(Model().eval(), device_map, main_device=torch.device("cuda", 0))
        return torchplace.audit(model, torch.zeros(1, 4, 8, device="cuda:0"), trace_moves=True)


def test_uncalled_child_of_an_offloaded_block_is_named() -> None:
    report = _audit({"embed": 0, "head": "cpu"})
    found = {f.code: f for f in report.findings}
    finding = found["offloaded-weights-never-loaded"]
    assert finding.module == "head.attention" and "`head.attention.out_proj`" in finding.message
    assert "preload_module_classes" in finding.message and "MultiheadAttention" in finding.message
    assert finding.tensors == ("head.attention.out_proj.weight", "head.attention.out_proj.bias")
    assert report.forward is not None
    assert finding.severity.value == ("warning" if report.forward.completed else "error")


def test_the_same_block_on_the_gpu_has_no_such_finding() -> None:
    report = _audit({"embed": 0, "head": 0})
    assert report.forward is not None and report.forward.completed
    assert "offloaded-weights-never-loaded" not in {f.code for f in report.findings}
