"""`torch.device` as a CUDA build constructs it: `torch.device(1)` is `cuda:1`."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from typing import Any

import torch

from torchplace.sim.patches import Patches

_RealDevice = torch.device


class _DeviceType(type):
    """`torch.device` as a CUDA build reads it: `torch.device(1)` is `cuda:1`."""

    def __instancecheck__(cls, instance: Any) -> bool:
        return isinstance(instance, _RealDevice)

    def __subclasscheck__(cls, subclass: Any) -> bool:
        return issubclass(subclass, _RealDevice)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        # Like a CUDA build: an int means that GPU; CUDA is not asked whether it exists.
        if len(args) == 1 and not kwargs and type(args[0]) is int:
            return _RealDevice("cuda", args[0])
        return _RealDevice(*args, **kwargs)


class device(metaclass=_DeviceType):
    """Stands in for `torch.device` during simulation; instances are real `torch.device`s."""


def install(patches: Patches) -> None:
    patches.set(torch, "device", device)
