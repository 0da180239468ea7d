"""A static HTML page: the SVG map, then the device, transfer and findings tables. No script."""

from __future__ import annotations

from html import escape

from torchplace.audit._tensors import human_bytes
from torchplace.audit.formats import svg
from torchplace.audit.report import AuditReport

_STYLE = (
    "body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse;"
    "margin:8px 0 24px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}"
    "th{background:#f2f2f2}.error{color:#d62728}.warning{color:#ff7f0e}.note{color:#7f7f7f}"
    ".map{overflow-x:auto}"
)


def render(report: AuditReport) -> str:
    """The HTML document as a string."""
    title = escape(f"torchplace audit: {report.title or report.model}")
    body = [
        f"<h1>{title}</h1>",
        f'<div class="map">{svg.render(report)}</div>',
        "<h2>Devices</h2>",
        _table(
            ["device", "parameters", "parameter bytes", "buffers", "buffer bytes", "memory"],
            [
                [
                    d.device,
                    d.parameters,
                    human_bytes(d.parameter_bytes),
                    d.buffers,
                    human_bytes(d.buffer_bytes),
                    human_bytes(d.total_memory) if d.total_memory else "",
                ]
                for d in report.devices
            ],
        ),
    ]
    if report.forward is not None:
        body += [
            "<h2>Transfers during the observed forward</h2>",
            _table(
                ["from", "to", "at module", "count", "bytes", "what"],
                [
                    [
                        t.source,
                        t.target,
                        t.module or "(model)",
                        t.count,
                        human_bytes(t.bytes),
                        "weights" if t.weights else "activations",
                    ]
                    for t in report.forward.transfers
                ],
            ),
        ]
    body += ["<h2>Findings</h2>", _findings(report)]
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{_STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def _table(header: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    lines = ["".join(f"<td>{escape(str(cell))}</td>" for cell in row) for row in rows]
    body = (
        "".join(f"<tr>{line}</tr>" for line in lines)
        or f'<tr><td colspan="{len(header)}">none</td></tr>'
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _findings(report: AuditReport) -> str:
    if not report.findings:
        return "<p>None.</p>"
    items = [
        f'<li class="{f.severity.value}"><b>{escape(f.severity.value)}</b> '
        f"<code>{escape(f.code)}</code>: {escape(f.message)}</li>"
        for f in report.findings
    ]
    return "<ul>" + "".join(items) + "</ul>"
