"""preflight's memory model against the weight and KV-cache sizes vLLM reports in its startup logs.

Usage: python benchmarks/preflight_memory.py [--out benchmarks/results]

Every point is a log line quoted in a public vLLM issue, PR or recipe (URL and quote below):
`Model loading took X GiB` / `Loading model weights took X GB` (vLLM prints GiB under both
names) is compared with the estimated weights per GPU; `Available KV cache memory: X GiB` with
`GPU KV cache size: N tokens`, or a logged "KV cache is needed" figure, with the estimated KV
cache bytes. The model's shape comes from its published config.json
(`benchmarks/preflight_corpus/models/`, `torchplace/data/configs/`). Goal: within 10% each.
Writes `preflight_memory.md` and `.json`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from torchplace import configs  # noqa: E402
from torchplace.preflight.memory_model import Engine, Layout, estimate  # noqa: E402

GIB = 1024**3
MODELS = ROOT / "benchmarks" / "preflight_corpus" / "models"
GOAL = 0.10

# (model, layout, what, vLLM's figure, quote, source)
POINTS: list[dict[str, Any]] = [
    dict(model="llama-3-8b", layout=dict(tp=1), what="weights", gib=14.96,
         quote="vllm serve meta-llama/Meta-Llama-3-8B: model weights take 14.96GiB",
         source="https://github.com/vllm-project/vllm/pull/10511"),
    dict(model="llama-3-8b", layout=dict(tp=2), what="weights", gib=7.48,
         quote="vllm serve meta-llama/Meta-Llama-3-8B -tp 2: model weights take 7.48GiB",
         source="https://github.com/vllm-project/vllm/pull/10511"),
    dict(model="gpt-oss-120b", layout=dict(tp=1), what="weights", gib=65.9651,
         quote="gpt-oss-120b on one H100: Model loading took 65.9651 GiB",
         source="https://github.com/vllm-project/vllm/issues/23278"),
    dict(model="llama-3.1-405b-fp8", layout=dict(tp=8), what="weights", gib=57.7520,
         quote="Meta-Llama-3.1-405B-Instruct-FP8 -tp 8 on 8xH100: Loading model weights took "
         "57.7520 GB (vLLM divides by 2**30)",
         source="https://github.com/vllm-project/vllm/issues/6746"),
    dict(model="llama-4-maverick-fp8", layout=dict(tp=8), what="weights", gib=48.8682,
         quote="Llama-4-Maverick-17B-128E-Instruct-FP8 on 8 GPUs: Model loading took 48.8682 GiB",
         source="https://github.com/vllm-project/vllm/issues/16152"),
    dict(model="qwen3-30b-a3b", layout=dict(tp=4), what="weights", gib=14.2474,
         quote="Qwen/Qwen3-30B-A3B on 4 x A10: Model loading took 14.2474 GiB",
         source="https://github.com/vllm-project/vllm/issues/17469"),
    dict(model="qwen3-4b", layout=dict(tp=1), what="weights", gib=7.6785,
         quote="Qwen3-4B fp16: Model loading took 7.6785 GiB",
         source="https://github.com/kyuz0/amd-strix-halo-vllm-toolboxes/pull/5"),
    dict(model="deepseek-r1-distill-qwen-1.5b", layout=dict(tp=1), what="weights", gib=3.3143,
         quote="DeepSeek-R1-Distill-Qwen-1.5B (the draft): Loading model weights took 3.3143 GB",
         source="https://github.com/vllm-project/vllm/issues/14939"),
    dict(model="qwen2.5-7b-bnb-4bit", layout=dict(tp=1), what="weights", gib=5.2032,
         quote="Qwen2.5-7B-Instruct-bnb-4bit: Loading model weights took 5.2032 GB",
         source="https://github.com/vllm-project/vllm/issues/13882"),
    dict(model="qwen3-235b-a22b-fp8", layout=dict(tp=4), what="kv", gib=8.11, tokens=178880,
         quote="Qwen3-235B-A22B-FP8 -tp 4: Available KV cache memory: 8.11 GiB; GPU KV cache "
         "size: 178,880 tokens",
         source="https://github.com/vllm-project/vllm/issues/21348"),
    dict(model="qwen3-coder-480b-a35b-fp8", layout=dict(tp=1, dp=8, expert_parallel=True),
         what="kv", gib=62.00, tokens=262144,
         quote="Qwen3-Coder-480B-A35B-Instruct-FP8 -dp=8 --enable-expert-parallel: To serve at "
         "least one request with the models's max seq len (262144), (62.00 GiB KV cache is "
         "needed",
         source="https://github.com/vllm-project/recipes/pull/12"),
]  # fmt: skip


def _config(name: str) -> dict[str, Any]:
    local = MODELS / name / "config.json"
    if local.is_file():
        return dict(json.loads(local.read_text(encoding="utf-8")))
    return configs.load(name)


def evaluate(point: dict[str, Any]) -> dict[str, Any]:
    found = estimate(_config(point["model"]), Engine(Layout(**point["layout"])), 80 * GIB)
    assert found is not None, point["model"]
    if point["what"] == "weights":
        ours = found.weights / GIB
    else:
        ours = found.kv_for(point["tokens"]) / GIB
    error = (ours - point["gib"]) / point["gib"]
    return {**point, "estimate_gib": round(ours, 3), "error": round(error, 4),
            "within_goal": abs(error) <= GOAL}  # fmt: skip


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results")
    args = parser.parse_args(argv)
    rows = [evaluate(p) for p in POINTS]
    models = sorted({r["model"] for r in rows})
    within = sum(r["within_goal"] for r in rows)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    meta = {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()} CPU VM, {os.cpu_count()} cores",
        "commit": commit,
        "command": "python benchmarks/preflight_memory.py",
        "points": len(rows),
        "models": len(models),
        "within_10_percent": within,
        "max_abs_error": max(abs(r["error"]) for r in rows),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "preflight_memory.json").write_text(
        json.dumps({**meta, "rows": rows}, indent=1) + "\n", encoding="utf-8"
    )
    (args.out / "preflight_memory.md").write_text(markdown(meta, rows), encoding="utf-8")
    print(json.dumps(meta))
    return 0


def markdown(meta: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    lines = [
        "# preflight's memory estimate against vLLM's startup logs",
        "",
        f"Date {meta['date']}; machine: {meta['machine']}; commit {meta['commit']}.",
        f"Command: `{meta['command']}`",
        "",
        f"{meta['within_10_percent']}/{meta['points']} figures within 10% of what vLLM logged, "
        f"{meta['models']} models; largest error {meta['max_abs_error']:.1%}.",
        "",
        "| model | layout | what | vLLM logged (GiB) | estimate (GiB) | error | source |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        layout = ", ".join(f"{k}={v}" for k, v in r["layout"].items())
        what = r["what"] + (f" ({r['tokens']} tokens)" if r["what"] == "kv" else "")
        lines.append(
            f"| {r['model']} | {layout} | {what} | {r['gib']} | {r['estimate_gib']} | "
            f"{r['error']:+.1%} | [{r['source'].split('github.com/')[-1]}]({r['source']}) |"
        )
    lines += ["", "Quotes:", ""]
    lines += [f'- {r["model"]}: "{r["quote"]}"' for r in rows]
    lines += [
        "",
        "## History",
        "",
        "| date | commit | figure |",
        "|---|---|---|",
        f"| {meta['date']} | {meta['commit']} | {meta['within_10_percent']}/{meta['points']} "
        f"within 10% ({meta['models']} models), max error {meta['max_abs_error']:.1%} |",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
