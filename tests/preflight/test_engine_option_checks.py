"""draft-model-placement, hf-loading-options-with-vllm and unrecognised-arguments."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from torchplace.preflight.checks import Status
from torchplace.preflight.errors import PreflightInputError

from .helpers import only, preflight


def _spec(config: dict[str, object]) -> list[str]:
    return ["--speculative-config", json.dumps(config)]


def test_draft_tp_other_than_one_or_target_quotes_vllm() -> None:
    spec = {
        "model": "meta-llama/Llama-3.2-1B",
        "num_speculative_tokens": 5,
        "draft_tensor_parallel_size": 2,
    }
    result = preflight(["vllm", "serve", "meta-llama/Meta-Llama-3-70B", "-tp", "4", *_spec(spec)])
    verdict = only(result, "draft-model-placement")
    assert verdict.status is Status.FAIL
    assert verdict.upstream == (
        "speculative_draft_tensor_parallel_size=2 cannot be other value than 1 or target model "
        "tensor_parallel_size"
    )


def test_draft_tp_default_passes_and_one_only_for_draft_heads() -> None:
    for extra in ({"draft_tensor_parallel_size": 4}, {}):
        spec = {"model": "meta-llama/Llama-3.2-1B", "num_speculative_tokens": 5, **extra}
        result = preflight(["vllm", "serve", "m", "-tp", "4", *_spec(spec)])
        assert only(result, "draft-model-placement").status is Status.PASS
    eagle = {"model": "yuhuili/EAGLE-LLaMA3-Instruct-70B", "draft_tensor_parallel_size": 1}
    result = preflight(["vllm", "serve", "m", "-tp", "4", *_spec(eagle)])
    assert only(result, "draft-model-placement").status is Status.PASS


def test_separate_draft_model_with_tp_one_follows_vllm_033() -> None:
    # vLLM 0.33's DraftModelProposer: a separate draft model must use the target's TP.
    spec = {"model": "meta-llama/Llama-3.2-1B", "draft_tensor_parallel_size": 1}
    result = preflight(["vllm", "serve", "m", "-tp", "4", *_spec(spec)])
    verdict = only(result, "draft-model-placement")
    assert verdict.status is Status.FAIL
    assert verdict.upstream is not None
    assert "'draft_tensor_parallel_size' and 'tensor_parallel_size' must be the same" in (
        verdict.upstream
    )


def test_draft_on_another_gpu_is_rejected() -> None:
    # The Hugging Face habit: "put the draft model on GPU 1".
    spec = {"model": "meta-llama/Llama-3.2-1B", "num_speculative_tokens": 4, "device": "cuda:1"}
    verdict = only(preflight(["vllm", "serve", "m", *_spec(spec)]), "draft-model-placement")
    assert verdict.status is Status.FAIL
    # Checked against vLLM 0.33: SpeculativeConfig(model=..., device="cuda:1").
    assert verdict.upstream == (
        "1 validation error for SpeculativeConfig\ndevice\n  Unexpected keyword argument "
        "[type=unexpected_keyword_argument, input_value='cuda:1', input_type=str]"
    )
    assert "remove device" in verdict.fix


def test_speculative_tensor_parallel_size_key() -> None:
    spec = {"model": "d", "num_speculative_tokens": 4, "tensor_parallel_size": 1}
    verdict = only(
        preflight(["vllm", "serve", "m", "-tp", "2", *_spec(spec)]), "draft-model-placement"
    )
    assert "Please pass 'draft_tensor_parallel_size' instead." in verdict.upstream


def test_dotted_speculative_keys_are_merged() -> None:
    result = preflight(
        "vllm serve m -tp 8 --speculative-config.model d "
        "--speculative-config.num_speculative_tokens 3 "
        "--speculative-config.draft_tensor_parallel_size 4"
    )
    assert result.command.engine["speculative_config"] == {  # type: ignore[index]
        "model": "d",
        "num_speculative_tokens": 3,
        "draft_tensor_parallel_size": 4,
    }
    assert only(result, "draft-model-placement").status is Status.FAIL


def test_speculative_config_not_json_is_vllms_usage_error() -> None:
    # vLLM's parser converts --speculative-config with json.loads: argparse exits with status 2.
    with pytest.raises(PreflightInputError, match="speculative-config/-sc: invalid loads value"):
        preflight(["vllm", "serve", "m", "--speculative-config", "{model: d}"])


def test_device_map_flag_quotes_argparse() -> None:
    result = preflight("vllm serve meta-llama/Meta-Llama-3-70B --device-map auto -tp 4")
    verdict = only(result, "hf-loading-options-with-vllm")
    assert verdict.status is Status.FAIL
    assert verdict.upstream == "vllm serve: error: unrecognized arguments: --device-map auto"
    assert "--tensor-parallel-size" in verdict.fix


def test_other_hf_options_each_get_their_replacement() -> None:
    result = preflight(
        "vllm serve m --torch_dtype=bfloat16 --load-in-4bit --max_memory 70GiB --device cuda:1"
    )
    fixes = {
        v.result.observed: v.result.fix
        for v in result.verdicts
        if v.check.name == "hf-loading-options-with-vllm"
    }
    assert len(fixes) == 4
    joined = " ".join(fixes.values())
    assert "--dtype bfloat16" in joined
    assert "--quantization bitsandbytes" in joined
    assert "--gpu-memory-utilization" in joined
    assert "CUDA_VISIBLE_DEVICES=1" in joined
    device = only(preflight("vllm serve m --device cuda:1"), "hf-loading-options-with-vllm")
    assert device.upstream == (
        "vllm serve: error: ambiguous option: --device could match --device-ids, "
        "--device-memory-utilization"
    )


def test_device_map_hidden_in_hf_overrides_is_a_warning() -> None:
    result = preflight(["vllm", "serve", "m", "--hf-overrides", '{"device_map": "auto"}'])
    verdict = only(result, "hf-loading-options-with-vllm")
    assert verdict.status is Status.WARN
    assert "ignores this key" in verdict.reason


def test_device_map_in_llm_call_of_a_script(tmp_path: Path) -> None:
    script = tmp_path / "offline.py"
    script.write_text(
        textwrap.dedent(
            """
            from vllm import LLM

            llm = LLM(model="meta-llama/Meta-Llama-3-8B", device_map="auto")
            print(llm.generate("hello"))
            """
        )
    )
    result = preflight(["python", str(script)])
    verdict = only(result, "hf-loading-options-with-vllm")
    assert verdict.upstream == (
        "TypeError: EngineArgs.__init__() got an unexpected keyword argument 'device_map'"
    )
    assert f"{script}:4 LLM(device_map='auto')" == verdict.observed


def test_device_map_from_yaml_config_names_the_file(tmp_path: Path) -> None:
    config = tmp_path / "engine.yaml"
    config.write_text("model: meta-llama/Meta-Llama-3-8B\ndevice_map: auto\n")
    result = preflight(["vllm", "serve", "--config", str(config)])
    verdict = only(result, "hf-loading-options-with-vllm")
    assert f"(from {config})" in verdict.observed


def test_every_serve_flag_is_read_and_only_unknown_ones_are_kept() -> None:
    result = preflight("vllm serve m --port 8000 --served-model-name llama --device-map auto")
    verdict = only(result, "unrecognised-arguments")
    assert verdict.status is Status.PASS  # --device-map is reported by hf-loading-options
    assert result.command.engine is not None
    assert result.command.engine["served_model_name"] == ["llama"]
    assert result.command.engine["port"] == 8000
    assert result.command.passthrough == ["--device-map", "auto"]
