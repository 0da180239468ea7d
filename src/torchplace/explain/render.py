"""The text and JSON forms of a diagnosis (pure)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from typing import Any

from torchplace.explain.model import SCHEMA_VERSION, Diagnosis, ModuleInfo, Operand, ThreadInfo

_TITLES = {
    "device-mismatch": "device mismatch",
    "collective-device": "collective on a tensor on the wrong GPU",
    "invalid-device-ordinal": "invalid device ordinal",
    "cuda-context": "no valid CUDA context in this thread",
    "fork-after-cuda-init": "CUDA used in a forked child",
    "parallel-config": "parallel configuration does not fit",
    "checkpoint-device": "checkpoint restored onto a CUDA device",
    "meta-tensor": "meta (offloaded) tensor used",
    "data-parallel-device": "nn.DataParallel module not on device_ids[0]",
    "cpu-tensor-collective": "CPU tensor handed to an NCCL collective",
    "cuda-ipc": "CUDA tensor shared between processes outlived its producer",
    "ddp-module-device": "DistributedDataParallel module not on its rank's one GPU",
    "fsdp-compute-device": "FSDP rank not computing on its own GPU",
    "other": "not a device-placement error",
}


def headline(d: Diagnosis) -> str:
    """One line: what failed, in which op, between which devices."""
    text = _TITLES.get(d.kind, d.kind)
    if d.kind == "collective-device" and "bus_id" in d.facts:
        text = "two ranks on one GPU (NCCL: Duplicate GPU detected)"
    if d.op:
        text += f" in {d.op}"
    if len(d.devices) >= 2:
        text += f": {d.devices[0]} vs {d.devices[1]}"
    elif d.devices:
        text += f": {d.devices[0]}"
    if d.argument:
        text += f" (argument `{d.argument}`)"
    return text


def render_text(d: Diagnosis, prefix: str = "") -> str:
    """The human report; each line starts with `prefix` (e.g. `[rank1]: ` under torchrun)."""
    if not d.known:
        what = f"{d.category}, " if d.category else "unknown error, "
        lines = [
            f"torchplace explain: {what}not a device-placement failure: "
            f"{d.exception_type}: {_first_line(d.message)}"
        ]
        if d.user_frame is not None:
            lines.append(f"  at {_short(d.user_frame.where())} in {d.user_frame.function}")
        lines += [f"  note:     {n}" for n in d.notes]
        return "\n".join(prefix + line for line in lines)
    rank = f" [rank {d.rank}]" if d.rank is not None else ""
    lines = [f"torchplace explain{rank}: {headline(d)}"]
    lines += _facts(d)
    lines += _frames(d)
    lines += _operands(d.operands)
    if d.module is not None:
        lines += _module(d.module)
    if d.thread is not None:
        lines.append("  thread:   " + _thread(d.thread))
    lines += _pattern(d)
    lines += [f"  note:     {n}" for n in d.notes]
    return "\n".join(prefix + line for line in lines)


def _facts(d: Diagnosis) -> list[str]:
    facts = dict(d.facts)
    lines = []
    ranks = facts.pop("ranks", None)
    if ranks:
        lines.append("  ranks:    " + ", ".join(str(r) for r in ranks))
    if facts:
        lines.append("  facts:    " + ", ".join(f"{k} {v}" for k, v in facts.items()))
    if d.reports > 1:
        lines.append(f"  reported: {d.reports} times in the log (several ranks or re-raised)")
    return lines


def _frames(d: Diagnosis) -> list[str]:
    lines = []
    for label, frame in (("failing line", d.user_frame), ("in library", d.library_frame)):
        if frame is None:
            continue
        lines.append(f"  {label + ':':<14}{_short(frame.where())} in {frame.function}")
        if frame.source:
            lines.append(f"      {frame.source.strip()}")
    return lines


def _operands(operands: Sequence[Operand]) -> list[str]:
    if not operands:
        return []
    width = min(max(len(o.expr) for o in operands), 40)
    lines = ["  operands:"]
    for o in operands:
        parts = [o.kind]
        if o.device:
            parts.append(o.device)
        if o.shape is not None:
            parts.append("[" + ", ".join(str(s) for s in o.shape) + "]")
        if o.dtype:
            parts.append(o.dtype)
        text = f"    {o.expr:<{width}}  {' '.join(parts)}"
        if o.origin is not None:
            text += f"  ({o.origin.describe()})"
        if o.note:
            text += f"  ({o.note})"
        lines.append(text)
    return lines


def _module(m: ModuleInfo) -> list[str]:
    root = f" in {m.root_class}" if m.root_class else ""
    lines = [f"  module:   {m.qualname} ({m.class_name}{root})"]
    lines.append(
        f"    parameters on {_counts(m.parameter_devices)}; buffers on {_counts(m.buffer_devices)}"
    )
    if m.strays:
        strays = ", ".join(f"{name} ({dev})" for name, dev in list(m.strays.items())[:6])
        lines.append(f"    not with the rest: {strays}")
    return lines


def _counts(devices: dict[str, int]) -> str:
    if not devices:
        return "none"
    return ", ".join(f"{dev} ({n})" for dev, n in devices.items())


def _thread(t: ThreadInfo) -> str:
    text = f"{t.name}{' (main)' if t.is_main else ''}"
    if t.current_device is not None:
        text += f", current CUDA device cuda:{t.current_device}"
    if t.rank is not None:
        text += f"; rank {t.rank}"
        if t.world_size is not None:
            text += f" of {t.world_size}"
    if t.local_rank is not None:
        text += f", LOCAL_RANK {t.local_rank} expects cuda:{t.local_rank}"
        if t.current_device is not None and t.current_device != t.local_rank:
            text += " (mismatch)"
    return text


def _pattern(d: Diagnosis) -> list[str]:
    p = d.pattern
    if p is None:
        return ["  pattern:  none of the catalogue's patterns fits"]
    lines = [f"  pattern:  {p.id}: {p.title}"]
    if p.reasons:
        lines.append("    why:    " + "; ".join(dict.fromkeys(p.reasons)))
    lines.append(f"    cause:  {p.cause}")
    lines.append(f"    fix:    {p.fix}")
    for example_line in p.fix_example.splitlines():
        lines.append(f"            {example_line}")
    if p.alternatives:
        lines.append("    also possible: " + ", ".join(p.alternatives))
    return lines


def _short(where: str) -> str:
    """Shorten a site-packages path to the package-relative part."""
    for marker in ("site-packages" + os.sep, "dist-packages" + os.sep):
        if marker in where:
            return where.split(marker, 1)[1]
    cwd = os.getcwd() + os.sep
    return where[len(cwd) :] if where.startswith(cwd) else where


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def to_json(diagnoses: Iterable[Diagnosis], **extra: Any) -> str:
    """The machine-readable report: `{"schema": 1, "tool": ..., "diagnoses": [...]}`."""
    data: dict[str, Any] = {"schema": SCHEMA_VERSION, "tool": "torchplace explain"}
    data.update(extra)
    data["diagnoses"] = [d.to_dict() for d in diagnoses]
    return json.dumps(data, indent=2, default=str) + "\n"
