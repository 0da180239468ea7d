"""Time from command to verdict for `torchplace preflight` (goal: under 1 s without vLLM).

Usage: python benchmarks/preflight_latency.py [--repeats 9] [--out benchmarks/results]

Each run is a fresh `torchplace preflight ... -- <command>` subprocess, timed from start to
exit (wall clock, and CPU time of the child). The commands are realistic: a broken
`vllm serve` on a local model directory, a `--config engine.yaml`, a torchrun launch. Also
records whether the preflight process imported torch (it must not, without GPUs or NVML), the
load average (this machine is shared) and whether vLLM is importable (then its own parser,
which is much slower to import, is used).
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_S = 1.0


def _torchplace() -> list[str]:
    script = shutil.which("torchplace")
    return [script] if script else [sys.executable, "-m", "torchplace"]


def _fixtures(root: Path) -> dict[str, list[str]]:
    model = root / "llama-3-70b"
    model.mkdir()
    bundled = Path(__file__).parents[1] / "src/torchplace/data/configs/llama-3-70b/config.json"
    (model / "config.json").write_text(bundled.read_text())
    (root / "engine.yaml").write_text(
        f"model: {model}\ntensor-parallel-size: 8\nmax-model-len: 32768\n"
        "gpu-memory-utilization: 0.9\n"
    )
    (root / "train.py").write_text(
        "import os\nimport torch.distributed as dist\n\ndist.init_process_group('nccl')\n"
    )
    plan = ["--gpus", "8", "--gpu-memory", "141GiB"]
    return {
        "broken vllm serve (local model)": [
            "preflight",
            *plan,
            "--",
            "vllm",
            "serve",
            str(model),
            "--tensor-parallel-size",
            "6",
            "--device-map",
            "auto",
            "--max-model-len",
            "200000",
        ],
        "vllm serve --config engine.yaml": [
            "preflight",
            *plan,
            "--config",
            str(root / "engine.yaml"),
        ],
        "vllm serve DeepSeek-R1 DP8 + EP (671B MoE, MLA)": [
            "preflight",
            *plan,
            "--model-config",
            str(Path(__file__).parent / "preflight_corpus/models/deepseek-v3/config.json"),
            "--",
            "vllm",
            "serve",
            "deepseek-ai/DeepSeek-R1-0528",
            "--trust-remote-code",
            "--data-parallel-size",
            "8",
            "--enable-expert-parallel",
            "--speculative-config.method",
            "mtp",
        ],
        "torchrun --nproc-per-node 16": [
            "preflight",
            *plan,
            "--",
            "torchrun",
            "--nproc-per-node",
            "16",
            str(root / "train.py"),
        ],
    }


def _run_once(command: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode not in (0, 1):
        raise SystemExit(f"{command} exited {result.returncode}: {result.stderr}")
    return wall, cpu, result.returncode


AS_IS = "as this shell runs it"


def _modes(tmp: str) -> list[tuple[str, dict[str, str]]]:
    """This shell's environment, and the same with a bytecode cache (as a normal install has)."""
    as_is = dict(os.environ)
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
    modes = [(AS_IS, as_is)]
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        modes[0] = ("PYTHONDONTWRITEBYTECODE=1 (as this shell runs it)", as_is)
        modes.append(("with .pyc cache", cached))
    return modes


def _imports_torch(args: list[str]) -> bool:
    probe = (
        "import sys\nfrom torchplace.cli import main\n"
        f"main({args!r})\n"
        "print('TORCH' if 'torch' in sys.modules else 'NO-TORCH', file=sys.stderr)\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    return run.stderr.strip().endswith("TORCH") and not run.stderr.strip().endswith("NO-TORCH")


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024**3
    return (
        f"{cpu}, {os.cpu_count()} cores, {memory:.1f} GiB; {platform.system()} "
        f"{platform.release()}; Python {platform.python_version()}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    options = parser.parse_args()
    vllm = importlib.util.find_spec("vllm") is not None
    nvml = importlib.util.find_spec("pynvml") is not None
    rows, all_walls = [], []
    with tempfile.TemporaryDirectory() as tmp:
        commands = _fixtures(Path(tmp))
        torch_imported = _imports_torch(next(iter(commands.values())))
        for (name, args), (mode, env) in itertools.product(commands.items(), _modes(tmp)):
            command = [*_torchplace(), *args]
            _run_once(command, env)  # warm the page cache (and the .pyc cache); not counted
            load = os.getloadavg()[0]
            runs = [_run_once(command, env) for _ in range(options.repeats)]
            walls = [r[0] for r in runs]
            if mode != "with .pyc cache":
                all_walls += walls
            rows.append(
                {
                    "command": name,
                    "python": mode,
                    "exit": runs[0][2],
                    "median_wall_s": statistics.median(walls),
                    "min_wall_s": min(walls),
                    "max_wall_s": max(walls),
                    "median_cpu_s": statistics.median(r[1] for r in runs),
                    "load_before": load,
                    "argv": " ".join(args),
                }
            )
    median = statistics.median(all_walls)
    date = time.strftime("%Y-%m-%d", time.gmtime())
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    load = statistics.median(r["load_before"] for r in rows)
    history = _history(options.out / "preflight_latency.json")
    history.append(
        {"date": date, "commit": commit, "median_wall_s": round(median, 3), "load": round(load, 1)}
    )
    report = {
        "date": date,
        "commit": commit,
        "machine": _machine(),
        "vllm_importable": vllm,
        "pynvml_importable": nvml,
        "torch_imported_by_preflight": torch_imported,
        "repeats": options.repeats,
        "median_wall_s": median,
        "goal_s": GOAL_S,
        "goal_met": median < GOAL_S,
        "rows": rows,
        "history": history,
    }
    options.out.mkdir(parents=True, exist_ok=True)
    (options.out / "preflight_latency.json").write_text(json.dumps(report, indent=2) + "\n")
    (options.out / "preflight_latency.md").write_text(_markdown(report))
    print(_markdown(report))
    return 0 if report["goal_met"] else 1


def _history(previous: Path) -> list[dict[str, object]]:
    """Earlier results kept in the JSON (the first one recorded without its commit)."""
    try:
        old = json.loads(previous.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if "history" in old:
        return list(old["history"])
    median = round(float(old.get("median_wall_s", 0)), 3)
    return [{"date": old.get("date"), "commit": "before the table parser", "median_wall_s": median}]


def _markdown(report: dict[str, object]) -> str:
    rows = report["rows"]
    assert isinstance(rows, list)
    lines = [
        "# torchplace preflight: time from command to verdict",
        "",
        "- Claim: `torchplace preflight` goes from command to verdict in < 1 s",
        f"- Figure: median {report['median_wall_s']:.2f} s",
        f"- Date: {report['date']}",
        f"- Machine: {report['machine']}",
        f"- Commit: {report['commit']}",
        "- Command: `python benchmarks/preflight_latency.py`",
        "",
        f"vLLM importable: {report['vllm_importable']} (if not, the table generated from "
        "vLLM's source was used); pynvml importable: "
        f"{report['pynvml_importable']}; GPUs planned with `--gpus 8 --gpu-memory 141GiB`.",
        "",
        "Each run is a fresh `torchplace preflight` process, timed from start to exit; "
        f"{report['repeats']} runs per command after one uncounted warm-up.",
        "",
        "| command | python | exit | median wall s | min | max | median CPU s | load avg before |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['command']} | {row['python']} | {row['exit']} | {row['median_wall_s']:.3f} | "
            f"{row['min_wall_s']:.3f} | {row['max_wall_s']:.3f} | {row['median_cpu_s']:.3f} | "
            f"{row['load_before']:.2f} |"
        )
    lines += [
        "",
        f"Median over all runs as this shell runs them **{report['median_wall_s']:.3f} s** "
        f"(goal < {report['goal_s']} s). "
        f"Goal met: {report['goal_met']}. torch imported by preflight: "
        f"{report['torch_imported_by_preflight']}.",
        "",
        "Commands (after `torchplace`):",
        "",
        *(f"- {row['command']}: `{row['argv']}`" for row in rows),
        "",
        "## History",
        "",
        "| date | commit | figure |",
        "|---|---|---|",
        *(
            f"| {h['date']} | {h['commit']} | median {h['median_wall_s']} s"
            + (f" (load average {h['load']} on 2 shared cores)" if h.get("load") else "")
            + " |"
            for h in report.get("history", [])  # type: ignore[union-attr]
        ),
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
