"""Tiny models and configs for the audit tests (CPU and meta tensors, or virtual GPUs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TINY_LLAMA = {
    "model_type": "llama",
    "architectures": ["LlamaForCausalLM"],
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "vocab_size": 256,
    "max_position_embeddings": 256,
    "tie_word_embeddings": False,
}


def write_config(directory: Path, **overrides: object) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "config.json").write_text(json.dumps({**TINY_LLAMA, **overrides}))
    return directory


@pytest.fixture
def tiny_config(tmp_path: Path) -> Path:
    """A directory holding a 2-layer, hidden-64 Llama config.json."""
    return write_config(tmp_path / "tiny-llama")


@pytest.fixture
def make_config(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A factory: a config directory with the tiny Llama's fields overridden."""
    return lambda name, **overrides: write_config(tmp_path / name, **overrides)


@pytest.fixture
def tiny_llama():  # type: ignore[no-untyped-def]
    """A factory for tiny Llama models on the CPU (real values)."""
    from transformers import LlamaConfig, LlamaForCausalLM

    def make(**overrides: object):  # type: ignore[no-untyped-def]
        config = LlamaConfig(**{**TINY_LLAMA, **overrides})
        return LlamaForCausalLM(config).eval()

    return make
