"""Fixtures for the preflight tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def model_dir(tmp_path: Path) -> Callable[..., Path]:
    """Write a small config.json into a fresh model directory and return the directory."""

    def make(name: str = "tiny", **config: Any) -> Path:
        directory = tmp_path / name
        directory.mkdir()
        base = {
            "architectures": ["LlamaForCausalLM"],
            "model_type": "llama",
            "hidden_size": 1024,
            "intermediate_size": 4096,
            "num_attention_heads": 16,
            "num_key_value_heads": 4,
            "num_hidden_layers": 8,
            "vocab_size": 32000,
            "max_position_embeddings": 8192,
            "torch_dtype": "bfloat16",
        }
        base.update(config)
        (directory / "config.json").write_text(json.dumps(base))
        return directory

    return make
