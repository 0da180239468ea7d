"""Hugging Face loading options (`device_map`, `load_in_4bit`, `max_memory`...) given to vLLM.

What it checks: flags and keys that belong to `from_pretrained`, not to vLLM, on the command
line, in `--config` YAML, inside `--hf-overrides` / `--model-loader-extra-config`, and as
keyword arguments of `LLM(...)` / `EngineArgs(...)` in a launched script.
Why it matters: vLLM places the model itself (tensor and pipeline parallelism over its own
workers); `vllm serve` stops on the unknown flag and `LLM(device_map=...)` raises a TypeError,
while the same key hidden in a JSON override is ignored silently.
How to fix: drop the option and use vLLM's own: `--tensor-parallel-size` /
`--pipeline-parallel-size` for `device_map`, `--dtype` for `torch_dtype`, `--quantization`
for `load_in_4bit`, `--gpu-memory-utilization` for `max_memory`, `CUDA_VISIBLE_DEVICES` or
`--device-ids` for `device="cuda:1"`.
"""

from __future__ import annotations

from typing import Any

from torchplace.preflight.checks import Context, Result, Status, passed
from torchplace.preflight.vllm_args import FLAGS, normalise

NAME = "hf-loading-options-with-vllm"
CODE = "PF104"
PATTERN = "device-map-with-vllm"
KINDS = ("vllm", "torchrun", "deepspeed", "python")

# Hugging Face option (snake_case) -> what to use in vLLM instead.
INSTEAD = {
    "device_map": "--tensor-parallel-size N (and --pipeline-parallel-size) over visible GPUs",
    "device": "CUDA_VISIBLE_DEVICES=1 (or --device-ids 1) in the launch environment",
    "max_memory": "--gpu-memory-utilization 0.9 (a fraction of each GPU)",
    "torch_dtype": "--dtype bfloat16",
    "low_cpu_mem_usage": "nothing: vLLM always loads weights shard by shard",
    "load_in_8bit": "--quantization bitsandbytes (or an fp8 checkpoint with --quantization fp8)",
    "load_in_4bit": "--quantization bitsandbytes",
    "offload_folder": "--cpu-offload-gb N",
    "offload_state_dict": "--cpu-offload-gb N",
    "attn_implementation": "--attention-backend (vLLM picks its own kernels)",
    "use_flash_attention_2": "--attention-backend FLASH_ATTN",
    "tp_plan": "--tensor-parallel-size N",
}


_JSON_FLAGS = (
    ("hf_overrides", "--hf-overrides"),
    ("model_loader_extra_config", "--model-loader-extra-config"),
)


def run(context: Context) -> list[Result]:
    results = _command_line(context) + _json_options(context) + _script_calls(context)
    return results or passed("no Hugging Face loading options")


def _command_line(context: Context) -> list[Result]:
    engine = context.command.engine
    if engine is None:
        return []
    results = []
    tokens = engine.passthrough
    for index, token in enumerate(tokens):
        if not token.startswith("--"):
            continue
        option = normalise(token.split("=", 1)[0])
        key = option[2:].replace("-", "_")
        if key in INSTEAD:
            takes_next = "=" not in token and index + 1 < len(tokens)
            if takes_next and not tokens[index + 1].startswith("-"):
                shown = f"{token} {tokens[index + 1]}"
            else:
                shown = token
            observed = f"`{shown}` passed to vllm serve{_where(context)}"
            results.append(_result(observed, key, _argparse(shown)))
    return results


def _argparse(shown: str) -> str:
    # argparse lets a prefix stand for a longer flag: `--device` is ambiguous in vLLM 0.33.
    option = normalise(shown.split()[0].split("=", 1)[0])
    longer = sorted(f for f in FLAGS if f.startswith(option) and f != option)
    if len(longer) > 1:
        return f"vllm serve: error: ambiguous option: {option} could match {', '.join(longer)}"
    return f"vllm serve: error: unrecognized arguments: {shown}"


def _where(context: Context) -> str:
    return f" (from {context.command.config_file})" if context.command.config_file else ""


def _json_options(context: Context) -> list[Result]:
    engine = context.command.engine
    if engine is None:
        return []
    results = []
    for dest, flag in _JSON_FLAGS:
        value = engine[dest]
        if isinstance(value, dict):
            for key in sorted(set(value) & set(INSTEAD)):
                observed = f"{flag} sets {key}={value[key]!r}"
                results.append(_result(observed, key, None, silently=True))
    return results


def _script_calls(context: Context) -> list[Result]:
    script = context.command.script
    if script is None:
        return []
    results = []
    for call in script.engine_calls:
        for key in sorted(set(call.keywords) & set(INSTEAD)):
            value: Any = call.keywords[key]
            observed = f"{script.path}:{call.line} {call.callee}({key}={value!r})"
            upstream = (
                f"TypeError: EngineArgs.__init__() got an unexpected keyword argument '{key}'"
            )
            results.append(_result(observed, key, upstream))
    return results


def _result(observed: str, key: str, upstream: str | None, silently: bool = False) -> Result:
    reason = (
        f"`{key}` is a Hugging Face from_pretrained option; vLLM places and loads the model itself"
    )
    if silently:
        reason += ", and ignores this key here without a word"
    status = Status.WARN if silently else Status.FAIL
    return Result(status, observed, reason, f"drop it; use {INSTEAD[key]}", upstream)
