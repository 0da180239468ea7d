"""Show a preflight result: a readable table for people, JSON for tools."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
import textwrap
from typing import Any

from torchplace.preflight.checks import Status
from torchplace.preflight.runner import PreflightResult
from torchplace.report import Finding, Position, Severity
from torchplace.report.formats.json import finding_to_dict
from torchplace.report.terminal import escape_controls

_MARK = {Status.PASS: "ok", Status.WARN: "WARN", Status.FAIL: "FAIL", Status.SKIP: "skip"}


def table(result: PreflightResult) -> str:
    width = _width()
    lines = [_header(result), ""]
    name_width = max((len(v.check.name) for v in result.verdicts), default=10)
    for verdict in result.verdicts:
        status = verdict.result.status
        lead = f"{_MARK[status]:<4}  {verdict.check.name:<{name_width}}  "
        lines += _wrapped(lead, verdict.result.observed, width)
        pad = " " * len(lead)
        if status in (Status.FAIL, Status.WARN):
            lines += (
                _wrapped(pad + "why:  ", verdict.result.reason, width)
                if verdict.result.reason
                else []
            )
            lines += (
                _wrapped(pad + "fix:  ", verdict.result.fix, width) if verdict.result.fix else []
            )
            if verdict.result.upstream:
                lines += _quoted(pad + "says: ", verdict.result.upstream, width)
    lines += ["", _summary(result)]
    # The command, model path and upstream messages are the user's or a config's text.
    return escape_controls("\n".join(lines) + "\n")


def _width() -> int:
    # Wrap for a terminal (or when COLUMNS is set); keep lines whole in pipes and logs, so that
    # upstream messages can be searched for as they are.
    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return min(shutil.get_terminal_size((100, 24)).columns, 120)
    return 10_000


def _header(result: PreflightResult) -> str:
    command = result.command
    gpus = result.machine
    if gpus.known:
        names = sorted({g.name for g in gpus.gpus}) or ["none"]
        source = gpus.source.replace("override", "--gpus/--gpu-memory/--gpu-name")
        machine = f"{len(gpus.gpus)} GPU(s) [{', '.join(names)}] from {source}"
    else:
        machine = "GPUs unknown"
    model = result.model.source if result.model else f"unknown ({result.model_note})"
    parts = [
        f"command: {shlex.join(command.argv)}",
        f"parser:  {command.parser}"
        + (f"; config {command.config_file}" if command.config_file else ""),
        f"machine: {machine}",
    ]
    if command.kind == "vllm":
        parts.append(f"model:   {model}")
    return "\n".join(parts)


def _wrapped(lead: str, text: str, width: int) -> list[str]:
    body = textwrap.wrap(
        text, max(width - len(lead), 30), break_on_hyphens=False, break_long_words=False
    ) or [""]
    return [lead + body[0], *(" " * len(lead) + line for line in body[1:])]


def _quoted(lead: str, text: str, width: int) -> list[str]:
    lines = []
    for index, part in enumerate(text.splitlines()):
        prefix = lead if index == 0 else " " * len(lead)
        lines += _wrapped(prefix, part, width)
    return lines


def _summary(result: PreflightResult) -> str:
    fails, warns = result.count(Status.FAIL), result.count(Status.WARN)
    counts = (
        f"{fails} failing, {warns} warning, {result.count(Status.PASS)} ok, "
        f"{result.count(Status.SKIP)} skipped"
    )
    verdict = "will fail: fix the FAIL lines before launching" if fails else "ready to launch"
    return f"preflight: {verdict} ({counts})"


def as_json(result: PreflightResult) -> str:
    return json.dumps(to_dict(result), indent=2) + "\n"


def to_dict(result: PreflightResult) -> dict[str, Any]:
    command, machine = result.command, result.machine
    return {
        "verdict": "fail" if result.failed else "pass",
        "command": command.argv,
        "kind": command.kind,
        "parser": command.parser,
        "config_file": command.config_file,
        "passthrough": command.passthrough,
        "machine": {
            "source": machine.source,
            "gpus": [
                {"index": g.index, "name": g.name, "total_memory": g.total_memory, "uuid": g.uuid}
                for g in machine.gpus
            ],
        },
        "model": None
        if result.model is None
        else {"source": result.model.source, "parameters": result.model.parameters},
        "checks": [
            {
                "code": v.check.code,
                "name": v.check.name,
                "status": v.result.status.value,
                "observed": v.result.observed,
                "reason": v.result.reason,
                "fix": v.result.fix,
                "upstream_message": v.result.upstream,
                "pattern": v.check.pattern,
            }
            for v in result.verdicts
        ],
        "findings": [finding_to_dict(f) for f in findings(result)],
    }


def findings(result: PreflightResult) -> list[Finding]:
    """FAIL and WARN verdicts as report Findings, at the config file or `<command>`."""
    path = result.command.config_file or "<command>"
    found = []
    for verdict in result.verdicts:
        status = verdict.result.status
        if status not in (Status.FAIL, Status.WARN):
            continue
        message = verdict.result.observed
        if verdict.result.fix:
            message += f"; fix: {verdict.result.fix}"
        severity = Severity.ERROR if status is Status.FAIL else Severity.WARNING
        found.append(
            Finding(
                path,
                Position(1, 0),
                verdict.check.code,
                verdict.check.name,
                message,
                severity,
                pattern=verdict.check.pattern,
            )
        )
    return found
