"""`torchplace doctor`: verdicts, not reports, for a multi-GPU host and cluster.

Each check lives in its own module under :mod:`torchplace.doctor.checks` and returns a
:class:`CheckResult` (PASS / WARN / FAIL / SKIP, the observed value, one remediation sentence).
Checks ask an :class:`~torchplace.doctor.env.Env` for facts; tests pass a fake one. Nothing here
imports torch at module level.
"""

from __future__ import annotations

import time
from typing import Any

from torchplace.doctor.progress import Progress
from torchplace.doctor.registry import LoadedCheck, all_checks, select
from torchplace.doctor.report import DoctorReport
from torchplace.doctor.result import Check, CheckResult, Status, Unavailable
from torchplace.doctor.runner import DEFAULT_ENV_FACTORY, run_inline, run_isolated

__all__ = [
    "Check",
    "CheckResult",
    "DoctorReport",
    "LoadedCheck",
    "Status",
    "Unavailable",
    "all_checks",
    "run_doctor",
    "select",
]


def run_doctor(
    checks: list[LoadedCheck] | None = None,
    *,
    env: Any = None,
    env_factory: str = DEFAULT_ENV_FACTORY,
    progress: Progress | None = None,
    timeout_scale: float = 1.0,
) -> DoctorReport:
    """Run checks (all by default): inline against `env` if given, else in an isolated worker."""
    chosen = list(all_checks()) if checks is None else checks
    start = time.perf_counter()
    if env is not None:
        results = run_inline(chosen, env, progress, timeout_scale)
    else:
        results = run_isolated(chosen, progress, env_factory, timeout_scale)
    return DoctorReport(results, time.perf_counter() - start)
