"""Who a failed forward is about: the map, the model code, or a module the map should not split.

A forward that stops is not always the user's map. Two causes are told apart here, from the
model itself and the error's traceback:

- a module split by the map whose own forward uses a weight it holds directly (not through a
  child) together with its children's outputs: the children's hooks move their inputs, but
  nothing moves the parent's own weight, so the op meets two devices. Mllama's vision model
  (`torch.cat([self.class_embedding, hidden_states])`) is one. The map is accelerate's
  ordinary choice; the model code does not survive it, and the cure is to keep the module on
  one device.
- an error that is not about devices at all (a shape, an attribute of the model's output): the
  model code or its config fails whatever the placement; the line that raised is named.
"""

from __future__ import annotations

import re

from torch import nn

from torchplace.audit._tensors import device_name
from torchplace.audit.report import AuditFinding, ForwardObservation
from torchplace.report import Severity

_DEVICE_WORDS = re.compile(r"device|meta tensor|cuda|\bcpu\b", re.IGNORECASE)
_DEVICES = re.compile(r"\b(cuda:\d+|cpu|meta)\b")


def is_device_error(text: str) -> bool:
    """Whether an error message is about where tensors are (any device named or meant)."""
    return bool(_DEVICE_WORDS.search(text))


def split_module_own_weights(
    model: nn.Module, observation: ForwardObservation, device_map: dict[str, str] | None
) -> AuditFinding | None:
    """The finding for a device mismatch raised in a map-split module that uses its own weight;
    None when the failure is of another kind."""
    text = observation.error or ""
    name = observation.error_module
    if observation.completed or name is None or not is_device_error(text):
        return None
    module = _submodule(model, name)
    if module is None or name in (device_map or {}):
        return None  # a map entry is moved as a whole by its hook: not split by the map
    named = set(_DEVICES.findall(text))
    own = _own_weights_elsewhere(module, named)
    if own is None:
        return None
    weight, here, there = own
    site = f" at {observation.error_site}" if observation.error_site else ""
    kind = type(module).__name__
    return AuditFinding(
        "split-module-uses-own-weights",
        Severity.ERROR,
        name,
        f"the map splits `{name}` ({kind}): its own weight `{weight}` is on {here} while its "
        f"children run on {there}, and its forward uses them together{site} without moving "
        "either, so the forward fails on real GPUs too. The other entries of the map are not "
        f"at fault: the model code does not survive a split of {kind} (transformers does not "
        f"list it in `_no_split_modules`). Keep `{name}` on one device: map it as one entry, "
        f'or pass `no_split_module_classes=[..., "{kind}"]` when inferring the map. '
        f"({_first_sentence(text)})",
        pattern="module-split-across-devices",
        tensors=(f"{name}.{weight}",),
    )


def _own_weights_elsewhere(module: nn.Module, named: set[str]) -> tuple[str, str, str] | None:
    """(weight, its device, the children's device) for a weight the module holds directly on
    another device than its children, both among the devices the error names."""
    children = {
        device_name(p.device)
        for child in module.children()
        for p in child.parameters()
        if p.device.type != "meta"
    }
    for weight, tensor in module.named_parameters(recurse=False):
        here = device_name(tensor.device)
        others = sorted(children - {here})
        if here in named and any(o in named for o in others):
            return weight, here, next(o for o in others if o in named)
    return None


def model_code_failure(observation: ForwardObservation) -> AuditFinding | None:
    """The finding for a forward that failed for a reason that names no device."""
    text = observation.error or ""
    if observation.completed or is_device_error(text) or not observation.error_site:
        return None
    where = f" in `{observation.error_module}`" if observation.error_module else ""
    ran = [a for a in observation.activations if a.calls]
    total = len(observation.activations)
    coverage = (
        f" Every placement block ran before it ({total}/{total}): the transfers above cover "
        "the whole forward."
        if total and len(ran) == total
        else f" {len(ran)} of {total} placement blocks ran before it."
        if total
        else ""
    )
    return AuditFinding(
        "model-code-failed",
        Severity.WARNING,
        observation.error_module or "",
        f"the observed forward raised {observation.error_type}{where} at "
        f"{observation.error_site}, and the error names no device: it comes from the model's "
        "code (or its config), not from where its tensors are, so it is not a fault of the "
        f"device map; the placement findings still hold.{coverage} ({_first_sentence(text)})",
    )


def _submodule(model: nn.Module, name: str) -> nn.Module | None:
    try:
        return model.get_submodule(name) if name else model
    except AttributeError:
        return None


def _first_sentence(text: str) -> str:
    return text.split(". ")[0][:200]
