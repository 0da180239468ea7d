"""Benchmark `torchplace doctor` on a multi-GPU host: speed, and accuracy against plain torch.

Usage (from the repository root; needs torch with CUDA and pynvml, nothing else):

    python benchmarks/gpu_doctor.py OUT_DIR

In one run it
1. runs the full `torchplace doctor --json` and times it (goal: under 20 s on 2 H200s);
2. measures a plain `copy_` of 1 GiB between GPU 0 and GPU 1, in its own process;
3. measures a plain torch.distributed NCCL all-reduce (torchrun, one rank per GPU, bf16) at
   1 MiB, 64 MiB and 1 GiB, and reports nccl-tests' bus bandwidth (algbw * 2(n-1)/n);
4. runs `torchrun ... -m torchplace doctor --distributed --json` (the cluster table);
5. compares the doctor's P2P and all-reduce figures with the plain ones (goal: within 10%)
   and writes doctor_gpu.md and doctor_gpu.json into OUT_DIR.

Every stage runs in its own process group with a hard timeout and is killed when it overruns;
the whole benchmark stays under about 3 minutes even when everything hangs.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
GIB = 1 << 30
TOLERANCE = 0.10
DOCTOR_GOAL_S = 20.0
DEADLINE_S = 165.0


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def run_stage(command: list[str], timeout: float) -> dict[str, Any]:
    """Run a command in its own session; kill its whole process group at the timeout."""
    start = time.perf_counter()
    try:
        process = subprocess.Popen(
            command,
            cwd=REPO,
            env=child_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    except OSError as error:
        return {
            "command": " ".join(command),
            "returncode": None,
            "timed_out": False,
            "seconds": 0.0,
            "stdout": "",
            "stderr_tail": str(error),
        }
    timed_out = False
    try:
        out, err = process.communicate(timeout=max(1.0, timeout))
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
    return {
        "command": " ".join(command),
        "returncode": process.returncode,
        "timed_out": timed_out,
        "seconds": round(time.perf_counter() - start, 2),
        "stdout": out,
        "stderr_tail": err[-3000:],
    }


def gpu_count() -> int:
    try:
        import pynvml

        pynvml.nvmlInit()
        return int(pynvml.nvmlDeviceGetCount())
    except Exception:
        return 0


# ---- stage bodies (run in child processes) ---------------------------------------------------


def plain_p2p(path: str) -> None:
    import torch

    results = {}
    for src, dst in ((0, 1), (1, 0)):
        a = torch.empty(GIB, dtype=torch.uint8, device=f"cuda:{src}")
        b = torch.empty(GIB, dtype=torch.uint8, device=f"cuda:{dst}")
        b.copy_(a)
        torch.cuda.synchronize(src)
        torch.cuda.synchronize(dst)
        repeats = 10
        start = time.perf_counter()
        for _ in range(repeats):
            b.copy_(a)
        torch.cuda.synchronize(src)
        torch.cuda.synchronize(dst)
        results[f"cuda:{src}->cuda:{dst}"] = GIB * repeats / (time.perf_counter() - start) / 1e9
        del a, b
        torch.cuda.empty_cache()
    Path(path).write_text(json.dumps(results))


def plain_all_reduce(path: str) -> None:
    """One torchrun rank: NCCL on its GPU (gloo on CPU where there is none, for a dry run)."""
    import torch
    import torch.distributed as dist

    on_gpu = torch.cuda.is_available()
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if on_gpu else torch.device("cpu")
    if on_gpu:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if on_gpu else "gloo")
    n = dist.get_world_size()
    sizes = ((1 << 20, 50), (64 << 20, 30), (GIB, 20)) if on_gpu else ((1 << 20, 5),)
    results = {}
    for nbytes, iterations in sizes:
        dtype = torch.bfloat16 if on_gpu else torch.float32
        x = torch.ones(
            nbytes // torch.tensor([], dtype=dtype).element_size(), dtype=dtype, device=device
        )
        for _ in range(5):
            dist.all_reduce(x)
        sync(device)
        dist.barrier()
        sync(device)
        start = time.perf_counter()
        for _ in range(iterations):
            dist.all_reduce(x)
        sync(device)
        elapsed = torch.tensor([(time.perf_counter() - start) / iterations], device=device)
        dist.all_reduce(elapsed, op=dist.ReduceOp.MAX)
        seconds = float(elapsed.item())
        algbw = nbytes / seconds / 1e9
        results[str(nbytes)] = {
            "ms": seconds * 1e3,
            "algbw_gbps": algbw,
            "busbw_gbps": algbw * 2 * (n - 1) / n,
        }
        del x
    if dist.get_rank() == 0:
        Path(path).write_text(
            json.dumps({"world_size": n, "device": device.type, "sizes": results})
        )
    dist.destroy_process_group()


def sync(device: Any) -> None:
    import torch

    if device.type == "cuda":
        torch.cuda.synchronize(device)


# ---- orchestration ---------------------------------------------------------------------------


def load_json(text: str) -> Any:
    try:
        return json.loads(text[text.index("{") :])
    except ValueError:
        return None


def within(measured: float | None, reference: float | None) -> dict[str, Any]:
    if not measured or not reference:
        return {"doctor": measured, "plain": reference, "ratio": None, "within_10pct": False}
    ratio = measured / reference
    return {
        "doctor": round(measured, 1),
        "plain": round(reference, 1),
        "ratio": round(ratio, 3),
        "within_10pct": abs(ratio - 1) <= TOLERANCE,
    }


def main(out_dir: str) -> int:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    count = gpu_count()
    result: dict[str, Any] = {"gpus": count, "python": sys.version.split()[0]}
    tmp = out / "_stage.json"

    def left() -> float:
        return DEADLINE_S - (time.perf_counter() - start)

    topo = run_stage(["nvidia-smi", "topo", "-m"], 10) if count else None
    doctor = run_stage(
        [sys.executable, "-m", "torchplace", "doctor", "--json", "--no-progress"], min(60, left())
    )
    report = load_json(doctor["stdout"])
    result["doctor"] = {k: v for k, v in doctor.items() if k != "stdout"} | {"report": report}

    if count >= 2 and left() > 30:
        p2p = run_stage([sys.executable, __file__, "--plain-p2p", str(tmp)], min(25, left()))
        result["plain_p2p"] = {k: v for k, v in p2p.items() if k != "stdout"}
        result["plain_p2p"]["gbps"] = json.loads(tmp.read_text()) if tmp.exists() else None
        tmp.unlink(missing_ok=True)
    if count >= 2 and left() > 30:
        command = [
            sys.executable,
            "-m",
            "torch.distributed.run",
            "--standalone",
            f"--nproc-per-node={count}",
            __file__,
            "--plain-all-reduce",
            str(tmp),
        ]
        ar = run_stage(command, min(40, left()))
        result["plain_all_reduce"] = {k: v for k, v in ar.items() if k != "stdout"}
        result["plain_all_reduce"]["result"] = json.loads(tmp.read_text()) if tmp.exists() else None
        tmp.unlink(missing_ok=True)
    if count >= 1 and left() > 20:
        command = [
            sys.executable,
            "-m",
            "torch.distributed.run",
            "--standalone",
            f"--nproc-per-node={count}",
            "-m",
            "torchplace",
            "doctor",
            "--distributed",
            "--json",
            "--timeout",
            str(int(min(35, left() - 5))),
        ]
        dist_run = run_stage(command, min(40, left()))
        result["doctor_distributed"] = {k: v for k, v in dist_run.items() if k != "stdout"}
        result["doctor_distributed"]["report"] = load_json(dist_run["stdout"])

    result["comparison"] = compare(result)
    result["total_seconds"] = round(time.perf_counter() - start, 1)
    (out / "doctor_gpu.json").write_text(json.dumps(result, indent=2, default=str))
    (out / "doctor_gpu.md").write_text(markdown(result, topo))
    print((out / "doctor_gpu.md").read_text())
    return 0


def check_data(report: Any, name: str) -> dict[str, Any]:
    for check in (report or {}).get("checks", []):
        if check["name"] == name:
            return dict(check.get("data") or {})
    return {}


def compare(result: dict[str, Any]) -> dict[str, Any]:
    report = result["doctor"].get("report")
    p2p_doctor = check_data(report, "p2p-bandwidth").get("gbps", {})
    p2p_plain = (result.get("plain_p2p") or {}).get("gbps") or {}
    ar_doctor = check_data(report, "nccl-all-reduce").get("busbw_gbps")
    sizes = ((result.get("plain_all_reduce") or {}).get("result") or {}).get("sizes", {})
    ar_plain = (sizes.get(str(GIB)) or {}).get("busbw_gbps")
    duration = (report or {}).get("duration_s")
    return {
        "doctor_wall_s": result["doctor"]["seconds"],
        "doctor_report_s": duration,
        "doctor_under_20s": bool(duration) and result["doctor"]["seconds"] < DOCTOR_GOAL_S,
        "p2p": {pair: within(p2p_doctor.get(pair), p2p_plain.get(pair)) for pair in p2p_plain},
        "all_reduce_busbw_1gib": within(ar_doctor, ar_plain),
    }


def markdown(result: dict[str, Any], topo: dict[str, Any] | None) -> str:
    sys.path.insert(0, str(SRC))
    from torchplace.doctor.report import render_cluster, render_table
    from torchplace.doctor.result import CheckResult

    comparison = result["comparison"]
    lines = [
        "# torchplace doctor on GPUs",
        "",
        f"GPUs: {result['gpus']}; Python {result['python']}; "
        f"benchmark total {result['total_seconds']} s",
        "",
    ]
    lines += [
        "## Goals",
        "",
        "| goal | measured | met |",
        "|---|---|---|",
        f"| full doctor < {DOCTOR_GOAL_S:.0f} s | {comparison['doctor_wall_s']} s wall "
        f"({comparison['doctor_report_s']} s in checks) | {comparison['doctor_under_20s']} |",
    ]
    for pair, row in comparison["p2p"].items():
        lines.append(
            f"| P2P {pair} within 10% of plain copy_ | doctor {row['doctor']} GB/s, "
            f"plain {row['plain']} GB/s (ratio {row['ratio']}) | {row['within_10pct']} |"
        )
    row = comparison["all_reduce_busbw_1gib"]
    lines.append(
        f"| all-reduce busbw 1 GiB within 10% of plain | doctor {row['doctor']} GB/s, "
        f"plain {row['plain']} GB/s (ratio {row['ratio']}) | {row['within_10pct']} |"
    )
    sizes = ((result.get("plain_all_reduce") or {}).get("result") or {}).get("sizes", {})
    if sizes:
        lines += [
            "",
            "## Plain NCCL all-reduce (bf16, torchrun)",
            "",
            "| bytes | ms | algbw GB/s | busbw GB/s |",
            "|---|---|---|---|",
        ]
        lines += [
            f"| {int(size):,} | {v['ms']:.3f} | {v['algbw_gbps']:.1f} | {v['busbw_gbps']:.1f} |"
            for size, v in sizes.items()
        ]
    report = result["doctor"].get("report")
    if report:
        results = [CheckResult.from_dict(c) for c in report["checks"]]
        lines += [
            "",
            "## `torchplace doctor`",
            "",
            "```",
            render_table(results, 100).rstrip(),
            "```",
            "",
            "| check | status | seconds |",
            "|---|---|---|",
        ]
        lines += [f"| {c.name} | {c.status.value} | {c.duration_s} |" for c in results]
    else:
        lines += ["", "doctor produced no JSON:", "```", result["doctor"]["stderr_tail"], "```"]
    dist_report = (result.get("doctor_distributed") or {}).get("report")
    if dist_report:
        lines += [
            "",
            f"## `torchrun -m torchplace doctor --distributed` "
            f"({result['doctor_distributed']['seconds']} s)",
            "",
            "```",
            render_cluster(dist_report["ranks"]).rstrip(),
            "```",
        ]
    elif result.get("doctor_distributed"):
        lines += [
            "",
            "distributed doctor produced no JSON:",
            "```",
            result["doctor_distributed"]["stderr_tail"],
            "```",
        ]
    if topo:
        lines += ["", "## nvidia-smi topo -m", "", "```", topo["stdout"].rstrip(), "```"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--plain-p2p":
        plain_p2p(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "--plain-all-reduce":
        plain_all_reduce(sys.argv[2])
    elif len(sys.argv) == 2:
        sys.exit(main(sys.argv[1]))
    else:
        sys.exit(__doc__)
