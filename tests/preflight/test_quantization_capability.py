"""quantization-unsupported-on-gpu: vLLM's minimum compute capability per quantisation method."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from torchplace.preflight.checks import Status
from torchplace.preflight.gpu_models import compute_capability

from .helpers import machine, only, preflight

V100 = 32768 * 1024**2
A100 = 81920 * 1024**2
FP8 = {"quant_method": "fp8", "weight_block_size": [128, 128]}


@pytest.mark.parametrize(
    ("name", "capability"),
    [
        ("Tesla V100-SXM2-32GB", 70),
        ("Tesla T4", 75),
        ("NVIDIA A100-SXM4-80GB", 80),
        ("NVIDIA A10G", 86),
        ("NVIDIA GeForce RTX 3090", 86),
        ("NVIDIA L40S", 89),
        ("NVIDIA L4", 89),
        ("NVIDIA H100 80GB HBM3", 90),
        ("NVIDIA H20", 90),
        ("NVIDIA H200", 90),
        ("NVIDIA B200", 100),
        ("AMD Instinct MI300X", None),
        ("Mystery GPU", None),
    ],
)
def test_compute_capability_from_the_gpu_name(name: str, capability: int | None) -> None:
    assert compute_capability(name) == capability


def test_fp8_checkpoint_on_v100_fails_and_on_a100_passes(model_dir: Callable[..., Path]) -> None:
    directory = model_dir("fp8", quantization_config=FP8)
    v100 = preflight(
        "vllm serve m", gpus=machine(1, "Tesla V100-SXM2-32GB", V100), model_config=str(directory)
    )
    verdict = only(v100, "quantization-unsupported-on-gpu")
    assert verdict.status is Status.FAIL
    assert verdict.upstream == (
        "The quantization method fp8 is not supported for the current GPU. Minimum "
        "capability: 75. Current capability: 70."
    )
    a100 = preflight(
        "vllm serve m", gpus=machine(1, "NVIDIA A100-SXM4-80GB", A100), model_config=str(directory)
    )
    assert only(a100, "quantization-unsupported-on-gpu").status is Status.PASS  # Marlin


def test_flag_and_modelopt_algorithms(model_dir: Callable[..., Path]) -> None:
    plain = model_dir("plain")
    t4 = machine(1, "Tesla T4", 16 * 1024**3)
    flag = preflight("vllm serve m --quantization fbgemm_fp8", gpus=t4, model_config=str(plain))
    assert only(flag, "quantization-unsupported-on-gpu").status is Status.FAIL
    nvfp4 = model_dir(
        "nvfp4", quantization_config={"quant_method": "modelopt", "quant_algo": "NVFP4"}
    )
    result = preflight("vllm serve m", gpus=t4, model_config=str(nvfp4))
    assert only(result, "quantization-unsupported-on-gpu").status is Status.PASS  # 7.5
    amd = machine(1, "AMD Instinct MI300X", 192 * 1024**3)
    skipped = preflight("vllm serve m -q fp8", gpus=amd, model_config=str(plain))
    assert only(skipped, "quantization-unsupported-on-gpu").status is Status.SKIP
