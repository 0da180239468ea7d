"""`torch.Generator` on virtual GPUs: `Generator(device="cuda:1")` as a CUDA build makes it,
and CUDA's check that a random op's generator is on the op's device type."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from typing import Any

import torch

from torchplace.sim import devices

_RealDevice = torch.device


def check_generator(generator: Any, device: torch.device) -> None:
    """CUDA's check that a random op's generator is on the op's device type."""
    found = "cuda" if generator._cdata in VIRTUAL_GENERATORS else generator.device.type
    if device.type == "cuda" and found != "cuda":
        raise RuntimeError(f"Expected a 'cuda' device type for generator but found '{found}'")


# C++ identities of the generators made on virtual GPUs: the object an op receives from C++
# is a fresh Python wrapper, a plain CPU generator as far as Python can tell.
VIRTUAL_GENERATORS: set[int] = set()


class VirtualGenerator(torch.Generator):
    """A generator on a virtual GPU: a CPU generator (it draws the values) that says cuda:N."""

    _vdev: torch.device

    @property
    def device(self) -> torch.device:  # type: ignore[override]
        return self._vdev


class _GeneratorType(type):
    """`torch.Generator` as a CUDA build reads it: `Generator(device="cuda")` exists."""

    def __instancecheck__(cls, instance: Any) -> bool:
        return isinstance(instance, _RealGenerator)

    def __subclasscheck__(cls, subclass: Any) -> bool:
        return issubclass(subclass, _RealGenerator)

    def __call__(cls, device: Any = "cpu") -> Any:
        target = _RealDevice("cuda", device) if type(device) is int else _RealDevice(device)
        if target.type != "cuda":
            return _RealGenerator(device=target)
        generator = VirtualGenerator()
        generator._vdev = devices.require().resolve(target)
        VIRTUAL_GENERATORS.add(generator._cdata)  # type: ignore[attr-defined]
        return generator


_RealGenerator = torch.Generator


class Generator(metaclass=_GeneratorType):
    """Stands in for `torch.Generator` during simulation; instances are real generators."""
