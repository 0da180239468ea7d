"""A doctor run's results, its exit code, and its table and JSON renderings."""

from __future__ import annotations

import json
import shutil
import socket
import textwrap
from dataclasses import dataclass, field
from typing import Any

from torchplace import __version__
from torchplace.doctor.result import CheckResult, Status

SCHEMA_VERSION = 1


@dataclass
class DoctorReport:
    results: list[CheckResult]
    duration_s: float = 0.0
    host: str = field(default_factory=socket.gethostname)

    def counts(self) -> dict[str, int]:
        return {s.value.lower(): sum(r.status is s for r in self.results) for s in Status}

    def exit_code(self, strict: bool = False) -> int:
        """1 on any FAIL (or WARN when strict), 0 otherwise."""
        bad = {Status.FAIL, Status.WARN} if strict else {Status.FAIL}
        return 1 if any(r.status in bad for r in self.results) else 0

    def summary(self) -> str:
        counts = self.counts()
        parts = ", ".join(f"{counts[k]} {k}" for k in ("pass", "warn", "fail", "skip"))
        return f"{len(self.results)} checks: {parts} ({self.duration_s:.1f} s)"

    def to_dict(self, strict: bool = False) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "tool": "torchplace",
            "version": __version__,
            "mode": "local",
            "host": self.host,
            "duration_s": round(self.duration_s, 3),
            "summary": self.counts(),
            "exit_code": self.exit_code(strict),
            "checks": [r.to_dict() for r in self.results],
        }

    def to_json(self, strict: bool = False) -> str:
        return json.dumps(self.to_dict(strict), indent=2, default=str) + "\n"


def _width() -> int:
    return max(60, min(shutil.get_terminal_size((110, 24)).columns, 140))


def render_table(results: list[CheckResult], width: int | None = None) -> str:
    """STATUS  CHECK  OBSERVED, with the fix under every row that has one."""
    width = width or _width()
    name_width = max([len("CHECK"), *(len(r.name) for r in results)])
    indent = " " * (8 + name_width + 2)
    lines = [f"{'STATUS':<8}{'CHECK':<{name_width + 2}}OBSERVED"]
    for result in results:
        head = f"{result.status.value:<8}{result.name:<{name_width + 2}}"
        body = textwrap.wrap(result.observed, max(30, width - len(indent))) or [""]
        lines.append(head + body[0])
        lines += [indent + more for more in body[1:]]
        if result.fix:
            label = "fix: " if result.status in (Status.FAIL, Status.WARN) else "note: "
            for text in textwrap.wrap(label + result.fix, max(30, width - len(indent))):
                lines.append(indent + text)
    return "\n".join(lines) + "\n"


def _check_counts(checks: list[dict[str, Any]]) -> str:
    counts = {s: sum(c["status"] == s.value for c in checks) for s in Status}
    return " ".join(f"{n}{s.value[0].lower()}" for s, n in counts.items() if n) or "-"


def render_cluster(rows: list[dict[str, Any]]) -> str:
    """One row per rank: host, rank, local rank, GPU UUID, binding, all-reduce, bandwidth."""
    headers = ["HOST", "RANK", "LOCAL", "GPU UUID", "BINDING", "ALL-REDUCE", "BUSBW GB/s", "CHECKS"]
    table = [headers] + [
        [
            str(row.get("host", "")),
            str(row.get("rank", "")),
            str(row.get("local_rank", "")),
            str(row.get("gpu_uuid") or "-"),
            str(row.get("binding", "")),
            str(row.get("all_reduce", "")),
            f"{row['busbw_gbps']:.1f}" if row.get("busbw_gbps") is not None else "-",
            _check_counts(row.get("checks", [])),
        ]
        for row in rows
    ]
    widths = [max(len(line[i]) for line in table) for i in range(len(headers))]
    return (
        "\n".join(
            "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
            for line in table
        )
        + "\n"
    )
