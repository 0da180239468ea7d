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
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import wrap


def _allow_meta_placement(original: Any) -> Any:
    def set_module_tensor_to_device(
        module: torch.nn.Module, tensor_name: str, device: Any, value: Any = None, *args: Any,
        **kwargs: Any,
    ) -> Any:  # fmt: skip
        if value is None and str(device) != "meta":
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


def install(patches: Patches) -> None:
    """Patch accelerate's set_module_tensor_to_device wherever it was imported."""
    try:
        from accelerate.utils import modeling
    except ImportError:
        return
    original = modeling.set_module_tensor_to_device
    replacement = _allow_meta_placement(original)
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("accelerate", "transformers", "peft")):
            continue
        if getattr(module, "set_module_tensor_to_device", None) is original:
            patches.set(module, "set_module_tensor_to_device", replacement)
