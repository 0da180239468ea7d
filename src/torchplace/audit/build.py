"""Build a Hugging Face model from a config with no weights and place it on virtual GPUs.

`prepare()` runs before the simulation starts: it reads the config and imports the model's
module (importing transformers' modeling code under `virtual_gpus` trips torch._dynamo's import).
`place()` runs inside `virtual_gpus`: it builds the model on the meta device, turns `"auto"`,
`"balanced"` or `"sequential"` into an explicit device map with accelerate, checks the map, and
dispatches the model with accelerate's `dispatch_model`.
"""

from __future__ import annotations

import contextlib
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
    directory: Path


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
    if index < 0:
        raise PlacementError(
            f"device map {path!r}: {key!r} -> {value!r} is not a GPU index: GPU indices count "
            f"from 0 (0-{gpus - 1} here); use one of those, 'cpu' or 'disk'"
        )
    if index >= gpus:
        raise PlacementError(
            f"device map {path!r}: {key!r} -> {value!r} but there are only {gpus} GPU(s) "
            f"(indices 0-{gpus - 1}); pass --gpus {index + 1} or change the map"
        )
    return index


def prepare(config_path_or_name: str) -> Prepared:
    """Read the config (a path, a directory or a bundled name), check its sizes before anything
    is built, and pick the model class; every fault of the config is one PlacementError."""
    from torchplace.configs import load, resolve

    try:
        directory = resolve(config_path_or_name)
        data = load(config_path_or_name)
    except FileNotFoundError as error:
        raise PlacementError(str(error)) from error
    except OSError as error:  # unreadable: permissions, a directory named config.json, ...
        raise PlacementError(f"cannot read {config_path_or_name!r}: {error.strerror}") from error
    return prepare_config(data, directory, str(config_path_or_name))


def prepare_config(
    data: dict[str, Any], directory: Path | None = None, source: str = ""
) -> Prepared:
    """`prepare` for a config's data: sizes checked, config made, model class picked."""
    from transformers import CONFIG_MAPPING

    from torchplace.audit import limits

    directory = directory or Path(".")
    where = str(directory / "config.json") if source else "config"
    limits.check_config(data, where, memory=_physical_memory())
    model_type = data.get("model_type")
    if not isinstance(model_type, str) or model_type not in CONFIG_MAPPING:
        raise PlacementError(f"{where}: unknown model_type {model_type!r}")
    try:
        config = CONFIG_MAPPING[model_type].from_dict(data)
    except Exception as error:  # transformers' own validation: any field it refuses
        raise PlacementError(f"{where}: {_first_line(error)}") from error
    return Prepared(config, model_class_for(config), source or model_type, directory)


def _physical_memory() -> int:
    import os

    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # not POSIX: the kernel will say it
        return 0


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    line = text.splitlines()[0] if text else ""
    return f"{type(error).__name__}: {line}" if line else type(error).__name__


# The head that makes the model do what it is published for: a VLM answers about images, an
# encoder-decoder translates, an encoder fills masks; the bare model for what has no head
# (CLIP, SigLIP: both towers).
_HEADS = {
    "vision": ("AutoModelForImageTextToText", "AutoModel"),
    "speech": ("AutoModelForSpeechSeq2Seq", "AutoModel"),
    "seq2seq": ("AutoModelForSeq2SeqLM", "AutoModel"),
    "encoder": ("AutoModelForMaskedLM", "AutoModel"),
    "other": ("AutoModelForCausalLM", "AutoModelForImageClassification", "AutoModel"),
}


def model_class_for(config: Any) -> Any:
    """The model class for the config's family (see `_HEADS`)."""
    import transformers

    for auto in _HEADS[family(config)]:
        mapping = getattr(transformers, auto)._model_mapping
        if type(config) in mapping:
            return mapping[type(config)]
    raise PlacementError(f"transformers has no model class for model_type {config.model_type!r}")


def family(config: Any) -> str:
    """vision (image and text towers), speech, seq2seq, encoder (masked LM) or other."""
    import transformers

    if getattr(config, "vision_config", None) is not None and hasattr(config, "text_config"):
        return "vision"
    if getattr(config, "num_mel_bins", None):
        return "speech"
    if getattr(config, "is_encoder_decoder", False):
        return "seq2seq"
    if type(config) in transformers.AutoModelForMaskedLM._model_mapping:
        return "encoder"
    return "other"


def place(
    prepared: Prepared,
    gpus: int,
    device_map: str | dict[str, Any],
    dtype: torch.dtype,
    memory: int,
    notes: list[Any] | None = None,
    keep_whole: tuple[str, ...] = (),
) -> nn.Module:
    """Build on meta, infer or check the device map, dispatch; call inside `virtual_gpus`.
    Findings about the inference of the map (see `infer_map`) go to `notes`; `keep_whole`
    adds classes to the model's no-split classes for an inferred map."""
    from accelerate import dispatch_model

    model = _build_empty(prepared, dtype)
    if keep_whole:
        classes = [*(getattr(model, "_no_split_modules", None) or []), *keep_whole]
        setattr(model, "_no_split_modules", classes)  # noqa: B010 (an instance attribute)
    # On the meta device transformers leaves tying to the weight loading; tie as
    # `from_pretrained` would, so tied embeddings are one tensor when accelerate places them.
    tie = getattr(model, "tie_weights", None)
    if callable(tie):
        tie()
    model.eval()
    if isinstance(device_map, str):
        device_map = infer_map(model, device_map, dtype, {i: memory for i in range(gpus)}, notes)
    check_map_covers(model, device_map)
    give_offloaded_storage(model, device_map)
    # One device: accelerate would call `model.to(device)`, which cannot copy meta tensors;
    # with hooks forced it places tensor by tensor, as for a split model. The build holds no
    # weights by design, so the simulator is told to place value-less tensors (elsewhere it
    # answers a value-less placement with accelerate's own error, as real GPUs do).
    from torchplace.sim.hf import placing_without_weights

    with placing_without_weights():
        placed: nn.Module = dispatch_model(model, device_map, force_hooks=True)
    place_stray_weights(placed, device_map)
    return placed


def place_stray_weights(model: nn.Module, device_map: dict[str, Any]) -> None:
    """Put weights dispatch left on meta on the GPU their map entry names.

    accelerate's map can name a parameter held directly by a module whose children have their
    own entries (Llama 4's `vision_model.class_embedding`); `dispatch_model` places modules
    only, warns that the key "does not match any submodule" and leaves the weight on meta, where
    the forward would stop with the audit's own fault. Placed as value-less virtual tensors,
    as every weight of the build is.
    """
    from torchplace.sim import devices
    from torchplace.sim.tensor import wrap

    if devices.active() is None:
        return
    for module_name, module in model.named_modules():
        for name, old in list(module._parameters.items()):
            full = f"{module_name}.{name}" if module_name else name
            target = device_map.get(full)
            if old is None or not old.is_meta or target is None or target in {"cpu", "disk"}:
                continue
            device = (
                torch.device("cuda", target) if isinstance(target, int) else torch.device(target)
            )
            holder = wrap(torch.empty(old.shape, dtype=old.dtype, device="meta"), device)
            module._parameters[name] = nn.Parameter(holder, requires_grad=False)


def _build_empty(prepared: Prepared, dtype: torch.dtype) -> nn.Module:
    """The model with its weights on the meta device; a config transformers cannot build (a
    field the modeling code needs and the config lacks) is a PlacementError of one line."""
    from accelerate import init_empty_weights

    skip_init: Any = contextlib.nullcontext  # older transformers: initialising only costs time
    with contextlib.suppress(ImportError):
        from transformers.initialization import no_init_weights as skip_init
    try:
        with init_empty_weights(), skip_init():
            model: nn.Module = prepared.model_class._from_config(prepared.config, dtype=dtype)
    except Exception as error:  # the modeling code's own complaint about this config
        raise PlacementError(
            f"transformers cannot build {prepared.model_class.__name__} from "
            f"{prepared.directory / 'config.json'}: {_first_line(error)}"
        ) from error
    return model


def give_offloaded_storage(model: nn.Module, device_map: dict[str, Any]) -> None:
    """Give the weights mapped to "cpu" CPU storage: accelerate loads an offloaded module's
    weights onto its GPU at each call, and a meta weight has nothing to load, so the forward
    would stop at the first offloaded module with the audit's own fault ("Cannot copy out of
    meta tensor"). `torch.empty` reserves the memory without touching it (the values are
    arbitrary: the audit looks at devices, never at values); tied weights stay one tensor."""
    made: dict[int, nn.Parameter] = {}
    for key, device in device_map.items():
        if device != "cpu":
            continue
        for module in _modules_under(model, key):
            for name, old in list(module._parameters.items()):
                if old is None or not old.is_meta:
                    continue
                if id(old) not in made:
                    holder = torch.empty(old.shape, dtype=old.dtype, device="cpu")
                    made[id(old)] = nn.Parameter(holder, requires_grad=False)
                module._parameters[name] = made[id(old)]


def _modules_under(model: nn.Module, key: str) -> list[nn.Module]:
    """The module a device-map key names with its descendants (its owner, for a tensor key)."""
    modules = dict(model.named_modules())
    if key in modules:
        return list(modules[key].modules())
    owner = key.rpartition(".")[0]
    return [modules[owner]] if owner in modules else []


def infer_map(
    model: nn.Module,
    strategy: str,
    dtype: torch.dtype,
    max_memory: dict[Any, int],
    notes: list[Any] | None = None,
) -> dict[str, Any]:
    """accelerate's device map for a strategy, with the model's no-split classes. Where
    accelerate places nothing on a GPU (a piece larger than its balanced share, see
    `torchplace.audit.mapping`), the map with the shares raised; a note saying so goes to
    `notes`."""
    from torchplace.sim.models import infer_device_map

    try:
        found: dict[str, Any] = infer_device_map(model, strategy, dtype, max_memory)
        cause = "it offloads to disk a model that fits on these GPUs"
    except (IndexError, KeyError, ValueError, RuntimeError) as error:  # accelerate's own failure
        found, cause = {}, f"`infer_auto_device_map` raised {_first_line(error)}"
    offloads = any(v in {"cpu", "disk"} for v in found.values())
    if _on_a_gpu(found) and not offloads:
        return found
    if offloads and _size(model, dtype) > sum(max_memory.values()):
        return found  # it really does not fit: check_map_covers says so
    return _raised_share_map(model, strategy, dtype, max_memory, cause, notes)


def _on_a_gpu(device_map: dict[str, Any]) -> bool:
    return any(isinstance(v, int) or str(v).startswith("cuda") for v in device_map.values())


def _size(model: nn.Module, dtype: torch.dtype) -> int:
    from accelerate.utils import compute_module_sizes

    return int(compute_module_sizes(model, dtype=dtype).get("", 0))


def _raised_share_map(
    model: nn.Module, strategy: str, dtype: torch.dtype, max_memory: dict[Any, int],
    cause: str, notes: list[Any] | None,
) -> dict[str, Any]:  # fmt: skip
    from accelerate import infer_auto_device_map
    from accelerate.utils import get_balanced_memory

    from torchplace.audit import mapping

    no_split = getattr(model, "_no_split_modules", None) or []
    balanced = dict(max_memory)
    if strategy != "sequential":
        balanced = get_balanced_memory(
            model, max_memory=dict(max_memory), no_split_module_classes=no_split, dtype=dtype,
            low_zero=strategy == "balanced_low_0",
        )  # fmt: skip
    try:
        shares, piece, size = mapping.raised_shares(model, dtype, max_memory, balanced)
        found: dict[str, Any] = infer_auto_device_map(
            model, max_memory=shares, no_split_module_classes=no_split, dtype=dtype
        )
    except mapping.NoMapError as error:
        raise PlacementError(str(error)) from error
    except (IndexError, KeyError, ValueError, RuntimeError) as error:
        raise PlacementError(
            f"accelerate could not infer a {strategy!r} device map for this model ({cause}; "
            f"with larger shares: {_first_line(error)}); pass an explicit --device-map JSON file"
        ) from error
    if not _on_a_gpu(found):
        raise PlacementError(
            f"the model does not fit on these GPUs: accelerate places nothing on a GPU even "
            f"with each GPU's share raised to hold {piece} ({_mib(size)} MiB, the largest "
            "piece it cannot split); pass a larger --memory"
        )
    if any(v in {"cpu", "disk"} for v in found.values()):
        return found  # still offloaded with the larger shares: check_map_covers says so
    if notes is not None:
        notes.append(mapping.fallback_finding(strategy, cause, piece, size, balanced, shares))
    return found


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f}"


def check_map_covers(model: nn.Module, device_map: dict[str, Any]) -> None:
    """Every key names a module or tensor, and every parameter is under some key."""
    names = {name for name, _ in model.named_modules()}
    tensors = {name for name, _ in model.named_parameters()}
    buffers = {name for name, _ in model.named_buffers()}  # BART's final_logits_bias
    unknown = [k for k in device_map if k not in names | tensors | buffers]
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
    """The inputs one forward of `model` takes (see `torchplace.audit.inputs`)."""
    from torchplace.audit.inputs import sample_inputs as make

    return make(model, tokens)
