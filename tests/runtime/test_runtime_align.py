"""align_inputs, to_device_of, assert_same_device. CPU tests use the meta device as the
"other" device; the virtual-GPU tests use cuda:0 and cuda:1."""

from __future__ import annotations

import copy
import inspect
from collections import OrderedDict, namedtuple
from typing import Any

import pytest
import torch
from torch import nn

from torchplace.runtime import DeviceMismatchError, align_inputs, assert_same_device, to_device_of

META = torch.device("meta")
Pair = namedtuple("Pair", ["a", "b"])


class Recorder(nn.Module):
    """Records the devices of everything it is called with."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(2))
        self.seen: list[Any] = []

    def forward(self, x: Any, *rest: Any, **kwargs: Any) -> Any:
        self.seen.append(_devices((x, rest, kwargs)))
        return x


def _devices(obj: Any) -> Any:
    if isinstance(obj, torch.Tensor):
        return str(obj.device)
    if isinstance(obj, dict):
        return {k: _devices(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_devices(v) for v in obj]
    return obj


@pytest.mark.parametrize("via", ["forward", "pre_hook"])
def test_nested_inputs_and_kwargs_move_to_the_module(via: str) -> None:
    module = Recorder().to(META)
    handle = align_inputs(module, META, via=via)  # type: ignore[arg-type]
    x = torch.ones(2)
    module(
        x,
        [torch.ones(1), (torch.ones(1), 3)],
        mask=torch.ones(1),
        extra={"k": torch.ones(1)},
        pair=Pair(torch.ones(1), "s"),
        flag=True,
    )
    assert module.seen[-1] == [
        "meta",
        [["meta", ["meta", 3]]],
        {"mask": "meta", "extra": {"k": "meta"}, "pair": ["meta", "s"], "flag": True},
    ]
    assert x.device.type == "cpu"  # the caller's tensors are not touched
    handle.remove()
    module(torch.ones(2))
    assert module.seen[-1][0] == "cpu"


def test_containers_are_rebuilt_only_when_something_moves() -> None:
    from torchplace.runtime._moving import move

    inner = [torch.ones(1), {"a": torch.ones(1)}]
    assert move(inner, torch.device("cpu")) is inner
    moved = move(inner, META)
    assert moved is not inner and inner[0].device.type == "cpu"
    ordered = OrderedDict(a=torch.ones(1))
    assert type(move(ordered, META)) is OrderedDict
    assert isinstance(move(Pair(torch.ones(1), 2), META), Pair)


def test_hook_follows_the_module_when_it_moves(sim2: Any) -> None:
    module = Recorder()
    align_inputs(module)
    module(torch.ones(2))
    module.to("cuda:1")
    module(torch.ones(2))
    module.to("cuda:0")
    module(torch.ones(2, device="cuda:1"))
    assert [seen[0] for seen in module.seen] == ["cpu", "cuda:1", "cuda:0"]


def test_meta_module_is_left_alone() -> None:
    module = Recorder().to(META)  # offloaded weights: the device is decided at run time
    align_inputs(module)
    module(torch.ones(2))
    assert module.seen[-1][0] == "cpu"


def test_fixed_device_and_modules_without_tensors() -> None:
    assert align_inputs(nn.ReLU()).hooked == 0
    relu = nn.ReLU()
    assert align_inputs(relu, device="meta").hooked == 1
    assert relu(torch.ones(2)).device == META


def test_recurse_hooks_each_module_with_tensors() -> None:
    model = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 2))
    handle = align_inputs(model, recurse=True)
    assert handle.hooked == 3  # Sequential, two Linear; ReLU holds nothing
    assert model(torch.ones(1, 2)).shape == (1, 2)
    handle.remove()
    assert "forward" not in model[0].__dict__


def test_recurse_across_virtual_gpus(sim2: Any) -> None:
    model = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 2))
    model[0].to("cuda:0")
    model[2].to("cuda:1")
    align_inputs(model, recurse=True)
    with torch.no_grad():
        assert model(torch.ones(1, 2)).device == torch.device("cuda", 1)


def test_forward_wrapper_keeps_signature_and_survives_deepcopy() -> None:
    module = Recorder().to(META)
    align_inputs(module, META)
    assert list(inspect.signature(module.forward).parameters) == ["x", "rest", "kwargs"]
    clone = copy.deepcopy(module)
    clone(torch.ones(2))
    assert clone.seen[-1][0] == "meta" and len(module.seen) == 0  # the copy calls itself


def test_remove_after_someone_else_wrapped_forward() -> None:
    module = Recorder().to(META)
    handle = align_inputs(module, META)
    inner = module.forward
    module.forward = lambda *a, **k: inner(*a, **k)  # e.g. accelerate hooking on top
    handle.remove()
    module(torch.ones(2))
    assert module.seen[-1][0] == "cpu"  # our wrapper stepped aside


def test_to_device_of() -> None:
    ref = torch.empty(1, device=META)
    one = to_device_of(ref, torch.ones(1))
    assert one.device == META
    a, b = to_device_of(nn.Linear(1, 1).to(META), torch.ones(1), [torch.ones(1)])
    assert a.device == META and b[0].device == META
    same = torch.ones(1)
    assert to_device_of("cpu", same) is same
    with pytest.raises(ValueError, match="holds no parameter"):
        to_device_of(nn.ReLU(), same)


def test_assert_same_device_names_each_tensor() -> None:
    q, k = torch.ones(2), torch.ones(2, device=META)
    with pytest.raises(DeviceMismatchError) as info:
        assert_same_device(q=q, k=k, v=torch.ones(2))
    message = str(info.value)
    assert "q on cpu, k on meta, v on cpu" in message
    assert "move k with .to(q.device)" in message
    with pytest.raises(DeviceMismatchError, match="hidden on cpu, mask on meta"):
        assert_same_device(q, k, names=["hidden", "mask"])


def test_assert_same_device_allows_what_pytorch_allows() -> None:
    assert assert_same_device(torch.ones(2, device=META), torch.tensor(1.0)) == META
    with pytest.raises(DeviceMismatchError):
        assert_same_device(torch.ones(2, device=META), torch.tensor(1.0), allow_cpu_scalars=False)
    assert assert_same_device(None, torch.ones(1)) == torch.device("cpu")
    assert assert_same_device() is None
    with pytest.raises(ValueError, match="2 names for 1 tensors"):
        assert_same_device(torch.ones(1), names=["a", "b"])


def test_under_virtual_gpus(sim2: Any) -> None:
    layer = nn.Linear(4, 4, device="cuda:1")
    align_inputs(layer)
    with torch.no_grad():
        out = layer(torch.ones(2, 4, device="cuda:0"))
    assert out.device == torch.device("cuda", 1)
    with pytest.raises(DeviceMismatchError, match="a on cuda:0, b on cuda:1"):
        assert_same_device(a=torch.ones(1, device="cuda:0"), b=out)
