"""The aligned `forward`: a function bound to its state, generated for `forward(self, x)`."""

from __future__ import annotations

import copy
import functools
import inspect
import pickle
from typing import Any

import pytest
import torch
from torch import nn

from torchplace.runtime import align_inputs
from torchplace.runtime._forward_wrapper import _aligned_generic, _AlignedForward

META = torch.device("meta")


class Keeps(nn.Module):
    """`forward(self, x)`: the shape that gets a generated function."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(2))
        self.seen: list[torch.Tensor] = []

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        self.seen.append(hidden)
        return hidden


def _traced(function: Any) -> Any:
    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    return wrapper


class Decorated(Keeps):
    @_traced
    def forward(self, hidden: torch.Tensor, scale: float = 1.0) -> torch.Tensor:
        self.seen.append(hidden)
        return hidden * scale


class Clashes(Keeps):
    def forward(self, _tp_self: torch.Tensor) -> torch.Tensor:
        self.seen.append(_tp_self)
        return _tp_self


class TwoInputs(Keeps):
    def forward(self, hidden: torch.Tensor, mask: Any = None) -> torch.Tensor:
        self.seen.append(hidden)
        return hidden


def _is_generic(module: nn.Module) -> bool:
    return module.forward.__func__.__code__ is _aligned_generic.__code__  # type: ignore[attr-defined]


def test_a_single_argument_forward_gets_its_own_function() -> None:
    module = Keeps()
    before = inspect.signature(module.forward)
    align_inputs(module, META)  # a fixed target: a module on meta itself counts as offloaded
    assert not _is_generic(module)
    assert inspect.signature(module.forward) == before
    module(torch.ones(2))
    module(hidden=torch.ones(2))  # by keyword, as the original allows
    assert [t.device for t in module.seen] == [META, META]


def test_other_forwards_use_the_generic_function_with_their_signature() -> None:
    for module in (Decorated(), Clashes(), TwoInputs()):
        before = inspect.signature(module.forward)
        align_inputs(module, META)
        assert _is_generic(module), type(module)
        assert inspect.signature(module.forward) == before
        module(torch.ones(2))
        assert module.seen[-1].device == META
    decorated = Decorated()
    align_inputs(decorated, META)
    assert decorated(torch.ones(2), scale=2.0).device == META


def test_torch_layers_keep_working_through_the_generated_function() -> None:
    linear, norm = nn.Linear(2, 3), nn.LayerNorm(3)
    expected = norm(linear(torch.ones(1, 2)))
    align_inputs(nn.Sequential(linear, norm), recurse=True)
    assert not _is_generic(linear) and not _is_generic(norm)
    assert torch.equal(norm(linear(input=torch.ones(1, 2))), expected)


def test_copies_and_pickles_call_themselves_and_keep_the_signature() -> None:
    module = Keeps()
    align_inputs(module, META)
    for clone in (copy.deepcopy(module), pickle.loads(pickle.dumps(module))):
        clone(torch.ones(2))
        assert clone.seen[-1].device == META
        assert list(inspect.signature(clone.forward).parameters) == ["hidden"]
        assert clone.forward.__self__.module is clone  # type: ignore[union-attr]
    assert module.seen == []


def test_removing_restores_the_class_forward() -> None:
    module = Keeps()
    handle = align_inputs(module, META)
    handle.remove()
    assert "forward" not in module.__dict__
    module(torch.ones(2))
    assert module.seen[-1].device == torch.device("cpu")


def test_settled_calls_skip_the_full_lookup_and_mismatches_take_it(
    sim2: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    full_lookups: list[str] = []
    original = _AlignedForward._device

    def counted(self: _AlignedForward) -> Any:
        full_lookups.append(type(self.module).__name__)
        return original(self)

    monkeypatch.setattr(_AlignedForward, "_device", counted)
    single, generic = Keeps().to("cuda:1"), TwoInputs().to("cuda:1")
    align_inputs(single)
    align_inputs(generic)
    on_1 = torch.ones(2, device="cuda:1")
    generic(on_1, mask=(on_1, on_1))  # a type not seen yet is sorted once, by a full lookup
    full_lookups.clear()
    single(on_1)
    generic(on_1, mask=(on_1, on_1))  # a tuple of tensors is checked inline
    assert full_lookups == []
    single(torch.ones(2, device="cuda:0"))  # same type, other index
    generic(on_1, mask=torch.ones(2))  # a CPU tensor among settled ones
    assert full_lookups == ["Keeps", "TwoInputs"]
    assert [str(t.device) for t in (single.seen[-1], generic.seen[-1])] == ["cuda:1"] * 2


def test_a_fixed_device_always_compares_whole_devices() -> None:
    module = Keeps()  # on the CPU (index -1), like its input, but told to align to meta
    align_inputs(module, META)
    module(torch.ones(2))
    assert module.seen[-1].device == META


def test_modules_of_one_class_share_one_function_with_its_signature() -> None:
    first, second, other = nn.Linear(2, 2), nn.Linear(3, 3), Keeps()
    align_inputs(nn.Sequential(first, second, other), recurse=True)
    function = first.forward.__func__  # type: ignore[attr-defined]
    assert second.forward.__func__ is function  # type: ignore[attr-defined]
    assert other.forward.__func__ is not function  # type: ignore[attr-defined]
    assert inspect.signature(second.forward) == inspect.signature(nn.Linear(1, 1).forward)
    assert list(inspect.signature(other.forward).parameters) == ["hidden"]
