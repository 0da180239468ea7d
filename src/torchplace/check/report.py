"""Rank findings by how surely they crash, attach the next command to run, and render them."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from torchplace.check.runs import RunOutcome
from torchplace.report import Finding, FixSafety, Severity
from torchplace.report.terminal import escape_line

# Certainty tiers, most certain first.
CRASHED = "crashed"
WILL_CRASH = "likely to crash"
MAY_CRASH = "may crash"
NOT_CHECKED = "not checked"


@dataclass
class Item:
    tier: str
    where: str
    what: str
    next_command: str
    confirmed_by: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)


def _lint_next(finding: Finding) -> str:
    if finding.fix is not None and finding.fix.safety is FixSafety.SAFE:
        return f"torchplace lint --fix {finding.path}"
    if finding.fix is not None:
        return f"torchplace lint --fix --unsafe-fixes --diff {finding.path}"
    return f"torchplace rule {finding.code}"


def _lint_item(finding: Finding) -> Item:
    if finding.code == "TPL001":
        tier = NOT_CHECKED
    else:
        tier = WILL_CRASH if finding.severity is Severity.ERROR else MAY_CRASH
    return Item(
        tier,
        f"{finding.path}:{finding.line}:{finding.column + 1}",
        f"{finding.code} {finding.message}",
        _lint_next(finding),
    )


def _run_items(outcome: RunOutcome, real: bool) -> list[Item]:
    spec = outcome.spec
    how = (
        "real GPUs"
        if real
        else (
            f"{spec.nproc_per_node} ranks on virtual GPUs"
            if spec.nproc_per_node
            else f"{spec.gpus} virtual GPUs"
        )
    )
    items = []
    for diagnosis in outcome.diagnoses:
        if not diagnosis.get("known", True) and diagnosis.get("kind") == "other":
            continue
        frame = diagnosis.get("user_frame") or {}
        where = f"{_as_linted(frame.get('path', spec.script))}:{frame.get('line', '?')}"
        devices = " vs ".join(diagnosis.get("devices") or []) or diagnosis.get("kind", "error")
        rank = diagnosis.get("rank")
        prefix = f"rank {rank}: " if rank is not None else ""
        op = diagnosis.get("op")
        what = (
            f"{prefix}{diagnosis.get('exception_type', 'error')} on {how}"
            + (f" in {op}" if op else "")
            + f": {devices}"
        )
        pattern = diagnosis.get("pattern") or {}
        details = []
        if frame.get("source"):
            details.append(f"line: {frame['source']}")
        if pattern:
            details.append(f"pattern: {pattern.get('id')}: {pattern.get('fix', '')}")
        items.append(
            Item(CRASHED, where, what, f"torchplace run --origins {spec.script}", [], details)
        )
    if outcome.crashed and not items:
        label = "timed out" if outcome.timed_out else f"exited with code {outcome.exit_code}"
        last = outcome.output_tail.strip().splitlines()[-1:] or [""]
        items.append(
            Item(
                CRASHED,
                spec.script,
                f"{label} on {how}: {last[0]}",
                f"torchplace run {spec.script}",
            )
        )
    return items


def _as_linted(path: str) -> str:
    """A frame's file named as lint names it: relative to the current directory when it lies
    under it. Python reports the script it runs by its absolute path, lint by the path it was
    given; without this the crash and the lint findings of one script never meet."""
    if not os.path.isabs(path):
        return path
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if relative.startswith(os.pardir) else relative


def build(findings: Sequence[Finding], outcomes: Sequence[RunOutcome], real: bool) -> list[Item]:
    """Crashes first; a lint finding on a crashing line is folded into the crash it predicted,
    and static findings in a crashed script are named under its crash (a thread that never
    bound its GPU is visible to lint, not in the crashing line)."""
    crash_items = [item for outcome in outcomes for item in _run_items(outcome, real)]
    crashed_lines = {item.where: item for item in crash_items}
    for item in crash_items:
        script = item.where.rsplit(":", 1)[0]
        related = [f for f in findings if f.path == script and f.pattern]
        for finding in related:
            if f"{finding.path}:{finding.line}" != item.where:
                item.details.append(
                    f"lint: {finding.code} at line {finding.line} ({finding.pattern}) "
                    "in the same script"
                )
    items = list(crash_items)
    for finding in findings:
        item = _lint_item(finding)
        crash = crashed_lines.get(f"{finding.path}:{finding.line}")
        if crash is not None:
            crash.confirmed_by.append(f"{finding.code} (lint) predicted it")
            continue
        items.append(item)
    order = {CRASHED: 0, WILL_CRASH: 1, MAY_CRASH: 2, NOT_CHECKED: 3}
    return sorted(items, key=lambda i: (order[i.tier], i.where))


def render_text(items: Sequence[Item], files: int, runs: Sequence[RunOutcome]) -> str:
    lines = []
    for tier in (CRASHED, WILL_CRASH, MAY_CRASH, NOT_CHECKED):
        group = [i for i in items if i.tier == tier]
        if not group:
            continue
        lines.append(f"{tier.upper()} ({len(group)})")
        for item in group:
            # Paths, messages and crash lines come from the checked tree and its output.
            lines.append(f"  {escape_line(item.where)}  {escape_line(item.what)}")
            for detail in item.details + item.confirmed_by:
                lines.append(f"      {escape_line(detail)}")
            lines.append(f"      next: {escape_line(item.next_command)}")
        lines.append("")
    clean_runs = sum(1 for r in runs if not r.crashed)
    lines.append(
        f"{len(items)} finding(s): linted {files} file(s); ran {len(runs)} script(s), "
        f"{len(runs) - clean_runs} crashed."
    )
    return "\n".join(lines) + "\n"


def render_json(items: Sequence[Item], files: int, runs: Sequence[RunOutcome]) -> str:
    data: dict[str, Any] = {
        "files_linted": files,
        "runs": [
            {
                "script": r.spec.script,
                "exit_code": r.exit_code,
                "timed_out": r.timed_out,
                "diagnoses": r.diagnoses,
            }
            for r in runs
        ],
        "findings": [asdict(item) for item in items],
    }
    return json.dumps(data, indent=2) + "\n"
