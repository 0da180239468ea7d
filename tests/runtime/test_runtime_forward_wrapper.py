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

from torchplace.runtime import _forward_wrapper, align_inputs
from torchplace.runtime._forward_wrapper import _aligned_generic, _AlignedForward
from torchplace.runtime._moving import kind_of

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


class CountedTensor(torch.Tensor):
    """Counts its device reads, to see which tensors the fast check looks at."""

    reads = 0

    def get_device(self) -> int:
        CountedTensor.reads += 1
        return super().get_device()


class TakesPair(Keeps):
    def forward(self, hidden: torch.Tensor, pair: Any = None) -> torch.Tensor:
        self.seen.append(pair)
        return hidden


def _counted(*shape: int) -> CountedTensor:
    return torch.zeros(*shape).as_subclass(CountedTensor)  # type: ignore[return-value]


def test_a_tuple_settled_on_one_device_is_not_read_again() -> None:
    first, second = TakesPair(), TakesPair()
    handle = align_inputs(nn.Sequential(first, second), recurse=True)
    pair, hidden = (_counted(2), _counted(2)), torch.ones(2)
    kind_of(CountedTensor)  # sorted, as any tensor type is after its first slow call
    CountedTensor.reads = 0
    first(hidden, pair=pair)  # read, settled, remembered
    assert CountedTensor.reads == 2
    CountedTensor.reads = 0
    second(hidden, pair=pair)  # the same tuple object: remembered by `first`'s call
    assert CountedTensor.reads == 0
    second(hidden, pair=(pair[0], pair[1]))  # an equal but new tuple is read
    assert CountedTensor.reads == 2
    handle.remove()
    assert _forward_wrapper._remembered == {}  # removing any alignment lets go of it


def test_tuples_holding_a_graph_or_much_memory_are_not_remembered() -> None:
    module = TakesPair()
    align_inputs(module)
    small = (torch.zeros(2), torch.zeros(2))
    module(torch.ones(2), pair=small)
    assert _forward_wrapper._remembered[-1] is small
    with_grad = (torch.zeros(2, requires_grad=True), torch.zeros(2))
    large = (torch.zeros(5 << 20), torch.zeros(2))  # 20 MiB
    view_of_large = (large[0][:2], torch.zeros(2))  # holds the whole storage alive
    for pair in (with_grad, large, view_of_large):
        module(torch.ones(2), pair=pair)
        assert module.seen[-1] is pair
        assert _forward_wrapper._remembered[-1] is small


def test_a_tuple_remembered_on_one_gpu_still_moves_for_another(sim2: Any) -> None:
    on_0, on_1 = TakesPair().to("cuda:0"), TakesPair().to("cuda:1")
    align_inputs(nn.Sequential(on_0, on_1), recurse=True)
    pair = (torch.ones(2, device="cuda:0"), torch.ones(2, device="cuda:0"))
    on_0(torch.ones(2, device="cuda:0"), pair=pair)
    assert on_0.seen[-1] is pair
    on_1(torch.ones(2, device="cuda:1"), pair=pair)
    assert [str(t.device) for t in on_1.seen[-1]] == ["cuda:1", "cuda:1"]
