"""Sizes refused before anything is built (no traceback, no memory growth): issue 17."""

from __future__ import annotations

import resource

import pytest

from torchplace.audit import limits
from torchplace.cli import main


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"num_hidden_layers": 10**12}, "num_hidden_layers = 1000000000000 is above the 2048"),
        ({"num_hidden_layers": -3}, "num_hidden_layers must be a positive integer, got -3"),
        ({"hidden_size": 0}, "hidden_size must be a positive integer, got 0"),
        ({"hidden_size": "big"}, "hidden_size must be a positive integer, got 'big'"),
        ({"hidden_size": True}, "hidden_size must be a positive integer, got True"),
        ({"num_attention_heads": -1}, "num_attention_heads must be a positive integer"),
        ({"vocab_size": 10**11}, "vocab_size = 100000000000 is above"),
        ({"vocab_size": 8_000_000, "hidden_size": 100_000}, "largest weight"),
        ({"text_config": {"num_hidden_layers": -1}}, "text_config.num_hidden_layers"),
        ({"num_local_experts": 8000, "num_hidden_layers": 100}, "layers x experts"),
    ],
)
def test_bad_sizes_exit_2_before_building(make_config, capsys, overrides, message) -> None:  # type: ignore[no-untyped-def]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert main(["audit", "--config", str(make_config("bad", **overrides)), "--tokens", "4"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mib < 200


def test_estimate_is_near_the_real_count(tiny_llama) -> None:  # type: ignore[no-untyped-def]
    model = tiny_llama()
    real = sum(p.numel() for p in model.parameters())
    estimate = limits.estimate_parameters(model.config.to_dict())
    assert real / 2 < estimate < real * 2


def test_real_seventy_billion_config_passes() -> None:
    from torchplace.configs import load

    data = load("llama-3-70b")
    assert 35e9 < limits.check_config(data, "llama-3-70b", memory=8 * 2**30) < 140e9


def test_zero_experts_is_a_dense_model() -> None:
    assert limits.check_config({"num_experts": 0, "hidden_size": 64, "num_hidden_layers": 2}) > 0


def test_unset_sizes_are_left_to_transformers() -> None:
    assert limits.check_config({"head_dim": None, "hidden_size": 8, "num_hidden_layers": 1}) > 0
