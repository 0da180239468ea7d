"""The diagnosis explain produces: plain dataclasses, JSON-ready, no torch."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

SCHEMA_VERSION = 1


@dataclass
class FrameRef:
    """One traceback frame: where, in which function, and the source line."""

    path: str
    line: int
    function: str
    source: str = ""

    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class Origin:
    """Where a tensor was created or last moved (origins mode)."""

    path: str
    line: int
    op: str
    device: str
    note: str = ""
    function: str = ""

    def describe(self) -> str:
        import os

        where = f"{os.path.basename(self.path)}:{self.line}"
        return f"created at {where} by {self.op}" + (f" {self.note}" if self.note else "")


@dataclass
class Operand:
    """An operand of the failing line as written in the source, with what it held."""

    expr: str
    kind: str  # "tensor", "parameter", "module", "value", "unavailable"
    device: str | None = None
    shape: list[int] | None = None
    dtype: str | None = None
    origin: Origin | None = None
    note: str = ""
    # path:line of the frame whose line this operand was read from.
    at: str = ""


@dataclass
class ModuleInfo:
    """The nn.Module whose code failed, its name in the root model, and where its state lives."""

    qualname: str
    class_name: str
    root_class: str | None = None
    parameter_devices: dict[str, int] = field(default_factory=dict)
    buffer_devices: dict[str, int] = field(default_factory=dict)
    # Parameters or buffers not on the module's main device: name -> device.
    strays: dict[str, str] = field(default_factory=dict)


@dataclass
class ThreadInfo:
    """The failing thread, its current CUDA device and the device its rank should use."""

    name: str
    is_main: bool
    current_device: int | None = None
    rank: int | None = None
    local_rank: int | None = None
    world_size: int | None = None

    @property
    def expected_device(self) -> int | None:
        return self.local_rank


@dataclass
class PatternMatch:
    """The catalogue pattern chosen, with why."""

    id: str
    title: str
    cause: str
    fix: str
    fix_example: str = ""
    reasons: list[str] = field(default_factory=list)
    alternatives: list[str] = field(default_factory=list)


@dataclass
class Diagnosis:
    """Everything explain found out about one failure."""

    kind: str
    exception_type: str
    message: str
    op: str | None = None
    devices: list[str] = field(default_factory=list)
    argument: str | None = None
    user_frame: FrameRef | None = None
    library_frame: FrameRef | None = None
    # The whole traceback, outermost first (used for classification and the JSON report).
    stack: list[FrameRef] = field(default_factory=list)
    operands: list[Operand] = field(default_factory=list)
    module: ModuleInfo | None = None
    thread: ThreadInfo | None = None
    pattern: PatternMatch | None = None
    rank: int | None = None
    source: str = "live"  # "live" or "log"
    notes: list[str] = field(default_factory=list)
    # What the message itself states: ranks and device ids of `Duplicate GPU detected`, the
    # device a checkpoint was saved on and the device count, DataParallel's device_ids[0].
    facts: dict[str, Any] = field(default_factory=dict)
    # For errors that are no placement failure: "out of memory", "collective timeout", ...
    category: str = ""
    # How many times the log printed this error (several ranks, re-raised, printed twice).
    reports: int = 1
    # Log lines around the error and the launch settings the log shows (log mode only): used
    # to choose the pattern, not part of the report.
    context: str = field(default="", repr=False)

    @property
    def known(self) -> bool:
        return self.kind != "other"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("context", None)
        data["schema"] = SCHEMA_VERSION
        data["known"] = self.known
        if self.thread is not None:
            data["thread"]["expected_device"] = self.thread.expected_device
        return data
