"""Hostile and unlucky input to `preflight` / `launch`: one clear line and exit 2 (or a verdict),
never a traceback, a hang or unbounded memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from torchplace.cli import main

SRC = Path(__file__).resolve().parents[2] / "src"
BOMB = "".join(
    f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9 if i else ['"lol"'] * 9) + "]\n"
    for i in range(9)
)


def _cli(args: list[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "torchplace", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


def _usage_error(run: subprocess.CompletedProcess[str], needle: str) -> None:
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert needle in run.stderr


def test_600_byte_alias_bomb_is_refused_at_once(tmp_path: Path) -> None:
    config = tmp_path / "engine.yaml"
    config.write_text(BOMB)
    assert config.stat().st_size < 700
    for verb in ("preflight", "launch"):
        started = time.perf_counter()
        run = _cli([verb, "--gpus", "8", "--gpu-memory", "80GiB", "--config", str(config)])
        _usage_error(run, "expands to more than 1000000 nodes")
        assert time.perf_counter() - started < 20


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (b"tensor-parallel-size: 2\nmodel: caf\xe9\n", "is not UTF-8"),
        (b"a:" + b" [" * 5000 + b"]" * 5000 + b"\n", "nested deeper than 64 levels"),
        (b"!!python/object/apply:os.system ['true']\n", "could not determine a constructor"),
    ],
)
def test_bad_yaml_configs_are_usage_errors(tmp_path: Path, text: bytes, needle: str) -> None:
    config = tmp_path / "engine.yaml"
    config.write_bytes(text)
    _usage_error(_cli(["preflight", "--config", str(config)]), needle)


def test_fifo_config_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "engine.yaml"
    os.mkfifo(fifo)
    _usage_error(_cli(["preflight", "--config", str(fifo)], timeout=20), "not a regular file")


@pytest.mark.parametrize(
    "config",
    [
        {"text_config": "a string", "hidden_size": 1024, "num_attention_heads": 8},
        {"hidden_size": 1024, "num_attention_heads": 8, "num_hidden_layers": 2, "vocab_size": 10,
         "max_position_embeddings": 4096, "rope_scaling": {"type": ["a", "b"], "factor": [2]}},
        {"hidden_size": True, "num_attention_heads": -8, "num_hidden_layers": 10**30,
         "vocab_size": "big", "max_position_embeddings": float("inf")},
    ],
)  # fmt: skip
def test_odd_model_configs_give_a_verdict(tmp_path: Path, config: dict[str, object]) -> None:
    (tmp_path / "config.json").write_text(json.dumps(config))
    run = _cli(["preflight", "--gpus", "2", "--gpu-memory", "80GiB", "--model-config",
                str(tmp_path), "--", "vllm", "serve", "m", "-tp", "2"])  # fmt: skip
    assert run.returncode in (0, 1), run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    assert "check crashed" not in run.stdout


def test_deeply_nested_model_config(tmp_path: Path) -> None:
    (tmp_path / "my-model.json").write_text("[" * 100_000 + "]" * 100_000)
    run = _cli(["preflight", "--model-config", str(tmp_path / "my-model.json"), "--",
                "vllm", "serve", "m"])  # fmt: skip
    _usage_error(run, "nested deeper than 64 levels")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-tp", "0"], "--tensor-parallel-size: 0 is not allowed"),
        (["-tp", "-1"], "--tensor-parallel-size: -1 is not allowed"),
        (["-tp", "-8", "-pp", "-1"], "is not allowed"),
        (["--data-parallel-size", "0"], "--data-parallel-size: 0 is not allowed"),
    ],
)
def test_sizes_below_one_are_usage_errors_for_preflight_and_launch(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for verb in ("preflight", "launch"):
        assert main([verb, "--gpus", "8", "--gpu-memory", "80GiB", "--", "vllm", "serve", "m",
                     *args]) == 2  # fmt: skip
        assert needle in capsys.readouterr().err


@pytest.mark.parametrize("count", ["0", "-1", str(10**8), "eight"])
def test_gpu_count_outside_one_to_1024_is_a_usage_error(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    started = time.perf_counter()
    assert main(["preflight", "--gpus", count, "--", "vllm", "serve", "m"]) == 2
    assert "argument --gpus" in capsys.readouterr().err
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe not utf-8\n", b"x = " + b"(" * 5000 + b")" * 5000 + b"\n", b"import torch\n"],
)
def test_odd_or_unreadable_scripts_are_skipped(tmp_path: Path, content: bytes) -> None:
    script = tmp_path / "train.py"
    script.write_bytes(content)
    script.chmod(0)  # unreadable for anyone but root
    run = _cli(["preflight", "--gpus", "2", "--", "torchrun", "--nproc-per-node", "2",
                str(script)])  # fmt: skip
    assert run.returncode in (0, 1), run.stderr
    assert "Traceback" not in run.stderr + run.stdout
