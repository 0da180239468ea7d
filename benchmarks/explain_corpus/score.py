"""Score `torchplace explain` on logs pasted in public GitHub threads (labels written first).

Runs `python -m torchplace explain LOG --format json` on every log in `logs/`, compares the
report with `labels.jsonl` and writes `benchmarks/results/explain_real_logs.md` and `.json`.

Scored, per the project's judging rules:
- explained: a placement log gets at least one diagnosis of a known failure kind;
- failing line: among logs whose label names the user's `file:line`, a diagnosis names it;
- devices: among logs whose label lists devices or ranks, the report holds all of them
  (a label `cuda` without an index matches any `cuda:N`);
- pattern: among logs whose thread established a cause in the catalogue, the first explained
  diagnosis carries that pattern;
- false diagnoses: clean logs (OOM, NCCL timeout, shape mismatch, other) given a device diagnosis;
  non-placement errors must still be listed (exit code 1, the error named as not a placement one).

Usage: python benchmarks/explain_corpus/score.py [--label TEXT]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RESULTS = ROOT / "benchmarks" / "results"
NAME = "explain_real_logs"
GOALS = {"explained": 0.95, "line": 0.90, "pattern": 0.85}


@dataclass
class Verdict:
    id: str
    clean: bool
    exit_code: int
    split: str = "development"
    explained: bool | None = None
    line: bool | None = None
    devices: bool | None = None
    pattern: bool | None = None
    false_diagnosis: bool | None = None
    listed: bool | None = None
    got_pattern: str | None = None
    got_line: str | None = None
    got_devices: list[str] = field(default_factory=list)
    reports: int = 0


def run_tool(log: Path) -> tuple[int, dict[str, Any]]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.run(
        [sys.executable, "-m", "torchplace", "explain", str(log), "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    try:
        report = json.loads(proc.stdout) if proc.stdout.strip() else {"diagnoses": []}
    except json.JSONDecodeError:
        report = {"diagnoses": [], "error": proc.stdout[-400:] + proc.stderr[-400:]}
    return proc.returncode, report


_CELL = re.compile(r"<cell (In\[\d+\])>|Cell (In\[\d+\])")


def _norm_path(where: str) -> str:
    """Windows separators as `/`; a notebook cell `<cell In[7]>` or `Cell In[7]` as `In[7]`."""
    return _CELL.sub(lambda m: m.group(1) or m.group(2), where.replace("\\", "/"))


def _line_matches(label: str, diagnoses: list[dict[str, Any]]) -> tuple[bool, str | None]:
    want = _norm_path(label)
    first = None
    for d in diagnoses:
        frame = d.get("user_frame")
        if not frame:
            continue
        got = _norm_path(f"{frame['path']}:{frame['line']}")
        first = first or got
        if got == want or got.endswith("/" + want) or got.endswith(want):
            return True, got
    return False, first


def _devices_of(diagnoses: list[dict[str, Any]]) -> tuple[set[str], set[int]]:
    devices: set[str] = set()
    ranks: set[int] = set()
    for d in diagnoses:
        if not d.get("known"):
            continue
        devices.update(d.get("devices") or [])
        if d.get("rank") is not None:
            ranks.add(int(d["rank"]))
        facts = d.get("facts") or {}
        for rank in facts.get("ranks", []):
            ranks.add(int(rank))
    return devices, ranks


def _device_ok(want: str, got: set[str]) -> bool:
    if ":" in want or want == "cpu":
        return want in got
    return any(g == want or g.startswith(want + ":") for g in got)


def score(label: dict[str, Any]) -> Verdict:
    code, report = run_tool(HERE / "logs" / f"{label['id']}.log")
    diagnoses = report.get("diagnoses", [])
    known = [d for d in diagnoses if d.get("known")]
    v = Verdict(
        label["id"],
        label["clean"],
        code,
        split=label.get("split", "development"),
        reports=len(diagnoses),
    )
    if known and known[0].get("pattern"):
        v.got_pattern = known[0]["pattern"]["id"]
    if label["clean"]:
        v.false_diagnosis = bool(known)
        v.listed = code == 1 and bool(diagnoses)
        return v
    v.explained = bool(known)
    if label.get("user_line"):
        v.line, v.got_line = _line_matches(label["user_line"], diagnoses)
    if label.get("devices") or label.get("ranks"):
        devices, ranks = _devices_of(diagnoses)
        v.got_devices = sorted(devices)
        v.devices = (
            all(_device_ok(x, devices) for x in label.get("devices", []))
            and set(label.get("ranks", [])) <= ranks
        )
    if label.get("pattern"):
        v.pattern = v.got_pattern == label["pattern"]
    return v


def _rate(verdicts: list[Verdict], attr: str) -> tuple[int, int]:
    values = [getattr(v, attr) for v in verdicts if getattr(v, attr) is not None]
    return sum(bool(x) for x in values), len(values)


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "src"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        return out.stdout.strip() + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _machine() -> str:
    cores = os.cpu_count() or 0
    system = f"{platform.system()} {platform.machine()}"
    return f"{system}, {cores} cores, Python {platform.python_version()}"


def summarize(verdicts: list[Verdict]) -> dict[str, Any]:
    placement = [v for v in verdicts if not v.clean]
    clean = [v for v in verdicts if v.clean]
    figures: dict[str, Any] = {}
    for attr in ("explained", "line", "devices", "pattern"):
        hit, total = _rate(placement, attr)
        figures[attr] = {"hit": hit, "total": total, "rate": round(hit / total, 3) if total else 0}
    false_hits, clean_total = _rate(clean, "false_diagnosis")
    listed, _ = _rate(clean, "listed")
    figures["false_diagnoses"] = {"hit": false_hits, "total": clean_total}
    figures["clean_listed"] = {"hit": listed, "total": clean_total}
    figures["goals_met"] = (
        all(figures[k]["rate"] >= goal for k, goal in GOALS.items()) and false_hits == 0
    )
    return figures


SPLITS = ("heldout", "development", "all")


def summarize_splits(verdicts: list[Verdict]) -> dict[str, Any]:
    """Figures for the held-out logs, the development logs and both together."""
    return {
        split: summarize([v for v in verdicts if split == "all" or v.split == split])
        for split in SPLITS
    }


def _figure(f: dict[str, Any]) -> str:
    return (
        f"explained {f['explained']['hit']}/{f['explained']['total']}, "
        f"line {f['line']['hit']}/{f['line']['total']}, "
        f"devices {f['devices']['hit']}/{f['devices']['total']}, "
        f"pattern {f['pattern']['hit']}/{f['pattern']['total']}, "
        f"false {f['false_diagnoses']['hit']}/{f['false_diagnoses']['total']}"
    )


def _history(previous: dict[str, Any] | None, entry: dict[str, Any]) -> list[dict[str, Any]]:
    history = list((previous or {}).get("history", []))
    history.append(entry)
    return history


def write(verdicts: list[Verdict], label: str) -> dict[str, Any]:
    figures = summarize(verdicts)
    splits = summarize_splits(verdicts)
    now = dt.datetime.now(dt.timezone.utc)
    commit = _commit()
    json_path = RESULTS / f"{NAME}.json"
    previous = json.loads(json_path.read_text()) if json_path.exists() else None
    entry = {
        "date": now.strftime("%Y-%m-%d %H:%M"),
        "commit": commit,
        "label": label,
        "figure": "; ".join(f"{split}: {_figure(splits[split])}" for split in SPLITS),
    }
    data = {
        "claim": "explain on real pasted logs",
        "date": now.strftime("%Y-%m-%d %H:%M UTC"),
        "machine": _machine(),
        "commit": commit,
        "command": "python benchmarks/explain_corpus/score.py",
        "logs": len(verdicts),
        "figures": figures,
        "splits": splits,
        "verdicts": [asdict(v) for v in verdicts],
        "history": _history(previous, entry),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(data, indent=2) + "\n")
    (RESULTS / f"{NAME}.md").write_text(_markdown(data))
    return data


def _cell(value: bool | None) -> str:
    return "-" if value is None else ("yes" if value else "NO")


def _markdown(data: dict[str, Any]) -> str:
    f = data["figures"]
    held = data["splits"]["heldout"]
    lines = [
        "# explain on real pasted logs",
        "",
        f"- Claim: {data['claim']} (held-out logs first, then development and all)",
        f"- Figure: held-out {_figure(held)}",
        f"- Date: {data['date']}",
        f"- Machine: {data['machine']}",
        f"- Commit: {data['commit']}",
        f"- Command: `{data['command']}` (corpus and labels: `benchmarks/explain_corpus/`)",
        "",
        "All logs together:",
        "",
        f"- logs: {data['logs']} ({f['false_diagnoses']['total']} clean or non-placement)",
    ]
    for key, title in (
        ("explained", "explained"),
        ("line", "failing user line named"),
        ("devices", "devices and ranks"),
        ("pattern", "pattern right (threads that found the cause)"),
    ):
        item = f[key]
        lines.append(f"- {title}: {item['hit']}/{item['total']} ({item['rate']:.0%})")
    lines.append(
        f"- device diagnoses on clean logs: {f['false_diagnoses']['hit']}/"
        f"{f['false_diagnoses']['total']}; clean logs listed with exit 1: "
        f"{f['clean_listed']['hit']}/{f['clean_listed']['total']}"
    )
    lines += [
        f"- goals met: {f['goals_met']}",
        "",
        "Held-out logs come from threads collected after the reader was built, labelled before",
        "it first ran on them; their first figures (before the fixes they then prompted) are",
        "the History row marked 'held-out added, before fixes'. A new held-out check needs",
        "new logs.",
        "",
        "| split | logs | explained | failing line | devices | pattern | false on clean |",
        "|---|---|---|---|---|---|---|",
    ]
    for split in SPLITS:
        g = data["splits"][split]
        count = sum(1 for v in data["verdicts"] if split == "all" or v["split"] == split)
        cells = " | ".join(
            f"{g[k]['hit']}/{g[k]['total']}" for k in ("explained", "line", "devices", "pattern")
        )
        lines.append(
            f"| {split} | {count} | {cells} | "
            f"{g['false_diagnoses']['hit']}/{g['false_diagnoses']['total']} |"
        )
    lines += [
        "",
        "| log | split | explained | line | devices | pattern | got pattern | exit |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for v in data["verdicts"]:
        first = (
            "clean: " + ("FALSE DIAGNOSIS" if v["false_diagnosis"] else "ok")
            if v["clean"]
            else _cell(v["explained"])
        )
        lines.append(
            f"| {v['id']} | {v['split']} | {first} | {_cell(v['line'])} | {_cell(v['devices'])} | "
            f"{_cell(v['pattern'])} | {v['got_pattern'] or ''} | {v['exit_code']} |"
        )
    lines += ["", "## History", "", "| date | commit | figure |", "|---|---|---|"]
    for h in data["history"]:
        lines.append(f"| {h['date']} | {h['commit']} ({h['label']}) | {h['figure']} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="current", help="name of this run in the history")
    args = parser.parse_args()
    labels = [json.loads(line) for line in (HERE / "labels.jsonl").read_text().splitlines()]
    verdicts = [score(label) for label in labels]
    data = write(verdicts, args.label)
    for split in SPLITS:
        print(f"{split}: {_figure(data['splits'][split])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
