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
        # Callers above the traceback (a `with explain():` block's function and its callers),
        # up to torchplace's own runner: what launched the program is not the program.
        above = frames[0].frame.f_back
        while above is not None and not live_frames.is_internal(above.f_code.co_filename):
            if not live_frames.is_library(above.f_code.co_filename):
                found.insert(0, above)
            above = above.f_back
    found += [f.frame for f in frames if not live_frames.is_library(f.path)]
    return found


def program_input_name(value: Any, frames: list[LiveFrame]) -> str | None:
    """`batch['labels']` when `value` is held by the outermost user frame (a program input)."""
    user_frames = outer_user_frames(frames)
    # An input is handed from the program's own code to a model: either several user frames,
    # or one (the script) calling into a library model (transformers) that failed.
    handed_over = len(user_frames) >= 2 or (
        bool(frames) and live_frames.is_library(frames[-1].path)
    )
    if not user_frames or not handed_over or not _model_in(user_frames):
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


def attribute_assignment(module: Any, attribute: str, path: str) -> tuple[int, str] | None:
    """The first place the module's class, defined in `path`, sets `self.<attribute> = ...`:
    (line, "function: value source")."""
    found = _all_assignments(module, attribute, path)
    return (found[0][0], f"{found[0][1]}: {found[0][2]}") if found else None


def _all_assignments(module: Any, attribute: str, path: str) -> list[tuple[int, str, str]]:
    import ast

    tree = _parse_file(path)
    if tree is None:
        return []
    names = {cls.__name__ for cls in type(module).__mro__}
    found: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef) or node.name not in names:
            continue
        for function in node.body:
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for statement in ast.walk(function):
                value = _assigned_value(statement, attribute)
                if value is not None:
                    line = statement.lineno  # type: ignore[attr-defined]
                    found.append((line, function.name, ast.unparse(value)))
    return sorted(found)


def attribute_assignments(module: Any, attribute: str, path: str) -> str:
    """Every `self.<attribute> = ...` in the module's class, as one note (up to three)."""
    found = _all_assignments(module, attribute, path)
    parts = [f"in `{where}` at line {line}: `{value}`" for line, where, value in found[:3]]
    return "set " + "; ".join(parts) if parts else ""


def _assigned_value(statement: Any, attribute: str) -> Any:
    import ast

    if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
        return None
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    for target in targets:
        if (
            isinstance(target, ast.Attribute)
            and target.attr == attribute
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
        ):
            return statement.value
    return None
