"""Try the cure a finding proposes: the model placed again with the split module kept whole.

`split-module-uses-own-weights` says to keep a module whole (`no_split_module_classes`). For
a map the audit inferred (`auto`, `balanced`, ...), someone choosing a map wants to know that
this works, and what the map then looks like: the model is placed again with the class added
to the no-split classes, the same forward is observed, and the finding says what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from torch import nn

from torchplace.audit.report import AuditReport

CODE = "split-module-uses-own-weights"


def keep_whole_class(report: AuditReport, model: nn.Module) -> str | None:
    """The class the report says to keep whole, if it holds that finding."""
    for finding in report.findings:
        if finding.code == CODE:
            try:
                return type(model.get_submodule(finding.module)).__name__
            except AttributeError:
                return None
    return None


def confirm(
    report: AuditReport,
    model: nn.Module,
    place: Callable[[tuple[str, ...]], nn.Module],
    observe: Callable[[nn.Module], AuditReport],
) -> None:
    """Place again with the class kept whole (`place(extra no-split classes)`), observe the
    forward (`observe(model)`), and add what happened to the finding's message."""
    kind = keep_whole_class(report, model)
    if kind is None:
        return
    finding = next(f for f in report.findings if f.code == CODE)
    try:
        retried = observe(place((kind,)))
    except ValueError as error:  # the placement refused (PlacementError): say so
        finding.message += f" Tried: with {kind} kept whole the model cannot be placed ({error})."
        return
    forward = retried.forward
    devices = _devices_of(retried, finding.module)
    if forward is not None and forward.completed:
        finding.message += (
            f" Tried: with {kind} kept whole, the same strategy puts `{finding.module}` on "
            f"{devices} and the observed forward completes."
        )
    else:
        reason = forward.error if forward is not None else "no forward"
        finding.message += f" Tried: with {kind} kept whole the forward still fails ({reason})."


def _devices_of(report: AuditReport, module: str) -> str:
    rows: dict[str, Any] = {row.name: row for row in report.modules}
    row = rows.get(module)
    devices = row.subtree_devices if row is not None else ()
    return ", ".join(devices) if devices else "one device"
