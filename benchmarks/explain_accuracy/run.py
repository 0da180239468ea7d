"""Accuracy of `torchplace explain` on crashing programs modelled on real bug reports.

Usage: python benchmarks/explain_accuracy/run.py --mode real|sim --out FILE.json
       [--origins] [--only p01,p07] [--jobs N] [--markdown FILE.md]

Each program in `programs/` declares `EXPECT = {"devices": [...], "module": ..., "pattern": ...}`
(optionally "launcher": "torchrun", "rank": N, "library": "file.py") and marks its failing line
with `# <- fails here`. Each runs in a subprocess: `python -m torchplace run --json ...` (real,
on 2 GPUs; torchrun programs under `torchrun --nproc-per-node 2`) or on 2 virtual GPUs through
`sim_driver.py` (sim; torchrun programs play the expected rank). Scored per program:
the failing line, both devices, the module path when one is expected, the pattern.
Goals: line and devices every time, module whenever expected, pattern in at least 80%.
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
MARKER = "# <- fails here"


def load_expectation(path: Path) -> dict[str, Any]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    expect: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "EXPECT" for t in node.targets
        ):
            expect = ast.literal_eval(node.value)
    lines = path.read_text(encoding="utf-8").splitlines()
    marked = next(i for i, text in enumerate(lines, 1) if MARKER in text)
    expect["line"] = _statement_start(tree, marked)
    expect["issue"] = (ast.get_docstring(tree) or "").split("\n\n")[-1].replace("\n", " ")
    return expect


def _statement_start(tree: ast.Module, line: int) -> int:
    """The first line of the simple statement holding `line`: a traceback names that line
    for a call the formatter spread over several lines."""
    best: ast.stmt | None = None
    for node in ast.walk(tree):
        compound = isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.If, ast.For, ast.With))
        if isinstance(node, ast.stmt) and not compound:
            end = node.end_lineno or node.lineno
            if node.lineno <= line <= end and (best is None or node.lineno >= best.lineno):
                best = node
    return best.lineno if best is not None else line


def command(path: Path, expect: dict[str, Any], mode: str, out: str, origins: bool) -> list[str]:
    flags = ["--origins"] if origins else []
    if mode == "sim":
        return [sys.executable, str(HERE / "sim_driver.py"), *flags, "--json", out, str(path)]
    run = ["-m", "torchplace", "run", *flags, "--json", out, str(path)]
    if expect.get("launcher") == "torchrun":
        return ["torchrun", "--nproc-per-node", "2", "--master-port", "29533", *run]
    return [sys.executable, *run]


def run_one(path: Path, mode: str, origins: bool, timeout: int) -> dict[str, Any]:
    expect = load_expectation(path)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "report.json")
        env = dict(os.environ)
        # Subprocesses import torchplace from this checkout (the GPU machine does not install it).
        src = str(HERE.parents[1] / "src")
        env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
        if mode == "sim" and expect.get("launcher") == "torchrun":
            rank = str(expect.get("rank", 0))
            # One process plays this rank; without MASTER_ADDR sim uses a fake store.
            env.update(RANK=rank, LOCAL_RANK=rank, WORLD_SIZE="2", LOCAL_WORLD_SIZE="2")
            env.pop("MASTER_ADDR", None)
            env.pop("MASTER_PORT", None)
            out_rank = out
        else:
            rank = str(expect.get("rank", 0))
            launcher = expect.get("launcher") == "torchrun"
            out_rank = out.replace(".json", f".rank{rank}.json") if launcher else out
        started = time.perf_counter()
        try:
            proc = subprocess.run(
                command(path, expect, mode, out, origins),
                capture_output=True,
                text=True,
                timeout=timeout,
                env=env,
                cwd=str(PROGRAMS),
            )
            returncode, stderr = proc.returncode, proc.stderr
        except subprocess.TimeoutExpired as error:
            returncode, stderr = -1, f"timeout after {timeout}s: {error.stderr!r}"
        seconds = time.perf_counter() - started
        # A program that sets RANK itself gets a `.rankN` report name: take what is there.
        found = sorted(Path(tmp).glob("report*.json"))
        report = _read(out_rank) or (_read(str(found[0])) if found else None)
    return score(path, expect, report, returncode, stderr, seconds)


def _read(path: str) -> dict[str, Any] | None:
    try:
        with open(path, encoding="utf-8") as handle:
            data: dict[str, Any] = json.load(handle)
            return data
    except (OSError, ValueError):
        return None


def score(
    path: Path,
    expect: dict[str, Any],
    report: dict[str, Any] | None,
    returncode: int,
    stderr: str,
    seconds: float,
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "program": path.name,
        "expected": expect,
        "returncode": returncode,
        "seconds": round(seconds, 2),
    }
    diagnoses = [d for d in (report or {}).get("diagnoses", []) if d.get("known")]
    if not diagnoses:
        result.update(
            line=False,
            devices=False,
            module=None,
            pattern=False,
            got=None,
            stderr_tail=stderr[-1500:],
        )
        return result
    d = diagnoses[0]
    user = d.get("user_frame") or {}
    module = (d.get("module") or {}).get("qualname")
    pattern = (d.get("pattern") or {}).get("id")
    library = (d.get("library_frame") or {}).get("path", "")
    result["got"] = {
        "line": user.get("line"),
        "path": os.path.basename(user.get("path", "")),
        "devices": d.get("devices"),
        "module": module,
        "pattern": pattern,
        "alternatives": (d.get("pattern") or {}).get("alternatives"),
        "kind": d.get("kind"),
        "library": os.path.basename(library) if library else None,
    }
    result["line"] = (
        os.path.basename(user.get("path", "")) == path.name and user.get("line") == expect["line"]
    )
    if expect.get("library"):
        result["line"] = result["line"] and library.endswith(expect["library"])
    result["devices"] = set(expect["devices"]) <= set(d.get("devices") or [])
    result["module"] = None if expect.get("module") is None else module == expect["module"]
    result["pattern"] = pattern == expect["pattern"]
    return result


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    modules = [r for r in results if r["module"] is not None]
    return {
        "programs": n,
        "line": sum(r["line"] for r in results),
        "devices": sum(r["devices"] for r in results),
        "module": sum(bool(r["module"]) for r in modules),
        "module_expected": len(modules),
        "pattern": sum(r["pattern"] for r in results),
        "pattern_rate": round(sum(r["pattern"] for r in results) / n, 3) if n else 0.0,
        "goals_met": bool(n)
        and all(r["line"] and r["devices"] for r in results)
        and all(r["module"] for r in modules)
        and sum(r["pattern"] for r in results) >= 0.8 * n,
    }


def markdown(
    mode: str, origins: bool, summary: dict[str, Any], results: list[dict[str, Any]]
) -> str:
    lines = [
        f"# explain accuracy ({mode} mode{', origins' if origins else ''})",
        "",
        f"- programs: {summary['programs']}",
        f"- failing line: {summary['line']}/{summary['programs']}",
        f"- both devices: {summary['devices']}/{summary['programs']}",
        f"- module path: {summary['module']}/{summary['module_expected']}",
        f"- pattern: {summary['pattern']}/{summary['programs']} ({summary['pattern_rate']:.0%})",
        f"- all goals met: {summary['goals_met']}",
        "",
        "| program | line | devices | module | pattern | got pattern | s |",
        "|---|---|---|---|---|---|---|",
    ]
    mark = {True: "yes", False: "**no**", None: "-"}
    for r in results:
        got = (r.get("got") or {}).get("pattern") or "(no diagnosis)"
        lines.append(
            f"| {r['program']} | {mark[r['line']]} | {mark[r['devices']]} | {mark[r['module']]} "
            f"| {mark[r['pattern']]} | {got} | {r['seconds']} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("real", "sim"), required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--markdown")
    parser.add_argument("--origins", action="store_true")
    parser.add_argument("--only", default="")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args()
    paths = sorted(PROGRAMS.glob("p*.py"))
    if args.only:
        wanted = tuple(args.only.split(","))
        paths = [p for p in paths if p.name.startswith(wanted)]
    # Real mode uses both GPUs per program: one at a time there.
    jobs = 1 if args.mode == "real" else max(1, args.jobs)
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda p: run_one(p, args.mode, args.origins, args.timeout), paths))
    summary = summarize(results)
    data = {"mode": args.mode, "origins": args.origins, "summary": summary, "results": results}
    Path(args.out).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    text = markdown(args.mode, args.origins, summary, results)
    if args.markdown:
        Path(args.markdown).write_text(text, encoding="utf-8")
    print(text)
    return 0 if summary["goals_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
