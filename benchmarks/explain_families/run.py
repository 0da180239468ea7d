"""The catalogue families one GPU can show, explained live and from their own log.

Each program here fails the way a public report did (CPU tensor to an NCCL collective,
`torch.cat` of CPU and CUDA tensors, CUDA in a forked child, a checkpoint naming a GPU this
machine lacks, `set_device(local_rank)` past the last GPU, `nn.DataParallel` with a CPU buffer,
a CUDA IPC producer exiting first) and declares `EXPECT = {"kind": ..., "pattern": ...}`.

For each program:
- live: `python -m torchplace run --json J prog.py J` (real) or the same under
  `torchplace sim --gpus 1` (sim), and the diagnosis in J is compared with EXPECT;
- log: `python prog.py` with its output captured to a log, then `torchplace explain LOG
  --format json` on that log.
A program EXPECT marks `"log": True` is checked in log mode only (its failure is a warning torch
prints, not an exception). Under sim a program whose failure needs the real driver (NCCL, CUDA
IPC in a spawned child) is listed as not reproducible there, with the reason, and not run.

Usage: python benchmarks/explain_families/run.py --mode real|sim --out DIR
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# What the simulator cannot show, and why (each was run under sim once: it fails for this reason).
SIM_LIMITS = {
    "cpu_tensor_nccl.py": "sim runs NCCL collectives on gloo, which takes CPU tensors: no error",
    "ipc_producer_exit.py": "a spawned child runs without the simulator (no CUDA in CPU torch)",
}


def expectation(path: Path) -> dict[str, Any]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "EXPECT" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, dict)
            return value
    raise ValueError(f"{path.name} has no EXPECT")


def _env() -> dict[str, str]:
    src = str(ROOT / "src")
    return dict(os.environ, PYTHONPATH=f"{src}:{os.environ.get('PYTHONPATH', '')}".rstrip(":"))


def run_live(program: Path, mode: str, work: Path) -> dict[str, Any]:
    report = work / f"{program.stem}.live.json"
    command = [sys.executable, "-m", "torchplace", "run", "--json", str(report), str(program)]
    command.append(str(report))
    if mode == "sim":
        command = [sys.executable, "-m", "torchplace", "sim", "--gpus", "1", "-m", *command[2:]]
    proc = subprocess.run(
        command, capture_output=True, text=True, env=_env(), timeout=240, check=False
    )
    return _first_known(report, proc)


def run_log(program: Path, mode: str, work: Path) -> dict[str, Any]:
    log = work / f"{program.stem}.log"
    command = [sys.executable, str(program), "--plain"]
    if mode == "sim":
        command = [sys.executable, "-m", "torchplace", "sim", "--gpus", "1", *command[1:]]
    proc = subprocess.run(
        command, capture_output=True, text=True, env=_env(), timeout=240, check=False
    )
    log.write_text(proc.stdout + proc.stderr, encoding="utf-8")
    report = work / f"{program.stem}.log.json"
    explain = subprocess.run(
        [sys.executable, "-m", "torchplace", "explain", str(log), "--json", str(report)],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
        check=False,
    )
    return _first_known(report, explain)


def _first_known(report: Path, proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    result: dict[str, Any] = {"exit": proc.returncode, "kind": None, "pattern": None}
    if not report.exists():
        result["error"] = (proc.stdout + proc.stderr)[-600:]
        return result
    diagnoses = json.loads(report.read_text()).get("diagnoses", [])
    known = [d for d in diagnoses if d.get("known")] or diagnoses
    if known:
        first = known[0]
        result.update(
            kind=first.get("kind"),
            pattern=(first.get("pattern") or {}).get("id"),
            devices=first.get("devices"),
            line=(first.get("user_frame") or {}).get("line"),
            message=first.get("message", "")[:200],
        )
    return result


def check(program: Path, mode: str, work: Path) -> dict[str, Any]:
    expect = expectation(program)
    row: dict[str, Any] = {"program": program.name, "expect": expect}
    if mode == "sim" and program.name in SIM_LIMITS:
        row["not_reproducible"] = SIM_LIMITS[program.name]
        return row
    started = time.time()
    results = {"log": run_log(program, mode, work)}
    if not expect.get("log"):
        results["live"] = run_live(program, mode, work)
    for result in results.values():
        result["ok"] = result["kind"] == expect["kind"] and result["pattern"] == expect["pattern"]
    row.update(results, seconds=round(time.time() - started, 1))
    return row


def write(rows: list[dict[str, Any]], mode: str, out: Path) -> bool:
    counted = [r for r in rows if "not_reproducible" not in r]
    ok = all(r[m]["ok"] for r in counted for m in ("live", "log") if m in r)
    json_path = out / f"explain_families_{mode}.json"
    previous = json.loads(json_path.read_text()) if json_path.exists() else {}
    commit = _commit()
    data: dict[str, Any] = {
        "claim": f"new catalogue families explained live and from logs ({mode})",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": _machine(mode),
        "commit": commit,
        "command": f"python benchmarks/explain_families/run.py --mode {mode} --out DIR",
        "mode": mode,
        "rows": rows,
        "all_ok": ok,
    }
    explained = sum(r[m]["ok"] for r in counted for m in ("live", "log") if m in r)
    checks = sum(1 for r in counted for m in ("live", "log") if m in r)
    figure = f"{explained}/{checks} checks ok over {len(counted)} programs"
    data["history"] = [
        *previous.get("history", []),
        {"date": data["date"], "commit": commit, "figure": figure},
    ]
    json_path.write_text(json.dumps(data, indent=2) + "\n")
    lines = [
        f"# explain: catalogue families on one {'real' if mode == 'real' else 'virtual'} GPU",
        "",
        f"{data['date']}, {data['machine']}, commit {commit}; `{data['command']}`.",
        "",
        "| program | expected | live | log | note |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        cells = []
        for m in ("live", "log"):
            got = r.get(m)
            cells.append(
                "-"
                if got is None
                else f"{'ok' if got['ok'] else 'MISS'} {got['kind']}/{got['pattern']}"
            )
        lines.append(
            f"| {r['program']} | {r['expect']['kind']}/{r['expect']['pattern']} | {cells[0]} "
            f"| {cells[1]} | {r.get('not_reproducible', '')} |"
        )
    lines += ["", f"all reproducible families explained: {ok} ({figure})"]
    lines += ["", "## History", "", "| date | commit | figure |", "|---|---|---|"]
    lines += [f"| {h['date']} | {h['commit']} | {h['figure']} |" for h in data["history"]]
    (out / f"explain_families_{mode}.md").write_text("\n".join(lines) + "\n")
    return ok


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _machine(mode: str) -> str:
    if mode == "sim":
        return f"CPU machine, {os.cpu_count()} cores, 1 virtual GPU (torchplace sim)"
    try:
        import torch

        return f"{torch.cuda.get_device_name(0)}, torch {torch.__version__}"
    except Exception as error:  # a report must still be written
        return f"GPU machine ({error!r})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("real", "sim"), required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default="", help="comma-separated program names")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    programs = sorted(p for p in HERE.glob("*.py") if p.name != "run.py")
    if args.only:
        wanted = {n if n.endswith(".py") else f"{n}.py" for n in args.only.split(",")}
        programs = [p for p in programs if p.name in wanted]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for program in programs:
            row = check(program, args.mode, Path(tmp))
            rows.append(row)
            print(json.dumps(row), flush=True)
    return 0 if write(rows, args.mode, out) else 1


if __name__ == "__main__":
    raise SystemExit(main())
