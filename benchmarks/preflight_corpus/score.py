"""Run `torchplace preflight` on every launch command of the corpus and score the verdicts.

Usage: python benchmarks/preflight_corpus/score.py [--src SRC] [--label NAME] [--out DIR]

Each case of `cases.json` (source, hardware as stated or assumed, expected verdict and reason)
is planned for its hardware with `--gpus N --gpu-memory X --gpu-name NAME` and the model's
`config.json` from `models/` (published numbers), in a fresh subprocess with
`PYTHONPATH=SRC` (default: this checkout's `src`; pass `/path/to/main/src` for a baseline).
A case with `gpus: 0` runs against this machine as it is (no GPU here).

Scoring:
- working (official docs and recipes): a FAIL, or a refusal to read the command (exit 2), is a
  false FAIL; a WARN is counted but allowed;
- failing (launches that failed in real issues): caught when the check named in `expect_check`
  says FAIL or WARN (JUDGING.md: "expected to FAIL (or WARN) for the reason the issue found";
  how many of them were FAILs is reported too; `usage-error`: exit 2); cases marked
  `unpredictable` are listed, never counted caught;
- constructed (failures built from vLLM 0.33's own checks, not from an issue): scored the same,
  reported apart.
Writes `preflight_corpus.json` (every verdict) and `preflight_corpus.md` under --out.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TRAIN_PY = """import os
import torch
import torch.distributed as dist

local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
dist.init_process_group("nccl")
model = torch.nn.Linear(1024, 1024).cuda()
"""


def run_case(case: dict[str, Any], src: Path, workdir: Path) -> dict[str, Any]:
    hardware = case["hardware"]
    argv = [sys.executable, "-m", "torchplace", "preflight", "--json"]
    if hardware["gpus"]:
        argv += ["--gpus", str(hardware["gpus"]), "--gpu-memory", hardware["gpu_memory"]]
        argv += ["--gpu-name", hardware["gpu_name"]]
    if case.get("model"):
        argv += ["--model-config", str(HERE / "models" / case["model"] / "config.json")]
    argv += ["--", *shlex.split(case["command"])]
    env = {k: v for k, v in os.environ.items() if not k.endswith("VISIBLE_DEVICES")}
    env["PYTHONPATH"] = str(src)
    run = subprocess.run(
        argv, capture_output=True, text=True, cwd=workdir, env=env, timeout=120, check=False
    )
    return _outcome(case, run)


def _outcome(case: dict[str, Any], run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    checks: list[dict[str, Any]] = []
    if run.returncode in (0, 1):
        try:
            checks = json.loads(run.stdout)["checks"]
        except (ValueError, KeyError):
            return {"verdict": "crash", "detail": (run.stdout + run.stderr)[-400:]}
    elif run.returncode == 2:
        return {"verdict": "usage-error", "detail": run.stderr.strip()[-400:], "flagged": []}
    else:
        return {"verdict": "crash", "detail": run.stderr.strip()[-400:], "flagged": []}
    failing = [c["name"] for c in checks if c["status"] == "fail"]
    warning = [c["name"] for c in checks if c["status"] == "warn"]
    verdict = "fail" if failing else "warn" if warning else "pass"
    detail = "; ".join(
        f"{c['name']}: {c['observed']}" for c in checks if c["status"] in ("fail", "warn")
    )
    return {"verdict": verdict, "failing": failing, "warning": warning, "detail": detail[:600]}


def judge(case: dict[str, Any], outcome: dict[str, Any]) -> str:
    verdict = outcome["verdict"]
    if case["kind"] == "working":
        return "false-fail" if verdict in ("fail", "usage-error", "crash") else "ok"
    if case.get("expected") == "unpredictable":
        return "unpredictable"
    wanted = case.get("expect_check", "")
    if wanted == "usage-error":
        return "caught" if verdict == "usage-error" else "missed"
    # JUDGING.md: a launch that failed in an issue is expected to FAIL (or WARN) for the
    # reason the issue found.
    flagged = outcome.get("failing", []) + outcome.get("warning", [])
    if wanted in flagged or (verdict == "usage-error" and wanted == "unrecognised-arguments"):
        return "caught"
    if verdict in ("fail", "usage-error") or flagged:
        return "caught-other-reason"
    return "missed"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    parser.add_argument("--label", default="this checkout")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results")
    parser.add_argument("--suffix", default="", help="file name suffix, e.g. _baseline")
    parser.add_argument(
        "--baseline-src", type=Path, help="also score this source tree (e.g. main's src)"
    )
    args = parser.parse_args(argv)
    cases = json.loads((HERE / "cases.json").read_text(encoding="utf-8"))["cases"]
    rows = score_all(cases, args.src)
    summary = summarise(rows)
    if args.baseline_src is not None:
        summary["baseline"] = summarise(score_all(cases, args.baseline_src))
        summary["baseline_commit"] = _commit(args.baseline_src)
    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"preflight_corpus{args.suffix}"
    meta = _meta(args, argv)
    (args.out / f"{stem}.json").write_text(
        json.dumps({**meta, "summary": summary, "cases": rows}, indent=1) + "\n", encoding="utf-8"
    )
    history = _history(args.out / f"{stem}.md")
    (args.out / f"{stem}.md").write_text(markdown(meta, summary, rows, history), encoding="utf-8")
    print(json.dumps(summary))
    return 0


def score_all(cases: list[dict[str, Any]], src: Path) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        (workdir / "train.py").write_text(TRAIN_PY, encoding="utf-8")
        (workdir / "ds_config.json").write_text("{}", encoding="utf-8")
        for case in cases:
            outcome = run_case(case, src, workdir)
            rows.append({**case, "outcome": outcome, "judged": judge(case, outcome)})
    return rows


def _figure(summary: dict[str, Any]) -> str:
    working = summary["working"]
    return (
        f"false FAILs {working.get('false-fail', 0)}/{working['total']} working; caught "
        f"{summary['failing_caught_right_reason']} failing for the right reason"
        + (
            f" (held out: {summary['heldout_caught_right_reason']})"
            if summary.get("heldout_caught_right_reason", "0/0") != "0/0"
            else ""
        )
    )


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def count(kind: str, judged: str) -> int:
        return sum(1 for r in rows if r["kind"] == kind and r["judged"] == judged)

    result: dict[str, Any] = {"cases": len(rows)}
    for kind in ("working", "failing", "constructed"):
        mine = [r for r in rows if r["kind"] == kind]
        result[kind] = {
            "total": len(mine),
            **{j: count(kind, j) for j in sorted({r["judged"] for r in mine})},
        }
    scored = [r for r in rows if r["kind"] == "failing" and r["judged"] != "unpredictable"]
    caught = sum(1 for r in scored if r["judged"] == "caught")
    result["failing_caught_right_reason"] = f"{caught}/{len(scored)}"
    result["failing_caught_as_fail"] = sum(
        1
        for r in scored
        if r["judged"] == "caught" and r["outcome"]["verdict"] in ("fail", "usage-error")
    )
    # Held-out cases count as labelled before the tool ran, even one judged unpredictable after.
    held = [r for r in rows if r["kind"] == "failing" and r.get("heldout")]
    result["heldout_caught_right_reason"] = (
        f"{sum(1 for r in held if r['judged'] == 'caught')}/{len(held)}"
    )
    result["working_warned"] = sum(
        1 for r in rows if r["kind"] == "working" and r["outcome"]["verdict"] == "warn"
    )
    return result


def _memory() -> str:
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return ""
    return f", {pages / 1024**3:.1f} GiB"


def _commit(where: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=where
    ).stdout.strip()


def _meta(args: argparse.Namespace, argv: list[str]) -> dict[str, Any]:
    commit = _commit(ROOT)
    return {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()} CPU VM, {os.cpu_count()} cores{_memory()}",
        "commit": commit,
        "label": args.label,
        "src": str(args.src),
        "command": "python benchmarks/preflight_corpus/score.py " + " ".join(argv),
    }


def _counts(part: dict[str, Any]) -> str:
    rest = ", ".join(f"{k} {v}" for k, v in part.items() if k != "total")
    return f"{part['total']} ({rest})"


def _history(previous: Path) -> list[str]:
    """The History rows of the previous result file, kept so each run appends one."""
    if not previous.is_file():
        return []
    lines = previous.read_text(encoding="utf-8").splitlines()
    if "## History" not in lines:
        return []
    kept = []
    for line in lines[lines.index("## History") + 1 :]:
        if line.startswith("## "):
            break
        if line.startswith("| 20"):
            kept.append(line)
    return kept


def markdown(
    meta: dict[str, Any],
    summary: dict[str, Any],
    rows: list[dict[str, Any]],
    history: list[str] | None = None,
) -> str:
    lines = [
        "# preflight on real launch commands",
        "",
        "Claim: `torchplace preflight` never FAILs a working vLLM launch from vLLM's docs and "
        "recipes, and catches launches that failed in real issues for the reason they failed.",
        f"Figure: {_figure(summary)}.",
        f"Date: {meta['date']}.",
        f"Machine: {meta['machine']}.",
        f"Commit: {meta['commit']} ({meta['label']}, `{meta['src']}`).",
        f"Command: `{meta['command']}`",
        "",
        "Cases: `benchmarks/preflight_corpus/cases.json` (source, hardware stated or assumed, "
        "expected verdict and reason); models: `benchmarks/preflight_corpus/models/`.",
        "",
        "## Summary",
        "",
        f"- working commands (docs, recipes): {_counts(summary['working'])}",
        f"  - WARN on a working command (allowed): {summary['working_warned']}",
        f"- failing commands (from issues): {_counts(summary['failing'])}",
        f"  - caught for the right reason: {summary['failing_caught_right_reason']} "
        f"(unpredictable cases excluded); as a FAIL: {summary['failing_caught_as_fail']}, "
        "the rest as a WARN of the right check",
        f"  - of them held out (`heldout`: labelled from issues not read before, before the "
        f"tool ran on them; none excluded): caught {summary['heldout_caught_right_reason']}",
        f"- constructed failures (from vLLM 0.33's own checks): {_counts(summary['constructed'])}",
        "",
    ]
    for title, keep in (
        ("False FAILs on working commands", lambda r: r["judged"] == "false-fail"),
        ("Failing commands missed or caught for another reason",
         lambda r: r["kind"] != "working" and r["judged"] not in ("caught",)),
    ):  # fmt: skip
        chosen = [r for r in rows if keep(r)]
        lines += [f"## {title} ({len(chosen)})", ""]
        lines += [
            f"- `{r['id']}` ({r['judged']}): expected {r['expected']} ({r['reason']}); got "
            f"{r['outcome']['verdict']}: {r['outcome'].get('detail', '')[:300]}"
            for r in chosen
        ] or ["none"]
        lines.append("")
    lines += ["## History", "", "| date | commit | figure |", "|---|---|---|"]
    new = []
    if "baseline" in summary:
        new.append(
            f"| {meta['date']} | {summary.get('baseline_commit') or 'baseline'} "
            f"(`--baseline-src`, this corpus) | {_figure(summary['baseline'])} |"
        )
    new.append(f"| {meta['date']} | {meta['commit']} | {_figure(summary)} |")
    lines += [row for row in history or [] if row not in new] + new + [""]
    lines += [
        "## Every case",
        "",
        "| id | kind | hardware | expected | got | judged |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        hw = r["hardware"]
        where = f"{hw['gpus']} x {hw['gpu_name']}" if hw["gpus"] else "this machine"
        lines.append(
            f"| {r['id']} | {r['kind']} | {where} | {r['expected']} | "
            f"{r['outcome']['verdict']} | {r['judged']} |"
        )
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
