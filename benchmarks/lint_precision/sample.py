"""Sample findings per rule with a fixed seed, to be judged by reading the code.

Usage: python benchmarks/lint_precision/sample.py FINDINGS.jsonl [--per-rule 30] [--seed 18]
       [--out sample.jsonl] [--show]

Takes up to `--per-rule` findings of each rule at random (all of them when fewer), records the
seed and the tool's commit in every row, and writes a JSONL whose rows get a `verdict`
(TRUE / FALSE / UNSURE) and a one-line `reason` when judged (see /JUDGING in the docs).
`--show` prints each sampled finding with the code around its line, for the judge.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
from collections import defaultdict
from pathlib import Path


def commit() -> str:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    return result.stdout.strip() or "unknown"


def sample(rows: list[dict[str, object]], per_rule: int, seed: int) -> list[dict[str, object]]:
    by_rule: dict[str, list[dict[str, object]]] = defaultdict(list)
    for row in rows:
        by_rule[str(row["code"])].append(row)
    chosen = []
    for code in sorted(by_rule):
        # One generator per rule: a change in one rule's findings leaves the others' samples.
        rng = random.Random(f"{seed}-{code}")
        key = lambda r: (str(r["path"]), int(str(r["line"])), int(str(r["column"])))  # noqa: E731
        found = sorted(by_rule[code], key=key)
        chosen += rng.sample(found, min(per_rule, len(found)))
    return chosen


def show(row: dict[str, object], corpus: Path, around: int = 6) -> str:
    lines = (corpus / "src" / str(row["path"])).read_text(encoding="utf-8").splitlines()
    line = int(str(row["line"]))
    first = max(1, line - around)
    body = [
        f"{'>' if n == line else ' '}{n:5} {lines[n - 1][:140]}"
        for n in range(first, min(len(lines), line + around) + 1)
    ]
    head = f"## {row['code']} {row['path']}:{line} {row['message']}"
    return "\n".join([head, *body])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("findings", type=Path)
    parser.add_argument("--per-rule", type=int, default=30)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--out", type=Path, default=Path("sample.jsonl"))
    parser.add_argument("--corpus", type=Path, default=Path(".corpus"))
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.findings.read_text(encoding="utf-8").splitlines()]
    chosen = sample(rows, args.per_rule, args.seed)
    tool = commit()
    with args.out.open("w", encoding="utf-8") as sink:
        for row in chosen:
            row.update(seed=args.seed, commit=tool, verdict=None, reason=None)
            sink.write(json.dumps(row, sort_keys=True) + "\n")
    if args.show:
        for index, row in enumerate(chosen):
            print(f"[{index}] " + show(row, args.corpus))
    print(f"{len(chosen)} findings sampled (seed {args.seed}, commit {tool}) -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
