"""Hugging Face and accelerate under simulation: placing models built on the meta device.

On real GPUs a model initialised on the meta device cannot be dispatched without weights. Under
simulation there are no weights to load, so `accelerate`'s `set_module_tensor_to_device` may put
a meta parameter on a virtual GPU: it becomes a tensor with no values. Everything else (hooks,
`device_map="auto"`, offload) is accelerate's own code.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from typing import Any

import torch

from torchplace.sim import devices
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


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Patch accelerate when the program imports it (importing it up front costs ~1 s).

    The replacement defers to the original outside a simulation, so modules that imported it
    during one keep working after.
    """

    def __init__(self, patches: Patches) -> None:
        self.patches = patches

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != _MODELING:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        loader: Any = spec.loader
        run = loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            module.set_module_tensor_to_device = _allow_meta_placement(
                module.set_module_tensor_to_device
            )

        loader.exec_module = exec_module
        return spec


def install(patches: Patches) -> None:
    """Patch accelerate's set_module_tensor_to_device now, or when it is first imported."""
    modeling = sys.modules.get(_MODELING)
    if modeling is not None:
        _patch_loaded(patches, modeling)
    elif importlib.util.find_spec("accelerate") is not None:
        patches.set(sys, "meta_path", [_PatchOnImport(patches), *sys.meta_path])
