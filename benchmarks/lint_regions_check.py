"""Findings with and without region parsing, file by file, over any trees of Python code.

Usage: python benchmarks/lint_regions_check.py DIR [DIR...]

Region parsing (`torchplace.lint.regions`) stubs out functions and classes that cannot hold a
finding before parsing. This lints every file twice, with the reduction and with whole-file
parsing, and prints each file whose findings differ (there should be none), then a summary
line with both single-process CPU times. Exit status 1 when any file differs.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from torchplace.lint.config import LintConfig  # noqa: E402
from torchplace.lint.engine import Linter  # noqa: E402
from torchplace.lint.registry import all_rules  # noqa: E402


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    files = [str(p) for root in argv for p in sorted(Path(root).rglob("*.py"))]
    rules = list(all_rules())
    linters = {
        "whole": Linter(rules, LintConfig(), use_regions=False),
        "regions": Linter(rules, LintConfig()),
    }
    gc.disable()
    seconds = dict.fromkeys(linters, 0.0)
    differing = findings = 0
    for path in files:
        results = {}
        for name, linter in linters.items():
            started = time.process_time()
            found = linter.lint_path(path).findings
            seconds[name] += time.process_time() - started
            results[name] = sorted((f.start.line, f.start.column, f.code, f.message) for f in found)
        findings += len(results["whole"])
        if results["whole"] != results["regions"]:
            differing += 1
            print(f"DIFFERS {path}: {set(results['whole']) ^ set(results['regions'])}")
    print(
        f"{len(files)} files, {findings} findings, {differing} differing; CPU "
        f"whole {seconds['whole']:.2f} s, regions {seconds['regions']:.2f} s"
    )
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
