"""Run entry scripts under the explainer, on virtual GPUs (`torchplace sim`) or real ones.

Each script runs in its own subprocess, as `torchplace sim --gpus N -m torchplace run --json F
SCRIPT` (or `--nproc-per-node N` for distributed programs; `torchplace run` / torchrun with
`--real`), so one crash never stops the others and up to one script per core runs at a time.
A script declares how it wants to be run with a `Run-with:` line in its module docstring
(`Run-with: --gpus 2`, `Run-with: --nproc-per-node 2`, `Run-with: none`).
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RUN_TIMEOUT_S = 300
_RUN_WITH = re.compile(r"^Run-with:\s*(?P<spec>.+?)\s*$", re.M)


@dataclass(frozen=True)
class RunSpec:
    script: str
    gpus: int = 2
    nproc_per_node: int | None = None
    args: tuple[str, ...] = ()


@dataclass
class RunOutcome:
    spec: RunSpec
    exit_code: int
    diagnoses: list[dict[str, Any]] = field(default_factory=list)
    output_tail: str = ""
    timed_out: bool = False

    @property
    def crashed(self) -> bool:
        return self.exit_code != 0


def declared_spec(script: Path) -> RunSpec | None:
    """The `Run-with:` line of a script's docstring; None when absent or `none`."""
    try:
        docstring = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return None
    match = _RUN_WITH.search(docstring)
    if match is None or match.group("spec").lower() == "none":
        return None
    words = match.group("spec").split()
    spec = RunSpec(str(script))
    for flag, value in zip(words[::2], words[1::2], strict=False):
        if flag == "--gpus":
            spec = RunSpec(spec.script, int(value), spec.nproc_per_node)
        elif flag == "--nproc-per-node":
            spec = RunSpec(spec.script, spec.gpus, int(value))
    return spec


def _command(spec: RunSpec, json_path: str, real: bool) -> list[str]:
    explained = ["-m", "torchplace", "run", "--json", json_path, spec.script, *spec.args]
    if real and spec.nproc_per_node:
        return [
            sys.executable,
            "-m",
            "torch.distributed.run",
            "--standalone",
            f"--nproc-per-node={spec.nproc_per_node}",
            *explained,
        ]
    if real:
        return [sys.executable, *explained]
    if spec.nproc_per_node:
        launch = ["--nproc-per-node", str(spec.nproc_per_node)]
    else:
        launch = ["--gpus", str(spec.gpus)]
    return [sys.executable, "-m", "torchplace", "sim", *launch, *explained]


def run_one(spec: RunSpec, real: bool = False) -> RunOutcome:
    with tempfile.TemporaryDirectory(prefix="torchplace-check-") as directory:
        json_path = os.path.join(directory, "report.json")
        try:
            completed = subprocess.run(
                _command(spec, json_path, real),
                capture_output=True,
                text=True,
                timeout=RUN_TIMEOUT_S,
                check=False,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired as expired:
            tail = (expired.stdout or b"")[-2000:]
            text = tail.decode(errors="replace") if isinstance(tail, bytes) else str(tail)
            return RunOutcome(spec, 124, [], text, timed_out=True)
        diagnoses = []
        for report in sorted(Path(directory).glob("report*.json")):
            try:
                diagnoses.extend(json.loads(report.read_text(encoding="utf-8"))["diagnoses"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
        output = (completed.stdout + completed.stderr)[-3000:]
        return RunOutcome(spec, completed.returncode, diagnoses, output)


def run_all(
    specs: Sequence[RunSpec], real: bool = False, jobs: int | None = None
) -> list[RunOutcome]:
    """Run every spec, a few at a time; results in the order of `specs`."""
    workers = max(1, min(len(specs), jobs or os.cpu_count() or 1))
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda spec: run_one(spec, real), specs))
