"""Finding and diagnostic types shared by every part of torchplace, and their output formats.

Nothing here imports torch or any other part of torchplace: lint, explain, doctor and
preflight all produce :class:`Finding` objects and hand them to a format from
:mod:`torchplace.report.formats`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Severity(str, enum.Enum):
    """How sure we are that the finding will break a multi-GPU run."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


class FixSafety(str, enum.Enum):
    """Whether applying a fix can change what the program does (ruff's convention)."""

    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True, order=True)
class Position:
    """A 1-based line and 0-based column, as Python's `ast` reports them."""

    line: int
    column: int


@dataclass(frozen=True)
class Edit:
    """Replace the text between `start` and `end` with `content`."""

    start: Position
    end: Position
    content: str


@dataclass(frozen=True)
class Fix:
    """A set of non-overlapping edits that cures one finding."""

    description: str
    edits: tuple[Edit, ...]
    safety: FixSafety = FixSafety.SAFE


@dataclass(frozen=True)
class Finding:
    """One problem at one place: produced by lint, explain, doctor or preflight."""

    path: str
    start: Position
    code: str
    name: str
    message: str
    severity: Severity = Severity.ERROR
    end: Position | None = None
    fix: Fix | None = None
    pattern: str | None = None
    help_uri: str | None = None

    @property
    def line(self) -> int:
        return self.start.line

    @property
    def column(self) -> int:
        return self.start.column

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.start.line, self.start.column, self.code)


@dataclass(frozen=True)
class RuleInfo:
    """What an output format needs to know about a rule (SARIF's `reportingDescriptor`)."""

    code: str
    name: str
    summary: str
    docs: str
    default_severity: Severity = Severity.ERROR
    help_uri: str | None = None


@dataclass
class Report:
    """Findings plus the rules they came from and the files that were looked at."""

    findings: list[Finding] = field(default_factory=list)
    rules: dict[str, RuleInfo] = field(default_factory=dict)
    files_checked: int = 0
    tool_name: str = "torchplace"
    tool_version: str = ""
