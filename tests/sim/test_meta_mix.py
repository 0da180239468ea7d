"""A virtual-GPU tensor meeting the program's meta tensor: torch's meta kernels answer, as on CUDA.

Expected outcomes are those measured on 2x H200 (torch 2.11) for the same expressions.
"""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

import torchplace
from torchplace.sim import is_virtual


def _expected(device: str, expected: str) -> str:
    return f"Tensor on device {device} is not on the expected device {expected}!"


@pytest.fixture
def tensors():  # type: ignore[no-untyped-def]
    with torchplace.virtual_gpus(2), torch.no_grad():
        gpu = torch.randn(2, 16, device="cuda:1")
        weight = torch.nn.Parameter(torch.ones(16)).to("meta")  # offloaded: a meta parameter
        matrix = torch.nn.Linear(16, 16).weight.to("meta")
        yield gpu, weight, matrix


@pytest.mark.parametrize(
    ("operation", "message"),
    [
        (lambda c, m, w: c * m, _expected("meta", "cuda:1")),
        (lambda c, m, w: m * c, _expected("cuda:1", "meta")),
        (lambda c, m, w: c + m.expand(2, 16), _expected("meta", "cuda:1")),
        (lambda c, m, w: F.layer_norm(c, (16,), m, m), _expected("meta", "cuda:1")),
        (lambda c, m, w: torch.cat([c, m[None]]), _expected("meta", "cuda:1")),
        (lambda c, m, w: torch.where(c > 0, c, m), _expected("meta", "cuda:1")),
        (lambda c, m, w: c * w.t()[0], _expected("meta", "cuda:1")),  # a view of a parameter
        (lambda c, m, w: c * m.to(torch.bfloat16), _expected("meta", "cuda:1")),
    ],
)
def test_mixes_cuda_rejects(tensors, operation, message) -> None:  # type: ignore[no-untyped-def]
    gpu, weight, matrix = tensors
    with pytest.raises(RuntimeError) as info:
        operation(gpu, weight, matrix)
    assert str(info.value) == message


def test_mixes_cuda_lets_through(tensors) -> None:  # type: ignore[no-untyped-def]
    gpu, weight, matrix = tensors
    product = gpu @ matrix
    assert product.device == torch.device("cuda:1") and not product.has_values()  # garbage
    assert (matrix @ gpu.T).device.type == "meta"
    assert gpu.clone().add_(weight).device == torch.device("cuda:1")
    index = torch.tensor([0, 1], device="cuda:1")
    assert F.embedding(index, matrix).device.type == "meta"
    with pytest.raises(NotImplementedError, match=r"^Cannot copy out of meta tensor; no data!$"):
        gpu.clone().copy_(weight.expand(2, 16))


def test_attention_with_a_meta_key(tensors) -> None:  # type: ignore[no-untyped-def]
    gpu, _, matrix = tensors
    query, key = gpu[None, None], matrix[None, None, :2]
    with pytest.raises(RuntimeError) as info:
        F.scaled_dot_product_attention(query, key, key)
    assert str(info.value) == (
        "Expected query, key, and value to have the same device type, but got query.device: "
        "cuda:1 key.device: meta and value.device: meta instead."
    )


def test_internal_meta_tensors_still_mix() -> None:
    """sim's C++ composites make meta intermediates from virtual tensors: they stand for GPU
    tensors and must not trip the check (attention's math path makes several)."""
    with torchplace.virtual_gpus(2), torch.no_grad():
        query = torch.randn(1, 2, 4, 8, device="cuda:1")
        out = torch.ops.aten._scaled_dot_product_attention_math(query, query, query)[0]
        assert is_virtual(out) and out.device == torch.device("cuda:1")


def test_offloaded_module_weight_used_directly() -> None:
    """p22: `module.to("meta")` leaves meta parameters, as accelerate's offload does."""
    with torchplace.virtual_gpus(2), torch.no_grad():
        body, norm = torch.nn.Linear(16, 16).to("cuda:1"), torch.nn.LayerNorm(16).to("meta")
        hidden = body(torch.randn(2, 16, device="cuda:1"))
        assert isinstance(norm.weight, torch.nn.Parameter) and norm.weight.is_meta
        with pytest.raises(RuntimeError, match=r"^Tensor on device meta is not on the expected"):
            hidden * norm.weight
        with pytest.raises(RuntimeError, match=r"device meta is not on the expected device cuda"):
            norm(hidden)
