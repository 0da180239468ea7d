"""Turn a live exception into a Diagnosis: frames, operands, module, thread, pattern."""

from __future__ import annotations

import threading
from types import FrameType
from typing import Any

from torchplace import visible_devices
from torchplace.explain import live_evidence, live_frames, live_operands, live_origins
from torchplace.explain.classify import classify
from torchplace.explain.live_context import env_int, thread_info
from torchplace.explain.messages import ErrorKind, ParsedError, parse
from torchplace.explain.model import Diagnosis, Operand


def diagnose(exc: BaseException, thread: threading.Thread | None = None) -> Diagnosis:
    """Everything explain can find out about `exc`; `kind == "other"` when it is no placement
    error (the frames are still filled in)."""
    message = str(exc)
    parsed = parse(message)
    frames = live_frames.walk(exc.__traceback__)
    user = live_frames.innermost_user(frames)
    library = live_frames.innermost_library(frames)
    diagnosis = Diagnosis(
        kind=parsed.kind.value,
        exception_type=_type_name(exc),
        message=message,
        op=parsed.op,
        devices=list(parsed.devices),
        argument=parsed.argument,
        user_frame=user.ref() if user else None,
        library_frame=library.ref()
        if library and frames.index(library) > _index(frames, user)
        else None,
        stack=[f.ref() for f in frames],
        rank=env_int("RANK"),
    )
    if parsed.kind is ErrorKind.OTHER:
        return diagnosis
    _enrich(diagnosis, parsed, frames, thread)
    diagnosis.pattern = classify(diagnosis, parsed)
    return diagnosis


def _index(frames: list[live_frames.LiveFrame], frame: live_frames.LiveFrame | None) -> int:
    return frames.index(frame) if frame is not None else -1


def _type_name(exc: BaseException) -> str:
    kind = type(exc)
    module = kind.__module__
    return kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"


def _enrich(
    diagnosis: Diagnosis,
    parsed: ParsedError,
    frames: list[live_frames.LiveFrame],
    thread: threading.Thread | None,
) -> None:
    try:
        import torch  # noqa: F401  (live analysis needs torch; log mode never gets here)
    except ImportError:
        return
    diagnosis.thread = thread_info(thread)
    if not frames:
        return
    diagnosis.operands = _operands(frames)
    user = live_frames.innermost_user(frames)
    if diagnosis.op is None:
        diagnosis.op = live_operands.op_name(user or frames[-1])
    if len(diagnosis.devices) < 2:
        _devices_from_operands(diagnosis)
    if parsed.kind in {ErrorKind.COLLECTIVE_DEVICE, ErrorKind.INVALID_ORDINAL}:
        _devices_from_request(diagnosis, frames)
    if user is not None:
        line = live_evidence.data_assignment_line(user)
        if line is not None:
            diagnosis.notes.append(f"`{user.ref().function}` assigns `.data` at line {line}")
    _module(diagnosis, frames)


def _operands(frames: list[live_frames.LiveFrame]) -> list[Operand]:
    """Operands of the innermost frame, then of the user frame if that is another one."""
    from torchplace.explain.live_tensors import describe

    tracker = live_origins.active()
    origin_of = tracker.origin_of if tracker is not None else None

    def describe_with_origin(label: str, value: Any) -> Operand | None:
        return describe(label, value, origin_of)

    chosen = [frames[-1]]
    user = live_frames.innermost_user(frames)
    if user is not None and user is not frames[-1]:
        chosen.append(user)
    operands: list[Operand] = []
    for frame in chosen:
        try:
            for operand, value in live_operands.collect(frame, describe_with_origin):
                _annotate(operand, value, frame, frames, describe_with_origin)
                operands.append(operand)
        except Exception as error:  # never let the explainer fail the explanation
            operands.append(Operand(expr="?", kind="unavailable", note=repr(error)))
    return operands


def _annotate(
    operand: Operand,
    value: Any,
    frame: live_frames.LiveFrame,
    frames: list[live_frames.LiveFrame],
    describe: Any,
) -> None:
    if operand.kind not in {"tensor", "parameter"}:
        return
    if operand.kind == "tensor":
        held_as = live_evidence.program_input_name(value, frames)
        if held_as is not None:
            operand.note = f"a program input (`{held_as}`)"
            return
    if operand.origin is None:
        _trace_back(operand, frame, describe)
    in_user_code = not live_frames.is_library(frame.path)
    if (
        not operand.note
        and in_user_code
        and operand.expr.count(".") == 1
        and operand.expr.startswith("self.")
    ):
        owner = frame.frame.f_locals.get("self")
        if owner is not None:
            operand.note = live_evidence.attribute_assignments(owner, operand.expr[5:], frame.path)


def _devices_from_request(diagnosis: Diagnosis, frames: list[live_frames.LiveFrame]) -> None:
    """The device a failing `set_device` asked for, and the one LOCAL_RANK says to use."""
    for frame in reversed(frames):
        requested = live_operands.requested_device(frame)
        if requested is not None:
            if requested not in diagnosis.devices:
                diagnosis.devices.append(requested)
            diagnosis.notes += _ordinal_notes(requested)
            break
    thread = diagnosis.thread
    if thread is not None and thread.local_rank is not None:
        expected = f"cuda:{thread.local_rank}"
        if expected not in diagnosis.devices:
            diagnosis.devices.append(expected)


def _trace_back(operand: Operand, frame: live_frames.LiveFrame, describe: Any) -> None:
    """For `x` computed earlier in the same function, say from what (and its origin if known)."""
    found = live_operands.derivation(frame, operand.expr)
    if found is None:
        return
    line, source, names = found
    operand.note = f"from `{source}` at line {line}"
    for name in names:
        value = live_operands.evaluate(_parse_expr(name), frame)
        described = describe(name, value)
        if described is None or described.device != operand.device:
            continue
        if described.origin is not None:
            origin = described.origin
            operand.origin = type(origin)(
                origin.path,
                origin.line,
                origin.op,
                origin.device,
                f"{origin.note} (via `{name}`)",
                origin.function,
            )
            return


def _ordinal_notes(requested: str) -> list[str]:
    """Say when a requested device index is really a global rank or a physical GPU id."""
    import os

    index = requested.partition(":")[2]
    if not index.isdigit():
        return []
    rank, local_rank = os.environ.get("RANK"), os.environ.get("LOCAL_RANK")
    notes = []
    if rank == index and local_rank is not None and local_rank != rank:
        notes.append(f"the requested {requested} equals RANK={rank}; LOCAL_RANK is {local_rank}")
    visible = visible_devices.from_environ(os.environ)
    if index in visible.entries:
        position = visible.entries.index(index)
        notes.append(
            f"{requested} is a physical id from CUDA_VISIBLE_DEVICES={visible.raw}; "
            f"torch calls that GPU cuda:{position}"
        )
    return notes


def _parse_expr(text: str) -> Any:
    import ast

    return ast.parse(text, mode="eval").body


def _devices_from_operands(diagnosis: Diagnosis) -> None:
    devices = list(diagnosis.devices)
    for operand in diagnosis.operands:
        if operand.kind in {"tensor", "parameter"} and operand.device not in devices:
            devices.append(operand.device or "")
    diagnosis.devices = [d for d in devices if d]


def _module(diagnosis: Diagnosis, frames: list[live_frames.LiveFrame]) -> None:
    from torchplace.explain.live_tensors import enclosing_module, module_info

    inner_first: list[FrameType] = [f.frame for f in reversed(frames)]
    module = enclosing_module(inner_first)
    if module is None:
        return
    outer: list[FrameType] = list(inner_first)
    # The root model may live in frames outside the traceback (e.g. inside `with explain():`).
    last = inner_first[-1].f_back
    while last is not None:
        outer.append(last)
        last = last.f_back
    try:
        diagnosis.module = module_info(module, outer)
    except Exception as error:
        diagnosis.notes.append(f"could not inspect the module: {error!r}")
