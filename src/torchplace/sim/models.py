"""Build a Hugging Face model from a config, on the meta device, placed across virtual GPUs."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import contextlib
import os
from typing import Any

import torch

from torchplace.sim import devices
from torchplace.sim.tensor import wrap


def _load_config(config: Any) -> Any:
    if not isinstance(config, (str, os.PathLike)):
        return config
    from transformers import AutoConfig

    from torchplace.configs import resolve

    return AutoConfig.from_pretrained(str(resolve(str(config))))


def _skip_weight_init() -> Any:
    """Initialising meta weights computes nothing but costs a second on a 70B shape: skip it."""
    try:
        from transformers.initialization import no_init_weights
    except ImportError:
        return contextlib.nullcontext()
    return no_init_weights()


def infer_device_map(model: torch.nn.Module, device_map: Any, dtype: Any, max_memory: Any) -> Any:
    """An explicit device map for `"auto"`, `"balanced"`, `"balanced_low_0"`, `"sequential"`."""
    if not isinstance(device_map, str):
        return device_map
    from accelerate import infer_auto_device_map
    from accelerate.utils import get_balanced_memory

    no_split = getattr(model, "_no_split_modules", None) or []
    if device_map != "sequential":
        max_memory = get_balanced_memory(
            model,
            max_memory=max_memory,
            no_split_module_classes=no_split,
            dtype=dtype,
            low_zero=device_map == "balanced_low_0",
        )
    return infer_auto_device_map(
        model, max_memory=max_memory, no_split_module_classes=no_split, dtype=dtype
    )


def _single_gpu(device_map: Any) -> torch.device | None:
    """The virtual GPU that every entry of an explicit device map names, if there is one."""
    if not isinstance(device_map, dict) or not device_map or devices.active() is None:
        return None
    targets = set()
    for value in device_map.values():
        try:
            target = torch.device("cuda", value) if isinstance(value, int) else torch.device(value)
        except (RuntimeError, TypeError, ValueError):  # "disk" and the like: not one GPU
            return None
        targets.add(target)
    if len(targets) != 1:
        return None
    (target,) = targets
    if target.type != "cuda":
        return None
    return devices.require().resolve(target)


def _place_placeholders(model: torch.nn.Module, device: torch.device) -> None:
    """Replace every meta parameter and buffer by a value-less tensor on the virtual `device`.

    accelerate's `dispatch_model` moves a model mapped to one device with `model.to(device)`,
    which cannot copy meta tensors; under simulation there are no weights to load, so the
    placeholders go where the weights would. Tied tensors stay one tensor.
    """
    placed: dict[int, torch.Tensor] = {}

    def placeholder(old: torch.Tensor) -> torch.Tensor:
        if id(old) not in placed:
            meta = torch.empty(old.shape, dtype=old.dtype, device="meta")
            value: torch.Tensor = wrap(meta, device)
            if isinstance(old, torch.nn.Parameter):
                value = torch.nn.Parameter(value, requires_grad=old.requires_grad)
            placed[id(old)] = value
        return placed[id(old)]

    for module in model.modules():
        for store in (module._parameters, module._buffers):
            for name, old in store.items():
                if old is not None and old.device.type == "meta":
                    store[name] = placeholder(old)  # type: ignore[assignment]


def model_from_config(
    config: Any,
    device_map: Any = "auto",
    *,
    dtype: torch.dtype = torch.bfloat16,
    max_memory: dict[Any, Any] | None = None,
    model_class: Any = None,
) -> torch.nn.Module:
    """A model built on the meta device from `config` and dispatched with accelerate.

    `config` is a transformers config, a directory with `config.json`, or a bundled name
    (`"llama-3-70b"`). `device_map` is an accelerate strategy name or an explicit dict. The
    parameters hold no values; run inside `virtual_gpus`.
    """
    from accelerate import dispatch_model, init_empty_weights

    if model_class is None:
        from transformers import AutoModelForCausalLM as model_class
    with init_empty_weights(), _skip_weight_init():
        model = model_class.from_config(_load_config(config), dtype=dtype)
    if hasattr(model, "tie_weights"):
        model.tie_weights()  # as from_pretrained does: tied embeddings stay one tensor
    model.eval()
    device_map = infer_device_map(model, device_map, dtype, max_memory)
    single = _single_gpu(device_map)
    if single is not None:
        _place_placeholders(model, single)
    from torchplace.sim.hf import placing_without_weights

    with placing_without_weights():
        placed: torch.nn.Module = dispatch_model(model, device_map)
    return placed
