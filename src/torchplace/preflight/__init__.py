"""Read a launch command and the machine, and say what will fail before anything starts.

`torchplace preflight -- vllm serve MODEL --tensor-parallel-size 4` parses the command (vLLM,
torchrun, DeepSpeed or a plain `python script.py`), learns the GPUs (NVML, else torch, else the
`--gpus` / `--gpu-memory` overrides) and the model's shape (its local `config.json`), and runs
every check in :mod:`torchplace.preflight.checks`. Nothing here imports torch unless NVML is
missing and an NVIDIA driver is present.
"""

from __future__ import annotations

from torchplace.preflight.errors import PreflightInputError
from torchplace.preflight.runner import PreflightResult, run_preflight

__all__ = ["PreflightInputError", "PreflightResult", "run_preflight"]
