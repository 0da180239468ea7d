"""Large hostile inputs, each run through the command line under a time and memory limit.

Usage: python benchmarks/hostile/run.py [--quick] [--out benchmarks/results] [--only NAME ...]

Builds in a temporary directory: a 1 GB log for `explain` (a real-looking training log with one
device-mismatch traceback at the end), 100 MB of short log lines, a `forward` of 4,000
statements for lint (TPL201), 200 files fixed by two concurrent `lint --fix` runs, a config with
`num_hidden_layers: 10**12` for `audit`, YAML nested 100,000 deep and a YAML alias bomb for
`preflight`, and a tree with code nested deeper than the recursion limit for `lint`.
`--quick` uses smaller sizes (minutes instead of tens of minutes).

Per case it records wall time, peak memory (the largest of: the process tree's RSS sampled
every 0.1 s with psutil, and `ru_maxrss` from `wait4`) and the exit status, and whether the
outcome is the one the product promises (a clear exit, no traceback, memory under 1 GiB for
inputs under 1 GB, every file fixed exactly once). A case is stopped at its time limit or when
its memory passes 8 GiB (the machine is shared), and that is recorded as such.

Writes `hostile_inputs.json` and `hostile_inputs.md` (with a history table) under `--out`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psutil
from hostile_inputs import (
    FIXABLE,
    write_alias_bomb,
    write_deep_code,
    write_deep_yaml,
    write_huge_model,
    write_long_forward,
    write_short_lines,
    write_training_log,
)

ROOT = Path(__file__).resolve().parents[2]
MEMORY_GOAL_MIB = 1024
MEMORY_STOP_MIB = 8192
MIB = 1024 * 1024


@dataclass
class Sizes:
    log_bytes: int
    short_lines_bytes: int
    forward_statements: int
    fix_files: int
    yaml_depth: int
    layers: int = 10**12


FULL = Sizes(1024 * MIB, 100 * MIB, 4000, 200, 100_000)
QUICK = Sizes(64 * MIB, 8 * MIB, 1000, 40, 10_000)


@dataclass
class Result:
    name: str
    command: str
    seconds: float
    peak_rss_mib: float
    exit: str
    ok: bool
    note: str = ""
    input_bytes: int = 0
    extra: dict[str, object] = field(default_factory=dict)


@dataclass
class Run:
    returncode: int | None
    seconds: float
    peak_rss_mib: float
    stopped: str = ""
    stderr: str = ""
    stdout: str = ""


def torchplace(*args: str) -> list[str]:
    return [sys.executable, "-m", "torchplace", *args]


def run_limited(commands: list[list[str]], limit_s: float, cwd: Path) -> list[Run]:
    """Start the commands together; stop each at `limit_s` or MEMORY_STOP_MIB."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "NO_COLOR": "1"}
    env["XDG_CACHE_HOME"] = str(cwd / "xdg-cache")
    started = time.monotonic()
    processes = []
    for index, command in enumerate(commands):
        out = open(cwd / f"stdout-{index}.txt", "wb")  # noqa: SIM115 - closed below
        err = open(cwd / f"stderr-{index}.txt", "wb")  # noqa: SIM115
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        processes.append((process, out, err))
    runs: dict[int, Run] = {}
    peaks = [0.0] * len(processes)
    stopped = [""] * len(processes)
    while len(runs) < len(processes):
        for index, (process, out, err) in enumerate(processes):
            if index in runs:
                continue
            peaks[index] = max(peaks[index], _tree_rss_mib(process.pid))
            elapsed = time.monotonic() - started
            if not stopped[index] and elapsed > limit_s:
                stopped[index] = f"stopped at the {limit_s:.0f} s limit"
                _kill(process.pid)
            elif not stopped[index] and peaks[index] > MEMORY_STOP_MIB:
                stopped[index] = f"stopped above {MEMORY_STOP_MIB} MiB"
                _kill(process.pid)
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid == 0:
                continue
            process.returncode = os.waitstatus_to_exitcode(status)
            out.close()
            err.close()
            peak = max(peaks[index], usage.ru_maxrss / 1024)
            runs[index] = Run(
                None if stopped[index] else process.returncode,
                time.monotonic() - started,
                peak,
                stopped[index],
                _tail(cwd / f"stderr-{index}.txt"),
                _tail(cwd / f"stdout-{index}.txt", 8 * MIB),
            )
        time.sleep(0.1)
    return [runs[i] for i in range(len(processes))]


def _tree_rss_mib(pid: int) -> float:
    try:
        parent = psutil.Process(pid)
        members = [parent, *parent.children(recursive=True)]
    except psutil.Error:
        return 0.0
    total = 0
    for member in members:
        try:
            total += member.memory_info().rss
        except psutil.Error:
            pass
    return total / MIB


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def _tail(path: Path, limit: int = 4000) -> str:
    data = path.read_bytes()
    return data[-limit:].decode("utf-8", "replace")


def _exit(run: Run) -> str:
    return run.stopped or f"exit {run.returncode}"


def _clean(run: Run, exits: set[int]) -> tuple[bool, str]:
    """A clear end: an expected exit code, no traceback, memory under the goal."""
    problems = []
    if run.stopped:
        problems.append(run.stopped)
    elif run.returncode not in exits:
        problems.append(f"exit {run.returncode}, expected {sorted(exits)}")
    if "Traceback (most recent call last)" in run.stderr:
        problems.append("traceback: " + run.stderr.strip().splitlines()[-1][:160])
    if run.peak_rss_mib > MEMORY_GOAL_MIB:
        problems.append(f"peak memory {run.peak_rss_mib:.0f} MiB > {MEMORY_GOAL_MIB} MiB")
    return not problems, "; ".join(problems)


# -- cases ----------------------------------------------------------------------------------
Case = Callable[[Path, Sizes, bool], Result]


def case_explain_big_log(work: Path, sizes: Sizes, quick: bool) -> Result:
    log = work / "train.log"
    write_training_log(log, sizes.log_bytes)
    command = torchplace("explain", str(log))
    (run,) = run_limited([command], 300 if quick else 600, work)
    ok, note = _clean(run, {1})
    if ok and "cuda:1" not in run.stdout:
        ok, note = False, "the traceback at the end was not explained"
    return _result("explain-big-log", command, run, ok, note, log.stat().st_size)


def case_explain_short_lines(work: Path, sizes: Sizes, quick: bool) -> Result:
    log = work / "short.log"
    write_short_lines(log, sizes.short_lines_bytes)
    command = torchplace("explain", str(log))
    (run,) = run_limited([command], 300 if quick else 600, work)
    ok, note = _clean(run, {0})
    return _result("explain-short-lines", command, run, ok, note, log.stat().st_size)


def case_lint_long_forward(work: Path, sizes: Sizes, quick: bool) -> Result:
    source = work / "big_forward.py"
    write_long_forward(source, sizes.forward_statements)
    command = torchplace("lint", "--preview", "--no-cache", "-q", str(source))
    (run,) = run_limited([command], 300, work)
    ok, note = _clean(run, {1})
    found = run.stdout.count("TPL201")
    if ok and found != sizes.forward_statements // 2:
        ok, note = False, f"{found} TPL201 findings, expected {sizes.forward_statements // 2}"
    result = _result("lint-tpl201-long-forward", command, run, ok, note, source.stat().st_size)
    result.extra["statements"] = sizes.forward_statements
    return result


def case_lint_deep_code(work: Path, sizes: Sizes, quick: bool) -> Result:
    tree = work / "deep_code"
    write_deep_code(tree)
    command = torchplace("lint", "--preview", "--no-cache", "-q", "-j", "2", str(tree))
    (run,) = run_limited([command], 120, work)
    ok, note = _clean(run, {1})
    kept = run.stdout.count("TPL101")
    too_deep = run.stdout.count("TPL001")
    if ok and (kept != 100 or too_deep != 2):
        ok, note = False, f"{kept} TPL101 (expected 100), {too_deep} TPL001 (expected 2)"
    return _result("lint-deep-nesting", command, run, ok, note)


def case_concurrent_fix(work: Path, sizes: Sizes, quick: bool) -> Result:
    tree = work / "fix_tree"
    tree.mkdir()
    reference = work / "reference.py"
    reference.write_text(FIXABLE, encoding="utf-8")
    run_limited(
        [
            torchplace(
                "lint", "--preview", "--no-cache", "-q", "--fix", "--unsafe-fixes", str(reference)
            )
        ],
        120,
        work,
    )
    expected = reference.read_text(encoding="utf-8")
    files = [tree / f"m{index:03d}.py" for index in range(sizes.fix_files)]
    for path in files:
        path.write_text(FIXABLE, encoding="utf-8")
    command = torchplace(
        "lint", "--preview", "--no-cache", "-q", "--fix", "--unsafe-fixes", "-j", "1", str(tree)
    )
    runs = run_limited([command, command], 600, work)
    correct = sum(1 for path in files if path.read_text(encoding="utf-8") == expected)
    leftovers = len(list(tree.glob(".*.tmp")))
    problems = [f"{correct}/{len(files)} files fixed exactly once"]
    ok = correct == len(files) and expected != FIXABLE and leftovers == 0
    for run in runs:
        clean, note = _clean(run, {0, 1})
        ok = ok and clean
        if note:
            problems.append(note)
    if leftovers:
        problems.append(f"{leftovers} temporary files left")
    merged = Run(
        runs[0].returncode if runs[0].returncode == runs[1].returncode else None,
        max(r.seconds for r in runs),
        max(r.peak_rss_mib for r in runs),
        "; ".join(r.stopped for r in runs if r.stopped),
    )
    result = _result(
        "lint-fix-concurrent", command, merged, ok, "; ".join(problems), extra_runs=runs
    )
    result.command = "two at once: " + result.command
    return result


def case_deep_yaml(work: Path, sizes: Sizes, quick: bool) -> Result:
    config = work / "deep.yaml"
    write_deep_yaml(config, sizes.yaml_depth)
    command = torchplace("preflight", "--gpus", "8", "--config", str(config))
    (run,) = run_limited([command], 120, work)
    ok, note = _clean(run, {2})
    return _result("preflight-deep-yaml", command, run, ok, note, config.stat().st_size)


def case_alias_bomb(work: Path, sizes: Sizes, quick: bool) -> Result:
    config = work / "bomb.yaml"
    write_alias_bomb(config)
    command = torchplace("preflight", "--gpus", "8", "--config", str(config))
    (run,) = run_limited([command], 60, work)
    ok, note = _clean(run, {2})
    return _result("preflight-yaml-alias-bomb", command, run, ok, note, config.stat().st_size)


def case_audit_huge_layers(work: Path, sizes: Sizes, quick: bool) -> Result:
    model = work / "huge-model"
    write_huge_model(model, sizes.layers)
    command = torchplace("audit", "--config", str(model), "--gpus", "8")
    (run,) = run_limited([command], 60 if quick else 120, work)
    ok, note = _clean(run, {2})
    return _result("audit-1e12-layers", command, run, ok, note)


# Whose code each case exercises (its fix lives in that part of the product).
AREA = {
    "explain-big-log": "explain (streaming log reader)",
    "explain-short-lines": "explain (streaming log reader)",
    "lint-tpl201-long-forward": "lint rules (TPL201)",
    "lint-deep-nesting": "lint engine",
    "lint-fix-concurrent": "lint --fix",
    "preflight-deep-yaml": "preflight (config loaders)",
    "preflight-yaml-alias-bomb": "preflight (config loaders)",
    "audit-1e12-layers": "audit (size validation)",
}

CASES: dict[str, Case] = {
    "explain-big-log": case_explain_big_log,
    "explain-short-lines": case_explain_short_lines,
    "lint-tpl201-long-forward": case_lint_long_forward,
    "lint-deep-nesting": case_lint_deep_code,
    "lint-fix-concurrent": case_concurrent_fix,
    "preflight-deep-yaml": case_deep_yaml,
    "preflight-yaml-alias-bomb": case_alias_bomb,
    "audit-1e12-layers": case_audit_huge_layers,
}


def _result(
    name: str,
    command: list[str],
    run: Run,
    ok: bool,
    note: str,
    input_bytes: int = 0,
    extra_runs: list[Run] | None = None,
) -> Result:
    shown = (
        " ".join(["torchplace", *command[3:]]) if command[:3] == torchplace() else " ".join(command)
    )
    result = Result(
        name,
        shown,
        round(run.seconds, 2),
        round(run.peak_rss_mib, 1),
        _exit(run),
        ok,
        note,
        input_bytes,
    )
    if extra_runs:
        result.extra["runs"] = [
            {
                "exit": _exit(r),
                "seconds": round(r.seconds, 2),
                "peak_rss_mib": round(r.peak_rss_mib, 1),
            }
            for r in extra_runs
        ]
    return result


# -- report ---------------------------------------------------------------------------------
def _machine() -> str:
    memory = psutil.virtual_memory().total / 1024**3
    return (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"{memory:.1f} GiB; Linux {platform.release()}; Python {platform.python_version()}"
    )


def _commit() -> str:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return result.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def write_report(out: Path, results: list[Result], quick: bool, argv: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    json_path = out / "hostile_inputs.json"
    history = []
    if json_path.exists():
        try:
            history = json.loads(json_path.read_text()).get("history", [])
        except (ValueError, AttributeError):
            history = []
    passed = sum(r.ok for r in results)
    worst = max((r.peak_rss_mib for r in results), default=0.0)
    report: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": _machine(),
        "commit": _commit(),
        "command": "python benchmarks/hostile/run.py " + " ".join(argv),
        "mode": "quick" if quick else "full",
        "passed": passed,
        "cases": len(results),
        "results": [asdict(r) for r in results],
    }
    figure = (
        f"{passed}/{len(results)} cases as promised ({report['mode']}); worst peak {worst:.0f} MiB"
    )
    history.append({"date": report["date"], "commit": report["commit"], "figure": figure})
    report["history"] = history
    json_path.write_text(json.dumps(report, indent=2) + "\n")
    (out / "hostile_inputs.md").write_text(_markdown(report, results, history))


def _markdown(
    report: dict[str, object], results: list[Result], history: list[dict[str, str]]
) -> str:
    lines = [
        "# Hostile inputs: time, peak memory and exit per case",
        "",
        f"Measured {report['date']} at commit {report['commit']} with `{report['command']}` "
        f"({report['mode']} sizes).",
        "",
        f"Machine: {report['machine']} (shared with other jobs: times are noisy).",
        "",
        "A case is as promised when it ends with the expected exit code, without a traceback, "
        f"under {MEMORY_GOAL_MIB} MiB of peak memory (process tree), within its time limit, and "
        "(for the fixes) with every file fixed exactly once. Peak memory: the largest of the "
        "process tree's RSS sampled every 0.1 s and `ru_maxrss` from `wait4`.",
        "",
        "| case | part | input | seconds | peak MiB | exit | as promised | note |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        size = f"{r.input_bytes / MIB:.1f} MiB" if r.input_bytes else "-"
        note = r.note.replace("|", "/") or "-"
        lines.append(
            f"| {r.name} | {AREA.get(r.name, '-')} | {size} | {r.seconds:.1f} | "
            f"{r.peak_rss_mib:.0f} | {r.exit} | "
            f"{'yes' if r.ok else 'NO'} | {note} |"
        )
    lines += [
        "",
        f"**{report['passed']}/{report['cases']} cases as promised.**",
        "",
        "Commands:",
        "",
    ]
    lines += [f"- {r.name}: `{r.command}`" for r in results]
    lines += ["", "## History", "", "| date | commit | figure |", "|---|---|---|"]
    lines += [f"| {h['date']} | {h['commit']} | {h['figure']} |" for h in history]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results")
    parser.add_argument("--only", nargs="+", choices=sorted(CASES), help="run only these cases")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    results = []
    for name in args.only or list(CASES):
        with tempfile.TemporaryDirectory(prefix=f"hostile-{name}-") as work:
            print(f"hostile: {name} ...", file=sys.stderr, flush=True)
            result = CASES[name](Path(work), sizes, args.quick)
            print(
                f"hostile: {name}: {result.seconds:.1f} s, {result.peak_rss_mib:.0f} MiB, "
                f"{result.exit}, {'ok' if result.ok else 'NOT OK: ' + result.note}",
                file=sys.stderr,
                flush=True,
            )
            results.append(result)
    write_report(args.out, results, args.quick, sys.argv[1:] if argv is None else argv)
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
