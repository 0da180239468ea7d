"""Observed vs unobserved forward on real GPUs, plus the audit report of the model.

Usage: python benchmarks/gpu_audit.py OUT_DIR [--config llama-3.2-1b] [--gpus 2] [--tokens 128]

Needs torch with CUDA, transformers and accelerate (nothing else; torchplace is imported from
this checkout's `src/` when it is not installed). Builds the bundled config with random weights
in bf16 directly on cuda:0, splits it over the GPUs with accelerate (`infer_auto_device_map`
with a per-GPU budget below the model's size, then `dispatch_model`), then times forwards of
`--tokens` tokens: unobserved, and observed the way `torchplace.audit` observes its forward (a fresh
`ForwardObserver` per forward: block hooks and factory wrappers installed, then removed; the
static inventory it starts from is computed once, as `audit` does before its forward).
Repetitions are interleaved and alternate which variant goes first. Goal (issue 6): observed
under 1.2x unobserved. Writes audit_observed_overhead.md and .json (named after the claim) and
the audit's report files (text, json, svg, html) into OUT_DIR. Takes well under 3 minutes on
2 H200s.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

try:
    import torchplace  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import torch

GOAL_RATIO = 1.2


def sync(gpus: int) -> None:
    for index in range(gpus):
        torch.cuda.synchronize(index)


def build_model(config_name: str, gpus: int) -> Any:
    from accelerate import dispatch_model, infer_auto_device_map
    from transformers import AutoConfig, AutoModelForCausalLM

    from torchplace.configs import resolve

    config = AutoConfig.from_pretrained(str(resolve(config_name)))
    with torch.device("cuda:0"):
        model = AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16).eval()
    no_split = list(model._no_split_modules or [])
    # Budget less than the whole model per GPU so that accelerate really splits it; grow the
    # budget until nothing is offloaded (accelerate keeps room for the largest layer).
    size = sum(p.numel() * p.element_size() for p in model.parameters())
    for share in (0.6, 0.7, 0.8, 0.9):
        budget = {i: int(size * share) for i in range(gpus)}
        device_map = infer_auto_device_map(
            model, max_memory=budget, no_split_module_classes=no_split
        )
        placed = set(device_map.values())
        if not {"cpu", "disk"} & placed and len(placed) == gpus:
            break
    else:
        raise SystemExit(f"accelerate did not split the model over the GPUs: {device_map}")
    return dispatch_model(model, device_map), device_map


def time_forwards(call: Any, gpus: int, count: int) -> float:
    """Seconds per forward over `count` forwards, synchronised on every GPU."""
    sync(gpus)
    started = time.perf_counter()
    for _ in range(count):
        call()
    sync(gpus)
    return (time.perf_counter() - started) / count


def measure(model: Any, tokens: int, gpus: int, repeats: int, per_repeat: int) -> dict[str, Any]:
    from torchplace.audit import inventory
    from torchplace.audit.checks import normalize_device_map
    from torchplace.audit.observe import ForwardObserver

    ids = torch.randint(0, model.config.vocab_size, (1, tokens), device="cuda:0")
    trees = inventory.subtrees(model)
    device_map = normalize_device_map(getattr(model, "hf_device_map", None))
    blocks = tuple(n for b in inventory.blocks(model, trees, device_map) for n in b.modules)
    # What `audit` computes once before its forward (the static part of the report).
    names = inventory.module_names(model)
    plan = ForwardObserver(model, trees, blocks, names=names).plan()

    def plain() -> None:
        with torch.no_grad():
            model(input_ids=ids, use_cache=False)

    def observed() -> None:
        observer = ForwardObserver(model, trees, blocks, names=names, plan=plan)
        with torch.no_grad(), observer.observing():
            model(input_ids=ids, use_cache=False)

    for _ in range(5):
        plain()
        observed()
    unobserved_s, observed_s = [], []
    for repeat in range(repeats):
        order = [(plain, unobserved_s), (observed, observed_s)]
        for call, sink in order if repeat % 2 == 0 else order[::-1]:
            sink.append(time_forwards(call, gpus, per_repeat))
    ratio = statistics.median(observed_s) / statistics.median(unobserved_s)
    pair_ratios = [o / u for o, u in zip(observed_s, unobserved_s, strict=True)]
    return {
        "tokens": tokens,
        "unobserved_ms": [s * 1e3 for s in unobserved_s],
        "observed_ms": [s * 1e3 for s in observed_s],
        "median_unobserved_ms": statistics.median(unobserved_s) * 1e3,
        "median_observed_ms": statistics.median(observed_s) * 1e3,
        "ratio_of_medians": ratio,
        "median_pair_ratio": statistics.median(pair_ratios),
        "meets_goal": ratio < GOAL_RATIO,
    }


def write_report(model: Any, tokens: int, out: Path) -> dict[str, Any]:
    import torchplace

    ids = torch.randint(0, model.config.vocab_size, (1, tokens), device="cuda:0")
    started = time.perf_counter()
    report = torchplace.audit(
        model, {"input_ids": ids}, title=f"{type(model).__name__} (real GPUs)"
    )
    seconds = time.perf_counter() - started
    (out / "gpu_audit_report.txt").write_text(report.text(all_modules=True), encoding="utf-8")
    (out / "gpu_audit_report.json").write_text(json.dumps(report.to_dict(), indent=2))
    (out / "gpu_audit_report.svg").write_text(report.svg(), encoding="utf-8")
    (out / "gpu_audit_report.html").write_text(report.html(), encoding="utf-8")
    forward = report.forward
    return {
        "audit_seconds": seconds,
        "devices": {d.device: d.bytes for d in report.devices},
        "findings": [f"{f.severity.value} {f.code} {f.module}" for f in report.findings],
        "forward_completed": bool(forward and forward.completed),
        "transfers": len(forward.transfers) if forward else 0,
        "output_devices": forward.output_devices if forward else {},
        "text": report.text(),
    }


def environment() -> dict[str, Any]:
    import accelerate
    import transformers

    try:
        smi = subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader"],
            capture_output=True, text=True, check=False,
        ).stdout  # fmt: skip
    except OSError:
        smi = ""
    return {
        "date": subprocess.run(["date", "-u"], capture_output=True, text=True).stdout.strip(),
        "date_iso": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "python": sys.version.split()[0],
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "accelerate": accelerate.__version__,
        "gpus": [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())],
        "nvidia_smi": smi.strip().splitlines(),
    }


def markdown(env: dict[str, Any], runs: list[dict[str, Any]], audit: dict[str, Any],
             device_map: dict[str, Any], args: argparse.Namespace) -> str:  # fmt: skip
    devices = sorted({str(v) for v in device_map.values()})
    lines = [
        "# torchplace audit on real GPUs: observed vs unobserved forward", "",
        f"Measured {env['date']} with `benchmarks/gpu_audit.py` on {', '.join(env['gpus'])}; "
        f"Python {env['python']}, torch {env['torch']}, transformers {env['transformers']}, "
        f"accelerate {env['accelerate']}.", "",
        f"Model: bundled `{args.config}` config, random weights, bf16, split by accelerate "
        f"over GPUs {', '.join(devices)} ({len(device_map)} device-map entries). Batch 1, "
        f"`use_cache=False`, {args.repeats} interleaved repetitions of {args.per_repeat} forwards.",
        "", "| tokens | unobserved ms (median) | observed ms (median) | ratio | goal < 1.2 |",
        "|---|---|---|---|---|",
        *[_row(r) for r in runs],
        "", f"`torchplace.audit(model, inputs)` (static report + one observed forward): "
        f"{audit['audit_seconds']:.2f} s; forward completed: {audit['forward_completed']}; "
        f"{audit['transfers']} transfer routes; output on {audit['output_devices']}.", "",
        "```", audit["text"].rstrip(), "```", "",
    ]  # fmt: skip
    return "\n".join(lines)


def _row(run: dict[str, Any]) -> str:
    verdict = "met" if run["meets_goal"] else "MISSED"
    return (
        f"| {run['tokens']} | {run['median_unobserved_ms']:.2f} | "
        f"{run['median_observed_ms']:.2f} | {run['ratio_of_medians']:.3f} | {verdict} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--config", default="llama-3.2-1b")
    parser.add_argument("--gpus", type=int, default=2)
    parser.add_argument("--tokens", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--per-repeat", type=int, default=10)
    args = parser.parse_args()
    if torch.cuda.device_count() < args.gpus:
        raise SystemExit(f"needs {args.gpus} CUDA GPUs, torch sees {torch.cuda.device_count()}")
    args.out.mkdir(parents=True, exist_ok=True)
    model, device_map = build_model(args.config, args.gpus)
    runs = [measure(model, t, args.gpus, args.repeats, args.per_repeat) for t in (args.tokens, 1)]
    audit = write_report(model, args.tokens, args.out)
    env = environment()
    mapped = {k: str(v) for k, v in device_map.items()}
    data = {"environment": env, "config": args.config, "device_map": mapped, "runs": runs,
            "audit": audit, "goal_ratio": GOAL_RATIO}  # fmt: skip
    (args.out / "audit_observed_overhead.json").write_text(json.dumps(data, indent=2) + "\n")
    text = markdown(env, runs, audit, device_map, args)
    (args.out / "audit_observed_overhead.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
