"""torchplace: find, explain, fix and prevent device-placement bugs in multi-GPU PyTorch.

Importing this package imports nothing heavy: the public names below are resolved lazily, so
`import torchplace` (and `torchplace lint`) never imports torch.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it. Parts add their names here as they land.
_LAZY_EXPORTS: dict[str, str] = {
    "virtual_gpus": "torchplace.sim",
    "install": "torchplace.explain",
    "explain": "torchplace.explain",
    "bind_worker": "torchplace.runtime",
    "DeviceGuard": "torchplace.runtime",
    "inherit_device": "torchplace.runtime",
    "bound_thread": "torchplace.runtime",
    "align_inputs": "torchplace.runtime",
    "to_device_of": "torchplace.runtime",
    "assert_same_device": "torchplace.runtime",
    "DeviceFollowingAdapter": "torchplace.runtime",
    "check_context_invariants": "torchplace.runtime",
    "BindingError": "torchplace.runtime",
    "ContextError": "torchplace.runtime",
    "DeviceMismatchError": "torchplace.runtime",
    "WorkerBinding": "torchplace.runtime",
    "audit": "torchplace.audit",
}

__all__ = ["__version__", *sorted(_LAZY_EXPORTS)]


def __getattr__(name: str) -> Any:
    module_name = _LAZY_EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'torchplace' has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_EXPORTS))
