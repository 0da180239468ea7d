"""Build a Hugging Face model from a config with no weights and place it on virtual GPUs.

`prepare()` runs before the simulation starts: it reads the config and imports the model's
module (importing transformers' modeling code under `virtual_gpus` trips torch._dynamo's import).
`place()` runs inside `virtual_gpus`: it builds the model on the meta device, turns `"auto"`,
`"balanced"` or `"sequential"` into an explicit device map with accelerate, checks the map, and
dispatches the model with accelerate's `dispatch_model`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from torch import nn

STRATEGIES = ("auto", "balanced", "balanced_low_0", "sequential")
DTYPES = {
    "bf16": torch.bfloat16, "bfloat16": torch.bfloat16, "fp16": torch.float16,
    "float16": torch.float16, "half": torch.float16, "fp32": torch.float32,
    "float32": torch.float32, "float": torch.float32,
}  # fmt: skip


class PlacementError(ValueError):
    """A config or device map that cannot be built or placed; the message says what to change."""


@dataclass
class Prepared:
    """A config and the model class for it, resolved before the simulation starts."""

    config: Any
    model_class: Any
    source: str


def parse_dtype(text: str) -> torch.dtype:
    """`bf16` -> torch.bfloat16; raises PlacementError naming the accepted spellings."""
    dtype = DTYPES.get(text.lower())
    if dtype is None:
        raise PlacementError(f"unknown dtype {text!r}; use one of {', '.join(DTYPES)}")
    return dtype


def load_device_map(path: str, gpus: int) -> dict[str, Any]:
    """A device map from a JSON file: {"module.name": 0 | "cuda:1" | "cpu" | "disk", ...}."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise PlacementError(f"cannot read device map {path!r}: {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise PlacementError(f"device map {path!r} is not valid JSON: {error}") from error
    if not isinstance(data, dict) or not data:
        raise PlacementError(f"device map {path!r} must be a non-empty JSON object")
    return {str(k): _map_value(path, str(k), v, gpus) for k, v in data.items()}


def _map_value(path: str, key: str, value: Any, gpus: int) -> Any:
    index = value
    if isinstance(value, str) and value.startswith("cuda:") and value[5:].isdigit():
        index = int(value[5:])
    elif isinstance(value, str) and value in {"cpu", "disk"}:
        return value
    if not isinstance(index, int) or isinstance(index, bool):
        raise PlacementError(
            f"device map {path!r}: {key!r} -> {value!r} is not a GPU index, 'cuda:N', 'cpu' or "
            "'disk'"
        )
    if not 0 <= index < gpus:
        raise PlacementError(
            f"device map {path!r}: {key!r} -> {value!r} but there are only {gpus} GPU(s) "
            f"(indices 0-{gpus - 1}); pass --gpus {index + 1} or change the map"
        )
    return index


def prepare(config_path_or_name: str) -> Prepared:
    """Read the config (a path, a directory or a bundled name) and import its model class."""
    from transformers import AutoConfig

    from torchplace.configs import resolve

    try:
        directory = resolve(config_path_or_name)
    except FileNotFoundError as error:
        raise PlacementError(str(error)) from error
    try:
        config = AutoConfig.from_pretrained(str(directory))
    except (ValueError, KeyError, OSError) as error:
        message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise PlacementError(f"{directory / 'config.json'}: {message}") from error
    return Prepared(config, model_class_for(config), str(config_path_or_name))


def model_class_for(config: Any) -> Any:
    """The causal-LM class for the config, else the image-text-to-text class, else the base."""
    import transformers

    for auto in ("AutoModelForCausalLM", "AutoModelForImageTextToText", "AutoModel"):
        mapping = getattr(transformers, auto)._model_mapping
        if type(config) in mapping:
            return mapping[type(config)]
    raise PlacementError(f"transformers has no model class for model_type {config.model_type!r}")


def place(
    prepared: Prepared,
    gpus: int,
    device_map: str | dict[str, Any],
    dtype: torch.dtype,
    memory: int,
) -> nn.Module:
    """Build on meta, infer or check the device map, dispatch; call inside `virtual_gpus`."""
    from accelerate import dispatch_model, init_empty_weights

    with init_empty_weights():
        model = prepared.model_class._from_config(prepared.config, dtype=dtype)
    # On the meta device transformers leaves tying to the weight loading; tie as
    # `from_pretrained` would, so tied embeddings are one tensor when accelerate places them.
    tie = getattr(model, "tie_weights", None)
    if callable(tie):
        tie()
    model.eval()
    if isinstance(device_map, str):
        device_map = infer_map(model, device_map, dtype, {i: memory for i in range(gpus)})
    check_map_covers(model, device_map)
    # One device: accelerate would call `model.to(device)`, which cannot copy meta tensors;
    # with hooks forced it places tensor by tensor, as for a split model.
    placed: nn.Module = dispatch_model(model, device_map, force_hooks=True)
    return placed


def infer_map(
    model: nn.Module, strategy: str, dtype: torch.dtype, max_memory: dict[Any, int]
) -> dict[str, Any]:
    """accelerate's device map for a strategy, with the model's no-split classes."""
    from torchplace.sim.models import infer_device_map

    found: dict[str, Any] = infer_device_map(model, strategy, dtype, max_memory)
    if not found:
        raise PlacementError("accelerate found no placement for this model on these GPUs")
    return found


def check_map_covers(model: nn.Module, device_map: dict[str, Any]) -> None:
    """Every key names a module or tensor, and every parameter is under some key."""
    names = {name for name, _ in model.named_modules()}
    tensors = {name for name, _ in model.named_parameters()}
    unknown = [k for k in device_map if k not in names and k not in tensors]
    if unknown:
        raise PlacementError(
            f"device map names {len(unknown)} module(s) the model does not have, e.g. "
            f"{unknown[0]!r}; module names look like {_examples(names)}"
        )
    keys = list(device_map)
    missing = [
        t for t in tensors if not any(k == "" or t == k or t.startswith(k + ".") for k in keys)
    ]
    if missing:
        raise PlacementError(
            f"device map leaves {len(missing)} parameter(s) unplaced, e.g. {missing[0]!r}; "
            "add an entry for its module"
        )
    overflow = sorted({str(v) for v in device_map.values() if v in {"cpu", "disk"}})
    if overflow and "disk" in overflow:
        raise PlacementError(
            "the model does not fit on these GPUs (accelerate offloads part of it to disk); "
            "pass more --gpus or a larger --memory"
        )


def _examples(names: set[str]) -> str:
    shown = sorted((n for n in names if n and n.count(".") <= 2), key=len)[:3]
    return ", ".join(repr(n) for n in shown)


def sample_inputs(model: nn.Module, tokens: int) -> dict[str, torch.Tensor]:
    """`input_ids` of `tokens` tokens on the device of the input embeddings, as users do."""
    getter = getattr(model, "get_input_embeddings", None)
    embeddings = getter() if callable(getter) else None
    weight = getattr(embeddings, "weight", None)
    device = weight.device if isinstance(weight, torch.Tensor) else torch.device("cuda", 0)
    vocab = int(getattr(embeddings, "num_embeddings", 0) or 32000)
    ids = (torch.arange(tokens, dtype=torch.long) % vocab).unsqueeze(0)
    return {"input_ids": ids.to(device)}
