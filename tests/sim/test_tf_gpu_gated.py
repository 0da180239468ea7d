"""Defects found running the GPU-gated tests of transformers' model files on virtual GPUs."""

from __future__ import annotations

from typing import Any

import pytest
import torch

import torchplace


def test_a_simulated_process_is_a_cuda_build() -> None:
    # transformers.testing_utils: IS_CUDA_SYSTEM = torch.version.cuda is not None, and
    # get_device_properties() answers ("cuda", None, None) otherwise, so `major < 8` raised
    # TypeError in test_sdpa_can_dispatch_on_flash / test_sdpa_can_compile_dynamic
    assert torch.version.cuda is None  # the CPU build these tests run on
    with torchplace.virtual_gpus(2):
        assert torch.version.cuda is not None
        major = int(torch.version.cuda.split(".")[0])
        assert major >= 12  # a release that supports the simulated sm_90 GPUs
        assert torch.cuda.get_device_capability() == (9, 0)
    assert torch.version.cuda is None


def _padded_causal(padding: torch.Tensor) -> Any:
    def mask_mod(b: Any, h: Any, q: Any, kv: Any) -> Any:
        return (q >= kv) & (padding[b, kv] > 0)

    return mask_mod


def test_flex_attention_on_a_virtual_gpu_computes_as_on_the_cpu_and_keeps_autograd() -> None:
    # test_flex_attention_with_grads (llama, bert, and the decoders of the parallel set): a
    # forward with parameters that require grad raised NotSimulatedError
    from torch.nn.attention import flex_attention as module

    torch.manual_seed(0)
    query, key, value = (torch.randn(1, 2, 16, 16) for _ in range(3))
    padding = torch.tensor([[1] * 12 + [0] * 4])
    cpu_mask = module.create_block_mask(_padded_causal(padding), 1, 1, 16, 16, device="cpu")
    expected = module.flex_attention(query, key, value, block_mask=cpu_mask)
    with torchplace.virtual_gpus(2):
        q, k, v = (t.to("cuda:1") for t in (query, key, value))
        q.requires_grad_()
        mask_mod = _padded_causal(padding.to("cuda:1"))
        block_mask = module.create_block_mask(mask_mod, 1, 1, 16, 16, device="cuda:1")
        out = module.flex_attention(q, k, v, block_mask=block_mask)
        assert (out.device, out.requires_grad) == (torch.device("cuda:1"), True)
        assert torch.allclose(out.detach().cpu(), expected, atol=1e-5)
        out.sum().backward()
        assert q.grad is not None and q.grad.device == torch.device("cuda:1")
        with pytest.raises(ValueError, match="same device type"):
            module.flex_attention(q, k.to("cuda:0"), v, block_mask=block_mask)
        other = module.create_block_mask(lambda b, h, q, kv: q >= kv, 1, 1, 16, 16, "cuda:0")
        with pytest.raises(RuntimeError, match="block_mask to be on the same device"):
            module.flex_attention(q, k, v, block_mask=other)
    assert torch.allclose(module.flex_attention(query, key, value, block_mask=cpu_mask), expected)


def test_a_child_that_looks_for_torch_before_importing_it_still_inherits_the_gpus() -> None:
    # transformers' is_torch_available() calls importlib.util.find_spec("torch") before its
    # import; the start-up hook then let go of the import, and the child pytest run by
    # @run_test_using_subprocess (test_can_load_with_global_device_set) saw no GPU, skipped,
    # and the parent test passed without having run
    import subprocess
    import sys

    code = (
        "import importlib.util; importlib.util.find_spec('torch'); import torch; "
        "print(torch.cuda.is_available(), torch.cuda.device_count())"
    )
    with torchplace.virtual_gpus(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "2"]


def test_one_hot_of_a_virtual_tensor_keeps_its_values() -> None:
    # MoE routers (mixtral, olmoe, qwen2_moe, qwen3_moe) under nn.DataParallel:
    # one_hot(selected_experts).sum(...).nonzero() raised DataNeededError
    with torchplace.virtual_gpus(2):
        experts = torch.tensor([[0, 2], [1, 2]], device="cuda:1")
        mask = torch.nn.functional.one_hot(experts, num_classes=3)
        assert (mask.device, mask.dtype) == (torch.device("cuda:1"), torch.long)
        assert mask.sum(dim=(0, 1)).tolist() == [1, 1, 2]
        assert torch.greater(mask.sum(dim=(0, 1)), 0).nonzero().flatten().tolist() == [0, 1, 2]
