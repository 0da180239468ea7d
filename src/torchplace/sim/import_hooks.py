"""Patch a module now if it is imported, else the moment the program imports it.

Some libraries sim must adjust (accelerate, dynamo) cost about a second to import, so sim never
imports them itself: a finder at the front of `sys.meta_path` waits for the program's import,
lets the module's own code run, then applies the patch. The finder removes itself after one
use, and `sys.meta_path` is restored with everything else when the simulation ends.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import importlib.abc
import importlib.util
import sys
from collections.abc import Callable
from typing import Any

from torchplace.sim.patches import Patches

Apply = Callable[[Any], None]


def when_imported(
    patches: Patches, name: str, apply_loaded: Apply, apply_new: Apply | None = None
) -> None:
    """`apply_loaded(module)` now if `name` is in `sys.modules`; otherwise `apply_new(module)`
    (default: `apply_loaded`) right after the program's first import of it has run."""
    module = sys.modules.get(name)
    if module is not None:
        apply_loaded(module)
    else:
        finder = _PatchOnImport(name, apply_new or apply_loaded)
        patches.set(sys, "meta_path", [finder, *sys.meta_path])


class _PatchOnImport(importlib.abc.MetaPathFinder):
    def __init__(self, name: str, apply: Apply) -> None:
        self.name = name
        self.apply = apply

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != self.name:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        loader: Any = spec.loader
        run = loader.exec_module
        apply = self.apply

        def exec_module(module: Any) -> None:
            run(module)
            apply(module)

        loader.exec_module = exec_module
        return spec
