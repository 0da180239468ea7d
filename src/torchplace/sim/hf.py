"""Hugging Face and accelerate under simulation: placing models built on the meta device.

On real GPUs a model initialised on the meta device cannot be dispatched without weights. Under
simulation there are no weights to load, so `accelerate`'s `set_module_tensor_to_device` may put
a meta parameter on a virtual GPU: it becomes a tensor with no values. Everything else (hooks,
`device_map="auto"`, offload) is accelerate's own code.
"""

from __future__ import annotations

import sys
from typing import Any

import torch

from torchplace.sim import devices
from torchplace.sim.import_hooks import when_imported
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import wrap

_MODELING = "accelerate.utils.modeling"


def _allow_meta_placement(original: Any) -> Any:
    def set_module_tensor_to_device(
        module: torch.nn.Module, tensor_name: str, device: Any, value: Any = None, *args: Any,
        **kwargs: Any,
    ) -> Any:  # fmt: skip
        if value is None and str(device) != "meta" and devices.active() is not None:
            owner = module
            for part in tensor_name.split(".")[:-1]:
                owner = getattr(owner, part)
            old = getattr(owner, tensor_name.split(".")[-1], None)
            if isinstance(old, torch.Tensor) and old.device.type == "meta":
                target = torch.device("cuda", device) if isinstance(device, int) else device
                target = devices.require().resolve(torch.device(target))
                value = wrap(torch.empty(old.shape, dtype=old.dtype, device="meta"), target)
        return original(module, tensor_name, device, value, *args, **kwargs)

    set_module_tensor_to_device.__wrapped__ = original  # type: ignore[attr-defined]
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
