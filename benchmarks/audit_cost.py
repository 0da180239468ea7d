"""Cost of `torchplace audit` on the 70B-shaped config, 8 virtual GPUs, a 128-token forward.

Usage: python benchmarks/audit_cost.py [--out benchmarks/results] [--repeats 3]

Goal (issue 6): under 10 s wall time and 1.5 GiB peak RSS for the whole CLI on this 2-core
machine. Each run is a fresh process (`python -m torchplace audit ...`), timed from spawn to
exit; its peak RSS is `ru_maxrss` from `os.wait4`. A further child reports where the time goes
(importing torch, importing transformers' model code, placing, auditing). The machine's load
average is recorded beside each run: other work on a shared 2-core machine slows every phase.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = [
    "-m", "torchplace", "audit", "--config", "llama-3-70b", "--gpus", "8",
    "--device-map", "auto", "--dtype", "bf16", "--tokens", "128",
]  # fmt: skip
GOAL_SECONDS, GOAL_RSS_GIB = 10.0, 1.5

PHASES = """
import time, json, sys
t0 = time.perf_counter()
import torch
t1 = time.perf_counter()
from torchplace.audit import audit, build
from torchplace.sim import virtual_gpus
prepared = build.prepare("llama-3-70b")
t2 = time.perf_counter()
with virtual_gpus(8):
    model = build.place(prepared, 8, "auto", torch.bfloat16, 141 * 2**30)
    t3 = time.perf_counter()
    report = audit(model, build.sample_inputs(model, 128))
    t4 = time.perf_counter()
    report.text(); report.svg(); report.html(); json.dumps(report.to_dict())
    t5 = time.perf_counter()
print(json.dumps({"import_torch": t1 - t0, "import_model_code": t2 - t1, "build_and_place": t3 - t2,
                  "audit": t4 - t3, "observed_forward": report.forward.seconds,
                  "render": t5 - t4, "total": t5 - t0}))
"""


def run_once(out_dir: Path) -> dict[str, float]:
    """One CLI run in a fresh process: wall seconds and peak RSS in MiB."""
    args = [sys.executable, *COMMAND, "--json", str(out_dir / "report.json"),
            "--svg", str(out_dir / "map.svg")]  # fmt: skip
    load = os.getloadavg()[0]
    started = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    stderr = process.stderr.read().decode() if process.stderr else ""
    if process.returncode not in (0, 1):
        raise SystemExit(f"torchplace audit failed ({process.returncode}):\n{stderr[-3000:]}")
    cpu = usage.ru_utime + usage.ru_stime
    return {"seconds": seconds, "cpu_seconds": cpu, "peak_rss_mib": usage.ru_maxrss / 1024,
            "load_before": load}  # fmt: skip


def phases() -> dict[str, float]:
    result = subprocess.run([sys.executable, "-c", PHASES], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(result.stderr[-3000:])
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


def machine() -> dict[str, object]:
    import torch
    import transformers

    model = ""
    with open("/proc/cpuinfo", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo", encoding="utf-8") as handle:
        memory_kib = int(handle.readline().split()[1])
    return {
        "cpu": model, "cores": os.cpu_count(), "memory_gib": round(memory_kib / 2**20, 1),
        "python": platform.python_version(), "torch": torch.__version__,
        "transformers": transformers.__version__, "platform": platform.platform(),
    }  # fmt: skip


def write(out: Path, runs: list[dict[str, float]], split: dict[str, float]) -> None:
    seconds = statistics.median(r["seconds"] for r in runs)
    rss = max(r["peak_rss_mib"] for r in runs)
    date = subprocess.run(["date", "-u"], capture_output=True, text=True).stdout.strip()
    data = {
        "date": date, "date_iso": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "machine": machine(), "command": "torchplace audit " + " ".join(COMMAND[3:]),
        "runs": runs, "median_seconds": seconds,
        "median_cpu_seconds": statistics.median(r["cpu_seconds"] for r in runs),
        "max_peak_rss_mib": rss, "phases": split,
        "goal": {"seconds": GOAL_SECONDS, "peak_rss_gib": GOAL_RSS_GIB},
        "meets_goal": seconds < GOAL_SECONDS and rss < GOAL_RSS_GIB * 1024,
    }  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    (out / "audit_cost.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    lines = [
        "# torchplace audit: cost on the 70B-shaped config (8 virtual GPUs, 128 tokens)", "",
        f"Measured {date} with `benchmarks/audit_cost.py`.", "",
        f"Machine: {data['machine']['cpu']}, {data['machine']['cores']} cores, "
        f"{data['machine']['memory_gib']} GiB; Python {data['machine']['python']}, torch "
        f"{data['machine']['torch']}, transformers {data['machine']['transformers']}.", "",
        f"Command: `{data['command']}` (fresh process per run).", "",
        "| run | wall s | CPU s (user+sys) | peak RSS MiB | load average before |",
        "|---|---|---|---|---|",
        *[f"| {i + 1} | {r['seconds']:.2f} | {r['cpu_seconds']:.2f} | {r['peak_rss_mib']:.0f} "
          f"| {r['load_before']:.2f} |" for i, r in enumerate(runs)],
        "", f"Median wall time **{seconds:.2f} s** (goal < {GOAL_SECONDS:.0f} s); peak RSS "
        f"**{rss:.0f} MiB** (goal < {GOAL_RSS_GIB} GiB). Goal met: {data['meets_goal']}.", "",
        "Where the time goes (one more in-process run, seconds):", "",
        "| phase | s |", "|---|---|",
        *[f"| {k} | {v:.2f} |" for k, v in split.items()], "",
    ]  # fmt: skip
    (out / "audit_cost.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        runs = [run_once(Path(tmp)) for _ in range(args.repeats)]
        # Keep the last run's picture and report beside the numbers.
        args.out.mkdir(parents=True, exist_ok=True)
        for name, target in (("map.svg", "audit_70b_map.svg"), ("report.json", "audit_70b.json")):
            (args.out / target).write_bytes((Path(tmp) / name).read_bytes())
    write(args.out, runs, phases())


if __name__ == "__main__":
    main()
