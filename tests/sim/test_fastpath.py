"""Tensor methods that compute on held values directly (`sim.fastpath`) behave as dispatched.

Each test runs a method where the fast path may take it and checks what the dispatch path (and
the CPU) would give: values, views, autograd, modes, and devices that do not match.
"""

from __future__ import annotations

import pytest
import torch
from torch.utils._python_dispatch import TorchDispatchMode

import torchplace
from torchplace.sim.tensor import VirtualTensor


@pytest.fixture
def gpus():
    with torchplace.virtual_gpus(2):
        yield


def _cpu_and_gpu(*shape: int) -> tuple[torch.Tensor, torch.Tensor]:
    cpu = torch.randn(*shape)
    return cpu, cpu.to("cuda:0")


@pytest.mark.parametrize("mode", ["inference", "no_grad", "grad"])
def test_methods_compute_the_cpu_values(gpus, mode):
    context = {"inference": torch.inference_mode, "no_grad": torch.no_grad}.get(
        mode, torch.enable_grad
    )
    with context():
        a, va = _cpu_and_gpu(2, 3, 4)
        b, vb = _cpu_and_gpu(2, 3, 4)
        cases = [
            (lambda x, y: x + y * 2.0 - y / 3.0), (lambda x, y: -x @ y.transpose(1, 2)),
            (lambda x, y: x.pow(2).mean(-1, keepdim=True).rsqrt()),
            (lambda x, y: x.view(6, 4).reshape(4, 6).unsqueeze(0).squeeze(0)),
            (lambda x, y: x[:, 1:, None, ...][0]), (lambda x, y: x.softmax(dim=-1).sum(-1)),
            (lambda x, y: x.permute(2, 0, 1).expand(2, 4, 2, 3)),
            (lambda x, y: x.masked_fill(y > 0, 0.5)),
        ]  # fmt: skip
        for case in cases:
            expected, got = case(a, b), case(va, vb)
            assert type(got) is VirtualTensor and got.device == torch.device("cuda:0")
            assert got.shape == expected.shape and got.stride() == expected.stride()
            assert torch.equal(got.cpu(), expected)


def test_views_keep_their_base_outside_inference_mode(gpus):
    # torch links a view to its base (`_base`, one version counter); a wrapper made without
    # C++ would not be linked, so views outside inference mode keep the dispatch path
    _, va = _cpu_and_gpu(4, 4)
    with torch.no_grad():
        for view in (va.view(16), va.transpose(0, 1), va[1:], va.unsqueeze(0)):
            assert view._is_view() and view._base is va
            assert view._version == va._version


def test_a_view_of_a_normal_tensor_inside_inference_mode_is_a_normal_view(gpus):
    # as on the CPU (and CUDA): no inference tensor is made, and the view is linked to its base;
    # a wrapper made inside inference mode made C++ fail ("Cannot set version_counter for
    # inference tensor")
    cpu, va = _cpu_and_gpu(4, 4)
    with torch.inference_mode():
        expected, got = cpu.view(16), va.view(16)
        sliced = va[1:]
    for view in (got, sliced):
        assert not view.is_inference() and view._base is va
    assert not expected.is_inference() and expected._base is cpu


def test_autograd_through_methods_matches_the_cpu(gpus):
    cpu, va = _cpu_and_gpu(3, 3)
    x, vx = cpu.clone().requires_grad_(), va.clone().requires_grad_()
    for tensor in (x, vx):
        (tensor.view(9).mul(2.0).pow(2) - tensor.t().reshape(9)).sum().backward()
    assert torch.allclose(vx.grad.cpu(), x.grad)


def test_a_dispatch_mode_still_sees_every_op(gpus):
    class Record(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.ops: list[str] = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            self.ops.append(func.__name__)
            return func(*args, **(kwargs or {}))

    _, va = _cpu_and_gpu(2, 2)
    with torch.inference_mode():
        va = va.clone()
        with Record() as record:
            (va + va).view(4)
    assert record.ops == ["add.Tensor", "view.default"]


def test_mixed_devices_still_fail_as_on_cuda(gpus):
    cpu, va = _cpu_and_gpu(2, 2)
    other = torch.randn(2, 2, device="cuda:1")
    with torch.inference_mode():
        for operation in (lambda: va + other, lambda: va.mul(cpu), lambda: cpu + va):
            with pytest.raises(RuntimeError, match="same device"):
                operation()
        # a CPU scalar tensor is allowed with a CUDA tensor, as on CUDA
        assert torch.equal((va * torch.tensor(2.0)).cpu(), cpu * 2)


def test_value_less_tensors_keep_the_meta_path(gpus):
    with torch.inference_mode():
        big = torch.empty(4096, 4096, 32, device="cuda:0")  # over the kept-values limit
        out = (big + big).view(-1)[:10]
    assert type(out) is VirtualTensor and not out.has_values() and out.shape == (10,)


def test_grouped_query_attention_and_linear_compute_the_cpu_values(gpus):
    query, key, value = torch.randn(1, 8, 5, 16), torch.randn(1, 2, 5, 16), torch.randn(1, 2, 5, 16)
    weight, bias = torch.randn(12, 16), torch.randn(12)
    attention = torch.nn.functional.scaled_dot_product_attention
    with torch.inference_mode():
        expected = attention(query, key, value, is_causal=True, enable_gqa=True)
        got = attention(*(t.to("cuda:1") for t in (query, key, value)), is_causal=True,
                        enable_gqa=True)  # fmt: skip
        assert got.device == torch.device("cuda:1")
        assert torch.allclose(got.cpu(), expected, atol=1e-6)
        linear = torch.nn.functional.linear(got, weight.to("cuda:1"), bias.to("cuda:1"))
        assert torch.allclose(linear.cpu(), torch.nn.functional.linear(expected, weight, bias))
