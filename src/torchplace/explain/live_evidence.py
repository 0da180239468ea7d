"""Evidence about where a stray tensor came from, read from the live frames.

- whether an operand is one of the program's own inputs (the same object is held by the
  outermost user frame: `input_ids`, `batch["labels"]`);
- whether the failing function assigns `.data` (parameters moved inside forward);
- which device a failing `set_device(n)` / `device=...` call asked for.
"""

from __future__ import annotations

import re
from types import FrameType
from typing import Any

from torchplace.explain import live_frames
from torchplace.explain.live_frames import LiveFrame
from torchplace.explain.live_operands import _enclosing_function, _parse_file

_DATA_ASSIGN = re.compile(r"\.data\s*=(?!=)")


def outer_user_frames(frames: list[LiveFrame]) -> list[FrameType]:
    """User frames from the outermost in, including callers above the traceback's top."""
    found: list[FrameType] = []
    if frames:
        above = frames[0].frame.f_back
        while above is not None:
            if not live_frames.is_library(above.f_code.co_filename) and not (
                live_frames.is_internal(above.f_code.co_filename)
            ):
                found.insert(0, above)
            above = above.f_back
    found += [f.frame for f in frames if not live_frames.is_library(f.path)]
    return found


def program_input_name(value: Any, frames: list[LiveFrame]) -> str | None:
    """`batch['labels']` when `value` is held by the outermost user frame (a program input)."""
    user_frames = outer_user_frames(frames)
    if len(user_frames) < 2 or not _model_in(user_frames):
        return None
    outermost = user_frames[0]
    for name, held in list(outermost.f_locals.items()):
        if held is value:
            return name
        for key, item in _children(held):
            if item is value:
                return f"{name}[{key!r}]"
    return None


def _model_in(user_frames: list[FrameType]) -> bool:
    """Inputs are only "not on the model's device" when there is a model."""
    import torch

    for frame in user_frames:
        for value in list(frame.f_locals.values()):
            if isinstance(value, torch.nn.Module):
                return True
    return False


def _children(held: Any) -> list[tuple[Any, Any]]:
    if isinstance(held, dict):
        return list(held.items())[:64]
    if isinstance(held, (list, tuple)):
        return list(enumerate(held))[:64]
    data = getattr(held, "data", None)  # transformers' BatchEncoding keeps a dict in `.data`
    return list(data.items())[:64] if isinstance(data, dict) else []


def data_assignment_line(frame: LiveFrame) -> int | None:
    """The line of a `x.data = ...` in the failing function above the failing line."""
    tree = _parse_file(frame.path)
    function = _enclosing_function(tree, frame) if tree is not None else None
    if function is None:
        return None
    import ast

    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and node.lineno <= frame.lineno:
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "data":
                    return node.lineno
    return None
