"""The terminal rendering of an audit report: devices, a layer tree by device, the forward."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from torchplace.audit._tensors import compress_inner, compress_names, human_bytes
from torchplace.audit.report import AuditReport, Block, DeviceUsage, ForwardObservation, Transfer

_BAR = 20


def render(report: AuditReport, *, all_modules: bool = False) -> str:
    """The whole report as text, sections separated by blank lines."""
    sections = [_header(report), _devices(report.devices), _layer_tree(report)]
    if all_modules:
        sections.append(_module_table(report))
    if report.forward is not None:
        sections.append(_forward(report.forward))
    if report.moe:
        sections.append(_moe(report.moe))
    if report.generation is not None:
        sections.append(_generation(report.generation))
    sections.append(_findings(report))
    return "\n\n".join(s for s in sections if s) + "\n"


def _header(report: AuditReport) -> str:
    title = report.title or report.model
    params = sum(d.parameters for d in report.devices)
    size = human_bytes(sum(d.bytes for d in report.devices))
    wrapper = report.parallel_wrapper or "none"
    entries = len(report.hf_device_map or {})
    mapped = f"{entries} entr{'y' if entries == 1 else 'ies'}" if entries else "none"
    return (
        f"torchplace audit: {title}\n"
        f"{params} parameter tensors, {size} on {len(report.devices)} device(s); "
        f"parallel wrapper: {wrapper}; hf_device_map: {mapped}"
    )


def _devices(devices: list[DeviceUsage]) -> str:
    lines = [f"{'device':<8} {'params':>7} {'param bytes':>12} {'buffers':>8} {'buffer bytes':>13}"
             f" {'total':>10}  memory"]  # fmt: skip
    for d in devices:
        share = ""
        if d.total_memory:
            fraction = d.bytes / d.total_memory
            filled = min(_BAR, round(fraction * _BAR))
            bar = "#" * filled + "." * (_BAR - filled)
            share = f"{bar} {fraction:.0%} of {human_bytes(d.total_memory)}"
        lines.append(
            f"{d.device:<8} {d.parameters:>7} {human_bytes(d.parameter_bytes):>12} {d.buffers:>8} "
            f"{human_bytes(d.buffer_bytes):>13} {human_bytes(d.bytes):>10}  {share}".rstrip()
        )
    return "\n".join(lines)


def _layer_tree(report: AuditReport) -> str:
    by_device: dict[str, list[Block]] = defaultdict(list)
    for block in report.blocks:
        by_device[block.device].append(block)
    lines = ["layers by device (forward order)"]
    width = max((len(b.name) for b in report.blocks), default=10)
    for device in sorted(
        by_device,
        key=report.device_names.index if by_device.keys() <= set(report.device_names) else str,
    ):
        blocks = by_device[device]
        lines.append(f"{device}  {human_bytes(sum(b.bytes for b in blocks))}")
        for i, block in enumerate(blocks):
            branch = "`-" if i == len(blocks) - 1 else "|-"
            count = f"  ({len(block.modules)} blocks)" if len(block.modules) > 1 else ""
            lines.append(f"  {branch} {block.name:<{width}} {human_bytes(block.bytes):>10}{count}")
    return "\n".join(lines)


def _module_table(report: AuditReport) -> str:
    width = max((len(r.name) for r in report.modules), default=10)
    lines = [f"{'module':<{width}} {'type':<24} {'devices':<16} {'own bytes':>10}"]
    for row in report.modules:
        lines.append(
            f"{row.name or '(model)':<{width}} {row.type:<24} {','.join(row.devices):<16} "
            f"{human_bytes(row.bytes):>10}"
        )
    return "\n".join(lines)


def _forward(forward: ForwardObservation) -> str:
    state = "completed" if forward.completed else f"FAILED ({forward.error_type})"
    lines = [f"observed forward: {state} in {forward.seconds:.2f} s"]
    inputs = ", ".join(f"{k} on {v}" for k, v in forward.input_devices.items())
    lines.append(f"  inputs: {inputs or 'none'}")
    if forward.transfers:
        total = human_bytes(forward.transfer_bytes)
        lines.append(f"  transfers between devices ({total}):")
        lines += [f"    {line}" for line in transfer_lines(forward)]
    else:
        lines.append("  transfers between devices: none")
    for c in forward.creations:
        lines.append(
            f"  created on {c.device} (module on {c.expected}): torch.{c.function} in "
            f"{c.module or '(model)'} x{c.count}"
        )
    if forward.completed:
        outputs = ", ".join(f"{k} on {v}" for k, v in forward.output_devices.items())
        lines.append(f"  output: {outputs or 'no tensors'}")
    else:
        lines.append(f"  failed in {forward.error_module or '(unknown module)'}: {forward.error}")
    return "\n".join(lines)


_CHOSEN = {
    "router": "chosen by the router",
    "assigned": "assigned round-robin: the virtual router holds no values",
    "dense": "every expert computes every token",
}


def _moe(routes: list[Any]) -> str:
    """One line per group of layers routed alike (names compressed: layers.0-31)."""
    groups: dict[tuple[Any, ...], list[str]] = defaultdict(list)
    for route in routes:
        key = (route.calls > 0, len(route.reached), route.experts, tuple(route.slots),
               route.chosen_by)  # fmt: skip
        groups[key].append(route.module)
    lines = ["MoE routing (experts reached per layer)"]
    for (called, reached, experts, slots, chosen_by), names in groups.items():
        where = ", ".join(compress_inner(names))
        if not called:
            lines.append(f"  {where}: not called")
            continue
        counts = f", token slots {list(slots)}" if slots else ""
        how = _CHOSEN.get(chosen_by, chosen_by)
        lines.append(f"  {where}: {reached}/{experts} experts{counts} ({how})")
    return "\n".join(lines)


def _generation(generation: Any) -> str:
    state = "completed" if generation.completed else f"FAILED ({generation.error_type})"
    lines = [
        f"observed generate ({generation.requested} new tokens): {state} in "
        f"{generation.seconds:.2f} s"
    ]
    for step in generation.steps:
        routes = ", ".join(f"{route} x{n}" for route, n in step.routes.items())
        copies = f"{step.copies} copies, {human_bytes(step.bytes)}: {routes}" if routes else "none"
        tokens = f"{step.tokens} token{'' if step.tokens == 1 else 's'} in"
        lines.append(f"  step {step.step} ({tokens}): {copies}")
    if generation.completed:
        lines.append(f"  {generation.new_tokens} new tokens, on {generation.output_device}")
    else:
        site = f" at {generation.error_site}" if generation.error_site else ""
        where = generation.error_module or "(model)"
        lines.append(f"  failed in {where}{site}: {generation.error}")
    return "\n".join(lines)


def _findings(report: AuditReport) -> str:
    if not report.findings:
        return "findings: none"
    counts: dict[str, int] = defaultdict(int)
    for finding in report.findings:
        counts[finding.severity.value] += 1
    summary = ", ".join(f"{n} {kind}{'s' if n > 1 else ''}" for kind, n in counts.items())
    lines = [f"findings ({summary}):"]
    for f in report.findings:
        pattern = f" [pattern: {f.pattern}]" if f.pattern else ""
        lines.append(f"  {f.severity.value:<7} {f.code}: {f.message}{pattern}")
    return "\n".join(lines)


def transfer_lines(forward: ForwardObservation) -> list[str]:
    """Transfers grouped by route, with the modules they happened at as ranges."""
    groups: dict[tuple[str, str, bool], list[Transfer]] = defaultdict(list)
    for t in forward.transfers:
        groups[(t.source, t.target, t.weights)].append(t)
    lines = []
    for (source, target, weights), items in groups.items():
        count, size = sum(t.count for t in items), human_bytes(sum(t.bytes for t in items))
        modules = compress_names([t.module for t in items])
        shown = ", ".join(modules[:4]) + (f", +{len(modules) - 4} more" if len(modules) > 4 else "")
        where = f" ({len(items)} modules)" if len(items) > 1 else ""
        what = ("weight" if weights else "tensor") + ("s" if count != 1 else "")
        lines.append(f"{source:>7} -> {target:<7} {count:>4} {what}, {size:>9} at {shown}{where}")
    return lines
