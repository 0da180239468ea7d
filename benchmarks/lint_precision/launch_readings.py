"""How the linter reads each project's launch commands, and a sample of the readings a change made.

Usage:
    python benchmarks/lint_precision/launch_readings.py dump TREES_DIR --out READINGS.jsonl
        [--only NAMES.txt]
    python benchmarks/lint_precision/launch_readings.py changed OLD.jsonl NEW.jsonl
        [--sample 24] [--seed 109] --out SAMPLE.jsonl

`dump` reads the launch texts of every tree under TREES_DIR (or of the trees NAMES.txt lists,
one directory name a line) as `lint/launch_commands.read_launches` does, never running
anything, and writes one row per launch matched to a Python file: the tree, the text and
line it is written at, the command (shortened), the script, the first file it is matched to,
and whether it keeps the script on one node and runs it as one process. Run it with one
checkout of the linter on `PYTHONPATH` for OLD and another for NEW.

`changed` takes the launches NEW reads as one node that OLD did not (those both match to a
file, sorted, then those only NEW matches), shuffles them with `random.Random(seed)` and keeps
the first of each text up to `--sample`: the readings to judge by reading the texts, so that
a change's one-node readings are checked on launches it was not written for.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from torchplace.lint.launch_commands import read_launches

Key = tuple[str, str, int, str]
#: What `changed` reads of each row `dump` writes.
_FIELDS = {"tree", "text", "line", "command", "one_node"}


def readings(tree: Path) -> list[dict[str, object]]:
    """Every launch of `tree` matched to one of its Python files, each once."""
    index = read_launches(str(tree), 1 << 20)
    rows: list[dict[str, object]] = []
    seen: set[tuple[str, int, str]] = set()
    for python in index.python_files:
        for launch in index.launches_of(python):
            key = (launch.path, launch.line, launch.command)
            if key in seen:
                continue
            seen.add(key)
            rows.append(
                {
                    "tree": tree.name,
                    "text": launch.path,
                    "line": launch.line,
                    "command": launch.command,
                    "script": launch.script,
                    "file": os.path.relpath(python, tree).replace(os.sep, "/"),
                    "one_node": launch.one_node,
                    "one_process": launch.one_process,
                }
            )
    return rows


def changed(
    old: list[dict[str, object]], new: list[dict[str, object]], sample: int, seed: int
) -> list[dict[str, object]]:
    """The launches `new` reads as one node and `old` did not, one a text, seeded."""

    def key(row: dict[str, object]) -> Key:
        return (str(row["tree"]), str(row["text"]), int(str(row["line"])), str(row["command"]))

    before = {key(row): row for row in old}
    ones = [row for row in new if row["one_node"] and not before.get(key(row), {}).get("one_node")]
    # Readings of launches both hold first, then launches only NEW matches to a file.
    pool = sorted((r for r in ones if key(r) in before), key=key)
    pool += sorted((r for r in ones if key(r) not in before), key=key)
    random.Random(seed).shuffle(pool)
    chosen: list[dict[str, object]] = []
    texts: set[tuple[str, str]] = set()
    for row in pool:
        text = (str(row["tree"]), str(row["text"]))
        if text in texts:
            continue
        texts.add(text)
        chosen.append(row)
        if len(chosen) == sample:
            break
    return chosen


def _read(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _write(path: Path, rows: list[dict[str, object]]) -> None:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    dump = commands.add_parser("dump", help="every launch reading of the trees")
    dump.add_argument("trees", type=Path)
    dump.add_argument("--only", type=Path, help="a file naming the trees to read, one a line")
    dump.add_argument("--out", type=Path, required=True)
    pick = commands.add_parser("changed", help="a seeded sample of new one-node readings")
    pick.add_argument("old", type=Path)
    pick.add_argument("new", type=Path)
    pick.add_argument("--sample", type=int, default=24)
    pick.add_argument("--seed", type=int, default=109)
    pick.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "dump":
        if not args.trees.is_dir():
            print(f"launch_readings: {args.trees} is not a directory", file=sys.stderr)
            return 2
        try:
            names = (
                {line.strip() for line in args.only.read_text(encoding="utf-8").splitlines()}
                if args.only
                else None
            )
        except (OSError, UnicodeDecodeError) as error:
            print(f"launch_readings: cannot read the list of trees: {error}", file=sys.stderr)
            return 2
        trees = sorted(p for p in args.trees.iterdir() if p.is_dir())
        rows = [
            row for tree in trees if names is None or tree.name in names for row in readings(tree)
        ]
        _write(args.out, rows)
        print(f"{len(rows)} launch readings of {len(trees) if names is None else len(names)} trees")
        return 0
    try:
        old, new = _read(args.old), _read(args.new)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        print(f"launch_readings: cannot read the readings: {error}", file=sys.stderr)
        return 2
    if any(not isinstance(row, dict) or row.keys() < _FIELDS for row in (*old, *new)):
        print("launch_readings: a row lacks the fields `dump` writes", file=sys.stderr)
        return 2
    chosen = changed(old, new, args.sample, args.seed)
    _write(args.out, chosen)
    print(f"{len(chosen)} launches sampled (seed {args.seed})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
