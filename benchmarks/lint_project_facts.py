"""What reading project facts costs, and what they say, on real trees.

Usage: python benchmarks/lint_project_facts.py ROOT_OR_FILE [...] [--json OUT]

For each path: its project root (`lint/project_facts.py`), the number of Python files read,
whether the project binds one GPU per process (with the first evidence found), and the time
to learn it, cold for this process (the operating system's file cache is whatever it is).
`torchplace lint` reads these facts only for projects that hold a finding of a rule that
needs them (TPL902 today), once per run; the default rule set never reads them.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from torchplace.lint.project_facts import ProjectIndex


def _a_python_file(path: Path) -> str:
    if path.is_file():
        return str(path)
    for directory, _, names in os.walk(path):
        for name in sorted(names):
            if name.endswith(".py"):
                return os.path.join(directory, name)
    raise SystemExit(f"{path}: no Python file under it")


def measure(path: Path) -> dict[str, object]:
    index = ProjectIndex()
    started = time.perf_counter()
    facts = index.facts_for(_a_python_file(path))
    seconds = time.perf_counter() - started
    first = facts.gpu_binding[0] if facts.gpu_binding else None
    return {
        "path": str(path),
        "root": facts.root,
        "files": facts.files,
        "binds_gpu_per_process": facts.binds_gpu_per_process,
        "evidence": None if first is None else f"{first.path}:{first.line}: {first.code}",
        "ms": round(seconds * 1000, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, default=None, help="also write the rows here")
    args = parser.parse_args()
    rows = [measure(path) for path in args.paths]
    print("| Project root | Files | Binds one GPU per process | Time (ms) | Evidence |")
    print("| --- | --- | --- | --- | --- |")
    for row in rows:
        print(
            f"| {Path(str(row['root'])).name} | {row['files']} | "
            f"{row['binds_gpu_per_process']} | {row['ms']} | {row['evidence'] or '-'} |"
        )
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
