"""Defects found running the GPU-gated tests of transformers' model files on virtual GPUs."""

from __future__ import annotations

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
