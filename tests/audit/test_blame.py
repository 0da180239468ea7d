"""A failed forward blamed on what caused it: a module the map should not split, or model code."""

from __future__ import annotations

import torch
from torch import nn

import torchplace
from torchplace.audit.blame import is_device_error


class Tower(nn.Module):
    """Like Mllama's vision model: a weight of its own, concatenated with its child's output."""

    def __init__(self) -> None:
        super().__init__()
        self.class_embedding = nn.Parameter(torch.zeros(8))
        self.patch = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = self.patch(x.to(self.patch.weight.device))
        return torch.cat([self.class_embedding.expand(1, 1, 8), hidden], dim=1)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.tower = Tower()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.tower(x)


class BrokenOutput(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.proj(x)
        return out.image_outputs  # type: ignore[attr-defined,no-any-return]  # the code's bug


def _split_model(device_map: dict[str, int]) -> Model:
    model = Model()
    model.tower.class_embedding.data = model.tower.class_embedding.data.to(
        f"cuda:{device_map.get('tower.class_embedding', device_map.get('tower', 0))}"
    )
    model.tower.patch.to(f"cuda:{device_map.get('tower.patch', device_map.get('tower', 0))}")
    return model


def test_split_module_using_its_own_weight_is_blamed_on_the_split() -> None:
    device_map = {"tower.class_embedding": 0, "tower.patch": 1}
    with torchplace.virtual_gpus(2):
        report = torchplace.audit(
            _split_model(device_map), torch.zeros(1, 3, 8), device_map=device_map
        )
    assert report.forward is not None and not report.forward.completed
    (first,) = [f for f in report.findings if f.code == "split-module-uses-own-weights"]
    assert first.module == "tower" and first.severity.value == "error"
    assert "`class_embedding` is on cuda:0 while its children run on cuda:1" in first.message
    assert "test_blame.py:" in first.message and "in forward" in first.message
    assert "forward-failed" not in {f.code for f in report.findings}


def test_a_map_entry_moved_as_a_whole_is_not_blamed_as_split() -> None:
    # The same mismatch, but `tower` is one entry of the map: its hook would move its inputs,
    # so a split of its own weights is not the explanation; the plain failure stands.
    device_map = {"tower": 0}
    with torchplace.virtual_gpus(2):
        model = _split_model({"tower.class_embedding": 0, "tower.patch": 1})
        report = torchplace.audit(model, torch.zeros(1, 3, 8), device_map=device_map)
    codes = {f.code for f in report.findings}
    assert "split-module-uses-own-weights" not in codes and "forward-failed" in codes


def test_error_that_names_no_device_is_the_model_codes() -> None:
    report = torchplace.audit(BrokenOutput(), torch.zeros(1, 8))
    assert report.forward is not None and report.forward.error_site is not None
    assert report.forward.error_site.endswith("in forward")
    (finding,) = [f for f in report.findings if f.code == "model-code-failed"]
    assert finding.severity.value == "warning"
    assert "not a fault of the device map" in finding.message
    assert "test_blame.py:" in finding.message


def test_device_errors_are_told_from_others() -> None:
    assert is_device_error("Expected all tensors to be on the same device, cuda:0 and cuda:1")
    assert is_device_error("Cannot copy out of meta tensor; no data!")
    assert not is_device_error("'MoeCausalLMOutputWithPast' object has no attribute 'x'")
    assert not is_device_error("split_with_sizes expects split_sizes to sum exactly to 8")


def test_the_cure_is_tried_and_its_result_told() -> None:
    from torchplace.audit import cure

    device_map = {"tower.class_embedding": 0, "tower.patch": 1}
    with torchplace.virtual_gpus(2):
        model = _split_model(device_map)
        report = torchplace.audit(model, torch.zeros(1, 3, 8), device_map=device_map)
        assert cure.keep_whole_class(report, model) == "Tower"
        kept: list[tuple[str, ...]] = []

        def place(keep: tuple[str, ...]) -> Model:
            kept.append(keep)
            return _split_model({"tower": 1})

        cure.confirm(report, model, place, lambda m: torchplace.audit(m, torch.zeros(1, 3, 8)))
    assert kept == [("Tower",)]
    (finding,) = [f for f in report.findings if f.code == "split-module-uses-own-weights"]
    assert finding.message.endswith(
        "Tried: with Tower kept whole, the same strategy puts `tower` on cuda:1 and the observed "
        "forward completes."
    )
