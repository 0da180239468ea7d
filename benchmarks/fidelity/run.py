"""Run every fidelity program on real GPUs or under `torchplace sim`, and record outcomes.

usage: python benchmarks/fidelity/run.py --mode real|sim --out FILE.json
           [--gpus 2] [--timeout 180] [--only SUBSTRING]

Each program runs in its own subprocess (torchrun-style for programs marked `# nproc: N`) with a
per-program timeout; a crash, hang or missing result is recorded for that program and the run
goes on. The outcome of a program is: raised or not, exception type(s), devices named.
"""

from __future__ import annotations

import argparse
import datetime
import glob
import json
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "harness.py")
NPROC = re.compile(r"^# nproc: (\d+)", re.MULTILINE)


def programs(only: str | None) -> list[str]:
    paths = sorted(glob.glob(os.path.join(HERE, "programs", "*.py")))
    return [p for p in paths if only is None or only in os.path.basename(p)]


def nproc_of(path: str) -> int:
    with open(path, encoding="utf-8") as handle:
        match = NPROC.search(handle.read())
    return int(match.group(1)) if match else 1


def command(mode: str, path: str, out: str, gpus: int, nproc: int) -> list[str]:
    python = sys.executable
    if nproc > 1:
        if mode == "real":
            launcher = [python, "-m", "torch.distributed.run", "--standalone"]
            return [*launcher, f"--nproc-per-node={nproc}", HARNESS, path, out]
        sim = [python, "-m", "torchplace", "sim", "--gpus", str(gpus)]
        return [*sim, "--nproc-per-node", str(nproc), HARNESS, path, out]
    if mode == "real":
        return [python, HARNESS, path, out]
    return [python, "-m", "torchplace", "sim", "--gpus", str(gpus), HARNESS, path, out]


def merge(results: list[dict[str, object]]) -> dict[str, object]:
    """One outcome for all ranks: raised if any rank raised; types and devices united."""
    raised = [r for r in results if r["raised"]]
    return {
        "raised": bool(raised),
        "type": "|".join(sorted({str(r["type"]) for r in raised})) or None,
        "devices": sorted({d for r in raised for d in r["devices"]}),  # type: ignore[attr-defined]
        "message": str(raised[0]["message"]) if raised else "",
    }


def _run_group(argv: list[str], cwd: str, timeout: float) -> tuple[int | None, str]:
    """Run in a new session; on timeout kill the whole group (launchers leave workers)."""
    process = subprocess.Popen(
        argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        output, _ = process.communicate(timeout=timeout)
        return process.returncode, output
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return None, f"timed out after {timeout}s\n{output}"


def run_one(mode: str, path: str, gpus: int, timeout: float) -> dict[str, object]:
    nproc = nproc_of(path)
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "result")
        started = time.perf_counter()
        returncode, log = _run_group(command(mode, path, out, gpus, nproc), work, timeout)
        seconds = round(time.perf_counter() - started, 2)
        files = sorted(glob.glob(out + "*"))
        ranks = []
        for file in files:
            with open(file, encoding="utf-8") as handle:
                ranks.append(json.load(handle))
    record: dict[str, object] = {"nproc": nproc, "seconds": seconds, "returncode": returncode}
    if not ranks:
        record.update({"status": "no-result", "raised": None, "type": None, "devices": []})
        record["log"] = str(log)[-3000:]
        return record
    record.update(merge(ranks))
    record["status"] = "ok"
    record["ranks"] = ranks
    if len(ranks) < nproc:
        record["missing_ranks"] = nproc - len(ranks)
    return record


def machine() -> dict[str, object]:
    info: dict[str, object] = {"python": platform.python_version(), "platform": platform.platform()}
    try:
        import torch

        info["torch"] = torch.__version__
        info["cuda_available"] = torch.cuda.is_available()
        if torch.cuda.is_available():
            info["gpus"] = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())]
    except Exception as error:  # record, don't fail the run
        info["torch_error"] = repr(error)
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["real", "sim"], required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--gpus", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=180.0)
    parser.add_argument("--only", default=None)
    parser.add_argument("--jobs", type=int, default=1, help="programs run at once")
    args = parser.parse_args(argv)
    results: dict[str, object] = {}
    report = {
        "mode": args.mode,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(),
        "programs": results,
    }

    def one(path: str) -> None:
        name = os.path.basename(path)[:-3]
        try:
            record = run_one(args.mode, path, args.gpus, args.timeout)
        except Exception as error:  # never let one program end the run
            record = {"status": "runner-error", "raised": None, "log": repr(error)}
        shown = record.get("type") if record.get("raised") else record.get("status")
        print(f"{name:48s} {shown}", file=sys.stderr, flush=True)
        with lock:
            results[name] = record
            # Written after every program, so a run cut short still leaves what it measured.
            with open(args.out, "w", encoding="utf-8") as handle:
                json.dump(report, handle, indent=1)

    lock = threading.Lock()
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        list(pool.map(one, programs(args.only)))
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)
    print(f"wrote {args.out} ({len(results)} programs)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
