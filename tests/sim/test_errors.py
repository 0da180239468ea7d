"""Device mismatches raise CUDA's eager errors; CUDA's allowed mixes stay allowed."""

from __future__ import annotations

import re

import pytest
import torch
import torch.nn.functional as F

import torchplace
from torchplace.sim import DataNeededError

BOTH = r"cuda:0.*cuda:1|cuda:1.*cuda:0"


@pytest.fixture
def gpus():  # type: ignore[no-untyped-def]
    with torchplace.virtual_gpus(2) as machine:
        yield machine


def test_matmul_names_both_devices(gpus) -> None:  # type: ignore[no-untyped-def]
    a0, a1 = torch.randn(4, 4, device="cuda:0"), torch.randn(4, 4, device="cuda:1")
    with pytest.raises(RuntimeError) as info:
        a0 @ a1
    assert str(info.value) == (
        "Expected all tensors to be on the same device, but got mat2 is on cuda:1, different "
        "from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_mm)"
    )


@pytest.mark.parametrize(
    ("operation", "pattern"),
    [
        (lambda a, b: a + b, "found at least two devices, cuda:0 and cuda:1!"),
        (lambda a, b: torch.cat([a, b]), "got tensors is on cuda:1.*wrapper_CUDA_cat"),
        (lambda a, b: F.embedding(b.long(), a), "got index is on cuda:1.*index_select"),
        (lambda a, b: a.index_select(0, b[0].long()), "got index is on cuda:1"),
        (lambda a, b: a.gather(0, b.long()), "got index is on cuda:1"),
    ],
)
def test_mismatches(gpus, operation, pattern) -> None:  # type: ignore[no-untyped-def]
    a0, a1 = torch.zeros(4, 4, device="cuda:0"), torch.zeros(4, 4, device="cuda:1")
    with pytest.raises(RuntimeError, match=pattern) as info:
        operation(a0, a1)
    assert re.search(BOTH, str(info.value))


def test_cpu_mixes_like_cuda(gpus) -> None:  # type: ignore[no-untyped-def]
    x = torch.zeros(4, 4, device="cuda:0")
    assert (x + torch.tensor(2.0)).device == x.device  # CPU 0-dim is a scalar
    assert x[torch.tensor([0, 1])].shape == (2, 4)  # CPU indices are fine for x[idx]
    x[0:2] = torch.ones(2, 4)  # slice assignment copies across devices
    x.copy_(torch.ones(4, 4))
    with pytest.raises(RuntimeError, match="cuda:0 and cpu!"):
        x + torch.tensor([2.0])  # a 1-element 1-dim CPU tensor is not a scalar
    with pytest.raises(RuntimeError, match="but got mask on cpu and self on cuda:0"):
        x.masked_fill(torch.zeros(4, 4, dtype=torch.bool), 1.0)
    with pytest.raises(RuntimeError, match="got index is on cpu"):
        x.index_select(0, torch.tensor([0]))
    with pytest.raises(RuntimeError, match=r"same device as the indexed tensor \(cuda:0\)"):
        x[torch.tensor([0], device="cuda:1")]


def test_linear_with_input_on_other_gpu(gpus) -> None:  # type: ignore[no-untyped-def]
    layer = torch.nn.Linear(8, 8, device="cuda:1")
    with pytest.raises(
        RuntimeError, match="mat1 is on cuda:0, different from other tensors on cuda:1"
    ):
        layer(torch.randn(2, 8, device="cuda:0"))


def test_data_needed_names_the_line() -> None:
    with torchplace.virtual_gpus(2, keep_values_up_to=0):  # nothing keeps values
        weights = torch.empty(4, 4, device="cuda:1")
        assert not weights.has_values()
        with pytest.raises(DataNeededError, match=r"not simulated \(at .*test_errors.py:\d+\)"):
            if weights.sum() > 0:
                pass


def test_autograd_records_and_backpropagates(gpus) -> None:  # type: ignore[no-untyped-def]
    layer = torch.nn.Linear(4, 2, device="cuda:1")
    layer(torch.randn(3, 4, device="cuda:1")).sum().backward()
    assert layer.weight.grad is not None and layer.weight.grad.device == torch.device("cuda:1")
