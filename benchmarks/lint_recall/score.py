"""Recall of `torchplace lint` on real device-placement bugs, and how clean their fixed twins are.

Usage: python benchmarks/lint_recall/score.py [--cases DIR] [--out DIR] [--no-write]

Every case under `cases/` is a bug taken from a public fix commit or pull request: `buggy.py`
(the code before the fix), `fixed.py` (after) and `case.toml` (source, project, path, commit,
category, `buggy_lines`). Each file is linted where it lived in its project (laid out as
`<case>/<path in the project>` in a temporary tree, so a file under `tests/` is still a test).

Per case and rule set:
- found: a finding on one of `buggy_lines` of buggy.py;
- fixed clean: no finding on the lines of fixed.py that the fix added or changed, nor on the
  lines that correspond to `buggy_lines` and that the fix left as they were.

Rule sets: `default` (no selection) and `all` (`--select ALL`, plus `--preview` where the linter
has it). Results go to `<out>/lint_recall.md` and `.json`, with a history kept across runs.
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import json
import os
import platform
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import tomllib

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SIDES = ("buggy", "fixed")


@dataclass
class Case:
    name: str
    meta: dict[str, object]
    buggy_lines: list[int]
    lint_path: str
    results: dict[str, dict[str, object]] = field(default_factory=dict)


def load_cases(cases_dir: Path) -> list[Case]:
    cases = []
    for directory in sorted(p for p in cases_dir.iterdir() if p.is_dir()):
        meta = tomllib.loads((directory / "case.toml").read_text(encoding="utf-8"))
        lines = [int(n) for n in meta["buggy_lines"]]
        cases.append(Case(directory.name, meta, lines, lint_path_of(str(meta["path"]))))
    return cases


def lint_path_of(project_path: str) -> str:
    """Where the snippet is laid out: the first file the case names, as a relative path."""
    first = project_path.split()[0].lstrip("/")
    return first if first.endswith(".py") else first + ".py"


def lay_out(cases: list[Case], cases_dir: Path, tree: Path) -> None:
    for case in cases:
        for side in SIDES:
            target = tree / side / case.name / case.lint_path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes((cases_dir / case.name / f"{side}.py").read_bytes())
            # Each case is an excerpt of its own project: a project marker keeps the linter's
            # project facts (`lint/project_facts.py`) from reading the other cases as one.
            marker = tree / side / case.name / "setup.cfg"
            marker.write_text(f"# excerpt of {case.meta.get('project', case.name)}\n")


def lint_help() -> str:
    result = _torchplace(["lint", "--help"], cwd=ROOT)
    return result.stdout


def rule_sets() -> dict[str, list[str]]:
    everything = ["--select", "ALL"]
    if "--preview" in lint_help():
        everything.append("--preview")
    return {"default": [], "all": everything}


def _torchplace(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "torchplace", *args]
    # The lint runs inside a temporary tree: a relative PYTHONPATH (`src`) would name nothing
    # there and quietly import another installed copy of torchplace.
    env = dict(os.environ)
    if env.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.pathsep.join(
            os.path.abspath(part) for part in env["PYTHONPATH"].split(os.pathsep) if part
        )
    return subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd, env=env)


def run_lint(tree: Path, flags: list[str]) -> list[dict[str, object]]:
    args = ["lint", "--format", "json", "--no-cache", "--exit-zero", "-q", *flags, "."]
    result = _torchplace(args, cwd=tree)
    if result.returncode != 0:
        raise SystemExit(f"torchplace lint failed ({result.returncode}):\n{result.stderr[-3000:]}")
    findings: list[dict[str, object]] = json.loads(result.stdout or "[]")
    return findings


def watched_fixed_lines(buggy: list[str], fixed: list[str], buggy_lines: list[int]) -> set[int]:
    """Lines of fixed.py that must be clean: what the fix wrote, and the buggy lines it kept."""
    watched: set[int] = set()
    matcher = difflib.SequenceMatcher(a=buggy, b=fixed, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            watched.update(b0 + (n - a0) + 1 for n in buggy_lines_in(buggy_lines, a0, a1))
        elif tag in ("replace", "insert"):
            watched.update(range(b0 + 1, b1 + 1))
    return watched


def buggy_lines_in(buggy_lines: list[int], start: int, stop: int) -> list[int]:
    return [line - 1 for line in buggy_lines if start <= line - 1 < stop]


def score(cases: list[Case], cases_dir: Path, findings: list[dict[str, object]], key: str) -> None:
    by_file: dict[tuple[str, str], list[dict[str, object]]] = {}
    for finding in findings:
        side, name = Path(str(finding["path"])).parts[:2]
        by_file.setdefault((side, name), []).append(finding)
    for case in cases:
        buggy = by_file.get(("buggy", case.name), [])
        fixed = by_file.get(("fixed", case.name), [])
        hits = [f for f in buggy if _line(f) in case.buggy_lines]
        text = {s: (cases_dir / case.name / f"{s}.py").read_text().splitlines() for s in SIDES}
        watched = watched_fixed_lines(text["buggy"], text["fixed"], case.buggy_lines)
        left = [f for f in fixed if _line(f) in watched]
        case.results[key] = {
            "found": bool(hits),
            "fixed_clean": not left,
            "rules_on_bug": sorted({str(f["code"]) for f in hits}),
            "rules_left_on_fix": sorted({str(f["code"]) for f in left}),
            "findings_buggy": len(buggy),
            "findings_fixed": len(fixed),
        }


def _line(finding: dict[str, object]) -> int:
    location = finding["location"]
    assert isinstance(location, dict)
    return int(location["line"])


def totals(cases: list[Case], key: str) -> dict[str, object]:
    found = sum(1 for c in cases if c.results[key]["found"])
    clean = sum(1 for c in cases if c.results[key]["fixed_clean"])
    n = len(cases)
    return {
        "cases": n,
        "found": found,
        "fixed_clean": clean,
        "recall": round(found / n, 4) if n else 0.0,
        "fixed_clean_rate": round(clean / n, 4) if n else 0.0,
    }


def per_category(cases: list[Case], key: str) -> dict[str, list[int]]:
    table: dict[str, list[int]] = {}
    for case in cases:
        row = table.setdefault(str(case.meta.get("category", "?")), [0, 0])
        row[0] += int(bool(case.results[key]["found"]))
        row[1] += 1
    return dict(sorted(table.items()))


def linter_commit() -> str:
    import torchplace

    source = Path(torchplace.__file__).resolve().parent
    head = subprocess.run(
        ["git", "-C", str(source), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(source), "status", "--porcelain", "--", "."],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return (head or "unknown") + ("+dirty" if dirty else "")


def machine() -> str:
    memory = ""
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        kib = int(meminfo.read_text().split("MemTotal:")[1].split()[0])
        memory = f", {kib // (1024 * 1024)} GiB"
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores{memory}"


def render(report: dict[str, object], cases: list[Case], keys: list[str]) -> str:
    sets = report["rule_sets"]
    totals = report["totals"]
    assert isinstance(sets, dict) and isinstance(totals, dict)
    named = "; ".join(f"{k}: `{v}`" for k, v in sets.items())
    figure = "; ".join(
        f"{k} {v['recall']:.1%} (fixed twins {v['fixed_clean_rate']:.1%} clean)"
        for k, v in totals.items()
    )
    lines = ["# Lint recall on real placement bugs", ""]
    lines += [
        "- Claim: the linter flags real device-placement bugs taken from fix commits and leaves "
        "their fixed twins clean (goal: recall >= 90%, twins clean >= 95%)",
        f"- Figure: {figure}",
        f"- Date: {str(report['date'])[:10]}",
        f"- Machine: {report['machine']}",
        f"- Commit: {report['commit']}",
        f"- Command: `{report['command']}`",
        f"- Rule sets: {named}",
        "",
    ]
    lines += ["| Rule set | Cases | Found on buggy | Recall | Fixed twins clean | Clean rate |"]
    lines += ["| --- | --- | --- | --- | --- | --- |"]
    all_totals = report["totals"]
    assert isinstance(all_totals, dict)
    for key in keys:
        t = all_totals[key]
        lines.append(
            f"| {key} | {t['cases']} | {t['found']} | {t['recall']:.1%} | "
            f"{t['fixed_clean']} | {t['fixed_clean_rate']:.1%} |"
        )
    lines += ["", "Found = a finding on one of the case's buggy lines. Clean = no finding on the"]
    lines += ["lines the fix wrote nor on the buggy lines it kept.", ""]
    lines += [*_category_table(cases, keys), "", *_case_table(cases, keys), ""]
    lines += ["## History", "", "| date | commit | cases | recall (default / all) | clean |"]
    lines += ["| --- | --- | --- | --- | --- |"]
    history = report["history"]
    assert isinstance(history, list)
    lines += [
        f"| {h['date']} | {h['commit']} | {h['cases']} | {h['recall_default']:.1%} / "
        f"{h['recall_all']:.1%} | {h['clean_default']:.1%} / {h['clean_all']:.1%} |"
        for h in history
    ]
    return "\n".join(lines) + "\n"


def _category_table(cases: list[Case], keys: list[str]) -> list[str]:
    out = ["## By category", "", "| Category | " + " | ".join(keys) + " |"]
    out.append("| --- |" + " --- |" * len(keys))
    tables = {k: per_category(cases, k) for k in keys}
    for category in tables[keys[0]]:
        cells = [f"{tables[k][category][0]}/{tables[k][category][1]}" for k in keys]
        out.append(f"| {category} | " + " | ".join(cells) + " |")
    return out


def _case_table(cases: list[Case], keys: list[str]) -> list[str]:
    head = "| Case | Category | " + " | ".join(f"{k}: found / clean" for k in keys) + " |"
    out = ["## Cases", "", head, "| --- | --- |" + " --- |" * len(keys)]
    for case in cases:
        cells = []
        for k in keys:
            r = case.results[k]
            rules = ",".join(r["rules_on_bug"]) if r["rules_on_bug"] else "-"  # type: ignore[arg-type]
            left = ",".join(r["rules_left_on_fix"])  # type: ignore[arg-type]
            found = "yes" if r["found"] else "no"
            clean = "yes" if r["fixed_clean"] else f"no ({left})"
            cells.append(f"{found} ({rules}) / {clean}")
        category = case.meta.get("category", "?")
        out.append(f"| {case.name} | {category} | " + " | ".join(cells) + " |")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=HERE / "cases")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results")
    parser.add_argument("--no-write", action="store_true", help="print the summary only")
    args = parser.parse_args(argv)
    cases = load_cases(args.cases)
    sets = rule_sets()
    with tempfile.TemporaryDirectory(prefix="lint-recall-") as tmp:
        lay_out(cases, args.cases, Path(tmp))
        for key, flags in sets.items():
            score(cases, args.cases, run_lint(Path(tmp), flags), key)
    keys = list(sets)
    report = build_report(cases, sets, args.out)
    summary = "  ".join(
        f"{k}: recall {report['totals'][k]['recall']:.1%}, "  # type: ignore[index]
        f"clean {report['totals'][k]['fixed_clean_rate']:.1%}"  # type: ignore[index]
        for k in keys
    )
    print(f"{len(cases)} cases  {summary}")
    if not args.no_write:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "lint_recall.json").write_text(json.dumps(report, indent=2) + "\n")
        (args.out / "lint_recall.md").write_text(render(report, cases, keys))
    return 0


def build_report(cases: list[Case], sets: dict[str, list[str]], out: Path) -> dict[str, object]:
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()
    commit = linter_commit()
    all_totals = {k: totals(cases, k) for k in sets}
    row = {
        "date": now[:10],
        "commit": commit,
        "cases": len(cases),
        "recall_default": all_totals["default"]["recall"],
        "recall_all": all_totals["all"]["recall"],
        "clean_default": all_totals["default"]["fixed_clean_rate"],
        "clean_all": all_totals["all"]["fixed_clean_rate"],
    }
    history = _previous_history(out / "lint_recall.json")
    figures = ("cases", "recall_default", "recall_all", "clean_default", "clean_all")
    if history and all(history[-1].get(k) == row[k] for k in figures):
        history = history[:-1]  # same figures as the last run: keep one row, the newest
    history = [*history, row]
    return {
        "date": now,
        "machine": machine(),
        "commit": commit,
        "command": "PYTHONPATH=src python benchmarks/lint_recall/score.py",
        "rule_sets": {k: " ".join(v) or "(default)" for k, v in sets.items()},
        "totals": all_totals,
        "cases": [{"name": c.name, **c.meta, "results": c.results} for c in cases],
        "history": history,
    }


def _previous_history(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    history = json.loads(path.read_text()).get("history", [])
    return history if isinstance(history, list) else []


if __name__ == "__main__":
    sys.exit(main())
