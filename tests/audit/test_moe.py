"""MoE routing in the report: which experts each layer reached, and every one on virtual GPUs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch

import torchplace
from torchplace.audit._tensors import compress_inner
from torchplace.cli import main

MIXTRAL = {"model_type": "mixtral", "hidden_size": 32, "intermediate_size": 64,
           "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
           "vocab_size": 256, "num_local_experts": 4, "num_experts_per_tok": 2}  # fmt: skip


def test_virtual_router_is_assigned_round_robin_and_reaches_every_expert(
    tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "config.json").write_text(json.dumps(MIXTRAL))
    code = main(["audit", "--config", str(tmp_path), "--gpus", "2", "--tokens", "4",
                 "--json", "-"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["forward"]["completed"]
    routes = data["moe"]
    assert [r["module"] for r in routes] == [f"model.layers.{i}.mlp.experts" for i in (0, 1)]
    for route in routes:
        assert route["chosen_by"] == "assigned" and route["reached"] == [0, 1, 2, 3]
        assert route["slots"] == [2, 2, 2, 2] and route["device"].startswith("cuda:")


def _real_mixtral() -> Any:
    from transformers import MixtralConfig, MixtralForCausalLM

    torch.manual_seed(0)
    fields = {k: v for k, v in MIXTRAL.items() if k != "model_type"}
    return MixtralForCausalLM(MixtralConfig(**fields)).eval()


def test_router_with_values_is_recorded_as_it_chose() -> None:
    report = torchplace.audit(_real_mixtral(), {"input_ids": torch.arange(3, 11)[None]})
    for route in report.moe:
        assert route.chosen_by == "router" and sum(route.slots) == 8 * 2  # tokens x top-k
        assert route.reached == [e for e, n in enumerate(route.slots) if n]


def test_experts_a_short_input_leaves_out_are_noted() -> None:
    report = torchplace.audit(_real_mixtral(), {"input_ids": torch.tensor([[5]])})
    notes = [f for f in report.findings if f.code == "experts-not-reached"]
    assert len(notes) == 2 and "to 2 of 4 experts" in notes[0].message
    assert "MoE routing" in report.text() and "chosen by the router" in report.text()


def test_layer_numbers_inside_names_are_compressed() -> None:
    names = [f"model.layers.{i}.mlp.experts" for i in range(4)] + ["lm_head"]
    assert compress_inner(names) == ["model.layers.0-3.mlp.experts", "lm_head"]
