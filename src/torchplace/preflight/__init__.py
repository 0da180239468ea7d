"""Read a launch command and the machine, and say what will fail before anything starts.

`torchplace preflight -- vllm serve MODEL --tensor-parallel-size 4` parses the command (vLLM,
torchrun, DeepSpeed or a plain `python script.py`), learns the GPUs (NVML, else torch, else the
`--gpus` / `--gpu-memory` overrides) and the model's shape (its local `config.json`), and runs
every check in :mod:`torchplace.preflight.checks`. Nothing here imports torch unless NVML is
missing and an NVIDIA driver is present.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from torchplace.preflight.errors import PreflightInputError
    from torchplace.preflight.runner import PreflightResult, run_preflight

# Resolved lazily so that the vLLM plugin (`torchplace.preflight.vllm_plugin`), which vLLM
# imports in every worker, does not pull in the parsers and checks.
_EXPORTS = {
    "PreflightInputError": "torchplace.preflight.errors",
    "PreflightResult": "torchplace.preflight.runner",
    "run_preflight": "torchplace.preflight.runner",
}

__all__ = ["PreflightInputError", "PreflightResult", "run_preflight"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'torchplace.preflight' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
