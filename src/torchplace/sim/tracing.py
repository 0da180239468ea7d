"""Keep `torch._dynamo`'s trace rules on torch's own functions while sim's stand-ins are in place.

Importing `torch._dynamo` builds (once per process) a map from torch's functions, looked up by
name, to how dynamo treats them. Built inside a simulation, the names would resolve to sim's
stand-ins: two torch functions served by one stand-in (`torch.cuda.set_device` and
`torch.accelerator.set_device_index`) become one object with two rules ("Duplicate torch object
... with different rules"), and the cached map would miss torch's real functions after the
simulation. So the map's name lookup sees through the stand-ins, wherever dynamo is imported.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import sys
from typing import Any

from torchplace.sim.import_hooks import when_imported
from torchplace.sim.patches import Patches

_RULES = "torch._dynamo.trace_rules"
_BUILDER = "torch._dynamo.variables.builder"


def _patch(patches: Patches, module: Any) -> None:
    load_object = module.load_object

    def load_original(name: str) -> Any:
        return patches.original(load_object(name), name)

    patches.set(module, "load_object", load_original)


def _know_real_devices(builder: Any) -> None:
    """Dynamo's constant types are read once, at import: imported inside a simulation, they
    hold sim's `torch.device` stand-in, and after it torch's own devices would be unknown to
    dynamo ("SourcelessBuilder.create does not know how to wrap <class 'torch.device'>" from
    any `torch.compile`, flex_attention's included). Add torch's own class; it stays (it is
    what dynamo holds when imported outside a simulation)."""
    import torch

    real = torch._C.device
    utils = sys.modules["torch._dynamo.utils"]
    utils.common_constant_types.add(real)
    handlers = builder.SourcelessBuilder._type_handlers
    if real not in handlers:
        handlers[real] = lambda tx, value: builder.ConstantVariable(value)


def install(patches: Patches) -> None:
    """Patch dynamo's trace-rule lookup now, or when dynamo is first imported (~1 s to import)."""
    when_imported(patches, _RULES, lambda m: _patch(patches, m))
    when_imported(patches, _BUILDER, _know_real_devices)
