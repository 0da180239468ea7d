"""torchplace's runtime context invariants hold in a process bound like a worker.

What it checks:
    Calls `torchplace.runtime.check_context_invariants()` in the doctor's worker (which has
    used every GPU by then); it compares
    torch's current device, the driver's current context and the thread's binding. SKIPs when
    that function is not part of this install.

Why it matters:
    The invariants are what every worker and thread must satisfy for `device="cuda"` and
    driver-level code to agree on one GPU; a host, driver or library combination that breaks
    them breaks every job, not one program.

How to fix:
    Follow the remediation the invariant check prints; usually bind the device
    (`torch.cuda.set_device(local_rank)`) before any other CUDA call, in every thread.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="runtime-invariants", category="runtime", order=96, timeout_s=60)

FIX = (
    "Bind the device with torch.cuda.set_device(local_rank) before any other CUDA call, "
    "in every thread."
)


def _describe(item: Any) -> str:
    return str(getattr(item, "message", None) or item)


def _status(item: Any) -> str:
    return str(getattr(getattr(item, "status", ""), "value", getattr(item, "status", ""))).lower()


def report_violations(report: Any) -> list[str]:
    """Failed checks of a `ContextInvariantReport` (devices -> checks with status "fail")."""
    found = []
    for device in report.devices:
        for item in device.checks:
            if _status(item) == "fail":
                found.append(
                    f"cuda:{device.index} {item.name}: observed {item.observed}, "
                    f"expected {item.expected}"
                )
    return found


def violations(outcome: Any) -> list[str]:
    """What the invariant check returned: a report, None/True (fine), False, or problems."""
    if hasattr(outcome, "devices"):
        return report_violations(outcome)
    if outcome is None or outcome is True:
        return []
    if outcome is False:
        return ["check_context_invariants() returned False"]
    if isinstance(outcome, str):
        return [outcome] if outcome else []
    if isinstance(outcome, Iterable):
        return [_describe(item) for item in outcome]
    return [_describe(outcome)]


def run(env: Env) -> CheckResult:
    checker = env.runtime_invariants()
    env.cuda()
    required = [
        p
        for p in inspect.signature(checker).parameters.values()
        if p.default is inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    if required:
        names = ", ".join(p.name for p in required)
        raise Unavailable(
            f"check_context_invariants needs arguments the doctor cannot supply: {names}"
        )
    try:
        outcome = checker()
    except (AssertionError, RuntimeError) as error:
        return CheckResult.fail(f"{type(error).__name__}: {error}", FIX)
    reason = getattr(outcome, "skipped_reason", None)
    if reason:
        raise Unavailable(f"check_context_invariants skipped: {reason}")
    data = outcome.to_dict() if hasattr(outcome, "to_dict") else {}
    found = violations(outcome)
    if found:
        return CheckResult.fail("; ".join(found), FIX, violations=found, report=data)
    return CheckResult.passed(_summary(outcome), report=data)


def _summary(outcome: Any) -> str:
    devices = getattr(outcome, "devices", None)
    if not devices:
        return "check_context_invariants(): no violation"
    checks = [item for device in devices for item in device.checks]
    passed = sum(_status(item) == "pass" for item in checks)
    driver = getattr(outcome, "driver", "?")
    return (
        f"{len(devices)} device(s): {passed} invariant checks pass, none fail "
        f"(driver API: {driver})"
    )
