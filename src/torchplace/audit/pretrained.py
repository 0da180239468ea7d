"""Load a directory of saved weights with `from_pretrained` and the device map, as a user would.

`torchplace audit DIR` where DIR holds `config.json` and weights (what `save_pretrained`
writes: `model.safetensors` or shards with `model.safetensors.index.json`) audits the model
transformers really loads: its own device-map inference (`device_map="auto"` with each GPU's
`max_memory`), its own loading onto the (virtual) GPUs, real values in the weights. Nothing
read may run code: the config was already checked and mapped to a transformers class (a
custom `model_type` is refused before this), `trust_remote_code` is off, the hub is never
asked (`local_files_only`), and pickled `.bin` weights are read only through transformers'
`torch.load(weights_only=True)`, which refuses anything but tensors.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

import torch
from torch import nn

SAFETENSORS = ("model.safetensors", "model.safetensors.index.json")
PICKLED = ("pytorch_model.bin", "pytorch_model.bin.index.json")


def weights_in(directory: Path) -> str | None:
    """The kind of saved weights in `directory`: "safetensors", "pickle" or None."""
    if any((directory / name).is_file() for name in SAFETENSORS):
        return "safetensors"
    if any((directory / name).is_file() for name in PICKLED):
        return "pickle"
    return None


def load(
    prepared: Any, gpus: int, device_map: str | dict[str, Any], dtype: torch.dtype, memory: int
) -> nn.Module:
    """`from_pretrained` of `prepared.directory` placed by `device_map` on the virtual GPUs;
    any failure is a PlacementError of one line."""
    from torchplace.audit.build import PlacementError, _first_line

    kind = weights_in(prepared.directory)
    if kind is None:
        raise PlacementError(f"{prepared.directory}: no saved weights (model.safetensors, ...)")
    options: dict[str, Any] = {
        "config": prepared.config,
        "device_map": device_map,
        "dtype": dtype,
        "local_files_only": True,
        "trust_remote_code": False,
        "use_safetensors": kind == "safetensors",
    }
    if isinstance(device_map, str):
        options["max_memory"] = {i: memory for i in range(gpus)}
    try:
        with _quiet(), _no_hub_kernels():
            model: nn.Module = prepared.model_class.from_pretrained(
                str(prepared.directory), **options
            )
    except Exception as error:  # transformers' or accelerate's own complaint, in one line
        raise PlacementError(
            f"transformers could not load {prepared.directory} with device_map "
            f"{device_map if isinstance(device_map, str) else '(the given map)'}: "
            f"{_first_line(error)}"
        ) from error
    return model.eval()


@contextlib.contextmanager
def _no_hub_kernels() -> Any:
    """No kernels fetched from the Hugging Face Hub while loading. transformers 5.25 swaps
    layers of a model loaded onto CUDA devices for Hub kernels by default (`kernels`
    package), which downloads and runs code the audit did not ask for and which cannot run on
    virtual GPUs; `USE_HUB_KERNELS=NO` is its documented switch (earlier versions ignore
    it and load no kernels)."""
    previous = os.environ.get("USE_HUB_KERNELS")
    os.environ["USE_HUB_KERNELS"] = "NO"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("USE_HUB_KERNELS", None)
        else:
            os.environ["USE_HUB_KERNELS"] = previous


@contextlib.contextmanager
def _quiet() -> Any:
    """No progress bars from the loading (the audit prints its own progress on stderr)."""
    from transformers.utils import logging

    enabled = logging.is_progress_bar_enabled()
    logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    try:
        yield
    finally:
        if enabled:
            logging.enable_progress_bar()  # type: ignore[no-untyped-call]
