"""Findings drawn from an observed forward pass."""

from __future__ import annotations

from torchplace.audit.report import AuditFinding, Creation, ForwardObservation
from torchplace.patterns import matching
from torchplace.report import Severity


def forward_findings(observation: ForwardObservation) -> list[AuditFinding]:
    """A failed forward, and tensors created on another device than their module's."""
    found = [_creation_finding(c) for c in observation.creations]
    if not observation.completed:
        found.insert(0, _failure_finding(observation))
    return found


def _failure_finding(observation: ForwardObservation) -> AuditFinding:
    text = observation.error or ""
    patterns = matching(text)
    where = f" in `{observation.error_module}`" if observation.error_module is not None else ""
    return AuditFinding(
        "forward-failed",
        Severity.ERROR,
        observation.error_module or "",
        f"the observed forward raised {observation.error_type}{where}: {text}",
        pattern=patterns[0].id if patterns else None,
    )


def _creation_finding(creation: Creation) -> AuditFinding:
    how = "with an explicit device" if creation.device_given else "without `device=`"
    scalar = creation.device == "cpu" and creation.shape == ()
    severity = Severity.NOTE if scalar else Severity.WARNING
    times = f" ({creation.count} times)" if creation.count > 1 else ""
    return AuditFinding(
        "tensor-created-on-unexpected-device",
        severity,
        creation.module,
        f"`torch.{creation.function}` {how} made a tensor of shape {list(creation.shape)} on "
        f"{creation.device} inside `{creation.module or '(model)'}`, which computes on "
        f"{creation.expected}{times}. Create it on the input's device: "
        f"`torch.{creation.function}(..., device=x.device)`.",
        pattern="hardcoded-cuda-device"
        if creation.device_given
        else "tensor-created-without-device",
    )
