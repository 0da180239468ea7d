"""`model_from_config`: tied embeddings stay tied, and a one-GPU device map places the model."""

from __future__ import annotations

import pytest
import torch

import torchplace
from torchplace.configs import resolve
from torchplace.sim import is_virtual

transformers = pytest.importorskip("transformers")
pytest.importorskip("accelerate")


def _tied_config():  # type: ignore[no-untyped-def]
    return transformers.LlamaConfig(
        vocab_size=128, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64,
        tie_word_embeddings=True,
    )  # fmt: skip


def test_bundled_tied_config_keeps_one_embedding_tensor() -> None:
    config = transformers.AutoConfig.from_pretrained(str(resolve("llama-3.2-1b")))
    assert config.tie_word_embeddings
    with torchplace.virtual_gpus(2):
        model = torchplace.sim.model_from_config(config, device_map="auto")
        embedding = model.model.embed_tokens.weight
        assert model.lm_head.weight is embedding  # as from_pretrained leaves it
        # accelerate's auto map keeps tied modules on one GPU, so the forward pass runs
        assert model.hf_device_map["lm_head"] == model.hf_device_map["model.embed_tokens"]
        logits = model(torch.randint(0, 100, (1, 8), device=embedding.device)).logits
        assert logits.device == embedding.device


def test_explicit_map_splitting_tied_modules_keeps_them_tied() -> None:
    device_map = {
        "model.embed_tokens": 0, "model.layers": 0, "model.norm": 1, "model.rotary_emb": 1,
        "lm_head": 1,
    }  # fmt: skip
    with torchplace.virtual_gpus(2):
        model = torchplace.sim.model_from_config(_tied_config(), device_map=device_map)
        # accelerate re-ties after dispatch: one tensor, on the device placed last
        assert model.lm_head.weight is model.model.embed_tokens.weight


def test_untied_config_stays_untied() -> None:
    config = _tied_config()
    config.tie_word_embeddings = False
    with torchplace.virtual_gpus(2):
        model = torchplace.sim.model_from_config(config, device_map="auto")
        assert model.lm_head.weight is not model.model.embed_tokens.weight


@pytest.mark.parametrize("target", [1, "cuda:1", torch.device("cuda", 1)])
def test_single_gpu_device_map_places_everything(target) -> None:  # type: ignore[no-untyped-def]
    with torchplace.virtual_gpus(2):
        model = torchplace.sim.model_from_config(_tied_config(), device_map={"": target})
        tensors = [*model.parameters(), *model.buffers()]
        assert all(t.device == torch.device("cuda:1") and is_virtual(t) for t in tensors)
        assert all(isinstance(p, torch.nn.Parameter) for p in model.parameters())
        assert model.lm_head.weight is model.model.embed_tokens.weight
        assert model.hf_device_map == {"": target}
        logits = model(torch.randint(0, 100, (1, 8), device="cuda:1")).logits
        assert logits.device == torch.device("cuda:1") and not logits.has_values()
        with pytest.raises(RuntimeError, match=r"cuda:0.*cuda:1|cuda:1.*cuda:0"):
            model(torch.randint(0, 100, (1, 8), device="cuda:0"))


def test_current_device_map_means_the_current_gpu() -> None:
    with torchplace.virtual_gpus(2):
        torch.cuda.set_device(1)
        model = torchplace.sim.model_from_config(_tied_config(), device_map={"": "cuda"})
        assert model.lm_head.weight.device == torch.device("cuda:1")
