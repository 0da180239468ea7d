"""`torchplace audit DIR` for a directory of saved weights: from_pretrained with the map."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import torch
from tests.audit.conftest import TINY_LLAMA

from torchplace.cli import main

SPLIT = {"model.embed_tokens": 0, "model.rotary_emb": 0, "model.layers.0": 0,
         "model.layers.1": 1, "model.norm": 1, "lm_head": 1}  # fmt: skip


def _saved(directory: Path, tiny_llama: Any) -> Path:
    torch.manual_seed(0)
    tiny_llama().save_pretrained(directory)
    return directory


def test_saved_weights_are_loaded_with_the_map(tmp_path: Path, tiny_llama: Any, capsys) -> None:  # type: ignore[no-untyped-def]
    model_dir = _saved(tmp_path / "saved", tiny_llama)
    device_map = tmp_path / "map.json"
    device_map.write_text(json.dumps(SPLIT))
    code = main(["audit", str(model_dir), "--gpus", "2", "--device-map", str(device_map),
                 "--tokens", "4", "--generate", "2", "--json", "-"])  # fmt: skip
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert code == 0 and data["forward"]["completed"], data["findings"]
    assert "loading safetensors weights" in captured.err
    assert {d["device"] for d in data["devices"]} == {"cuda:0", "cuda:1"}
    assert data["hf_device_map"]["model.layers.1"] == "cuda:1"
    assert data["generation"]["completed"] and len(data["generation"]["steps"]) == 2


def test_auto_map_of_saved_weights_is_transformers_own(
    tmp_path: Path, tiny_llama: Any, capsys
) -> None:  # type: ignore[no-untyped-def]
    model_dir = _saved(tmp_path / "saved", tiny_llama)
    code = main(["audit", str(model_dir), "--gpus", "2", "--device-map", "balanced",
                 "--tokens", "4", "--json", "-"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["forward"]["completed"]
    assert {d["device"] for d in data["devices"]} == {"cuda:0", "cuda:1"}


class _Planted:
    """A pickled object that makes a directory when unpickled: code run by reading weights."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (os.mkdir, (self.path,))


def test_pickled_weights_never_run_code(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    model_dir = tmp_path / "pickled"
    model_dir.mkdir()
    (model_dir / "config.json").write_text(json.dumps(TINY_LLAMA))
    planted = tmp_path / "planted"
    torch.save({"model.embed_tokens.weight": _Planted(str(planted))},
               model_dir / "pytorch_model.bin")  # fmt: skip
    code = main(["audit", str(model_dir), "--tokens", "4"])
    err = capsys.readouterr().err
    assert code == 2 and not planted.exists()
    assert "could not load" in err and "Traceback" not in err


def test_model_and_config_are_one_or_the_other(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["audit", "--tokens", "4"]) == 2
    assert main(["audit", str(tmp_path), "--config", str(tmp_path)]) == 2
    assert "give the model to audit" in capsys.readouterr().err


def test_loading_fetches_no_hub_kernels(
    tmp_path: Path, tiny_llama: Any, monkeypatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    """transformers 5.25 swaps layers for kernels fetched from the Hub when a model loads onto
    CUDA devices, unless `USE_HUB_KERNELS` says no: the audit downloads and runs no code."""
    from transformers import LlamaForCausalLM

    seen: list[str | None] = []
    original = LlamaForCausalLM.from_pretrained.__func__  # type: ignore[attr-defined]

    def recording(cls, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(os.environ.get("USE_HUB_KERNELS"))
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(LlamaForCausalLM, "from_pretrained", classmethod(recording))
    monkeypatch.setenv("USE_HUB_KERNELS", "YES")
    model_dir = _saved(tmp_path / "saved", tiny_llama)
    code = main(["audit", str(model_dir), "--gpus", "2", "--device-map", "balanced",
                 "--tokens", "4", "--json", "-"])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    assert seen == ["NO"]
    assert os.environ["USE_HUB_KERNELS"] == "YES"  # the caller's setting comes back
