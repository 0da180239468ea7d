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

from typing import Any

from torchplace.sim.import_hooks import when_imported
from torchplace.sim.patches import Patches

_RULES = "torch._dynamo.trace_rules"


def _patch(patches: Patches, module: Any) -> None:
    load_object = module.load_object

    def load_original(name: str) -> Any:
        return patches.original(load_object(name), name)

    patches.set(module, "load_object", load_original)


def install(patches: Patches) -> None:
    """Patch dynamo's trace-rule lookup now, or when dynamo is first imported (~1 s to import)."""
    when_imported(patches, _RULES, lambda m: _patch(patches, m))
