"""preflight on a real GPU node: NVML facts, and the same verdicts as when planning for it.

Usage: python benchmarks/gpu_preflight.py RESULT_DIR   (scripts/gpu-check part `bench-preflight`)

On this machine (no `--gpus`): reads the GPUs (NVML, else torch: count, name, memory), then runs
every corpus case whose hardware fits this node (its GPU count <= the GPUs here and its
memory per GPU <= this GPU's) twice, once against the real node and once planned with
`--gpus N --gpu-memory <NVML's figure>`, and checks that the verdicts and the failing checks
agree and that no working case FAILs on the real node. Also times a verdict with NVML, and
checks that the compute capability preflight derives from the GPU's name
(`torchplace.preflight.gpu_models`, used by `quantization-unsupported-on-gpu`) is the one
torch reports for the GPU.
Writes RESULT_DIR/gpu_preflight.json and .md; exit 1 when a check disagrees.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "benchmarks" / "preflight_corpus"
MIB = 1024**2


def _preflight(args: list[str]) -> tuple[int, dict[str, Any], float]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("VISIBLE_DEVICES")}
    env["PYTHONPATH"] = f"{ROOT / 'src'}:{env.get('PYTHONPATH', '')}"
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "torchplace", "preflight", "--json", *args],
        capture_output=True, text=True, env=env, timeout=120, check=False, cwd=ROOT,
    )  # fmt: skip
    wall = time.perf_counter() - started
    try:
        data = json.loads(run.stdout) if run.returncode in (0, 1) else {}
    except ValueError:
        data = {}
    return run.returncode, data, wall


def _failing(data: dict[str, Any]) -> list[str]:
    return sorted(c["name"] for c in data.get("checks", []) if c["status"] == "fail")


def _capability(name: str) -> dict[str, Any]:
    """The capability preflight derives from the GPU's name against torch's figure."""
    sys.path.insert(0, str(ROOT / "src"))
    from torchplace.preflight.gpu_models import compute_capability

    from_name = compute_capability(name)
    from_torch = None
    try:
        import torch

        if torch.cuda.is_available():
            major, minor = torch.cuda.get_device_capability(0)
            from_torch = major * 10 + minor
    except ImportError:
        pass
    agree = from_torch is None or from_name == from_torch
    return {"name": name, "from_name": from_name, "from_torch": from_torch, "agree": agree}


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    probe_code, probe, probe_wall = _preflight(["--", "vllm", "serve", "m"])
    gpus = probe.get("machine", {}).get("gpus", [])
    source = probe.get("machine", {}).get("source")
    memory = min((g["total_memory"] for g in gpus if g.get("total_memory")), default=0)
    cases = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))["cases"]
    rows = []
    for case in cases:
        hardware = case["hardware"]
        wanted = int(str(hardware.get("gpu_memory", "0MiB")).removesuffix("MiB") or 0) * MIB
        if not hardware["gpus"] or hardware["gpus"] > len(gpus) or wanted > memory:
            continue
        model = ["--model-config", str(CORPUS / "models" / case["model"] / "config.json")]
        command = ["--", *shlex.split(case["command"])]
        real = _preflight([*(model if case.get("model") else []), *command])
        planned = _preflight(
            ["--gpus", str(len(gpus)), "--gpu-memory", f"{memory // MIB}MiB",
             *(model if case.get("model") else []), *command]
        )  # fmt: skip
        agree = real[0] == planned[0] and _failing(real[1]) == _failing(planned[1])
        false_fail = case["kind"] == "working" and real[0] != 0
        rows.append(
            {
                "id": case["id"],
                "real_exit": real[0],
                "planned_exit": planned[0],
                "real_failing": _failing(real[1]),
                "agree": agree,
                "false_fail_on_real_node": false_fail,
                "real_wall_s": round(real[2], 3),
            }
        )
    capability = _capability(gpus[0]["name"] if gpus else "")
    report = {
        "capability": capability,
        "machine_source": source,
        "gpus": [(g["name"], g["total_memory"]) for g in gpus],
        "probe_exit": probe_code,
        "probe_wall_s": round(probe_wall, 3),
        "cases_run": len(rows),
        "disagreements": [r["id"] for r in rows if not r["agree"]],
        "false_fails": [r["id"] for r in rows if r["false_fail_on_real_node"]],
        "rows": rows,
    }
    ok = (
        source in ("nvml", "torch")
        and bool(gpus)
        and not report["disagreements"]
        and not report["false_fails"]
        and capability["agree"]
    )
    report["ok"] = ok
    (out / "gpu_preflight.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    lines = [
        "# preflight on a real GPU node",
        "",
        f"GPUs from {source}: {report['gpus']}; verdict with NVML in {probe_wall:.2f} s.",
        f"Corpus cases that fit this node: {len(rows)}; real vs planned disagreements: "
        f"{report['disagreements'] or 'none'}; false FAILs on the real node: "
        f"{report['false_fails'] or 'none'}.",
        f"Compute capability from the name: {capability['from_name']}; from torch: "
        f"{capability['from_torch']}. OK: {ok}.",
        "",
    ]
    (out / "gpu_preflight.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
