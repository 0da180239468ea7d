"""Recognising launchers, the built-in vLLM table, `--config` YAML, and vLLM's own parser."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from torchplace.preflight import PreflightInputError
from torchplace.preflight.command import parse
from torchplace.preflight.vllm_args import BUILTIN_PARSER, TABLE_PARSER, VLLM_PARSER, vllm_available


def _parse(line: str | list[str], **kw):  # type: ignore[no-untyped-def]
    argv = line.split() if isinstance(line, str) else line
    return parse(argv, {}, use_vllm_parser=kw.pop("use_vllm_parser", False))


@pytest.mark.parametrize(
    "line",
    [
        "vllm serve meta-llama/Meta-Llama-3-8B -tp 2",
        "python -m vllm.entrypoints.openai.api_server --model meta-llama/Meta-Llama-3-8B -tp 2",
        "python3 -m vllm.entrypoints.cli.main serve meta-llama/Meta-Llama-3-8B -tp 2",
        "/usr/bin/vllm serve --model meta-llama/Meta-Llama-3-8B --tensor_parallel_size=2",
        "env VLLM_LOGGING_LEVEL=DEBUG vllm serve meta-llama/Meta-Llama-3-8B -tp 2",
    ],
)
def test_vllm_command_shapes(line: str) -> None:
    command = _parse(line)
    assert command.kind == "vllm"
    assert command.engine["model"] == "meta-llama/Meta-Llama-3-8B"
    assert command.engine.tp == 2
    assert command.parser == BUILTIN_PARSER


def test_builtin_table_reads_aliases_equals_and_negation() -> None:
    engine = _parse(
        "vllm serve m -pp=2 --data_parallel_size 2 --gpu-memory-utilization=0.85 "
        "--max-model-len 32k -ep --no-enable-expert-parallel --device-ids 0,1,GPU-ab"
    ).engine
    assert engine.pp == 2
    assert engine["data_parallel_size"] == 2
    assert engine["gpu_memory_utilization"] == 0.85
    assert engine.max_model_len == 32000
    assert engine["enable_expert_parallel"] is False
    assert engine["device_ids"] == [0, 1, "GPU-ab"]
    assert {"pipeline_parallel_size", "data_parallel_size"} <= engine.given


def test_bad_value_is_input_error() -> None:
    with pytest.raises(
        PreflightInputError, match=r"--tensor-parallel-size/-tp: invalid int value: 'four'"
    ):
        _parse("vllm serve m --tensor-parallel-size four")
    with pytest.raises(PreflightInputError, match="expected one argument"):
        _parse("vllm serve m -tp")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("accelerate launch train.py", "unknown launcher 'accelerate'"),
        ("vllm bench throughput", "preflight reads `vllm serve ...`"),
        ("python -m mypkg.serve", "unknown launcher `python -m mypkg.serve`"),
        ("CUDA_VISIBLE_DEVICES=0", "only environment assignments"),
        ("torchrun --nproc-per-node 2", "no script to launch"),
    ],
)
def test_unreadable_commands(line: str, message: str) -> None:
    with pytest.raises(PreflightInputError, match=message):
        _parse(line)


def test_yaml_config_spliced_like_vllm(tmp_path: Path) -> None:
    config = tmp_path / "engine.yaml"
    config.write_text(
        "model: meta-llama/Meta-Llama-3-70B\n"
        "tensor-parallel-size: 8\n"
        "enable-expert-parallel: false\n"
        "speculative-config:\n  model: meta-llama/Llama-3.2-1B\n  num_speculative_tokens: 4\n"
    )
    command = _parse(["vllm", "serve", "--config", str(config), "-tp", "4"])
    assert command.config_file == str(config)
    assert command.engine["model"] == "meta-llama/Meta-Llama-3-70B"
    assert command.engine.tp == 4  # the command line wins over the file
    assert command.engine["speculative_config"]["num_speculative_tokens"] == 4
    positional = _parse(["vllm", "serve", "other/model", f"--config={config}"])
    assert positional.engine["model"] == "other/model"  # a positional model stays first


@pytest.mark.parametrize(
    ("text", "name", "message"),
    [
        ("tensor-parallel-size: [4\n", "engine.yaml", "is not valid YAML"),
        ("- 1\n- 2\n", "engine.yaml", "must hold a mapping of vLLM options"),
        ("tp: 2\n", "engine.json", "Config file must be of a yaml/yml type. json supplied"),
    ],
)
def test_bad_yaml_configs(tmp_path: Path, text: str, name: str, message: str) -> None:
    config = tmp_path / name
    config.write_text(text)
    with pytest.raises(PreflightInputError, match=message):
        _parse(["vllm", "serve", "m", "--config", str(config)])


def test_missing_yaml_file_and_missing_path(tmp_path: Path) -> None:
    with pytest.raises(PreflightInputError, match="does not exist"):
        _parse(["vllm", "serve", "m", "--config", str(tmp_path / "nope.yaml")])
    with pytest.raises(PreflightInputError, match="No config file specified!"):
        _parse(["vllm", "serve", "m", "--config"])


def test_yaml_without_pyyaml_asks_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "engine.yaml"
    config.write_text("tensor-parallel-size: 2\n")
    monkeypatch.setitem(sys.modules, "yaml", None)  # makes `import yaml` raise ImportError
    with pytest.raises(PreflightInputError, match="pip install pyyaml"):
        _parse(["vllm", "serve", "m", "--config", str(config)])


def test_auto_parser_uses_builtin_without_vllm() -> None:
    if vllm_available():
        pytest.skip("vLLM is installed here")
    command = parse(["vllm", "serve", "m"], {}, use_vllm_parser=None)
    assert command.parser == BUILTIN_PARSER


needs_vllm = pytest.mark.skipif(not vllm_available(), reason="vLLM is not importable here")


@pytest.fixture
def vllm_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    # vLLM's parser needs a platform; on a machine without GPUs tell it to use the CPU one.
    if not Path("/dev/nvidia0").exists():
        monkeypatch.setenv("VLLM_TARGET_DEVICE", "cpu")


@needs_vllm
@pytest.mark.slow
def test_vllm_parser_reads_the_same_values(vllm_platform: None, tmp_path: Path) -> None:
    config = tmp_path / "engine.yaml"
    config.write_text(
        "max-model-len: 8192\nspeculative-config:\n  model: d\n  num_speculative_tokens: 3\n"
    )
    line = [
        "vllm",
        "serve",
        "m",
        "-tp",
        "4",
        "--device-map",
        "auto",
        "--port",
        "8000",
        "--device_ids",
        "0,1,2,3",
        "--config",
        str(config),
    ]
    ours = _parse(line)
    theirs = _parse(line, use_vllm_parser=True)
    assert theirs.parser == VLLM_PARSER
    for dest in (
        "model",
        "tensor_parallel_size",
        "max_model_len",
        "device_ids",
        "speculative_config",
    ):
        assert theirs.engine[dest] == ours.engine[dest] or str(theirs.engine[dest]) == str(
            ours.engine[dest]
        ), dest
    assert theirs.engine.passthrough == ["--device-map", "auto"]  # --port is a vLLM flag
    assert "--port" in ours.engine.passthrough  # the table does not know it; kept untouched


@needs_vllm
@pytest.mark.slow
def test_vllm_parser_errors_are_input_errors(vllm_platform: None) -> None:
    with pytest.raises(PreflightInputError, match="invalid int value"):
        _parse("vllm serve m -tp four", use_vllm_parser=True)


def test_unusable_vllm_falls_back_to_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # An installed vLLM that cannot build its parser here (no platform, a missing dependency).
    from torchplace.preflight import vllm_args

    def broken(args: list[str], prog: str) -> None:
        raise RuntimeError("Failed to infer device type, please set ...")

    monkeypatch.setattr(vllm_args, "parse_with_vllm", broken)
    monkeypatch.setattr(vllm_args, "vllm_available", lambda: True)
    fallback = parse(["vllm", "serve", "m", "-tp", "2"], {}, use_vllm_parser=None)
    assert fallback.parser.startswith(f"{TABLE_PARSER} (vLLM's parser failed to load: RuntimeError")
    assert fallback.engine is not None and fallback.engine.tp == 2
    with pytest.raises(PreflightInputError, match="--parser vllm: vLLM's parser failed to load"):
        parse(["vllm", "serve", "m"], {}, use_vllm_parser=True)
