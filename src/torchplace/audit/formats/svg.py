"""A self-contained SVG map: one column per device, its layers and memory, transfers as arrows.

No script and no external reference: hovering shows `<title>` tooltips in any browser, and the
file is valid XML (a test parses it with `xml.etree`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from torchplace.audit._tensors import device_sort_key, human_bytes
from torchplace.audit.report import AuditReport, Block, Transfer
from torchplace.report import Severity

COLUMN, GAP, MARGIN, ROW, HEADER = 230, 110, 24, 26, 64
_COLORS = ["#4e79a7", "#59a14f", "#9c755f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#bab0ac"]
_SEVERITY_COLOR = {Severity.ERROR: "#d62728", Severity.WARNING: "#ff7f0e", Severity.NOTE: "#7f7f7f"}


@dataclass
class _Layout:
    devices: list[str]
    rows: dict[str, list[Block]]
    top: int

    def x(self, device: str) -> int:
        return MARGIN + self.devices.index(device) * (COLUMN + GAP)

    def height(self) -> int:
        return self.top + HEADER + max((len(r) for r in self.rows.values()), default=1) * ROW + 12


def render(report: AuditReport) -> str:
    """The SVG document as a string."""
    layout = _layout(report)
    width = MARGIN * 2 + len(layout.devices) * COLUMN + (len(layout.devices) - 1) * GAP
    columns_bottom = layout.height()
    loops = [t for t in _routes(report) if _backward(layout, t)]
    height = columns_bottom + 40 + 22 * len(loops) + 20 * _footer_lines(report)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#333"/></marker></defs>',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        _text(MARGIN, 24, f"torchplace audit: {report.title or report.model}", size=15, bold=True),
    ]
    flagged = _flagged_modules(report)
    for index, device in enumerate(layout.devices):
        parts += _column(report, layout, device, _COLORS[index % len(_COLORS)], flagged)
    for number, route in enumerate(_routes(report)):
        parts += _arrow(
            layout, route, columns_bottom, loops.index(route) if route in loops else number
        )
    parts += _footer(report, MARGIN, columns_bottom + 40 + 22 * len(loops), width)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _layout(report: AuditReport) -> _Layout:
    names = set(report.device_names) | {b.device for b in report.blocks}
    if report.forward is not None:
        for t in report.forward.transfers:
            names |= {t.source, t.target}
    rows: dict[str, list[Block]] = defaultdict(list)
    for block in report.blocks:
        rows[block.device].append(block)
    return _Layout(sorted(names, key=device_sort_key), rows, 40)


def _column(
    report: AuditReport, layout: _Layout, device: str, color: str, flagged: dict[str, Severity]
) -> list[str]:
    x, top = layout.x(device), layout.top
    usage = next((d for d in report.devices if d.device == device), None)
    used = usage.bytes if usage else 0
    total = usage.total_memory if usage else None
    memory = f"{human_bytes(used)} of {human_bytes(total)}" if total else human_bytes(used)
    parts = [
        f'<g class="device" data-device={quoteattr(device)}>',
        f'<rect x="{x}" y="{top}" width="{COLUMN}" height="{layout.height() - top}" rx="8" '
        f'fill="#f7f7f7" stroke="{color}" stroke-width="2"/>',
        _text(x + 10, top + 20, device, size=14, bold=True, fill=color),
        _text(x + 10, top + 38, memory, size=11),
    ]
    fraction = min(1.0, used / total) if total else 0.0
    parts.append(
        f'<rect x="{x + 10}" y="{top + 45}" width="{COLUMN - 20}" height="8" fill="#ddd"/>'
    )
    parts.append(
        f'<rect x="{x + 10}" y="{top + 45}" width="{(COLUMN - 20) * fraction:.1f}" height="8" '
        f'fill="{color}"><title>{escape(f"{fraction:.1%} of device memory")}</title></rect>'
    )
    biggest = max((b.bytes for b in report.blocks), default=1) or 1
    for row, block in enumerate(layout.rows.get(device, [])):
        parts += _block(block, x, top + HEADER + row * ROW, color, biggest, flagged)
    parts.append("</g>")
    return parts


def _block(
    block: Block, x: int, y: int, color: str, biggest: int, flagged: dict[str, Severity]
) -> list[str]:
    severity = next((s for m, s in flagged.items() if _inside(m, block)), None)
    stroke = _SEVERITY_COLOR[severity] if severity else "#999"
    share = max(2.0, (COLUMN - 20) * block.bytes / biggest)
    label = block.name if len(block.name) <= 30 else "..." + block.name[-27:]
    tip = f"{block.name}: {human_bytes(block.bytes)} on {block.device}"
    if len(block.modules) > 1:
        tip += f" ({len(block.modules)} blocks)"
    return [
        f'<g class="block"><title>{escape(tip)}</title>',
        f'<rect x="{x + 10}" y="{y}" width="{COLUMN - 20}" height="{ROW - 4}" rx="3" fill="#fff" '
        f'stroke="{stroke}" stroke-width="{2 if severity else 1}"/>',
        f'<rect x="{x + 10}" y="{y + ROW - 8}" width="{share:.1f}" height="4" fill="{color}"/>',
        _text(x + 14, y + 14, label, size=11),
        _text(
            x + COLUMN - 14, y + 14, human_bytes(block.bytes), size=10, anchor="end", fill="#555"
        ),
        "</g>",
    ]


def _inside(module: str, block: Block) -> bool:
    return any(module == m or module.startswith(m + ".") or m == "" for m in block.modules)


def _flagged_modules(report: AuditReport) -> dict[str, Severity]:
    flagged: dict[str, Severity] = {}
    for finding in report.findings:
        if finding.module and finding.severity is not Severity.NOTE:
            flagged.setdefault(finding.module, finding.severity)
    return flagged


@dataclass(frozen=True)
class _Route:
    source: str
    target: str
    first_module: str
    count: int
    bytes: int
    modules: int


def _routes(report: AuditReport) -> list[_Route]:
    """Transfers grouped by (from, to): drawn once, ending at the first module they reach."""
    if report.forward is None:
        return []
    grouped: dict[tuple[str, str], list[Transfer]] = defaultdict(list)
    for t in report.forward.transfers:
        grouped[(t.source, t.target)].append(t)
    return [
        _Route(s, d, ts[0].module, sum(t.count for t in ts), sum(t.bytes for t in ts), len(ts))
        for (s, d), ts in grouped.items()
    ]


def _backward(layout: _Layout, route: _Route) -> bool:
    """Routes drawn in a lane under the columns: all but those to the next column."""
    return layout.devices.index(route.target) != layout.devices.index(route.source) + 1


def _row_y(layout: _Layout, device: str, module: str) -> float:
    for row, block in enumerate(layout.rows.get(device, [])):
        if module and _inside(module, block):
            return layout.top + HEADER + row * ROW + ROW / 2 - 2
    return layout.top + HEADER / 2


def _arrow(layout: _Layout, route: _Route, bottom: int, index: int) -> list[str]:
    sx, tx = layout.x(route.source), layout.x(route.target)
    ty = _row_y(layout, route.target, route.first_module)
    label = f"{route.count} tensors, {human_bytes(route.bytes)}"
    where = route.first_module or "(model)"
    tip = (
        f"{route.source} -> {route.target}: {route.count} tensors, {human_bytes(route.bytes)}, "
        f"at {route.modules} module(s), first at {where}"
    )
    if _backward(layout, route):
        y = float(bottom + 22 * (index + 1))
        shift = (index % 7 - 3) * 14
        start = (sx + COLUMN / 2 + shift, float(bottom))
        end = (tx + COLUMN / 2 + shift, float(bottom))
        path = f"M{start[0]},{start[1]} L{start[0]},{y} L{end[0]},{y} L{end[0]},{end[1]}"
        lx, ly = (start[0] + end[0]) / 2, y - 3
    else:
        sy = _source_y(layout, route.source)
        start, end = (float(sx + COLUMN), sy), (float(tx), ty)
        mid = (start[0] + end[0]) / 2
        path = f"M{start[0]},{start[1]} C{mid},{start[1]} {mid},{end[1]} {end[0]},{end[1]}"
        lx, ly = mid, (start[1] + end[1]) / 2 - 6
    return [
        f'<g class="transfer"><title>{escape(tip)}</title>',
        f'<path d="{path}" fill="none" stroke="#333" stroke-width="1.6" marker-end="url(#arrow)"/>',
        _text(lx, ly, label, size=10, anchor="middle", fill="#333"),
        "</g>",
    ]


def _source_y(layout: _Layout, device: str) -> float:
    rows = layout.rows.get(device, [])
    return layout.top + HEADER + max(len(rows) - 1, 0) * ROW + ROW / 2 - 2


def _footer_lines(report: AuditReport) -> int:
    return 2 + min(len(report.findings), 8)


def _footer(report: AuditReport, x: int, y: int, width: int) -> list[str]:
    forward = report.forward
    if forward is None:
        first = "no forward observed (pass inputs to observe one)"
    elif forward.completed:
        outputs = ", ".join(f"{k} on {v}" for k, v in list(forward.output_devices.items())[:3])
        moved = human_bytes(forward.transfer_bytes)
        first = f"forward completed; {moved} moved between devices; {outputs}"
    else:
        first = f"forward FAILED in {forward.error_module or '?'}: {forward.error or ''}"
    chars = max(40, (width - 2 * x) // 7)
    parts = [_text(x, y, _clip(first, chars), size=12, bold=True)]
    errors = len(report.errors)
    parts.append(_text(x, y + 20, f"{len(report.findings)} findings, {errors} errors", size=11))
    for i, finding in enumerate(report.findings[:8]):
        text = f"{finding.severity.value}: {finding.code} at {finding.module or '(model)'}"
        parts.append(
            _text(
                x,
                y + 40 + 20 * i,
                _clip(text, chars),
                size=11,
                fill=_SEVERITY_COLOR[finding.severity],
            )
        )
    return parts


def _text(
    x: float, y: float, content: str, *, size: int = 12, bold: bool = False,
    anchor: str = "start", fill: str = "#222",
) -> str:  # fmt: skip
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}"{weight}>{escape(content)}</text>'
    )


def _clip(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 3] + "..."
