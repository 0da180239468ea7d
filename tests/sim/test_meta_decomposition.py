"""Ops whose Meta kernel is a decomposition meet the program's meta tensors op by op, as on CUDA.

Measured on one H200 (torch 2.11): an offloaded `nn.MultiheadAttention` whose `out_proj` weight
and bias were left on meta by accelerate stops at `F.linear` with "Tensor on device meta is not
on the expected device cuda:0!" (addmm = mm(input, weight) + bias: the CUDA product meets the
meta bias). torch's CPU kernels answer the same for a CPU input.
"""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

import torchplace

MESSAGE = "Tensor on device meta is not on the expected device cuda:0!"


@pytest.fixture
def offloaded():  # type: ignore[no-untyped-def]
    with torchplace.virtual_gpus(1), torch.no_grad():
        gpu = torch.zeros(6, 8, device="cuda:0")
        weight = torch.nn.Parameter(torch.empty(8, 8, device="meta"))
        bias = torch.nn.Parameter(torch.empty(8, device="meta"))
        yield gpu, weight, bias


def test_cpu_kernels_reject_a_meta_bias_after_the_product() -> None:
    weight, bias = torch.empty(8, 8, device="meta"), torch.empty(8, device="meta")
    with pytest.raises(RuntimeError, match="not on the expected device cpu"):
        torch.addmm(bias, torch.zeros(6, 8), weight.t())


@pytest.mark.parametrize("shape", [(6, 8), (2, 3, 8)])
def test_linear_with_meta_weight_and_bias_fails_as_on_cuda(offloaded, shape) -> None:  # type: ignore[no-untyped-def]
    gpu, weight, bias = offloaded
    with pytest.raises(RuntimeError) as info:
        F.linear(gpu.reshape(shape), weight, bias)
    assert str(info.value) == MESSAGE


def test_addmm_with_a_meta_bias_fails_as_on_cuda(offloaded) -> None:  # type: ignore[no-untyped-def]
    gpu, weight, bias = offloaded
    with pytest.raises(RuntimeError) as info:
        torch.addmm(bias, gpu, weight.t())
    assert str(info.value) == MESSAGE


def test_addmm_with_a_gpu_bias_passes_as_on_cuda(offloaded) -> None:  # type: ignore[no-untyped-def]
    gpu, weight, _ = offloaded
    out = torch.addmm(torch.zeros(8, device="cuda:0"), gpu, weight.t())
    assert out.device == torch.device("cuda:0")
