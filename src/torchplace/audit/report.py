"""The audit report: plain dataclasses that every output format reads.

Nothing here holds a tensor or a module, so a report can be kept, compared and serialised after
the model is gone. `AuditReport.to_dict()` is the JSON form; `text()`, `svg()` and `html()`
render it (see `torchplace.audit.formats`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from torchplace.report import Severity


@dataclass
class DeviceUsage:
    """What lives on one device: tensors counted once each, even when shared under two names."""

    device: str
    parameters: int = 0
    parameter_bytes: int = 0
    buffers: int = 0
    buffer_bytes: int = 0
    total_memory: int | None = None

    @property
    def bytes(self) -> int:
        return self.parameter_bytes + self.buffer_bytes


@dataclass
class ModuleRow:
    """One module and its own tensors (not its children's)."""

    name: str
    type: str
    devices: tuple[str, ...]
    parameters: int = 0
    parameter_bytes: int = 0
    buffers: int = 0
    buffer_bytes: int = 0
    subtree_devices: tuple[str, ...] = ()
    subtree_bytes: int = 0

    @property
    def bytes(self) -> int:
        return self.parameter_bytes + self.buffer_bytes


@dataclass
class Block:
    """A unit of placement as drawn on the map: one module, or a run of numbered siblings."""

    name: str
    device: str
    bytes: int
    modules: tuple[str, ...]


@dataclass
class Transfer:
    """Tensors copied from one device to another during the observed forward, at one module."""

    source: str
    target: str
    module: str
    count: int = 0
    bytes: int = 0
    weights: bool = False


@dataclass
class Creation:
    """Tensors made by a factory inside forward on another device than the module computes on."""

    module: str
    function: str
    device: str
    expected: str
    count: int = 0
    shape: tuple[int, ...] = ()
    device_given: bool = False


@dataclass
class BlockActivation:
    """Where a placement block's outputs were during the observed forward."""

    module: str
    calls: int = 0
    output_devices: tuple[str, ...] = ()
    output_bytes: int = 0


@dataclass
class ForwardObservation:
    """What one observed forward pass did: transfers, creations and the output's device."""

    completed: bool
    seconds: float = 0.0
    input_devices: dict[str, str] = field(default_factory=dict)
    output_devices: dict[str, str] = field(default_factory=dict)
    transfers: list[Transfer] = field(default_factory=list)
    creations: list[Creation] = field(default_factory=list)
    activations: list[BlockActivation] = field(default_factory=list)
    error: str | None = None
    error_type: str | None = None
    error_module: str | None = None
    error_site: str | None = None  # the model code's line that raised: "pkg/file.py:12 in f"

    @property
    def transfer_bytes(self) -> int:
        return sum(t.bytes for t in self.transfers)


@dataclass
class AuditFinding:
    """One placement problem in the model, named by the module it is about."""

    code: str
    severity: Severity
    module: str
    message: str
    pattern: str | None = None
    tensors: tuple[str, ...] = ()


@dataclass
class AuditReport:
    """Everything `torchplace.audit` found; see the module docstring for the formats."""

    model: str
    devices: list[DeviceUsage]
    modules: list[ModuleRow]
    blocks: list[Block]
    findings: list[AuditFinding]
    forward: ForwardObservation | None = None
    hf_device_map: dict[str, str] | None = None
    parallel_wrapper: str | None = None
    title: str = ""
    generation: Any = None  # a GenerationObservation (torchplace.audit.generation) or None
    moe: list[Any] = field(default_factory=list)  # ExpertRouting per MoE layer (audit.moe)

    @property
    def device_names(self) -> list[str]:
        return [usage.device for usage in self.devices]

    @property
    def errors(self) -> list[AuditFinding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (what `--json` writes)."""
        data: dict[str, Any] = dataclasses.asdict(self)
        for usage, row in zip(data["devices"], self.devices, strict=True):
            usage["bytes"] = row.bytes
        for finding in data["findings"]:
            finding["severity"] = finding["severity"].value
        return data

    def text(self, *, all_modules: bool = False) -> str:
        """The terminal rendering: devices, layer map, transfers, findings."""
        from torchplace.audit.formats.text import render

        return render(self, all_modules=all_modules)

    def svg(self) -> str:
        """A self-contained SVG map of layers by device with the transfers drawn between them."""
        from torchplace.audit.formats.svg import render

        return render(self)

    def html(self) -> str:
        """A static HTML page holding the SVG map and the report's tables."""
        from torchplace.audit.formats.html import render

        return render(self)

    def __str__(self) -> str:
        return self.text()
