"""`torchplace preflight`: table, JSON, exit codes, and bad input as exit 2 without a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from torchplace.cli import main
from torchplace.preflight.vllm_args import BUILTIN_PARSER

PLAN = ["--gpus", "8", "--gpu-memory", "141GiB", "--parser", "builtin"]


def test_broken_vllm_serve_exits_1_with_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "preflight",
            *PLAN,
            "--model-config",
            "llama-3-70b",
            "--",
            "vllm",
            "serve",
            "meta-llama/Meta-Llama-3-70B",
            "--tensor-parallel-size",
            "6",
            "--device-map",
            "auto",
        ]
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "parser:  table generated from vLLM 0.33.0's source (vLLM not importable)" in out
    assert "FAIL  heads-not-divisible-by-tp" in out
    assert (
        "Total number of attention heads (64) must be divisible by tensor parallel size (6)." in out
    )
    assert "FAIL  hf-loading-options-with-vllm" in out
    assert "preflight: will fail" in out


def test_good_command_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "preflight",
            *PLAN,
            "--model-config",
            "llama-3-70b",
            "--",
            "vllm",
            "serve",
            "m",
            "-tp",
            "4",
        ]
    )
    assert code == 0
    assert "preflight: ready to launch (0 failing" in capsys.readouterr().out


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "preflight",
            *PLAN,
            "--json",
            "--model-config",
            "qwen2.5-7b",
            "--",
            "vllm",
            "serve",
            "m",
            "-tp",
            "3",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert data["verdict"] == "fail"
    assert data["parser"] == BUILTIN_PARSER
    failing = [c for c in data["checks"] if c["status"] == "fail"]
    assert failing[0]["code"] == "PF102"
    assert failing[0]["upstream_message"].startswith("Total number of attention heads (28)")
    assert data["findings"][0]["code"] == "PF102"
    assert data["findings"][0]["pattern"] == "parallel-config-mismatch"


def test_config_option_alone_means_vllm_serve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "engine.yaml"
    config.write_text("model: meta-llama/Meta-Llama-3-70B\ntensor-parallel-size: 16\n")
    code = main(["preflight", *PLAN, "--config", str(config)])
    out = capsys.readouterr().out
    assert code == 1
    assert f"config {config}" in out
    assert "World size (16) is larger than the number of available GPUs (8)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["preflight", "--", "accelerate", "launch", "t.py"], "unknown launcher 'accelerate'"),
        (
            ["preflight", "--model-config", "nope-7b", "--", "vllm", "serve", "m"],
            "no bundled config of that name",
        ),
        (
            ["preflight", "--gpu-memory", "141 gigs", "--", "vllm", "serve", "m"],
            "is not a memory size",
        ),
        (["preflight"], "no command given"),
        (
            ["preflight", "--gpus", "-1", "--", "vllm", "serve", "m"],
            "plan for 1 to 1024 GPUs per node",
        ),
        (["preflight", "--bogus", "--", "vllm", "serve", "m"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_input_exits_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("torchplace preflight: error: ")
    assert message in err


def test_bad_yaml_exits_2_without_traceback(tmp_path: Path) -> None:
    config = tmp_path / "engine.yaml"
    config.write_text("tensor-parallel-size: [4\n")
    run = subprocess.run(
        [sys.executable, "-m", "torchplace", "preflight", "--config", str(config)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2
    assert "is not valid YAML" in run.stderr
    assert "Traceback" not in run.stderr


def test_unknown_launcher_exits_2_without_traceback() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "torchplace", "preflight", "--", "mpirun", "-np", "4", "x.py"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2
    assert "unknown launcher 'mpirun'" in run.stderr
    assert "Traceback" not in run.stderr


def test_preflight_does_not_import_torch_without_gpus() -> None:
    probe = (
        "import sys\n"
        "from torchplace.cli import main\n"
        "main(['preflight', '--gpus', '2', '--gpu-memory', '80GB',\n"
        "      '--model-config', 'llama-3-8b', '--', 'vllm', 'serve', 'm'])\n"
        "print('TORCH' if 'torch' in sys.modules else 'NO-TORCH', file=sys.stderr)\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.stderr.strip().endswith("NO-TORCH")


def test_help_lists_the_verbs(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--help"])
    out = capsys.readouterr().out
    assert "preflight" in out
    assert "launch" in out


def test_planning_for_another_node_does_not_probe_this_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from torchplace.preflight import machine

    def probe(env: object) -> None:
        raise AssertionError("detect() called while planning")

    monkeypatch.setattr(machine, "detect", probe)
    assert main(["preflight", *PLAN, "--", "vllm", "serve", "m", "-tp", "8"]) == 0
    assert "8 GPU(s) [GPU] from --gpus/--gpu-memory/--gpu-name" in capsys.readouterr().out
