"""A speculative draft model given its own tensor parallel size or its own GPU.

What it checks: `--speculative-config` (or `speculative_config=` in a script's `LLM(...)`):
`draft_tensor_parallel_size` must be 1 or the target's tensor parallel size, and for a separate
draft model (method `draft_model`) exactly the target's, as vLLM 0.33's draft proposer checks;
`tensor_parallel_size` is not accepted there; device keys (`device`, `device_map`, `gpu`...)
do not exist, because vLLM runs the draft inside the target's workers, on the target's GPUs.
Why it matters: the Hugging Face habit "put the draft model on GPU 1" has no vLLM equivalent;
vLLM rejects the config while building the engine, after loading the target.
How to fix: drop the device keys; leave `draft_tensor_parallel_size` out (same TP as the
target); 1 only for EAGLE / MTP-style drafts.
"""

from __future__ import annotations

import json
from typing import Any

from torchplace.preflight.checks import Context, Result, Status, passed, skip

NAME = "draft-model-placement"
CODE = "PF103"
PATTERN = "draft-model-on-other-gpu"
KINDS = ("vllm", "torchrun", "deepspeed", "python")

_DEVICE_KEYS = {
    "device",
    "device_map",
    "devices",
    "gpu",
    "gpu_id",
    "gpu_ids",
    "cuda_device",
    "device_ids",
}


def run(context: Context) -> list[Result]:
    found = list(_speculative_configs(context))
    if not found:
        return skip("no speculative decoding configured")
    results = []
    for where, config, tp in found:
        results.extend(_check_one(where, config, tp))
    return results or passed("speculative config places the draft with the target")


def _speculative_configs(context: Context) -> list[tuple[str, Any, int]]:
    engine, script = context.command.engine, context.command.script
    found: list[tuple[str, Any, int]] = []
    if engine is not None and engine["speculative_config"] is not None:
        found.append(("--speculative-config", engine["speculative_config"], engine.tp))
    for call in script.engine_calls if script is not None else []:
        config = call.keywords.get("speculative_config")
        if config is not None:
            tp = call.keywords.get("tensor_parallel_size")
            where = f"{script.path}:{call.line} {call.callee}(speculative_config=...)"  # type: ignore[union-attr]
            found.append((where, config, tp if isinstance(tp, int) else 1))
    return found


def _check_one(where: str, config: Any, tp: int) -> list[Result]:
    if isinstance(config, str):
        return [
            Result(
                Status.FAIL,
                f"{where} is not JSON: {config[:60]!r}",
                "vLLM parses --speculative-config as a JSON object",
                'quote it as JSON: --speculative-config \'{"model": "...", '
                '"num_speculative_tokens": 5}\'',
            )
        ]
    if not isinstance(config, dict):
        return []
    results = []
    device_keys = sorted(k for k in config if str(k).lower() in _DEVICE_KEYS)
    if device_keys:
        results.append(_device_keys(where, config, device_keys, _method(config)))
    if "tensor_parallel_size" in config:
        results.append(
            Result(
                Status.FAIL,
                f"{where} sets tensor_parallel_size={config['tensor_parallel_size']}",
                "the draft's own TP has its own key",
                "rename it draft_tensor_parallel_size (1 or the target's TP)",
                "'tensor_parallel_size' is not a valid argument in the speculative_config. "
                "Please pass 'draft_tensor_parallel_size' instead.",
            )
        )
    draft_tp = config.get("draft_tensor_parallel_size")
    separate = _method(config) == "draft_model"
    if draft_tp is not None and draft_tp not in (1, tp):
        results.append(
            Result(
                Status.FAIL,
                f"{where}: draft_tensor_parallel_size={draft_tp}, target TP {tp}",
                "the draft runs inside the target's workers: on one GPU each or sharded like "
                "the target",
                f"set draft_tensor_parallel_size to {tp} or leave it out"
                if separate
                else f"set draft_tensor_parallel_size to 1 or {tp}, or leave it out",
                f"speculative_draft_tensor_parallel_size={draft_tp} cannot be other value "
                "than 1 or target model tensor_parallel_size",
            )
        )
    elif separate and draft_tp is not None and draft_tp != tp:
        results.append(
            Result(
                Status.FAIL,
                f"{where}: separate draft model with draft_tensor_parallel_size={draft_tp}, "
                f"target TP {tp}",
                "vLLM 0.33 runs a separate draft model only with the target's TP (TP 1 "
                "drafts on every rank would share one compile cache and corrupt it)",
                f"set draft_tensor_parallel_size to {tp} or leave it out",
                f"Currently, 'draft_tensor_parallel_size' and 'tensor_parallel_size' must be "
                f"the same. Got {draft_tp} and {tp}. Please pass 'draft_tensor_parallel_size' "
                "in the speculative_config.",
            )
        )
    if not results:
        shown = draft_tp if draft_tp is not None else f"{tp} (default: the target's)"
        return passed(f"{where}: draft TP {shown}, on the target's GPUs")
    return results


# Methods whose draft is part of the target or a head on it, not a separate model.
_HEAD_METHODS = ("eagle", "eagle3", "medusa", "mlp_speculator", "mtp", "ngram", "suffix")


def _method(config: dict[str, Any]) -> str:
    """vLLM's SpeculativeConfig method: as given, or guessed from the draft's name."""
    method = config.get("method")
    if isinstance(method, str) and method:
        return "draft_model" if method == "draft_model" else method
    model = str(config.get("model") or "").lower()
    if not model:
        return "ngram" if config.get("prompt_lookup_max") else "unknown"
    if any(name in model for name in ("eagle", "medusa", "mlp_speculator", "mtp")):
        return "head"
    return "draft_model"


def _device_keys(where: str, config: dict[str, Any], keys: list[str], method: str) -> Result:
    shown = json.dumps({k: config[k] for k in keys})
    return Result(
        Status.FAIL,
        f"{where} has {shown}",
        "vLLM runs the draft model in the target's workers on the target's GPUs; there is no "
        "key to put it on another GPU",
        f"remove {', '.join(keys)}; "
        + (
            "a separate draft model runs with the target's TP (leave draft_tensor_parallel_size "
            "out)"
            if method == "draft_model"
            else "use draft_tensor_parallel_size 1 or the target's TP"
        ),
        # pydantic's text, as vLLM 0.33 raises it for SpeculativeConfig(device="cuda:1").
        f"1 validation error for SpeculativeConfig\n{keys[0]}\n  Unexpected keyword argument "
        f"[type=unexpected_keyword_argument, input_value={config[keys[0]]!r}, "
        f"input_type={type(config[keys[0]]).__name__}]",
    )
