"""Cost of `torchplace sim`: a Llama-shaped model on virtual GPUs, one forward of N tokens.

usage: python benchmarks/sim_cost.py [--write]      run both shapes, print (and write) results
       python -m torchplace sim --gpus 8 benchmarks/sim_cost.py --child llama-3-70b ...

Each measurement is a fresh `torchplace sim` process (imports, meta build, accelerate placement
with device_map="auto", forwards), so "whole command" is what a user waits for. Targets (issue
3): 70B shape on 8 GPUs < 1 s per forward of 128 tokens, < 8 s whole command, peak RSS < 600
MiB; 8B shape < 0.4 s per forward. Wall and CPU time are both recorded: on a shared machine
CPU time is the steadier number.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

STARTED = time.perf_counter()
STARTED_CPU = time.process_time()
HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
TARGETS = {"llama-3-70b": 1.0, "llama-3-8b": 0.4}


def child(shape: str, tokens: int, repeat: int) -> None:
    import torch
    import transformers  # noqa: F401
    from accelerate import dispatch_model  # noqa: F401

    import torchplace.sim as sim

    imported, imported_cpu = time.perf_counter(), time.process_time()
    model = sim.model_from_config(shape, "auto", dtype=torch.bfloat16)
    built, built_cpu = time.perf_counter(), time.process_time()
    ids = torch.randint(0, 1000, (1, tokens), device="cuda:0")
    walls, cpus = [], []
    with torch.no_grad():
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            model(ids)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
    result = {
        "shape": shape,
        "gpus": torch.cuda.device_count(),
        "devices_used": sorted({str(p.device) for p in model.parameters()}),
        "tokens": tokens,
        "imports_s": imported - STARTED,
        "build_and_place_s": built - imported,
        "imports_cpu_s": imported_cpu - STARTED_CPU,
        "build_and_place_cpu_s": built_cpu - imported_cpu,
        "first_forward_s": walls[0],
        "forward_wall_s": walls,
        "forward_cpu_s": cpus,
        "to_first_forward_end_s": built - STARTED + walls[0],
        "process_cpu_s": time.process_time() - STARTED_CPU,
        "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    print("RESULT " + json.dumps(result))


def measure(shape: str, gpus: int, tokens: int, repeat: int) -> dict[str, object]:
    command = [sys.executable, "-m", "torchplace", "sim", "--gpus", str(gpus), __file__,
               "--child", shape, "--tokens", str(tokens), "--repeat", str(repeat)]  # fmt: skip
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    whole = time.perf_counter() - started
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"{shape} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    result: dict[str, object] = json.loads(lines[0][len("RESULT ") :])
    result["whole_command_s"] = whole
    result["whole_command_cpu_s"] = (after.ru_utime - before.ru_utime) + (
        after.ru_stime - before.ru_stime
    )
    return result


BASELINE = (
    "import torch, transformers, accelerate; "
    "from transformers.models.llama import modeling_llama; import transformers.generation.utils"
)


def baseline_imports() -> dict[str, float]:
    """What importing the stack costs without torchplace: the floor of any whole command."""
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", BASELINE], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": time.perf_counter() - started, "cpu_s": cpu}


def machine() -> dict[str, object]:
    with open("/proc/cpuinfo", encoding="utf-8") as handle:
        models = [line.split(":", 1)[1].strip() for line in handle if "model name" in line]
    return {
        "cpu": models[0] if models else platform.processor(),
        "cores": os.cpu_count(),
        "load_average": os.getloadavg(),
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", default=None)
    parser.add_argument("--tokens", type=int, default=128)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--write", action="store_true", help="write benchmarks/results/sim_cost.*")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.tokens, args.repeat)
        return 0
    import torch
    import transformers

    baseline = baseline_imports()
    runs = []
    for shape in TARGETS:
        single = measure(shape, 8, args.tokens, 1)  # the whole command, one forward
        repeated = measure(shape, 8, args.tokens, args.repeat)
        repeated["whole_command_one_forward_s"] = single["whole_command_s"]
        repeated["whole_command_one_forward_cpu_s"] = single["whole_command_cpu_s"]
        repeated["peak_rss_mib"] = max(single["peak_rss_mib"], repeated["peak_rss_mib"])  # type: ignore[call-overload]
        runs.append(repeated)
        print(json.dumps(repeated, indent=1))
    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(),
        "versions": {"torch": torch.__version__, "transformers": transformers.__version__},
        "baseline_imports": baseline,
        "runs": runs,
    }
    if args.write:
        with open(os.path.join(RESULTS, "sim_cost.json"), "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)
        with open(os.path.join(RESULTS, "sim_cost.md"), "w", encoding="utf-8") as handle:
            handle.write(markdown(report))
    return 0


def markdown(report: dict[str, object]) -> str:
    machine_ = report["machine"]
    lines = [
        "# torchplace sim: cost", "",
        f"Measured {report['date']} on {machine_['cpu']} ({machine_['cores']} cores), "  # type: ignore[index]
        f"load average {tuple(round(x, 1) for x in machine_['load_average'])} at the end "  # type: ignore[index]
        f"(the machine is shared). torch {report['versions']['torch']}, "  # type: ignore[index]
        f"transformers {report['versions']['transformers']}.", "",  # type: ignore[index]
        "Model built on the meta device from the bundled config, placed by accelerate with "
        "`device_map=\"auto\"` over 8 virtual GPUs, bf16, one sequence of 128 tokens. Command: "
        "`python benchmarks/sim_cost.py --write`.", "",
        "| shape | forward wall (median) | forward CPU (median) | target | whole command "
        "(1 forward), wall / CPU | peak RSS | target RSS |",
        "|---|---|---|---|---|---|---|",
    ]  # fmt: skip
    for run in report["runs"]:  # type: ignore[attr-defined]
        wall = statistics.median(run["forward_wall_s"][1:] or run["forward_wall_s"])
        cpu = statistics.median(run["forward_cpu_s"][1:] or run["forward_cpu_s"])
        lines.append(
            f"| {run['shape']} | {wall:.2f} s | {cpu:.2f} s | < {TARGETS[run['shape']]} s | "
            f"{run['whole_command_one_forward_s']:.1f} s / "
            f"{run['whole_command_one_forward_cpu_s']:.1f} s (target < 8 s) | "
            f"{run['peak_rss_mib']:.0f} MiB | < 600 MiB |"
        )
    base = report["baseline_imports"]
    lines += [
        "",
        f"Floor: importing torch, transformers, accelerate and the Llama modeling code alone, "
        f"without torchplace, took {base['wall_s']:.1f} s wall / {base['cpu_s']:.1f} s CPU "  # type: ignore[index]
        "in the same run.",
        "",
        "Breakdown (repeated run): imports, build + placement, first forward:",
        "",
    ]
    for run in report["runs"]:  # type: ignore[attr-defined]
        lines.append(
            f"- {run['shape']}: imports {run['imports_s']:.1f} s, build and place "
            f"{run['build_and_place_s']:.1f} s, first forward {run['first_forward_s']:.2f} s, "
            f"forwards {[round(x, 2) for x in run['forward_wall_s']]} s wall"
        )
    lines += [
        "",
        "Where the per-op time went and what was cut: `sim_cost_profile.md` (with an earlier run "
        "on the same machine under heavier load).",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
