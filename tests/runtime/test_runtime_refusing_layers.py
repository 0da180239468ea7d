"""The layers `align_inputs` aligns on the error path (`_REFUSING_FORWARDS`), and why that is
safe: each one refuses an input on another device before doing anything (under virtual GPUs
here, on real GPUs in the `gpu` tests at the end), and aligned it returns what moving the input
first returns. A settled call is never looked at; an error that is not about devices is
raised as it came."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest
import torch
from torch import nn

from torchplace.runtime import align_inputs
from torchplace.runtime._forward_wrapper import _REFUSING_FORWARDS, _AlignedForward

Layer = Callable[[], nn.Module]
Input = Callable[[], torch.Tensor]


def _floats(*shape: int) -> Input:
    return lambda: torch.arange(float(torch.Size(shape).numel())).reshape(shape) / 10


LAYERS: dict[str, tuple[Layer, Input]] = {
    "Linear": (lambda: nn.Linear(4, 3), _floats(2, 4)),
    "Embedding": (lambda: nn.Embedding(10, 4, max_norm=1.0), lambda: torch.tensor([[1, 7, 1]])),
    "LayerNorm": (lambda: nn.LayerNorm(4), _floats(2, 4)),
    "RMSNorm": (lambda: nn.RMSNorm(4), _floats(2, 4)),
    "GroupNorm": (lambda: nn.GroupNorm(2, 4), _floats(2, 4, 3)),
    "Conv1d": (lambda: nn.Conv1d(4, 2, 3), _floats(1, 4, 5)),
    "Conv2d": (lambda: nn.Conv2d(4, 2, 3, padding=1, padding_mode="reflect"), _floats(1, 4, 5, 5)),
    "Conv3d": (lambda: nn.Conv3d(4, 2, 2), _floats(1, 4, 3, 3, 3)),
}


def _built(name: str, device: str) -> tuple[nn.Module, torch.Tensor]:
    make_layer, make_input = LAYERS[name]
    torch.manual_seed(0)
    return make_layer().to(device).eval(), make_input()


def _on_error_path(module: nn.Module) -> bool:
    return "_tp_moved" in module.forward.__func__.__code__.co_varnames  # type: ignore[attr-defined]


def test_every_refusing_layer_is_checked_here() -> None:
    # A layer joins `_REFUSING_FORWARDS` only with its refusal shown below.
    assert {getattr(nn, name).forward for name in LAYERS} == _REFUSING_FORWARDS


@pytest.mark.parametrize("name", LAYERS)
def test_each_layer_refuses_an_input_from_another_device(sim2: Any, name: str) -> None:
    layer, values = _built(name, "cuda:1")
    for stray in ("cuda:0", "cpu"):
        with pytest.raises(RuntimeError):
            layer(values.to(stray))


@pytest.mark.parametrize("name", LAYERS)
def test_aligned_layers_give_what_moving_first_gives(sim2: Any, name: str) -> None:
    layer, values = _built(name, "cuda:1")
    with torch.no_grad():
        expected = layer(values.to("cuda:1"))
        align_inputs(layer)
        assert _on_error_path(layer)
        for stray in ("cuda:0", "cpu", "cuda:1"):
            out = layer(values.to(stray))
            assert out.device == torch.device("cuda", 1)
            assert torch.equal(out.cpu(), expected.cpu())


class _Counted:
    """Counts `_slow_one` (the look at an argument) and the layer's own forward calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: nn.Module) -> None:
        self.looks = 0
        self.runs = 0
        original_slow_one = _AlignedForward._slow_one

        def slow_one(state: _AlignedForward, value: Any) -> Any:
            self.looks += 1
            return original_slow_one(state, value)

        monkeypatch.setattr(_AlignedForward, "_slow_one", slow_one)
        state = module.forward.__self__  # type: ignore[union-attr]
        forward = state.forward_function

        def counted_forward(*args: Any) -> Any:
            self.runs += 1
            return forward(*args)

        state.forward_function = counted_forward


def test_a_settled_call_runs_once_and_is_never_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    layer = nn.Linear(4, 3)
    align_inputs(layer)
    counted = _Counted(monkeypatch, layer)
    layer(torch.ones(2, 4))
    assert (counted.looks, counted.runs) == (0, 1)


def test_an_error_not_about_devices_is_raised_as_it_came(monkeypatch: pytest.MonkeyPatch) -> None:
    layer = nn.Linear(4, 3)
    align_inputs(layer)
    counted = _Counted(monkeypatch, layer)
    with pytest.raises(RuntimeError, match="shapes cannot be multiplied") as caught:
        layer(torch.ones(2, 5))
    assert (counted.looks, counted.runs) == (1, 1)  # looked at once, not run again
    assert caught.value.__context__ is None


def test_a_moved_input_runs_again_and_its_own_error_is_not_chained(
    sim2: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    layer = nn.Linear(4, 3).to("cuda:1")
    align_inputs(layer)
    counted = _Counted(monkeypatch, layer)
    layer(torch.ones(2, 4, device="cuda:0"))
    assert (counted.looks, counted.runs) == (1, 2)
    with pytest.raises(RuntimeError, match="shapes cannot be multiplied") as caught:
        layer(torch.ones(2, 5, device="cuda:0"))  # wrong device and wrong shape
    assert caught.value.__context__ is None


def test_a_layer_handed_a_stray_input_checks_first_from_then_on(
    sim2: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    layer = nn.Linear(4, 3).to("cuda:1")
    align_inputs(layer)
    layer(torch.ones(2, 4, device="cuda:0"))  # refused once, moved, run again
    assert not _on_error_path(layer)
    for clone in (copy.deepcopy(layer), pickle.loads(pickle.dumps(layer))):
        assert not _on_error_path(clone)
    counted = _Counted(monkeypatch, layer)
    out = layer(torch.ones(2, 4, device="cuda:0"))  # moved before the call: runs once
    assert (counted.looks, counted.runs) == (1, 1)
    assert out.device == torch.device("cuda", 1)


def test_a_wrapper_put_on_top_stays_when_the_layer_switches(sim2: Any) -> None:
    layer = nn.Linear(4, 3).to("cuda:1")
    align_inputs(layer)
    ours = layer.forward
    calls: list[int] = []

    def on_top(x: torch.Tensor) -> torch.Tensor:
        calls.append(1)
        return ours(x)

    layer.forward = on_top  # type: ignore[method-assign]
    assert layer(torch.ones(2, 4, device="cuda:0")).device == torch.device("cuda", 1)
    assert layer.forward is on_top
    layer(torch.ones(2, 4, device="cuda:0"))
    assert calls == [1, 1]


def test_a_fixed_device_or_a_wrapped_forward_is_checked_before_the_call(sim2: Any) -> None:
    fixed = nn.Linear(4, 3)
    align_inputs(fixed, "cuda:1")  # the input must reach cuda:1 even though the layer is on the CPU
    assert not _on_error_path(fixed)
    with pytest.raises(RuntimeError):
        fixed(torch.ones(2, 4))  # moved to cuda:1 first, so the CPU layer refuses it
    wrapped = nn.Linear(4, 3).to("cuda:1")
    wrapped.forward = wrapped.forward  # an earlier wrapper (accelerate installs one like this)
    align_inputs(wrapped)
    assert not _on_error_path(wrapped)
    assert wrapped(torch.ones(2, 4)).device == torch.device("cuda", 1)


def test_a_switched_off_wrapper_passes_the_refusal_on(sim2: Any) -> None:
    layer = nn.Linear(4, 3).to("cuda:1")
    align_inputs(layer).remove()
    align_inputs(layer)
    layer.forward.__self__.disable()  # type: ignore[union-attr]
    with pytest.raises(RuntimeError):
        layer(torch.ones(2, 4, device="cuda:0"))


# -- on real GPUs ----------------------------------------------------------------------------
def _gpus() -> int:
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


@pytest.mark.gpu
@pytest.mark.parametrize("name", LAYERS)
def test_real_kernels_refuse_and_aligned_layers_recover(name: str) -> None:
    target = "cuda:1" if _gpus() >= 2 else "cuda:0"
    strays = ["cpu", "cuda:0"] if target == "cuda:1" else ["cpu"]
    layer, values = _built(name, target)
    with torch.no_grad():
        expected = layer(values.to(target))
        for stray in strays:
            with pytest.raises(RuntimeError):
                layer(values.to(stray))
        align_inputs(layer)
        for stray in strays:
            out = layer(values.to(stray))
            assert out.device == torch.device(target)
            assert torch.equal(out, expected)
