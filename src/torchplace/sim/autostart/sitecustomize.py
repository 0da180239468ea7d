"""Python imports this at start-up in a child of a simulated process (see torchplace.sim.inherit).

It must be cheap and do nothing unless `TORCHPLACE_SIM_GPUS` is set. When set, a finder at the
front of `sys.meta_path` waits for the child's own `import torch`, lets torch's import finish,
then enters the simulation the parent described. Then the `sitecustomize` this file shadows
on `sys.path`, if any, runs as it would have.
"""

import os
import sys


class _AfterTorch:
    """A meta path finder: on `import torch`, run torch's import, then start the simulation.

    It stays in place until torch's module actually runs: `importlib.util.find_spec("torch")`
    (transformers' `is_torch_available()`) asks the finders too, before the real import.
    """

    def __init__(self) -> None:
        self.looking = False

    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name != "torch" or self.looking:
            return None
        import importlib.util

        self.looking = True  # the search below asks this finder again
        try:
            spec = importlib.util.find_spec(name)
        finally:
            self.looking = False
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module):  # type: ignore[no-untyped-def]
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            run(module)
            _start()

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _start() -> None:
    source_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    if source_root not in sys.path:
        sys.path.insert(0, source_root)  # the torchplace this file belongs to
    from torchplace.sim import inherit

    inherit.start_inherited()


def _run_shadowed_sitecustomize() -> None:
    import importlib._bootstrap  # frozen: no import cost (importlib.util costs ~5 ms)
    import importlib.machinery

    here = os.path.dirname(os.path.abspath(__file__))
    for entry in sys.path:
        if not entry or os.path.abspath(entry) == here:
            continue
        spec = importlib.machinery.PathFinder.find_spec("sitecustomize", [entry])
        if spec is not None and spec.loader is not None:
            module = importlib._bootstrap.module_from_spec(spec)
            spec.loader.exec_module(module)
            return


if os.environ.get("TORCHPLACE_SIM_GPUS", "").strip():
    if "torch" in sys.modules:
        _start()
    else:
        sys.meta_path.insert(0, _AfterTorch())
_run_shadowed_sitecustomize()
