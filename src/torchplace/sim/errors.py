"""Errors raised by the simulator itself, and how they name the user's line."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import os
import sys
from types import FrameType, TracebackType

import torch

# Frames inside these packages are library code; the "user's line" is the innermost other frame.
_LIBRARY_ROOTS = (
    os.path.dirname(os.path.abspath(torch.__file__ or "")),
    os.path.dirname(os.path.abspath(__file__)),
)
_LIBRARY_NAMES = ("transformers", "accelerate", "peft", "torchplace")


class NotSimulatedError(RuntimeError):
    """An operation that the simulator cannot reproduce without running real GPU code."""


class DataNeededError(NotSimulatedError):
    """An operation that needs a tensor's values, which a virtual GPU does not hold.

    Raised by `.item()`, `bool(t)`, `.tolist()`, `.numpy()`, `nonzero`, boolean-mask indexing
    and similar on a tensor that holds no values (one built on the meta device, or too large to
    keep). Tensors moved to a virtual GPU from real CPU tensors keep their values, so small
    programs (and `generate()` on a small model) run for real.
    """


_SIM_ROOT = os.path.dirname(os.path.abspath(__file__)) + os.sep


def hide_sim_frames(error: BaseException) -> None:
    """Cut the simulator's own frames off the inner end of `error`'s traceback, in place.

    A simulated error then ends, as on a real GPU, at the line that called the torch op; type
    and message are unchanged. Frames of sim code that called back into user or library code
    (and failed there) are kept.
    """
    last_kept: TracebackType | None = None
    tb = error.__traceback__
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_SIM_ROOT):
            last_kept = tb
        tb = tb.tb_next
    if last_kept is not None:
        last_kept.tb_next = None


def _is_library_file(filename: str) -> bool:
    path = os.path.abspath(filename)
    if path.startswith(_LIBRARY_ROOTS) or filename.startswith("<frozen"):
        return True
    parts = path.split(os.sep)
    return any(name in parts for name in _LIBRARY_NAMES) and "site-packages" in parts


def user_frame(frame: FrameType | None = None) -> FrameType | None:
    """The innermost frame outside torch, transformers, accelerate and torchplace."""
    current: FrameType | None = frame or sys._getframe(1)
    while current is not None:
        if not _is_library_file(current.f_code.co_filename):
            return current
        current = current.f_back
    return None


def where() -> str:
    """`file:line` of the user's line, for messages; empty when none is found."""
    frame = user_frame(sys._getframe(1))
    if frame is None:
        return ""
    return f" (at {frame.f_code.co_filename}:{frame.f_lineno})"


def data_needed(what: str) -> DataNeededError:
    """The error for an operation that needs values a virtual tensor does not hold."""
    return DataNeededError(
        f"torchplace sim: {what} needs data; not simulated{where()}. The tensor holds no "
        "values (it was built on the meta device or is too large to keep); make the inputs "
        "from real CPU tensors to keep values, or avoid reading values under simulation."
    )


def not_simulated(what: str) -> NotSimulatedError:
    """The error for an operation the simulator has no implementation for."""
    return NotSimulatedError(f"torchplace sim: {what} is not simulated{where()}.")
