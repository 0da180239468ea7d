"""A usable map where accelerate's "auto" places nothing: the piece it cannot split, named."""

from __future__ import annotations

import pytest
import torch

from torchplace.audit import build, mapping
from torchplace.sim import virtual_gpus

# DeBERTa-v2 declares no `_no_split_modules`: accelerate balances with the mean leaf as buffer,
# and the tied embeddings (most of this model) are larger than a GPU's balanced share.
DEBERTA = {"model_type": "deberta-v2", "hidden_size": 32, "intermediate_size": 256,
           "num_hidden_layers": 24, "num_attention_heads": 4, "vocab_size": 20000,
           "max_position_embeddings": 64}  # fmt: skip


def _place(memory: int) -> tuple[dict[str, object], list[object]]:
    notes: list[object] = []
    with virtual_gpus(4, memory=memory):
        model = build.place(build.prepare_config(DEBERTA), 4, "auto", torch.float32, memory, notes)
        return dict(model.hf_device_map), notes


def test_tied_embeddings_are_the_largest_piece() -> None:
    model = build._build_empty(build.prepare_config(DEBERTA), torch.float32)
    model.tie_weights()
    piece, size = mapping.largest_piece(model, torch.float32)
    assert piece == "`cls.predictions.decoder` + `deberta.embeddings.word_embeddings`"
    decoder_bias = 20000 * 4
    assert size == 20000 * 32 * 4 + decoder_bias  # the shared weight counted once


def test_piece_larger_than_the_balanced_share_gets_a_map_and_a_note() -> None:
    device_map, notes = _place(2_900_000)
    assert {0, 1} <= set(device_map.values()) and "disk" not in device_map.values()
    (note,) = notes
    assert note.code == "auto-map-cannot-place-piece"  # type: ignore[attr-defined]
    assert "max_memory={0: '3MiB'" in note.message  # type: ignore[attr-defined]


def test_piece_larger_than_a_gpu_does_not_fit_and_is_named() -> None:
    with pytest.raises(build.PlacementError, match=r"does not fit.*word_embeddings"):
        _place(2_500_000)
