"""TPL201 on one `forward` of many statements: time per statement must not grow with length.

Usage: python benchmarks/lint_precision/long_forward.py [--statements 4000]

Builds a module whose forward makes a CPU tensor and uses earlier values in every statement
(the shape that took 145 s at 4,000 statements when each factory re-scanned the rest of the
function), lints it at N/4, N/2 and N statements, and prints seconds and seconds per statement.
Exit status 1 when the per-statement cost at N is over 3x that at N/4 (linear stays near 1x).
"""

from __future__ import annotations

import argparse
import time

from torchplace.lint import LintConfig, lint_source


def long_forward(statements: int) -> str:
    lines = ["import torch", "from torch import nn", "", "class Long(nn.Module):"]
    lines.append("    def forward(self, x):")
    lines.append("        y0 = torch.arange(x.shape[1])")
    for i in range(1, statements):
        lines.append(f"        y{i} = torch.zeros(3) + y{i - 1}[0] + x")
    lines.append(f"        return y{statements - 1}")
    return "\n".join(lines) + "\n"


def timed(statements: int) -> tuple[float, int]:
    text = long_forward(statements)
    started = time.perf_counter()
    findings = lint_source(text, "long.py", LintConfig(select=("TPL201",)))
    return time.perf_counter() - started, len(findings)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--statements", type=int, default=4000)
    args = parser.parse_args()
    per_statement = []
    for n in (args.statements // 4, args.statements // 2, args.statements):
        seconds, found = timed(n)
        per_statement.append(seconds / n)
        print(
            f"{n:>6} statements: {seconds:7.3f} s, {1e6 * seconds / n:7.1f} us/statement, "
            f"{found} findings"
        )
    growth = per_statement[-1] / per_statement[0]
    print(f"per-statement cost at {args.statements} / at {args.statements // 4}: {growth:.2f}x")
    return 0 if growth <= 3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
