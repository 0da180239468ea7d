"""Machine facts (NVML, overrides, visibility) and model facts (bundled and custom configs)."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from torchplace.preflight import PreflightInputError, machine, model_facts
from torchplace.preflight.sizes import parse_size

from .helpers import machine as fixed_machine


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("141GiB", 141 * 1024**3),
        ("141 GiB", 141 * 1024**3),
        ("80GB", 80 * 10**9),
        ("81920MiB", 81920 * 1024**2),
        ("1.5TiB", int(1.5 * 1024**4)),
        ("1000000", 1000000),
    ],
)
def test_parse_size(text: str, expected: int) -> None:
    assert parse_size(text) == expected


@pytest.mark.parametrize("text", ["141 gigs", "GiB", "-5GiB", "0GB", ""])
def test_parse_size_rejects(text: str) -> None:
    with pytest.raises(PreflightInputError, match="--gpu-memory"):
        parse_size(text)


def test_overrides_plan_another_machine() -> None:
    planned = machine.with_overrides(
        machine.MachineFacts((), "none"), 8, 141 * 1024**3, "NVIDIA H200"
    )
    assert planned.source == "override"
    assert [g.name for g in planned.gpus] == ["NVIDIA H200"] * 8
    assert planned.visible({"CUDA_VISIBLE_DEVICES": "2,5"}) == (planned.gpus[2], planned.gpus[5])


def test_memory_override_keeps_real_gpus() -> None:
    real = fixed_machine(2)
    changed = machine.with_overrides(real, None, 80 * 10**9, None)
    assert changed.source == "nvml+override"
    assert [g.uuid for g in changed.gpus] == [g.uuid for g in real.gpus]
    assert {g.total_memory for g in changed.gpus} == {80 * 10**9}


def test_detect_without_driver_or_nvml(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    monkeypatch.setattr(machine.os.path, "exists", lambda path: False)
    facts = machine.detect({})
    assert not facts.known
    assert "torch" not in sys.modules or facts.source == "none"


def test_detect_reads_nvml(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("pynvml")
    names = [b"NVIDIA H200", "NVIDIA H200"]
    fake.nvmlInit = lambda: None  # type: ignore[attr-defined]
    fake.nvmlShutdown = lambda: None  # type: ignore[attr-defined]
    fake.nvmlDeviceGetCount = lambda: 2  # type: ignore[attr-defined]
    fake.nvmlDeviceGetHandleByIndex = lambda i: i  # type: ignore[attr-defined]
    fake.nvmlDeviceGetName = lambda h: names[h]  # type: ignore[attr-defined]
    fake.nvmlDeviceGetUUID = lambda h: f"GPU-{h}"  # type: ignore[attr-defined]
    fake.nvmlDeviceGetMemoryInfo = lambda h: types.SimpleNamespace(total=150754820096)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pynvml", fake)
    facts = machine.detect({})
    assert facts.source == "nvml"
    assert [(g.name, g.uuid) for g in facts.gpus] == [
        ("NVIDIA H200", "GPU-0"),
        ("NVIDIA H200", "GPU-1"),
    ]
    assert facts.visible({"CUDA_VISIBLE_DEVICES": "GPU-1"}) == (facts.gpus[1],)


@pytest.mark.parametrize(
    ("name", "billions", "heads", "kv"),
    [
        ("llama-3-8b", 8.03, 32, 8),
        ("llama-3-70b", 70.55, 64, 8),
        ("llama-3.2-1b", 1.24, 32, 8),
        ("mixtral-8x7b", 46.70, 32, 8),
        ("llava-1.5-7b", 7.06, 32, 32),
        ("qwen2.5-7b", 7.62, 28, 4),
    ],
)
def test_bundled_configs(name: str, billions: float, heads: int, kv: int) -> None:
    facts = model_facts.load(name)
    assert facts.parameters is not None
    assert facts.parameters / 1e9 == pytest.approx(billions, rel=0.01)
    assert (facts.num_attention_heads, facts.num_key_value_heads) == (heads, kv)
    assert facts.source == f"bundled {name} config.json"


def test_missing_and_broken_model_configs(tmp_path: Path) -> None:
    with pytest.raises(PreflightInputError, match="no bundled config of that name"):
        model_facts.load("llama-9-900b")
    broken = tmp_path / "config.json"
    broken.write_text("{not json")
    with pytest.raises(PreflightInputError, match="is not valid JSON"):
        model_facts.load(str(broken))


def test_derived_length_takes_smallest_key() -> None:
    length, key = model_facts.derived_max_len({"max_position_embeddings": 8192, "seq_length": 4096})
    assert (length, key) == (4096, "seq_length")
