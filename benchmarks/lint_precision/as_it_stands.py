"""Each rule's judged findings as the code stands, on the unseen sets' projects linted now.

Usage: python benchmarks/lint_precision/as_it_stands.py FINDINGS.jsonl [FINDINGS.jsonl ...]
       --describe "what was linted" [--out benchmarks/results]

FINDINGS.jsonl are `corpus.py` outputs (every rule) of unseen projects: the projects of
`--judged TPL402,TPL108`, whole sets, or both. Every finding that `judged-unseen.jsonl` judges
(by rule, path and line) counts with its verdict, whatever round judged it (a rule that took
over another's sites, `SAME_SITES`, also with the verdict of its line under that rule); the
others are counted as unjudged. A finding given twice (the same project linted twice) counts once.
Unlike `unseen.py`, no set need be whole: the figure is over the projects linted, named in
`--describe`, and is not a first look (the verdicts were read on these projects before).
Writes `lint_precision_as_it_stands.md` and `.json`.
"""

from __future__ import annotations

import argparse
import datetime
import json
from collections import Counter
from pathlib import Path

from precision import _commit, _machine, _ratio  # sibling scripts, not a package

from torchplace.lint.registry import all_rules

JUDGED = Path(__file__).with_name("judged-unseen.jsonl")
#: Rules that share sites, one taking over part of the other's findings: a finding of one
#: that no verdict names counts with the verdict of the same line under the other. TPL412
#: flags what TPL402 does where the project shows the file on several nodes; the judges read
#: the same line, the same rank and the same launches. TPL111 flags TPL108's loads of a file
#: only rank 0 saves: the same load, the same checkpoint.
SAME_SITES = {"TPL412": "TPL402", "TPL402": "TPL412", "TPL111": "TPL108", "TPL108": "TPL111"}


def measure(findings: list[dict[str, object]], judged: Path = JUDGED) -> dict[str, object]:
    """Per rule: current findings, their verdicts, and how many no judge read."""
    verdicts: dict[tuple[str, str, int], str] = {}
    for line in judged.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            key = (str(row.get("code") or row.get("rule")), str(row["path"]), int(row["line"]))
            verdicts[key] = str(row["verdict"])
    tiers = {r.code: "preview" if r.preview else "default" for r in all_rules()}
    rules: dict[str, Counter[str]] = {}
    # A project linted twice (named by two sets, or in two findings files) gives the same
    # findings twice; each is one finding a user would see, so it counts once.
    seen: set[tuple[str, ...]] = set()
    duplicates = 0
    for finding in findings:
        identity = tuple(
            str(finding.get(key)) for key in ("code", "path", "line", "column", "message")
        )
        if identity in seen:
            duplicates += 1
            continue
        seen.add(identity)
        code = str(finding["code"])
        key = (code, str(finding["path"]), int(str(finding["line"])))
        verdict = verdicts.get(key)
        if verdict is None and code in SAME_SITES:
            verdict = verdicts.get((SAME_SITES[code], *key[1:]))
        rules.setdefault(code, Counter())[verdict or "unjudged"] += 1
    table = {}
    for code, counts in sorted(rules.items()):
        judged_count = counts["TRUE"] + counts["FALSE"] + counts["UNSURE"]
        table[code] = {
            "tier": tiers.get(code, "-"),
            "findings": sum(counts.values()),
            "judged": judged_count,
            "true": counts["TRUE"],
            "false": counts["FALSE"],
            "unsure": counts["UNSURE"],
            "unjudged": counts["unjudged"],
            "true_percent": _ratio(counts["TRUE"], judged_count),
        }
    projects = {str(f["path"]).split("/", 1)[0] for f in findings}
    return {
        "rules": table,
        "projects_with_findings": len(projects),
        "duplicates_dropped": duplicates,
    }


def _figure(result: dict[str, object]) -> str:
    rules: dict[str, dict[str, object]] = result["rules"]  # type: ignore[assignment]
    return "; ".join(
        f"{code} {row['true']}/{row['judged']}" for code, row in rules.items() if row["judged"]
    )


def _history(previous: str) -> list[str]:
    """The rows of the History table of the file this run replaces."""
    if "## History" not in previous:
        return []
    table = previous[previous.index("## History") :].splitlines()
    return [line for line in table if line.startswith("| 2")]


def render(result: dict[str, object], meta: dict[str, object], previous: str = "") -> str:
    rules: dict[str, dict[str, object]] = result["rules"]  # type: ignore[assignment]
    lines = [
        "# Lint precision as the code stands, on the unseen projects linted now",
        "",
        "- Claim: each rule's findings on real code that two blind judges read, as the code "
        "stands (the default set needs >= 90% TRUE)",
        f"- Projects: {meta['describe']}",
        f"- Date: {meta['date']}",
        f"- Machine: {meta['machine']}",
        f"- Commit: {meta['commit']}",
        f"- Command: `{meta['command']}`",
        "",
        "Not a first look: these verdicts were read on these projects in earlier rounds; the "
        "first looks are in `lint_precision_unseen.md`.",
        "",
        "| Rule | Tier | Findings | Judged | TRUE | FALSE | UNSURE | Unjudged | TRUE % |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for code, row in rules.items():
        if not row["judged"]:
            continue
        lines.append(
            f"| {code} | {row['tier']} | {row['findings']} | {row['judged']} | {row['true']} "
            f"| {row['false']} | {row['unsure']} | {row['unjudged']} | {row['true_percent']} |"
        )
    lines += ["", f"Figure (TRUE / judged): {_figure(result)}.", "", "## History", ""]
    lines += ["| date | commit | projects | TRUE / judged |", "| --- | --- | --- | --- |"]
    lines += _history(previous)
    lines.append(f"| {meta['date']} | {meta['commit']} | {meta['describe']} | {_figure(result)} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("findings", nargs="+", type=Path)
    parser.add_argument("--describe", required=True, help="what was linted, for the record")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args()
    findings: list[dict[str, object]] = []
    for path in args.findings:
        if not path.is_file():
            raise SystemExit(f"{path}: no such findings file")
        try:
            findings += [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise SystemExit(f"{path}: not a findings file of corpus.py ({error})") from None
    result = measure(findings)
    meta = {
        "describe": args.describe,
        "date": datetime.date.today().isoformat(),
        "machine": _machine(),
        "commit": _commit(),
        "command": "python benchmarks/lint_precision/as_it_stands.py "
        + " ".join(p.name for p in args.findings)
        + f' --describe "{args.describe}"',
    }
    args.out.mkdir(parents=True, exist_ok=True)
    page = args.out / "lint_precision_as_it_stands.md"
    previous = page.read_text(encoding="utf-8") if page.is_file() else ""
    page.write_text(render(result, meta, previous), "utf-8")
    (args.out / "lint_precision_as_it_stands.json").write_text(
        json.dumps({**meta, **result}, indent=2) + "\n", "utf-8"
    )
    print(json.dumps(result["rules"], indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
