"""Findings drawn from an observed forward pass."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from torchplace.audit._tensors import compress_names, human_bytes
from torchplace.audit.report import AuditFinding, Creation, ForwardObservation, Transfer
from torchplace.patterns import matching
from torchplace.report import Severity

_META_COPY = "Cannot copy out of meta tensor"
_SIM_LIMIT = "not simulated"  # the simulator's own words for an op it cannot run without values


def forward_findings(
    observation: ForwardObservation,
    meta_explained: bool = True,
    blamed: AuditFinding | None = None,
) -> list[AuditFinding]:
    """A failed forward, and tensors created on another device than their module's.

    `meta_explained` is False when nothing in the model is offloaded or on the meta device:
    then a forward that tripped over a meta tensor met one the simulation made, and the
    failure is reported as the audit's own limit, never as the user's offloaded module.
    `blamed` (from `torchplace.audit.blame`) replaces the plain failure finding when the
    failure is known to be the model code's.
    """
    found = [_creation_finding(c) for c in observation.creations]
    found += repeated_copies(observation)
    if not observation.completed:
        text = observation.error or ""
        own = (not meta_explained and _META_COPY in text) or _SIM_LIMIT in text
        failure = _limit_finding(observation) if own else blamed or _failure_finding(observation)
        found.insert(0, failure)
    return found


def _limit_finding(observation: ForwardObservation) -> AuditFinding:
    where = f" in `{observation.error_module}`" if observation.error_module is not None else ""
    return AuditFinding(
        "forward-not-simulated",
        Severity.WARNING,
        observation.error_module or "",
        f"the virtual GPUs could not run this forward{where}: an operation needed values that "
        "the simulation does not hold (value-less weights, or a tensor turned value-less). "
        "Nothing in this model is offloaded or left on the meta device, so this is a limit of "
        "torchplace's simulation, not a placement problem; the placement findings above still "
        f"hold. Audit on a real GPU to observe this forward. ({_first_sentence(observation)})",
    )


def _first_sentence(observation: ForwardObservation) -> str:
    return (observation.error or "").split(". ")[0][:200]


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


def repeated_copies(observation: ForwardObservation, threshold: int = 3) -> list[AuditFinding]:
    """Tensors from one device copied again at many modules: typically once per layer."""
    groups: dict[tuple[str, str, int], list[Transfer]] = defaultdict(list)
    for t in observation.transfers:
        if not t.weights and t.count:
            groups[(t.source, t.target, t.bytes // t.count)].append(t)
    by_source: dict[str, list[Transfer]] = defaultdict(list)
    for (source, _, _), items in groups.items():
        if len(items) >= threshold:
            by_source[source] += items
    found = []
    for source, items in by_source.items():
        targets = sorted({t.target for t in items})
        modules = compress_names([t.module for t in items])
        size = human_bytes(sum(t.bytes for t in items))
        shown = ", ".join(modules[:3]) + (", ..." if len(modules) > 3 else "")
        found.append(
            AuditFinding(
                "activation-copied-at-every-layer",
                Severity.NOTE,
                items[0].module,
                f"tensors made once on {source} are copied again at each of {len(items)} "
                f"modules on {', '.join(targets)} ({sum(t.count for t in items)} copies, {size}; "
                f"{shown}). Placing the module that makes them (often `rotary_emb`) next to "
                "their users, or moving them once per device, saves the copies.",
            )
        )
    return found


def generation_findings(generation: Any) -> list[AuditFinding]:
    """A `generate()` that failed: an error when the error is about devices, else a warning
    naming the model code's line (as for a forward, see `torchplace.audit.blame`)."""
    from torchplace.audit.blame import is_device_error

    if generation.completed:
        return []
    text = generation.error or ""
    step = len(generation.steps) - 1
    at = f"at step {step} " if step >= 0 else "before its first step "
    where = f" in `{generation.error_module}`" if generation.error_module else ""
    site = f" at {generation.error_site}" if generation.error_site else ""
    device = is_device_error(text)
    patterns = matching(text) if device else []
    cause = "" if device else " The error names no device: it is the model code's, not the map's."
    return [
        AuditFinding(
            "generate-failed",
            Severity.ERROR if device else Severity.WARNING,
            generation.error_module or "",
            f"`generate()` for {generation.requested} tokens raised {generation.error_type} "
            f"{at}{where}{site}: {text}.{cause}",
            pattern=patterns[0].id if patterns else None,
        )
    ]
