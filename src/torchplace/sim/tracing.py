"""Keep `torch._dynamo`'s trace rules on torch's own functions while sim's stand-ins are in place.

Importing `torch._dynamo` builds (once per process) a map from torch's functions, looked up by
name, to how dynamo treats them. Built inside a simulation, the names would resolve to sim's
stand-ins: two torch functions served by one stand-in (`torch.cuda.set_device` and
`torch.accelerator.set_device_index`) become one object with two rules ("Duplicate torch object
... with different rules"), and the cached map would miss torch's real functions after the
simulation. So the map's name lookup sees through the stand-ins, wherever dynamo is imported.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from typing import Any

from torchplace.sim.patches import Patches

_RULES = "torch._dynamo.trace_rules"


def _patch(patches: Patches, module: Any) -> None:
    load_object = module.load_object

    def load_original(name: str) -> Any:
        return patches.original(load_object(name), name)

    patches.set(module, "load_object", load_original)


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Patch the trace rules when the program first imports dynamo (importing it costs ~1 s)."""

    def __init__(self, patches: Patches) -> None:
        self.patches = patches

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != _RULES:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        loader: Any = spec.loader
        run = loader.exec_module
        patches = self.patches

        def exec_module(module: Any) -> None:
            run(module)
            _patch(patches, module)

        loader.exec_module = exec_module
        return spec


def install(patches: Patches) -> None:
    """Patch dynamo's trace-rule lookup now, or when dynamo is first imported."""
    module = sys.modules.get(_RULES)
    if module is not None:
        _patch(patches, module)
    else:
        patches.set(sys, "meta_path", [_PatchOnImport(patches), *sys.meta_path])
