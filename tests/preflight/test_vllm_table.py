"""The `vllm serve` table generated from vLLM's source: untouched since generation, complete,
and parsed with argparse's own rules (every argument of the table is read, in every spelling)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.preflight import vllm_args, vllm_table
from torchplace.preflight.errors import PreflightInputError

ROOT = Path(__file__).resolve().parents[2]
TABLE = vllm_table.load()
ARGUMENTS = TABLE["arguments"]
SAMPLE_VALUES = {
    "int": "3",
    "float": "0.5",
    "str": "text",
    "json": '{"a": 1}',
    "dict_or_str": '{"a": 1}',
    "human_int": "2k",
    "human_int_or_auto": "auto",
    "device_ids": "0,1",
    "str_lower": "Some-Value",
}
# Sizes validated as >= 1 / >= 0 by preflight (vLLM divides by them).
VALIDATED = set(vllm_args.POSITIVE) | set(vllm_args.NON_NEGATIVE)


def test_table_checksum_matches_its_arguments() -> None:
    text = json.dumps(ARGUMENTS, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(text.encode()).hexdigest() == TABLE["arguments_sha256"]
    assert TABLE["generator"] == "scripts/gen_vllm_args.py"


def test_table_holds_the_flags_of_vllm_serve() -> None:
    names = {n for a in ARGUMENTS for n in a["names"]}
    # Flags from vLLM 0.33's docs and recipes, with the aliases argparse registers.
    documented = {
        "--tensor-parallel-size", "-tp", "--pipeline-parallel-size", "-pp",
        "--data-parallel-size", "-dp", "--data-parallel-size-local", "-dpl",
        "--data-parallel-rank", "--data-parallel-start-rank", "--data-parallel-address",
        "--data-parallel-rpc-port", "--data-parallel-backend", "--data-parallel-hybrid-lb",
        "--data-parallel-external-lb", "--enable-expert-parallel", "--enable-eplb",
        "--all2all-backend", "--spec-model", "--spec-method", "--spec-tokens",
        "--speculative-config", "-sc", "--hf-overrides", "--block-size", "--max-num-seqs",
        "--max-num-batched-tokens", "--kv-offloading-size", "--kv-offloading-backend",
        "--cpu-offload-gb", "--gpu-memory-utilization", "--max-model-len", "--kv-cache-dtype",
        "--compilation-config", "-cc", "--optimization-level", "--enforce-eager",
        "--no-enforce-eager", "--enable-prefix-caching", "--no-enable-prefix-caching",
        "--disable-log-requests", "--host", "--port", "--served-model-name", "--headless",
        "--api-server-count", "--config", "--nnodes", "--node-rank", "--master-addr",
        "--distributed-executor-backend", "--trust-remote-code", "--quantization", "-q",
        "--tool-call-parser", "--reasoning-parser", "--async-scheduling",
        "--decode-context-parallel-size", "-dcp",
    }  # fmt: skip
    assert documented - names == set()
    assert len(ARGUMENTS) >= 300
    assert "--swap-space" not in names  # removed from vllm serve before 0.33


def _spelling(argument: dict[str, object]) -> list[str]:
    kind = str(argument.get("type") or "str")
    value = SAMPLE_VALUES[kind]
    choices = argument.get("choices")
    if isinstance(choices, list) and choices:
        value = str(next(c for c in choices if c is not None))
    if argument["dest"] in VALIDATED:
        value = "1"
    nargs = argument.get("nargs")
    if argument["action"] in ("boolean_optional", "store_true"):
        return []
    if isinstance(nargs, int):
        return [value] * nargs
    return [value]


@pytest.mark.parametrize("argument", ARGUMENTS, ids=lambda a: a["names"][0])
def test_every_argument_parses_in_every_spelling(argument: dict[str, object]) -> None:
    names = argument["names"]
    assert isinstance(names, list)
    if names[0] == "model_tag":
        assert vllm_args.parse_builtin(["my/model"])["model"] == "my/model"
        return
    values = _spelling(argument)
    for name in names:
        parsed = vllm_args.parse_builtin(["my/model", name, *values])
        assert parsed.passthrough == [], (name, parsed.passthrough)
        assert argument["dest"] in parsed.given
        assert parsed["model"] == "my/model"
        if name.startswith("--") and values and argument.get("nargs") is None:
            inline = vllm_args.parse_builtin(["my/model", f"{name}={values[0]}"])
            assert inline.values[str(argument["dest"])] == parsed.values[str(argument["dest"])]


def test_switch_spellings_set_true_and_false() -> None:
    assert vllm_args.parse_builtin(["m", "--enforce-eager"])["enforce_eager"] is True
    assert vllm_args.parse_builtin(["m", "--no-enforce-eager"])["enforce_eager"] is False
    assert vllm_args.parse_builtin(["m", "-ep"])["enable_expert_parallel"] is True
    assert (
        vllm_args.parse_builtin(["m", "--disable-expert-parallel"])["enable_expert_parallel"]
        is False
    )
    assert (
        vllm_args.parse_builtin(["m", "--enable-sliding-window"])["disable_sliding_window"] is False
    )


def test_argparse_rules_prefixes_underscores_auto_and_O() -> None:
    parsed = vllm_args.parse_builtin(
        ["--tensor-parallel", "4", "m", "--max_model_len=auto", "-O3", "--gpu-memory-util", "0.8"]
    )
    assert (parsed.tp, parsed.max_model_len, parsed["gpu_memory_utilization"]) == (4, -1, 0.8)
    assert parsed["optimization_level"] == "3"
    assert parsed["model"] == "m"
    dotted = vllm_args.parse_builtin(
        ["m", "--speculative-config.model", "d", "--speculative-config.num_speculative_tokens=3"]
    )
    assert dotted["speculative_config"] == {"model": "d", "num_speculative_tokens": 3}
    # Short options take dotted keys too (`-cc.pass_config.x=True`), as vLLM's parser does.
    short = vllm_args.parse_builtin(["m", "-cc.pass_config.fuse_rope_kvcache=True", "-O", "3"])
    assert short.passthrough == []
    assert short["compilation_config"] == {"pass_config": {"fuse_rope_kvcache": "True"}}
    assert short["optimization_level"] == "3"


def test_unknown_boolean_before_the_model_keeps_the_model() -> None:
    parsed = vllm_args.parse_builtin(["--enable-magic", "my/model", "-tp", "2"])
    assert parsed["model"] == "my/model"
    assert parsed.passthrough == ["--enable-magic"]


def test_ambiguous_prefix_is_not_guessed() -> None:
    parsed = vllm_args.parse_builtin(["m", "--max", "4"])
    assert parsed.passthrough[0] == "--max"
    assert parsed.ambiguous and "--max could match" in parsed.ambiguous[0]


@pytest.mark.parametrize(
    "args",
    [["m", "-tp", "0"], ["m", "-tp", "-1"], ["m", "-tp", "-8", "-pp", "-1"], ["m", "-dp", "0"],
     ["m", "--nnodes", "0"], ["m", "--node-rank", "-1"]],
)  # fmt: skip
def test_sizes_below_one_are_usage_errors(args: list[str]) -> None:
    with pytest.raises(PreflightInputError, match="is not allowed; it must be a whole number"):
        vllm_args.parse_builtin(args)


def test_spec_flags_build_the_speculative_config() -> None:
    parsed = vllm_args.parse_builtin(["m", "--spec-model", "d", "--spec-tokens", "4"])
    assert parsed["speculative_config"] == {"model": "d", "num_speculative_tokens": 4}


@pytest.mark.slow
def test_generator_reproduces_the_table_when_the_wheel_is_here() -> None:
    wheels = sorted((ROOT / ".corpus").glob(f"vllm-{vllm_table.DEFAULT_VERSION}-*.whl"))
    if not wheels:
        pytest.skip("vLLM wheel not downloaded (pip download vllm==0.33.0 --no-deps -d .corpus/)")
    table = ROOT / "src/torchplace/data/vllm_args" / f"{vllm_table.DEFAULT_VERSION}.json"
    script = ROOT / "scripts/gen_vllm_args.py"
    run = subprocess.run(
        [sys.executable, str(script), str(wheels[0]), "--check", str(table)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
