"""The candidate lines of TPL204: factory calls in functions that can show a GPU tensor."""

from __future__ import annotations

from torchplace.lint.flow_evidence import EvidentFactories
from torchplace.lint.rules._helpers import FACTORY_CANDIDATE

SOURCE = """import torch


def helper(x):
    return x * 2


def indices(n):
    return torch.arange(n)  # nothing placed here: no candidate


def gating(logits, n):
    capacity = torch.tensor(n)
    return min(capacity, torch.max(logits).to(logits.device))


def calls_helper(n):
    return helper(torch.ones(n))


class Layer(nn.Module):
    def forward(self, x):
        return x + torch.ones(3, device=x.device)  # forward: the forward rule's ground

    def reset(self):
        self.weight.data = torch.zeros(3)


class Meter:
    def __init__(self):
        self.losses = torch.tensor([])

    def total(self):
        return torch.zeros(1)
"""


def _candidate_lines(source: str) -> list[int]:
    found = EvidentFactories(FACTORY_CANDIDATE.parts[0].pattern, r"Tensor\(")
    return sorted({source.count("\n", 0, m.start()) + 1 for m in found.finditer(source)})


def test_only_functions_with_evidence_keep_their_factories() -> None:
    lines = _candidate_lines(SOURCE)
    text = SOURCE.splitlines()
    kept = {text[n - 1].strip() for n in lines}
    assert "capacity = torch.tensor(n)" in kept  # a `.to(` in the function
    assert "return helper(torch.ones(n))" in kept  # a helper of the file is followed
    assert "self.weight.data = torch.zeros(3)" in kept  # `.data`
    assert "self.losses = torch.tensor([])" in kept  # a plain class keeps a CPU attribute
    assert "return torch.zeros(1)" in kept  # in that class, every factory
    assert not any("torch.arange(n)" in line for line in kept)
    assert not any("device=x.device" in line for line in kept)


def test_a_def_on_the_first_line_is_seen() -> None:
    source = "def f(x):\n    return x.to('cuda') + torch.ones(2)\n"
    assert _candidate_lines(source) == [2]


def test_a_factory_given_a_device_is_no_candidate() -> None:
    source = (
        "def f(x, n, kw):\n"
        "    a = torch.arange(n, device=x.device)\n"  # placed: makes no CPU tensor
        "    b = torch.zeros(\n        n,  # a (comment\n        device=x.device,\n    )\n"
        "    c = torch.ones(n, **kw)\n"  # its device comes from the caller
        "    d = torch.tensor(2**n)\n"  # a power, not `**kwargs`: made on the CPU
        "    e = torch.tensor(x.to(device='cuda'))\n"  # `device=` of another call
        "    f = torch.empty(n, pin_memory=True)\n"  # pinned host memory on purpose
        "    return x.to('cuda') + a + b + c + d + e + f\n"
    )
    assert _candidate_lines(source) == [8, 9]
