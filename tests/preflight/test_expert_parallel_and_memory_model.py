"""expert-parallel-layout, the memory model under EP / MLA / MoE layouts / quantisation, and the
machine facts (no GPU here, ROCm visibility variables, planning for another node)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from torchplace.preflight.checks import Status
from torchplace.preflight.machine import Gpu, MachineFacts
from torchplace.preflight.memory_model import Engine, Layout, estimate, shape_of
from torchplace.preflight.runner import Options, run_preflight

from .helpers import H200, only, preflight

GIB = 1024**3
# DeepSeek-V3's published config.json (numbers only).
DEEPSEEK_V3: dict[str, Any] = {
    "model_type": "deepseek_v3",
    "hidden_size": 7168,
    "intermediate_size": 18432,
    "moe_intermediate_size": 2048,
    "num_hidden_layers": 61,
    "num_attention_heads": 128,
    "num_key_value_heads": 128,
    "n_routed_experts": 256,
    "n_shared_experts": 1,
    "first_k_dense_replace": 3,
    "q_lora_rank": 1536,
    "kv_lora_rank": 512,
    "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
    "vocab_size": 129280,
    "max_position_embeddings": 163840,
    "torch_dtype": "bfloat16",
    "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]},
}
LLAMA4_TEXT = {
    "model_type": "llama4_text",
    "hidden_size": 5120,
    "intermediate_size": 8192,
    "intermediate_size_mlp": 16384,
    "num_hidden_layers": 48,
    "num_attention_heads": 40,
    "num_key_value_heads": 8,
    "head_dim": 128,
    "vocab_size": 202048,
    "num_local_experts": 128,
    "interleave_moe_layer_step": 2,
}


def test_deepseek_v3_parameters_and_mla_kv_cache() -> None:
    shape = shape_of(DEEPSEEK_V3)
    assert shape is not None
    assert shape.total / 1e9 == pytest.approx(671, rel=0.01)  # DeepSeek's published 671B
    found = estimate(DEEPSEEK_V3, Engine(Layout(tp=8)), H200)
    assert found is not None
    # MLA: one 576-wide latent per layer per token, on every TP rank (not 128 heads x 2 x 192).
    assert found.kv_per_token == 61 * 576 * 2
    assert found.kv_for(163840) / GIB == pytest.approx(10.7, rel=0.01)


def test_expert_parallel_spreads_experts_over_tp_times_dp() -> None:
    tp8 = estimate(DEEPSEEK_V3, Engine(Layout(tp=8)), H200)
    dp8 = estimate(DEEPSEEK_V3, Engine(Layout(tp=1, dp=8, expert_parallel=True)), H200)
    dp8_no_ep = estimate(DEEPSEEK_V3, Engine(Layout(tp=1, dp=8)), H200)
    assert tp8 is not None and dp8 is not None and dp8_no_ep is not None
    assert tp8.weights / GIB == pytest.approx(81, rel=0.05)
    # DP without EP replicates the whole model on every GPU: 671 GB does not fit one H200.
    assert dp8_no_ep.weights > 600 * 10**9
    # DP 8 with EP: 32 experts per GPU, dense parts (attention, 3 dense layers) replicated.
    assert tp8.weights < dp8.weights < 1.3 * tp8.weights


def test_interleaved_moe_layers_llama4_maverick_is_about_400b() -> None:
    shape = shape_of({"text_config": LLAMA4_TEXT, "model_type": "llama4"})
    assert shape is not None
    assert shape.moe_layers == 24
    assert shape.total / 1e9 == pytest.approx(400, rel=0.03)


def test_nvfp4_and_mxfp4_widths() -> None:
    nvfp4 = dict(
        DEEPSEEK_V3, quantization_config={"quant_method": "modelopt", "quant_algo": "NVFP4"}
    )
    fp8 = estimate(DEEPSEEK_V3, Engine(Layout(tp=4)), H200)
    fp4 = estimate(nvfp4, Engine(Layout(tp=4)), H200)
    assert fp8 is not None and fp4 is not None
    assert fp4.weights / fp8.weights == pytest.approx(0.5625 + 0.02, abs=0.03)
    oss = {
        "model_type": "gpt_oss",
        "hidden_size": 2880,
        "intermediate_size": 2880,
        "num_hidden_layers": 36,
        "num_attention_heads": 64,
        "num_key_value_heads": 8,
        "head_dim": 64,
        "vocab_size": 201088,
        "num_local_experts": 128,
        "sliding_window": 128,
        "layer_types": ["sliding_attention", "full_attention"] * 18,
        "quantization_config": {"quant_method": "mxfp4"},
    }
    found = estimate(oss, Engine(Layout(tp=1)), H200)
    assert found is not None
    assert found.parameters / 1e9 == pytest.approx(116.8, rel=0.02)
    # Experts MXFP4 (padded to the kernel's tiles), the rest bf16; vLLM logs 65.97 GiB on an
    # H100 (vllm-project/vllm#23278).
    assert found.weights / GIB == pytest.approx(65.97, rel=0.03)
    # 18 sliding layers hold at most 128 tokens; 18 full layers the whole request.
    assert found.kv_for(131072) == pytest.approx(18 * 2 * 8 * 64 * 2 * (131072 + 128), rel=1e-6)


def test_405b_fp8_on_8_h100_warns_or_fails_with_numbers(model_dir: Callable[..., Path]) -> None:
    directory = model_dir(
        "llama-405b-fp8",
        hidden_size=16384,
        intermediate_size=53248,
        num_attention_heads=128,
        num_key_value_heads=8,
        num_hidden_layers=126,
        vocab_size=128256,
        max_position_embeddings=131072,
        quantization_config={"quant_method": "fbgemm_fp8"},
    )
    result = preflight(f"vllm serve {directory} -tp 8", gpu_memory=80 * 10**9)
    verdict = only(result, "weights-exceed-gpu-memory")
    assert "weights 47." in verdict.observed
    assert verdict.status is Status.PASS  # 47 GiB of 69 fits; an OOM needs more (see corpus)


def test_dense_model_with_expert_parallel_fails(model_dir: Callable[..., Path]) -> None:
    directory = model_dir()
    verdict = only(preflight(f"vllm serve {directory} -tp 2 -ep"), "expert-parallel-layout")
    assert verdict.status is Status.FAIL
    assert "Number of experts in the model must be greater than 0" in verdict.upstream


def test_experts_over_ep_ranks(model_dir: Callable[..., Path]) -> None:
    directory = model_dir(num_local_experts=6, num_attention_heads=16, num_key_value_heads=8)
    even = preflight(f"vllm serve {directory} -tp 2 -ep")
    assert only(even, "expert-parallel-layout").status is Status.PASS
    uneven = preflight(f"vllm serve {directory} -tp 4 -ep")
    assert only(uneven, "expert-parallel-layout").status is Status.WARN
    eplb = preflight(f"vllm serve {directory} -tp 4 -ep --enable-eplb")
    verdict = only(eplb, "expert-parallel-layout")
    assert verdict.status is Status.FAIL
    assert "Got 6 experts and 4 EP ranks" in verdict.upstream
    no_ep = preflight(f"vllm serve {directory} --enable-eplb")
    assert only(no_ep, "expert-parallel-layout").status is Status.FAIL


def test_hf_overrides_change_the_model_facts(model_dir: Callable[..., Path]) -> None:
    directory = model_dir(max_position_embeddings=8192)
    result = preflight(
        [
            "vllm", "serve", str(directory), "--max-model-len", "16384",
            "--hf-overrides", '{"max_position_embeddings": 32768}',
        ]
    )  # fmt: skip
    assert only(result, "max-model-len-exceeds-config").status is Status.PASS
    assert result.model is not None and "--hf-overrides" in result.model.source


def test_no_gpu_here_fails_unless_planning() -> None:
    here = MachineFacts((), "none", notes=("no GPU driver found on this machine (NVIDIA or AMD)",))
    result = preflight("vllm serve m -tp 8", gpus=here)
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.FAIL
    assert result.failed
    # Planning for another machine reads nothing of this one.
    planned = run_preflight(
        ["vllm", "serve", "m", "-tp", "8"],
        Options(gpus=8, gpu_memory=141 * GIB, use_vllm_parser=False),
        {},
    )
    assert only(planned, "parallel-size-exceeds-gpus").status is Status.PASS


def test_rocm_visibility_variables_are_read() -> None:
    facts = MachineFacts(tuple(Gpu(i, "AMD Instinct MI300X", 192 * GIB) for i in range(8)), "nvml")
    result = preflight("vllm serve m -tp 4", gpus=facts, env={"HIP_VISIBLE_DEVICES": "0,1"})
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.FAIL
    assert "2 visible" in verdict.observed
    both = preflight(
        "vllm serve m -tp 2",
        gpus=facts,
        env={"ROCR_VISIBLE_DEVICES": "4,5,6", "HIP_VISIBLE_DEVICES": "1,2"},
    )
    assert only(both, "parallel-size-exceeds-gpus").status is Status.PASS


def test_data_parallel_backend_is_mp_not_uni() -> None:
    result = preflight("vllm serve m -dp 4")
    assert "mp (default)" in only(result, "executor-backend-mismatch").observed


def test_no_ray_warning_when_planning_for_another_machine() -> None:
    planned = run_preflight(
        ["vllm", "serve", "m", "-tp", "8", "--distributed-executor-backend", "ray"],
        Options(gpus=8, gpu_memory=141 * GIB, use_vllm_parser=False),
        {},
    )
    statuses = {
        v.result.status for v in planned.verdicts if v.check.name == "executor-backend-mismatch"
    }
    assert statuses == {Status.PASS}


def test_external_load_balancing_rank_needs_only_its_own_gpus() -> None:
    result = preflight(
        "vllm serve m -dp 8 --data-parallel-rank 3 -tp 2", env={"CUDA_VISIBLE_DEVICES": "6,7"}
    )
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.PASS
    assert "data-parallel rank 3" in verdict.observed


def test_max_model_len_auto_is_fitted_not_checked(model_dir: Callable[..., Path]) -> None:
    directory = model_dir(max_position_embeddings=1_000_000)
    result = preflight(
        f"vllm serve {directory} --max-model-len auto --kv-cache-memory-bytes 8G", gpus=1
    )
    assert only(result, "max-model-len-exceeds-config").status is Status.PASS
    assert only(result, "weights-exceed-gpu-memory").status is Status.PASS
    assert result.command.engine is not None
    assert result.command.engine["kv_cache_memory_bytes"] == 8 * 1024**3  # vLLM: G = 2**30
