"""What a doctor check returns, and what the runner knows about each check."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any


class Status(str, enum.Enum):
    """A check's verdict. SKIP means the check could not look (no GPU, no NVML), not "fine"."""

    PASS = "PASS"
    WARN = "WARN"
    FAIL = "FAIL"
    SKIP = "SKIP"


class Unavailable(Exception):
    """Raised by the environment when a fact needs hardware or a library that is not there.

    The runner turns it into SKIP with the message as the reason, so a check never has to
    test for hardware itself before asking for it.
    """


@dataclass(frozen=True)
class CheckResult:
    """A verdict, the value that was observed, and one sentence saying what to do about it."""

    status: Status
    observed: str
    fix: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    duration_s: float = 0.0

    @classmethod
    def passed(cls, observed: str, **data: Any) -> CheckResult:
        return cls(Status.PASS, observed, "", data)

    @classmethod
    def warn(cls, observed: str, fix: str, **data: Any) -> CheckResult:
        return cls(Status.WARN, observed, fix, data)

    @classmethod
    def fail(cls, observed: str, fix: str, **data: Any) -> CheckResult:
        return cls(Status.FAIL, observed, fix, data)

    @classmethod
    def skip(cls, reason: str, **data: Any) -> CheckResult:
        return cls(Status.SKIP, reason, "", data)

    def named(self, name: str, duration_s: float) -> CheckResult:
        return replace(self, name=name, duration_s=round(duration_s, 3))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": self.status.value,
            "observed": self.observed,
            "fix": self.fix,
            "duration_s": self.duration_s,
            "data": self.data,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> CheckResult:
        return cls(
            Status(raw["status"]),
            str(raw["observed"]),
            str(raw.get("fix", "")),
            dict(raw.get("data", {})),
            str(raw.get("name", "")),
            float(raw.get("duration_s", 0.0)),
        )


@dataclass(frozen=True)
class Check:
    """A check's metadata; each module in `torchplace.doctor.checks` defines one as `CHECK`.

    `order` sorts the table (cheap facts first, NCCL last); `timeout_s` is the hard limit after
    which the runner reports FAIL and moves on.
    """

    name: str
    category: str
    order: int
    timeout_s: float = 20.0


def worst(statuses: list[Status]) -> Status:
    """The most serious status in a list (FAIL > WARN > PASS > SKIP); PASS when empty."""
    for status in (Status.FAIL, Status.WARN, Status.PASS):
        if status in statuses:
            return status
    return Status.SKIP if statuses else Status.PASS
