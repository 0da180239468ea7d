"""Exceptions raised by `torchplace.runtime`."""

from __future__ import annotations


class BindingError(ValueError, RuntimeError):
    """A worker could not be bound to its device.

    Raised by `bind_worker` when the launcher's environment (`LOCAL_RANK`, `RANK`,
    `WORLD_SIZE`, `LOCAL_WORLD_SIZE`, `CUDA_VISIBLE_DEVICES`) or the hardware does not allow a
    correct binding. The message quotes the bad value and says what to do. It subclasses both
    `ValueError` (bad configuration) and `RuntimeError` (what launchers and frameworks catch).
    """


class DeviceMismatchError(RuntimeError):
    """Tensors that must share a device do not; the message names each tensor and its device."""


class ContextError(RuntimeError):
    """The CUDA driver reports no context, or the wrong one, where a guard promised it."""
