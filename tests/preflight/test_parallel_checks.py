"""parallel-size-exceeds-gpus, heads-not-divisible-by-tp and executor-backend-mismatch."""

from __future__ import annotations

from torchplace.preflight.checks import Status

from .helpers import only, preflight


def test_world_size_larger_than_node_quotes_vllm(model_dir) -> None:  # type: ignore[no-untyped-def]
    model = model_dir()
    result = preflight(
        f"vllm serve {model} --tensor-parallel-size 4 --pipeline-parallel-size 2", gpus=4
    )
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.FAIL
    assert "needs 8 GPU(s) on this node; 4 visible" in verdict.observed
    assert verdict.upstream.startswith(
        "World size (8) is larger than the number of available GPUs (4) in this node."
    )
    assert result.failed


def test_cuda_visible_devices_shrinks_the_node(model_dir) -> None:  # type: ignore[no-untyped-def]
    result = preflight(
        f"vllm serve {model_dir()} -tp 4", gpus=8, env={"CUDA_VISIBLE_DEVICES": "0,1"}
    )
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.FAIL
    assert "(CUDA_VISIBLE_DEVICES=0,1)" in verdict.observed
    assert "--tensor-parallel-size 2" in verdict.fix  # largest TP that fits and divides 16 heads


def test_fits_and_reports_idle_gpus() -> None:
    result = preflight("vllm serve meta-llama/Meta-Llama-3-8B -tp 2", gpus=8)
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.PASS
    assert "6 visible GPU(s) stay idle" in verdict.observed


def test_explicit_mp_backend_fails_in_the_worker() -> None:
    result = preflight("vllm serve m -tp 8 --distributed-executor-backend mp", gpus=4)
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.FAIL
    assert verdict.upstream == "DP adjusted local rank 4 is out of bounds for 4 devices."


def test_data_parallel_counts_towards_the_node() -> None:
    result = preflight("vllm serve m -tp 2 --data-parallel-size 4", gpus=4)
    assert only(result, "parallel-size-exceeds-gpus").status is Status.FAIL
    ok = preflight("vllm serve m -tp 2 -dp 4 --data-parallel-size-local 2", gpus=4)
    assert only(ok, "parallel-size-exceeds-gpus").status is Status.PASS


def test_multi_node_splits_the_world_per_node() -> None:
    result = preflight(
        "vllm serve m -tp 8 -pp 2 --nnodes 2 --node-rank 0 --master-addr 10.0.0.1", gpus=8
    )
    assert only(result, "parallel-size-exceeds-gpus").status is Status.PASS
    uneven = preflight("vllm serve m -tp 3 --nnodes 2 --master-addr 10.0.0.1", gpus=8)
    assert only(uneven, "parallel-size-exceeds-gpus").status is Status.FAIL


def test_no_gpu_facts_skips() -> None:
    result = preflight("vllm serve m -tp 4", gpus=None)
    verdict = only(result, "parallel-size-exceeds-gpus")
    assert verdict.status is Status.SKIP
    assert "--gpus N" in verdict.observed
    assert not result.failed


def test_attention_heads_not_divisible_quotes_vllm() -> None:
    result = preflight("vllm serve meta-llama/Meta-Llama-3-70B -tp 3", model_config="llama-3-70b")
    verdict = only(result, "heads-not-divisible-by-tp")
    assert verdict.status is Status.FAIL
    assert verdict.upstream == (
        "Total number of attention heads (64) must be divisible by tensor parallel size (3)."
    )
    assert "[1, 2, 4, 8, 16]" in verdict.fix


def test_kv_heads_not_divisible(model_dir) -> None:  # type: ignore[no-untyped-def]
    # 12 attention heads divide by 6, but 4 KV heads can be neither split nor replicated over 6.
    model = model_dir(num_attention_heads=12, num_key_value_heads=4, hidden_size=768)
    verdict = only(preflight(f"vllm serve {model} -tp 6"), "heads-not-divisible-by-tp")
    assert verdict.status is Status.FAIL
    assert verdict.upstream == "AssertionError: 6 is not divisible by 4"


def test_kv_heads_replicated_is_a_warning() -> None:
    result = preflight("vllm serve Qwen/Qwen2.5-7B -tp 7", model_config="qwen2.5-7b")
    verdict = only(result, "heads-not-divisible-by-tp")
    # 28 heads / 7 is fine; 4 KV heads replicated over 7 is not a whole number.
    assert verdict.status is Status.FAIL
    replicated = preflight("vllm serve Qwen/Qwen2.5-7B -tp 4", model_config="qwen2.5-7b")
    assert only(replicated, "heads-not-divisible-by-tp").status is Status.PASS
    llama = preflight("vllm serve x -tp 16", model_config="llama-3-70b", gpus=16)
    assert only(llama, "heads-not-divisible-by-tp").status is Status.WARN


def test_heads_read_from_local_model_directory(model_dir) -> None:  # type: ignore[no-untyped-def]
    model = model_dir(num_attention_heads=20, num_key_value_heads=20, hidden_size=1280)
    result = preflight(f"vllm serve {model} --tensor-parallel-size=8")
    assert only(result, "heads-not-divisible-by-tp").status is Status.FAIL
    assert str(model) in result.model.source  # type: ignore[union-attr]


def test_heads_unknown_for_hub_model_skips() -> None:
    verdict = only(
        preflight("vllm serve meta-llama/Meta-Llama-3-8B -tp 3"), "heads-not-divisible-by-tp"
    )
    assert verdict.status is Status.SKIP
    assert "--model-config" in verdict.observed


def test_ray_with_nnodes_quotes_vllm() -> None:
    result = preflight("vllm serve m -tp 8 --distributed-executor-backend ray --nnodes 2")
    verdicts = [v.result for v in result.verdicts if v.check.name == "executor-backend-mismatch"]
    assert any(
        v.upstream == "nnodes > 1 can only be set when distributed executor backend is mp, uni or "
        "external_launcher."
        for v in verdicts
    )


def test_multi_node_mp_without_master_addr_warns() -> None:
    result = preflight("vllm serve m -tp 8 -pp 2 --nnodes 2 --node-rank 1")
    verdict = only(result, "executor-backend-mismatch")
    assert verdict.status is Status.WARN
    assert "--master-addr HEAD_NODE_IP" in verdict.fix


def test_node_rank_out_of_range() -> None:
    result = preflight("vllm serve m -tp 8 --nnodes 2 --node-rank 2 --master-addr 10.0.0.1")
    assert only(result, "executor-backend-mismatch").status is Status.FAIL


def test_external_launcher_outside_torchrun() -> None:
    result = preflight("vllm serve m --distributed-executor-backend external_launcher")
    verdict = only(result, "executor-backend-mismatch")
    assert verdict.upstream == "KeyError: 'RANK'"
    under_torchrun = preflight(
        "vllm serve m --distributed-executor-backend external_launcher", env={"RANK": "0"}
    )
    assert only(under_torchrun, "executor-backend-mismatch").status is Status.PASS


def test_uni_backend_with_several_workers_and_unknown_backend() -> None:
    uni = preflight("vllm serve m -tp 2 --distributed-executor-backend uni")
    assert only(uni, "executor-backend-mismatch").status is Status.FAIL
    typo = preflight("vllm serve m -tp 2 --distributed-executor-backend multiprocessing")
    assert "Unrecognized distributed executor backend multiprocessing" in (
        only(typo, "executor-backend-mismatch").upstream
    )


def test_default_backend_passes() -> None:
    result = preflight("vllm serve m -tp 2")
    assert only(result, "executor-backend-mismatch").observed == "backend mp (default), 1 node(s)"
