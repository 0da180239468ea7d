"""align_inputs' fast path (nothing to move): objects pass through untouched, type sorting,
modules that move or swap their reference tensor after being wrapped."""

from __future__ import annotations

import copy
import pickle
from collections import OrderedDict, namedtuple
from typing import Any

import pytest
import torch
from torch import nn

from torchplace.runtime import _moving, align_inputs
from torchplace.runtime._moving import KINDS, NESTED, PASS, TENSOR, kind_of, move, settled

META = torch.device("meta")
CPU = torch.device("cpu")
Pair = namedtuple("Pair", ["a", "b"])


class Seen(nn.Module):
    """Keeps what it was called with."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(2))
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((args, kwargs))
        return args[0] if args else None


class Opaque:  # e.g. a KV cache object: passed as it is, never searched
    def __init__(self) -> None:
        self.inside = torch.ones(1, device=META)


class Marked(torch.Tensor):
    pass


def _device(obj: Any) -> str:
    return str(obj.device)


@pytest.mark.parametrize("via", ["forward", "pre_hook"])
def test_settled_inputs_reach_forward_as_the_same_objects(via: str) -> None:
    module = Seen()
    align_inputs(module, via=via)  # type: ignore[arg-type]
    x, nested, opaque = torch.ones(1), [torch.ones(1), {"k": (torch.ones(1),)}], Opaque()
    pair = Pair(torch.ones(1), 2)
    module(x, nested, pair, None, 3, mask=torch.ones(1), cache=opaque, rope=(x, x), flag=True)
    args, kwargs = module.calls[-1]
    assert args[0] is x and args[1] is nested and args[2] is pair
    assert kwargs["cache"] is opaque and kwargs["rope"][0] is x
    assert opaque.inside.device == META  # objects of other types are not searched


@pytest.mark.parametrize("via", ["forward", "pre_hook"])
def test_every_kind_of_argument_moves_when_needed(via: str) -> None:
    module = Seen().to(META)
    align_inputs(module, META, via=via)  # type: ignore[arg-type]
    marked = torch.ones(1).as_subclass(Marked)
    ordered = OrderedDict(a=torch.ones(1))
    module(
        marked,
        ordered,
        Pair(torch.ones(1), "s"),
        [1, torch.ones(1)],
        opaque=Opaque(),
        rope=(torch.ones(1), torch.ones(1)),
        deep={"x": [(torch.ones(1),)]},
    )
    args, kwargs = module.calls[-1]
    assert isinstance(args[0], Marked) and args[0].device == META
    assert type(args[1]) is OrderedDict and args[1]["a"].device == META
    assert type(args[2]) is Pair and args[2].a.device == META and args[2].b == "s"
    assert args[3][0] == 1 and args[3][1].device == META
    assert [_device(t) for t in kwargs["rope"]] == ["meta", "meta"]
    assert kwargs["deep"]["x"][0][0].device == META
    assert ordered["a"].device == CPU  # the caller's containers are not mutated


def test_positional_tensor_after_a_settled_one_still_moves() -> None:
    module = Seen().to(META)
    align_inputs(module, META)
    first = torch.ones(1, device=META)
    module(first, torch.ones(1), key=torch.ones(1, device=META), other=torch.ones(1))
    args, kwargs = module.calls[-1]
    assert args[0] is first and args[1].device == META
    assert kwargs["key"].device == META and kwargs["other"].device == META


def test_settled_agrees_with_move() -> None:
    here, away = torch.ones(1, device=META), torch.ones(1)
    cases: list[Any] = [
        here,
        away,
        (here, [here, {"a": here}]),
        (here, [here, {"a": away}]),
        Pair(here, away),
        Pair(here, 1),
        OrderedDict(a=here),
        OrderedDict(a=away),
        Opaque(),
        None,
        "text",
        here.as_subclass(Marked),
        away.as_subclass(Marked),
    ]
    for case in cases:
        assert settled((case,), META) == (move(case, META) is case), case


def test_kinds_sort_types_once_and_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    assert kind_of(Marked) == TENSOR and KINDS[Marked] == TENSOR
    assert kind_of(Pair) == NESTED and kind_of(OrderedDict) == NESTED
    assert kind_of(Opaque) == PASS
    monkeypatch.setattr(_moving, "_MAX_KINDS", len(KINDS))
    fresh = type("Fresh", (), {})
    assert kind_of(fresh) == PASS and fresh not in KINDS


def test_replaced_parameter_is_found_again(sim2: Any) -> None:
    module = Seen().to("cuda:0")
    align_inputs(module)
    module(torch.ones(1))
    assert _device(module.calls[-1][0][0]) == "cuda:0"
    module.weight = nn.Parameter(torch.zeros(2, device="cuda:1"))
    module(torch.ones(1))
    assert _device(module.calls[-1][0][0]) == "cuda:1"
    del module.weight  # holds nothing now: left alone until it holds a tensor again
    module(torch.ones(1))
    assert _device(module.calls[-1][0][0]) == "cpu"
    module.register_buffer("scale", torch.ones(1, device="cuda:0"))
    module(torch.ones(1))
    assert _device(module.calls[-1][0][0]) == "cuda:0"
    module.scale = torch.ones(1, device=META)  # offloaded now: left alone
    module(torch.ones(1))
    assert _device(module.calls[-1][0][0]) == "cpu"


def test_deepcopy_and_pickle_keep_aligning() -> None:
    module = Seen().to(META)
    align_inputs(module, META)
    for clone in (copy.deepcopy(module), pickle.loads(pickle.dumps(module))):
        clone(torch.ones(1))
        assert _device(clone.calls[-1][0][0]) == "meta"
    assert module.calls == []


@pytest.mark.parametrize("via", ["forward", "pre_hook"])
def test_module_moved_after_wrapping_still_aligns(sim2: Any, via: str) -> None:
    first, second = Seen(), Seen()
    model = nn.Sequential(first, second)
    align_inputs(model, recurse=True, via=via)  # type: ignore[arg-type]
    first(torch.ones(1, device="cuda:0"))
    assert _device(first.calls[-1][0][0]) == "cpu"
    model.to("cuda:1")  # the whole model
    model(torch.ones(1, device="cuda:0"))
    assert _device(first.calls[-1][0][0]) == "cuda:1"
    first.to("cuda:0")  # only the child that holds the parent's reference tensor
    model(torch.ones(1, device="cuda:1"))
    assert _device(first.calls[-1][0][0]) == "cuda:0"  # the parent followed its child
    assert _device(second.calls[-1][0][0]) == "cuda:1"
    with torch.no_grad():
        second.weight.data = second.weight.data.to("cuda:0")  # same tensor, new device
    second(torch.ones(1, device="cuda:1"), key=[torch.ones(1, device="cuda:1")])
    args, kwargs = second.calls[-1]
    assert _device(args[0]) == "cuda:0" and _device(kwargs["key"][0]) == "cuda:0"
