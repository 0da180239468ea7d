"""`torchplace audit`: outputs, exit codes, and clear errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from torchplace.cli import main


def test_writes_text_json_svg_and_html(tiny_config: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = {kind: tmp_path / f"report.{kind}" for kind in ("json", "svg", "html")}
    code = main([
        "audit", "--config", str(tiny_config), "--gpus", "2", "--device-map", "sequential",
        "--dtype", "fp32", "--tokens", "16", "--memory", "400KiB", "--json", str(out["json"]),
        "--svg", str(out["svg"]), "--html", str(out["html"]),
    ])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "layers by device" in captured.out and "observed forward: completed" in captured.out
    data = json.loads(out["json"].read_text())
    devices = [d["device"] for d in data["devices"]]
    assert devices == ["cuda:0", "cuda:1"]
    names = {
        t.text for t in ET.parse(out["svg"]).getroot().iter("{http://www.w3.org/2000/svg}text")
    }
    assert set(devices) <= names
    assert out["html"].read_text().startswith("<!DOCTYPE html>")


def test_device_map_file_and_json_to_stdout(tiny_config: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    device_map = tmp_path / "map.json"
    device_map.write_text(json.dumps({"model": 0, "lm_head": "cuda:1"}))
    code = main(["audit", "--config", str(tiny_config), "--gpus", "2", "--device-map",
                 str(device_map), "--tokens", "4", "--json", "-"])  # fmt: skip
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hf_device_map"] == {"model": "cuda:0", "lm_head": "cuda:1"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--config", "no-such-model"], "no config.json"),
        (["--gpus", "0"], "--gpus must be between 1 and 128"),
        (["--gpus", "129"], "--gpus must be between 1 and 128, got 129"),
        (["--gpus", "-2"], "--gpus must be between 1 and 128"),
        (["--tokens", "-1"], "--tokens must be between 0 and 16384"),
        (["--tokens", "1000000000000"], "--tokens must be between 0 and 16384"),
        (["--dtype", "fp12"], "unknown dtype 'fp12'"),
        (["--device-map", "fastest"], "neither one of auto"),
        (["--memory", "lots"], "is not a memory size"),
    ],
)
def test_bad_input_exits_2_with_one_line(tiny_config: Path, capsys, args, message) -> None:  # type: ignore[no-untyped-def]
    argv = ["audit", "--config", str(tiny_config), *args]
    if "--config" in args:
        argv = ["audit", *args]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON"),
        ('{"model": 3, "lm_head": 0}', "only 2 GPU(s)"),
        ('{"model": -1, "lm_head": 0}', "GPU indices count from 0"),
        ('{"model": "gpu-one", "lm_head": 0}', "is not a GPU index"),
        ('{"model.nope": 0, "lm_head": 0}', "does not have"),
        ('{"lm_head": 0}', "unplaced"),
    ],
)
def test_bad_device_map_file_exits_2(
    tiny_config: Path, tmp_path: Path, capsys, content, message
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "map.json"
    path.write_text(content)
    argv = ["audit", "--config", str(tiny_config), "--gpus", "2", "--device-map", str(path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "--gpus 0" not in err, "a negative index must not advise --gpus 0"


def test_bad_config_json_exits_2(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "config.json").write_text('{"model_type": "no-such-architecture"}')
    assert main(["audit", "--config", str(tmp_path)]) == 2
    assert "config.json" in capsys.readouterr().err


def test_help_is_quick_and_does_not_import_torch() -> None:
    probe = (
        "import sys, contextlib, io\n"
        "from torchplace.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        main(['audit', '--help'])\n    except SystemExit:\n        pass\n"
        "print('torch' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_one_gpu_places_without_moving_meta_tensors(tiny_config: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    code = main(
        ["audit", "--config", str(tiny_config), "--gpus", "1", "--tokens", "4", "--json", "-"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["device"] for d in data["devices"]] == ["cuda:0"]
    assert data["forward"]["completed"] and data["forward"]["transfers"] == []
