"""Hugging Face and accelerate under simulation: placing models built on the meta device.

On real GPUs a model initialised on the meta device cannot be dispatched without weights. Under
simulation there are no weights to load, so inside `model_from_config` accelerate's
`set_module_tensor_to_device` may put a meta parameter on a virtual GPU: it becomes a tensor
with no values. Elsewhere accelerate answers as on real GPUs (its own ValueError). Everything
else (hooks, `device_map="auto"`, offload) is accelerate's own code.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import contextlib
import functools
import sys
import threading
from collections.abc import Iterator
from typing import Any

import torch

from torchplace.sim import devices
from torchplace.sim.import_hooks import when_imported
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import wrap

_MODELING = "accelerate.utils.modeling"


class _Flag(threading.local):
    active = False


_placing_without_weights = _Flag()


@contextlib.contextmanager
def placing_without_weights() -> Iterator[None]:
    """Inside (`model_from_config`), a meta tensor sent to a virtual GPU without a value becomes
    a value-less tensor there. Outside, accelerate answers as on real GPUs (a ValueError)."""
    previous = _placing_without_weights.active
    _placing_without_weights.active = True
    try:
        yield
    finally:
        _placing_without_weights.active = previous


def _value_less_placement(module: torch.nn.Module, tensor_name: str, device: Any) -> Any:
    """A value-less tensor on the virtual GPU for a meta parameter sent to `device` without a
    value; None (accelerate then decides, and raises its own errors) in every other case: a
    CPU or meta target, a name the module does not have, a tensor that is not on meta."""
    try:
        target = torch.device("cuda", device) if type(device) is int else torch.device(device)
    except (RuntimeError, TypeError):
        return None
    if target.type != "cuda":
        return None
    owner: Any = module
    for part in tensor_name.split(".")[:-1]:
        owner = getattr(owner, part, None)
    old = getattr(owner, tensor_name.split(".")[-1], None)
    if not isinstance(old, torch.Tensor) or old.device.type != "meta":
        return None
    resolved = devices.require().resolve(target)
    return wrap(torch.empty(old.shape, dtype=old.dtype, device="meta"), resolved)


def _allow_meta_placement(original: Any) -> Any:
    def set_module_tensor_to_device(
        module: torch.nn.Module, tensor_name: str, device: Any, value: Any = None, *args: Any,
        **kwargs: Any,
    ) -> Any:  # fmt: skip
        if value is None and _placing_without_weights.active and devices.active() is not None:
            value = _value_less_placement(module, tensor_name, device)
        return original(module, tensor_name, device, value, *args, **kwargs)

    functools.update_wrapper(set_module_tensor_to_device, original)  # accelerate's name
    return set_module_tensor_to_device


def _patch_loaded(patches: Patches, modeling: Any) -> None:
    original = modeling.set_module_tensor_to_device
    if hasattr(original, "__wrapped__"):
        return
    replacement = _allow_meta_placement(original)
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("accelerate", "transformers", "peft")):
            continue
        if getattr(module, "set_module_tensor_to_device", None) is original:
            patches.set(module, "set_module_tensor_to_device", replacement)


def install(patches: Patches) -> None:
    """Patch accelerate's set_module_tensor_to_device now, or when it is first imported."""
    when_imported(patches, _MODELING, lambda m: _patch_loaded(patches, m), _patch_new)


def _patch_new(modeling: Any) -> None:
    # Imported during the simulation: no other module holds the original yet. The replacement
    # defers to it outside a simulation, so it can stay after the simulation ends.
    modeling.set_module_tensor_to_device = _allow_meta_placement(
        modeling.set_module_tensor_to_device
    )
