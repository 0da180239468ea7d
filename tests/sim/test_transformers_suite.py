"""Defects found running transformers' own model tests on virtual GPUs (one test each)."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch

import torchplace


def test_torch_tensor_takes_its_data_as_a_keyword() -> None:
    # transformers' ids_tensor: torch.tensor(data=values, dtype=torch.long, device=torch_device)
    with torchplace.virtual_gpus(2):
        ids = torch.tensor(data=[3, 4], dtype=torch.long, device="cuda")
        assert ids.device == torch.device("cuda:0")
        assert ids.tolist() == [3, 4]


def test_a_python_scalar_that_torch_wraps_on_the_tensor_s_device_keeps_its_value() -> None:
    # transformers' T5 attention: torch.where(bool_mask, position_bias, torch.finfo(dtype).min)
    with torchplace.virtual_gpus(2):
        mask = torch.tensor([True, False], device="cuda:1")
        half = torch.tensor([1.0, 2.0], device="cuda:1", dtype=torch.float16)
        picked = torch.where(mask, half, -5.0)
        assert (picked.device, picked.dtype) == (torch.device("cuda:1"), torch.float16)
        assert picked.tolist() == [1.0, -5.0]
        assert torch.pow(2, half).tolist() == [2.0, 4.0]
        # the scalar still promotes as a wrapped number: an int tensor with 2.5 gives float32
        assert torch.where(mask, torch.tensor([1, 2], device="cuda:1"), 2.5).dtype == torch.float32


def test_attention_that_records_autograd_gives_zeros_for_a_fully_masked_query() -> None:
    # bart's standalone decoder: a padded first token under a causal mask attends to nothing
    torch.manual_seed(0)
    query = torch.randn(1, 1, 2, 4)
    mask = torch.tensor([[False, False], [True, True]])
    expected = torch.nn.functional.scaled_dot_product_attention(query, query, query, mask)
    with torchplace.virtual_gpus(2):
        q = query.to("cuda:1").requires_grad_()
        out = torch.nn.functional.scaled_dot_product_attention(q, q, q, attn_mask=mask.cuda(1))
        assert out.requires_grad
        assert torch.allclose(out.detach().cpu(), expected, atol=1e-6)
        assert out.detach().cpu()[0, 0, 0].eq(0).all()


def test_flex_attention_s_backward_operator_refuses_virtual_tensors_not_a_process_abort() -> None:
    # the forward is simulated (tests/sim/test_tf_gpu_gated.py); the operator's own backward,
    # reached only through its autograd function, would trace through virtual tensors and abort
    import importlib

    hops = importlib.import_module("torch._higher_order_ops.flex_attention")

    with torchplace.virtual_gpus(1):
        query = torch.randn(1, 1, 16, 8, device="cuda")
        with pytest.raises(torchplace.sim.NotSimulatedError, match="flex_attention_backward"):
            hops.flex_attention_backward(query, query, query, query, query, query, None, None,
                                         None, (), 1.0, {}, (), ())  # fmt: skip


def test_torch_compile_works_on_the_cpu_after_dynamo_was_first_imported_in_a_simulation() -> None:
    # dynamo reads torch.device once, at import; imported inside a simulation it held only the
    # stand-in, and every later torch.compile (transformers' flex_attention) failed
    program = """
import sys, torch, torchplace
from torch.nn.attention import flex_attention as module
assert "torch._dynamo.variables.builder" not in sys.modules
with torchplace.virtual_gpus(1):
    torch.compile(lambda t: t * 2)(torch.ones(2, device="cuda"))
query = torch.randn(1, 1, 16, 8)
print(module.flex_attention(query, query, query).shape)
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("torch.Size([1, 1, 16, 8])")
