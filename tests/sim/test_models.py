"""Hugging Face models from a config, placed with device_map over virtual GPUs."""

from __future__ import annotations

import pytest
import torch

import torchplace

transformers = pytest.importorskip("transformers")
accelerate = pytest.importorskip("accelerate")


def _tiny_config():  # type: ignore[no-untyped-def]
    return transformers.LlamaConfig(
        vocab_size=128, hidden_size=64, intermediate_size=128, num_hidden_layers=4,
        num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64,
    )  # fmt: skip


def test_tiny_llama_device_map_over_four_gpus_generates() -> None:
    with torchplace.virtual_gpus(4):
        torch.manual_seed(0)
        model = transformers.LlamaForCausalLM(_tiny_config()).eval()
        device_map = {
            "model.embed_tokens": 0, "model.rotary_emb": 0, "model.layers.0": 0,
            "model.layers.1": 1, "model.layers.2": 2, "model.layers.3": 3, "model.norm": 3,
            "lm_head": 3,
        }  # fmt: skip
        model = accelerate.dispatch_model(model, device_map)
        assert model.model.layers[2].mlp.up_proj.weight.device == torch.device("cuda:2")
        ids = torch.tensor([[1, 2, 3, 4]], device="cuda:0")
        with torch.no_grad():
            logits = model(ids).logits
        assert logits.device == torch.device("cuda:0") and logits.has_values()
        out = model.generate(ids, max_new_tokens=3, do_sample=False)
        assert out.shape == (1, 7) and out[0, :4].tolist() == [1, 2, 3, 4]


def test_meta_model_with_auto_device_map_runs_without_values() -> None:
    with torchplace.virtual_gpus(2, memory="2MiB"):
        model = torchplace.sim.model_from_config(_tiny_config(), "auto", dtype=torch.float32)
        used = {p.device for p in model.parameters()}
        assert used == {torch.device("cuda:0"), torch.device("cuda:1")}
        ids = torch.randint(0, 128, (1, 16), device="cuda:0")
        with torch.no_grad():
            logits = model(ids).logits
        assert logits.shape == (1, 16, 128) and not logits.has_values()


def test_buggy_forward_names_both_devices() -> None:
    class Adapter(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.base = torch.nn.Linear(8, 8, device="cuda:1")
            self.lora = torch.nn.Linear(8, 8, bias=False, device="cuda:0")  # left on cuda:0

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return self.base(x) + self.lora(x)

    with torchplace.virtual_gpus(2):
        with pytest.raises(RuntimeError) as info:
            Adapter()(torch.randn(2, 8, device="cuda:1"))
        assert "cuda:0" in str(info.value) and "cuda:1" in str(info.value)
