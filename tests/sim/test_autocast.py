"""`torch.autocast("cuda")` changes op dtypes on virtual GPUs as CUDA autocast does."""

from __future__ import annotations

import warnings

import pytest
import torch
import torch.nn.functional as F

import torchplace
from torchplace.sim import autocast


def test_the_policies_come_from_torchs_autocast_cuda_kernels() -> None:
    found = autocast.policies()
    assert found["mm"][0] == found["linear"][0] == found["conv2d"][0] == autocast.LOWER
    assert found["softmax"][0] == found["layer_norm"][0] == found["sum"][0] == autocast.FP32
    assert found["addcmul"][0] == autocast.PROMOTE
    assert found["binary_cross_entropy"][0] == autocast.BANNED
    assert "add" not in found  # pointwise ops keep their inputs' dtype


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_matmuls_go_low_and_reductions_stay_float32(dtype: torch.dtype) -> None:
    with torchplace.virtual_gpus(2):
        layer = torch.nn.Linear(8, 4).to("cuda:1")
        x = torch.randn(3, 8, device="cuda:1")
        with torch.autocast("cuda", dtype=dtype):
            assert torch.is_autocast_enabled("cuda")
            assert torch.get_autocast_dtype("cuda") == dtype
            y = layer(x)
            assert (y.dtype, y.device) == (dtype, torch.device("cuda:1"))
            assert (x @ x.T).dtype == torch.mm(x, x.T).dtype == dtype
            assert F.softmax(y, dim=-1).dtype == y.log_softmax(-1).dtype == torch.float32
            assert y.sum().dtype == F.layer_norm(y, (4,)).dtype == torch.float32
            assert (y + 1).dtype == dtype  # not on the lists: the input's dtype
            assert torch.addcmul(y, y.float(), y).dtype == torch.float32  # promoted
            with torch.autocast("cuda", enabled=False):
                assert layer(x).dtype == torch.float32
        assert layer(x).dtype == torch.float32  # autocast left with the block
        assert not torch.is_autocast_enabled("cuda")


def test_values_and_gradients_flow_through_the_casts() -> None:
    with torchplace.virtual_gpus(1):
        layer = torch.nn.Linear(8, 4).cuda()
        x = torch.randn(3, 8, device="cuda", requires_grad=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            y = layer(x)
        expected = F.linear(x.bfloat16(), layer.weight.bfloat16(), layer.bias.bfloat16())
        assert torch.equal(y.cpu(), expected.cpu())
        y.float().sum().backward()
        assert x.grad is not None and x.grad.dtype == torch.float32
        assert layer.weight.grad is not None and layer.weight.grad.dtype == torch.float32


def test_the_older_spellings_and_the_refused_op() -> None:
    with torchplace.virtual_gpus(1):
        layer = torch.nn.Linear(8, 4).cuda()
        x = torch.randn(3, 8, device="cuda")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            with torch.cuda.amp.autocast():
                assert layer(x).dtype == torch.float16
        with torch.amp.autocast("cuda", dtype=torch.bfloat16):
            assert F.scaled_dot_product_attention(x[None], x[None], x[None]).dtype == (
                torch.bfloat16
            )
        with torch.autocast("cuda"), pytest.raises(RuntimeError, match="unsafe to autocast"):
            F.binary_cross_entropy(torch.rand(3, device="cuda"), torch.rand(3, device="cuda"))


def test_cpu_tensors_and_cpu_autocast_are_left_alone() -> None:
    with torchplace.virtual_gpus(1):
        cpu_layer = torch.nn.Linear(8, 4)
        gpu_layer = torch.nn.Linear(8, 4).cuda()
        with torch.autocast("cuda", dtype=torch.bfloat16):
            assert cpu_layer(torch.randn(3, 8)).dtype == torch.float32
        with torch.autocast("cpu", dtype=torch.bfloat16):
            assert gpu_layer(torch.randn(3, 8, device="cuda")).dtype == torch.float32


def test_autocast_is_per_thread() -> None:
    import threading

    with torchplace.virtual_gpus(1):
        layer = torch.nn.Linear(8, 4).cuda()
        x = torch.randn(3, 8, device="cuda")
        seen: list[torch.dtype] = []
        with torch.autocast("cuda", dtype=torch.bfloat16):
            worker = threading.Thread(target=lambda: seen.append(layer(x).dtype))
            worker.start()
            worker.join()
            assert layer(x).dtype == torch.bfloat16
        assert seen == [torch.float32]  # a thread of its own starts without autocast, as in torch
