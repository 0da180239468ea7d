"""Overhead of `torchplace explain` on a GPU decode step (run on the GPU machine).

Usage: python benchmarks/gpu_explain_overhead.py OUT_DIR [--reps 12] [--steps 32]

A Llama-3.2-1B-shaped model (bundled config `llama-3.2-1b`, random weights, bf16, one GPU,
SDPA attention) decodes one token at a time with a KV cache. Three conditions are measured in
interleaved repetitions (a fresh random order each repetition, so drift hits all alike):
  off        nothing installed
  installed  `torchplace.install()` (excepthooks: nothing runs until a crash) - goal ratio < 1.01
  origins    `torchplace.install(origins=True)` (a TorchFunctionMode records tensor origins)
             - goal ratio < 1.5
Each repetition re-runs an untimed 128-token prefill, then times `--steps` decode steps with
CUDA synchronisation. The ratio per condition is the median over repetitions of the paired
ratio to `off`. Writes OUT_DIR/explain_overhead.json and OUT_DIR/explain_overhead.md.
Needs only torch, transformers and accelerate besides torchplace itself (PYTHONPATH=src).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import torch

# The GPU machine runs from a checkout without installing torchplace.
_SRC = Path(__file__).resolve().parents[1] / "src"
if _SRC.is_dir() and str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))

CONDITIONS = ("off", "installed", "origins")


DEVICE = "cuda:0"


def build_model(smoke: bool = False) -> Any:
    from transformers import AutoConfig, LlamaForCausalLM

    from torchplace.configs import resolve

    config = AutoConfig.from_pretrained(str(resolve("llama-3.2-1b")))
    config._attn_implementation = "sdpa"
    if smoke:  # a CPU check of this script itself, not a measurement
        config.num_hidden_layers, config.vocab_size = 2, 1024
        config.hidden_size, config.intermediate_size = 128, 256
        config.num_attention_heads, config.num_key_value_heads, config.head_dim = 4, 2, 32
    torch.manual_seed(0)
    with torch.device(DEVICE):
        model = LlamaForCausalLM(config).to(torch.bfloat16).eval()
    return model, config


def synchronize() -> None:
    if DEVICE.startswith("cuda"):
        torch.cuda.synchronize()


def set_condition(name: str) -> None:
    import torchplace
    from torchplace.explain import hooks

    hooks.uninstall()
    if name == "installed":
        torchplace.install()
    elif name == "origins":
        torchplace.install(origins=True)


@torch.inference_mode()
def decode_ms(model: Any, vocab: int, steps: int, prompt: int = 128) -> float:
    from transformers import DynamicCache

    ids = torch.randint(0, vocab, (1, prompt), device=DEVICE)
    cache = DynamicCache()
    out = model(input_ids=ids, past_key_values=cache, use_cache=True)
    token = out.logits[:, -1:].argmax(-1)
    synchronize()
    start = time.perf_counter()
    for _ in range(steps):
        out = model(input_ids=token, past_key_values=cache, use_cache=True)
        token = out.logits[:, -1:].argmax(-1)
    synchronize()
    return (time.perf_counter() - start) * 1000 / steps


def measure(reps: int, steps: int, smoke: bool = False) -> dict[str, Any]:
    model, config = build_model(smoke)
    for name in CONDITIONS:  # warm-up: kernels, allocator, the origins mode's first calls
        set_condition(name)
        decode_ms(model, config.vocab_size, 4)
    rng = random.Random(0)
    samples: dict[str, list[float]] = {name: [] for name in CONDITIONS}
    for _ in range(reps):
        order = list(CONDITIONS)
        rng.shuffle(order)
        for name in order:
            set_condition(name)
            samples[name].append(decode_ms(model, config.vocab_size, steps))
    set_condition("off")
    ratios = {
        name: statistics.median(s / o for s, o in zip(samples[name], samples["off"], strict=True))
        for name in CONDITIONS
    }
    return {
        "samples_ms": samples,
        "median_ms": {name: statistics.median(v) for name, v in samples.items()},
        "ratio_to_off": ratios,
        "goals": {
            "installed_under_1.01": ratios["installed"] < 1.01,
            "origins_under_1.5": ratios["origins"] < 1.5,
        },
        "model": "llama-3.2-1b (random init, bf16, sdpa)",
        "layers": config.num_hidden_layers,
        "reps": reps,
        "steps_per_rep": steps,
    }


def environment() -> dict[str, str]:
    import transformers

    return {
        "gpu": torch.cuda.get_device_name(0) if DEVICE.startswith("cuda") else "cpu (smoke)",
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def markdown(result: dict[str, Any]) -> str:
    env = result["environment"]
    lines = [
        "# torchplace explain: overhead on a decode step",
        "",
        f"{env['gpu']}, torch {env['torch']}, transformers {env['transformers']}, "
        f"Python {env['python']}, {env['date']}.",
        f"Model: {result['model']}, {result['layers']} layers; batch 1, 128-token prompt; "
        f"{result['reps']} interleaved repetitions x {result['steps_per_rep']} decode steps.",
        "",
        "| condition | median ms/step | ratio to off (median of paired) | goal |",
        "|---|---|---|---|",
    ]
    goals = {"off": "-", "installed": "< 1.01", "origins": "< 1.5"}
    for name in CONDITIONS:
        lines.append(
            f"| {name} | {result['median_ms'][name]:.3f} | {result['ratio_to_off'][name]:.4f} "
            f"| {goals[name]} |"
        )
    lines += ["", f"Goals met: {result['goals']}", ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--reps", type=int, default=12)
    parser.add_argument("--steps", type=int, default=32)
    parser.add_argument("--smoke", action="store_true", help="tiny model on the CPU")
    args = parser.parse_args()
    if args.smoke:
        global DEVICE
        DEVICE = "cpu"
    elif not torch.cuda.is_available():
        print("gpu_explain_overhead: needs a CUDA GPU", file=sys.stderr)
        return 2
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    result = measure(args.reps, args.steps, args.smoke)
    result["environment"] = environment()
    (out / "explain_overhead.json").write_text(json.dumps(result, indent=2) + "\n")
    text = markdown(result)
    (out / "explain_overhead.md").write_text(text)
    print(text)
    return 0 if all(result["goals"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
