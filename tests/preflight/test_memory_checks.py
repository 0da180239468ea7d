"""weights-exceed-gpu-memory and max-model-len-exceeds-config."""

from __future__ import annotations

import pytest

from torchplace.preflight.checks import Status

from .helpers import machine, only, preflight

GIB = 1024**3


def test_70b_on_one_h200_does_not_fit() -> None:
    result = preflight("vllm serve meta-llama/Meta-Llama-3-70B", model_config="llama-3-70b")
    verdict = only(result, "weights-exceed-gpu-memory")
    assert verdict.status is Status.FAIL
    assert "weights 131.4 GiB/GPU" in verdict.observed
    assert verdict.upstream.startswith("No available memory for the cache blocks.")


def test_70b_over_two_h200_fits() -> None:
    result = preflight("vllm serve meta-llama/Meta-Llama-3-70B -tp 2", model_config="llama-3-70b")
    verdict = only(result, "weights-exceed-gpu-memory")
    assert verdict.status is Status.PASS
    assert "weights 65.7 GiB/GPU" in verdict.observed


def test_weights_larger_than_the_gpu() -> None:
    result = preflight(
        "vllm serve m --dtype float32",
        model_config="llama-3-70b",
        gpus=8,
        gpu_memory=80 * 10**9,
    )
    verdict = only(result, "weights-exceed-gpu-memory")
    assert verdict.reason == "the weights alone are larger than the GPU"


def test_planning_memory_override_changes_the_verdict() -> None:
    small = preflight("vllm serve m -tp 2", model_config="llama-3-70b", gpu_memory=80 * 10**9)
    assert only(small, "weights-exceed-gpu-memory").status is Status.FAIL
    big = preflight("vllm serve m -tp 2", model_config="llama-3-70b", gpu_memory=141 * GIB)
    assert only(big, "weights-exceed-gpu-memory").status is Status.PASS


def test_low_utilisation_leaves_no_room_for_one_request() -> None:
    result = preflight(
        "vllm serve m --gpu-memory-utilization 0.2", model_config="llama-3-8b", gpus=1
    )
    verdict = only(result, "weights-exceed-gpu-memory")
    assert verdict.status is Status.FAIL
    assert verdict.upstream.startswith(
        "To serve at least one request with the model's max seq len (131072)"
    )
    shorter = preflight(
        "vllm serve m --gpu-memory-utilization 0.2 --max-model-len 8k",
        model_config="llama-3-8b",
        gpus=1,
    )
    assert only(shorter, "weights-exceed-gpu-memory").status is Status.PASS


def test_quantisation_and_offload_shrink_the_weights() -> None:
    base = dict(model_config="llama-3-70b", gpus=1)
    assert (
        only(preflight("vllm serve m", **base), "weights-exceed-gpu-memory").status is Status.FAIL
    )
    fp8 = preflight("vllm serve m --quantization fp8 --max-model-len 32768", **base)
    assert only(fp8, "weights-exceed-gpu-memory").status is Status.PASS
    awq = preflight("vllm serve m -q awq --max-model-len 32768", **base)
    assert "awq: 0.52 B/param quantised" in only(awq, "weights-exceed-gpu-memory").observed
    offload = preflight("vllm serve m --cpu-offload-gb 80 --max-model-len 32768", **base)
    assert only(offload, "weights-exceed-gpu-memory").status is Status.PASS


@pytest.mark.parametrize("value", ["1.5", "0"])
def test_utilisation_out_of_range(value: str) -> None:
    result = preflight(f"vllm serve m --gpu-memory-utilization {value}", model_config="llama-3-8b")
    assert only(result, "weights-exceed-gpu-memory").status is Status.FAIL


def test_memory_unknown_skips() -> None:
    result = preflight("vllm serve m", model_config="llama-3-8b", gpus=None)
    assert only(result, "weights-exceed-gpu-memory").status is Status.SKIP


def test_mixtral_counts_every_expert() -> None:
    result = preflight("vllm serve m -tp 2", model_config="mixtral-8x7b", gpus=machine(2))
    assert "46.7B params" in only(result, "weights-exceed-gpu-memory").observed


def test_max_model_len_over_config_quotes_vllm() -> None:
    result = preflight(
        "vllm serve Qwen/Qwen2.5-7B --max-model-len 65536", model_config="qwen2.5-7b"
    )
    verdict = only(result, "max-model-len-exceeds-config")
    assert verdict.status is Status.FAIL
    assert verdict.upstream.startswith(
        "User-specified max_model_len (65536) is greater than the derived max_model_len "
        "(max_position_embeddings=32768 or model_max_length=None in model's config.json)."
    )
    assert "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1" in verdict.upstream


def test_max_model_len_allowed_by_env_is_a_warning() -> None:
    result = preflight(
        "vllm serve m --max-model-len 64k",
        model_config="qwen2.5-7b",
        env={"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "1"},
    )
    assert only(result, "max-model-len-exceeds-config").status is Status.WARN


def test_max_model_len_within_config_and_auto() -> None:
    ok = preflight("vllm serve m --max-model-len 131072", model_config="llama-3-8b")
    assert only(ok, "max-model-len-exceeds-config").status is Status.PASS
    auto = preflight("vllm serve m --max-model-len -1", model_config="llama-3-8b")
    assert "auto-fit" in only(auto, "max-model-len-exceeds-config").observed


def test_max_model_len_of_llava_comes_from_text_config() -> None:
    result = preflight(
        "vllm serve llava-hf/llava-1.5-7b-hf --max-model-len 8192", model_config="llava-1.5-7b"
    )
    verdict = only(result, "max-model-len-exceeds-config")
    assert verdict.status is Status.FAIL
    assert "> 4096" in verdict.observed


def test_rope_factor_scales_the_derived_length(model_dir) -> None:  # type: ignore[no-untyped-def]
    model = model_dir(
        max_position_embeddings=4096, rope_scaling={"rope_type": "linear", "factor": 4.0}
    )
    ok = preflight(f"vllm serve {model} --max-model-len 16384")
    assert only(ok, "max-model-len-exceeds-config").status is Status.PASS


def test_max_model_len_zero_is_rejected() -> None:
    result = preflight("vllm serve m --max-model-len 0", model_config="llama-3-8b")
    assert only(result, "max-model-len-exceeds-config").status is Status.FAIL
