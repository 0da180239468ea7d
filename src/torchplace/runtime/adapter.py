"""`DeviceFollowingAdapter`: a LoRA-style delta that computes wherever its base layer computes.

The field sketch moved `lora_A.data` to the input's device inside `forward`: every call
mutated the model (the optimizer's state and other threads then saw parameters jump between
devices) and two threads on two GPUs raced on the same `.data`. Here `forward` never changes a
parameter. The delta is a registered submodule, so `.to()`, `.cuda()` and `device_map`
dispatch of the adapter move it with the base. When only the base moved, inference uses a
private copy of the delta on the base's device, built once under a lock and rebuilt only when
the delta's weights change (their version counters); training mode with gradients refuses,
since a copy would not learn, and says how to move the delta for real.
"""

from __future__ import annotations

import copy
import math
import threading
from collections.abc import Callable
from typing import Any

import torch
from torch import nn

from torchplace.runtime._devices import DeviceTracker, device_of
from torchplace.runtime.errors import DeviceMismatchError

_CopyKey = tuple[Any, ...]


class DeviceFollowingAdapter(nn.Module):
    """`base(x) + scale * delta(x)`, the delta following the device the base computes on.

    `x` is moved to the base's device first (unless the base is offloaded on meta), and the
    result is on the device the base computed on.

    `base` is any layer returning a tensor (typically `nn.Linear`); `delta` any module mapping
    the same input to a tensor of the base's output shape. The delta runs in its own dtype and
    its result is cast to the base's. Thread-safe: `forward` mutates no parameter.
    """

    def __init__(self, base: nn.Module, delta: nn.Module, scale: float = 1.0) -> None:
        super().__init__()
        self.base = base
        self.delta = delta
        self.scale = scale
        self._lock = threading.Lock()
        self._copies: dict[torch.device, tuple[_CopyKey, nn.Module]] = {}
        # Device lookups on every call, without walking the modules each time.
        self._base_device = DeviceTracker(base, None)
        self._delta_device = DeviceTracker(delta, None)

    @classmethod
    def lora(
        cls, base: nn.Linear, rank: int = 8, alpha: float = 16.0, dtype: torch.dtype | None = None
    ) -> DeviceFollowingAdapter:
        """A LoRA adapter around `base`: `B @ A` with A Kaiming-initialised and B zero."""
        weight = base.weight
        kwargs: dict[str, Any] = {"device": weight.device, "dtype": dtype or weight.dtype}
        down = nn.Linear(base.in_features, rank, bias=False, **kwargs)
        up = nn.Linear(rank, base.out_features, bias=False, **kwargs)
        nn.init.kaiming_uniform_(down.weight, a=math.sqrt(5))
        nn.init.zeros_(up.weight)
        return cls(base, nn.Sequential(down, up), scale=alpha / rank)

    def forward(self, x: torch.Tensor, *args: Any, **kwargs: Any) -> torch.Tensor:
        stale = self._base_device.module is not self.base
        if stale or self._delta_device.module is not self.delta:  # a new base or delta assigned
            self._base_device = DeviceTracker(self.base, None)
            self._delta_device = DeviceTracker(self.delta, None)
        home = self._base_device.resolve()
        if home is not None and x.device != home:
            x = x.to(home)  # offloaded (meta) bases resolve to None: left to their own hooks
        out = self.base(x, *args, **kwargs)
        if not isinstance(out, torch.Tensor):
            raise TypeError(f"the base layer returned {type(out).__name__}, not a tensor")
        delta = self._delta_on(out.device)
        dtype = _first_dtype(delta) or x.dtype
        update = delta(x.to(device=out.device, dtype=dtype))
        result: torch.Tensor = out + (update * self.scale).to(out.dtype)
        return result

    def follow_base(self) -> DeviceFollowingAdapter:
        """Move the delta itself to the base's device (outside `forward`); returns self."""
        target = device_of(self.base)
        if target is not None:
            with self._lock:
                self.delta.to(target)
                self._copies.clear()
        return self

    def _delta_on(self, device: torch.device) -> nn.Module:
        own = self._delta_device.resolve()
        if own is None or own == device:
            return self.delta
        if self.training and torch.is_grad_enabled() and _needs_grad(self.delta):
            raise DeviceMismatchError(
                f"the delta's parameters are on {own} but its base computes on {device}, in "
                "training mode with gradients on: a copy would not train. Move the adapter as a "
                f"whole (adapter.to({str(device)!r})), call adapter.follow_base() after moving the "
                "base, or run inference under torch.no_grad() / adapter.eval()"
            )
        return self._cached_copy(device)

    def _cached_copy(self, device: torch.device) -> nn.Module:
        key = _version_key(self.delta)
        entry = self._copies.get(device)
        if entry is not None and entry[0] == key:
            return entry[1]
        with self._lock:
            entry = self._copies.get(device)
            if entry is None or entry[0] != key:
                with torch.no_grad():
                    replica = copy.deepcopy(self.delta).to(device).requires_grad_(False)
                entry = (key, replica)
                self._copies[device] = entry
            return entry[1]

    def _apply(self, fn: Callable[[torch.Tensor], torch.Tensor], recurse: bool = True) -> Any:
        result = super()._apply(fn, recurse)  # type: ignore[no-untyped-call]
        with self._lock:
            self._copies.clear()
        return result

    def __getstate__(self) -> dict[str, Any]:
        state: dict[str, Any] = super().__getstate__()  # type: ignore[no-untyped-call]
        state.pop("_lock", None)
        state["_copies"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)  # type: ignore[no-untyped-call]
        self._lock = threading.Lock()

    def extra_repr(self) -> str:
        return f"scale={self.scale}"


def _needs_grad(module: nn.Module) -> bool:
    return any(p.requires_grad for p in module.parameters())


def _first_dtype(module: nn.Module) -> torch.dtype | None:
    for param in module.parameters():
        return param.dtype
    return None


def _version_key(module: nn.Module) -> _CopyKey:
    """Changes whenever a parameter or buffer of `module` is replaced or updated in place."""
    tensors = [*module.parameters(), *module.buffers()]
    return (module.training, *((id(t), t._version, t.device) for t in tensors))
