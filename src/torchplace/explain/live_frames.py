"""Walk a traceback: the innermost user frame, the innermost library frame, the whole stack."""

from __future__ import annotations

import importlib.util
import linecache
import os
import re
import sys
import sysconfig
from dataclasses import dataclass
from types import FrameType, TracebackType

from torchplace.explain.model import FrameRef

_TORCHPLACE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LIBRARY_ROOTS = tuple(
    {
        os.path.abspath(p) + os.sep
        for p in (
            sysconfig.get_paths().get("stdlib"),
            sysconfig.get_paths().get("purelib"),
            sysconfig.get_paths().get("platlib"),
        )
        if p
    }
)


def _package_dirs(*names: str) -> tuple[str, ...]:
    """Where these packages are installed, found without importing them."""
    found = []
    for name in names:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        for location in (spec.submodule_search_locations or []) if spec else []:
            found.append(os.path.abspath(location) + os.sep)
    return tuple(found)


# By location, not by a "/torch/" anywhere in the path: a virtual environment may itself live
# under a folder named torch (e.g. /opt/torch/.venv), and then every package would look like torch.
_TORCH_DIRS = _package_dirs("torch", "torchvision")
_TORCH_IN_SITE = re.compile(r"[/\\](?:site|dist)-packages[/\\]torch(?:vision)?[/\\]")


@dataclass
class LiveFrame:
    """A traceback frame with its live frame object (for locals) and its position."""

    frame: FrameType
    lineno: int
    lasti: int

    @property
    def path(self) -> str:
        return self.frame.f_code.co_filename

    def ref(self) -> FrameRef:
        source = linecache.getline(self.path, self.lineno).strip()
        return FrameRef(self.path, self.lineno, self.frame.f_code.co_name, source)


def is_internal(path: str) -> bool:
    """torchplace's own frames (hooks, `run`, the explainer) and runpy: never shown."""
    absolute = os.path.abspath(path)
    if absolute.startswith(_TORCHPLACE_DIR + os.sep):
        return True
    return _is_runpy(path)


def _is_runpy(path: str) -> bool:
    return os.path.basename(path) == "runpy.py" or path.startswith("<frozen runpy")


def is_library(path: str) -> bool:
    """Code the user did not write: the standard library and installed packages."""
    if path.startswith("<"):
        return not path.startswith(("<stdin>", "<string>", "<ipython"))
    absolute = os.path.abspath(path)
    if "site-packages" in absolute or "dist-packages" in absolute:
        return True
    return absolute.startswith(_LIBRARY_ROOTS)


def is_torch(path: str) -> bool:
    absolute = os.path.abspath(path)
    return absolute.startswith(_TORCH_DIRS) or _TORCH_IN_SITE.search(absolute) is not None


_TORCH_PUBLIC = (
    os.sep + os.path.join("torch", "nn") + os.sep,
    os.sep + os.path.join("torch", "functional.py"),
    os.sep + os.path.join("torch", "distributed") + os.sep,
    os.sep + os.path.join("torch", "cuda") + os.sep,
    os.sep + os.path.join("torch", "_tensor.py"),
)


def is_torch_internal(path: str) -> bool:
    """torch's machinery (dispatch, fake tensors, dynamo, pytree): never the place to look."""
    if not is_torch(path):
        return False
    absolute = os.path.abspath(path)
    inside = next((absolute[len(d) - 1 :] for d in _TORCH_DIRS if absolute.startswith(d)), None)
    if inside is None:  # found by the site-packages pattern: keep what follows "torch"
        match = _TORCH_IN_SITE.search(absolute)
        inside = absolute[match.end() - 1 :] if match else absolute
        inside = os.sep + "torch" + inside
    else:
        inside = os.sep + "torch" + inside
    return not any(part in inside for part in _TORCH_PUBLIC)


def walk(tb: TracebackType | None) -> list[LiveFrame]:
    """The traceback's frames, outermost first, without torchplace's own and without torch's
    dispatch machinery below the last public frame (fake tensors, dynamo wrappers, pytree)."""
    frames: list[LiveFrame] = []
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename
        if _is_runpy(path):
            frames = []  # whatever launched the program through runpy is not the program
        elif not is_internal(path):
            frames.append(LiveFrame(tb.tb_frame, tb.tb_lineno, tb.tb_lasti))
        tb = tb.tb_next
    while len(frames) > 1 and is_torch_internal(frames[-1].path):
        frames.pop()
    return frames


def innermost_user(frames: list[LiveFrame]) -> LiveFrame | None:
    for frame in reversed(frames):
        if not is_library(frame.path):
            return frame
    return None


def innermost_library(frames: list[LiveFrame]) -> LiveFrame | None:
    """The innermost library frame, preferring a model library (transformers, peft) over torch."""
    library = [f for f in frames if is_library(f.path) and not is_torch_internal(f.path)]
    for frame in reversed(library):
        if not is_torch(frame.path) and "threading.py" not in frame.path:
            return frame
    return library[-1] if library else None


def position(frame: LiveFrame) -> tuple[int, int, int, int] | None:
    """The failing instruction's (line, end_line, col, end_col) on Python 3.11+."""
    positions = getattr(frame.frame.f_code, "co_positions", None)
    if positions is None or frame.lasti < 0:
        return None
    try:
        found = list(positions())[frame.lasti // 2]
    except IndexError:
        return None
    if any(p is None for p in found):
        return None
    line, end_line, col, end_col = found
    assert line is not None and end_line is not None and col is not None and end_col is not None
    return line, end_line, col, end_col


def current_stack_frames(skip: int = 1) -> list[FrameType]:
    """The calling stack (innermost first) beyond `skip` frames: used to find root modules."""
    frame: FrameType | None = sys._getframe(skip + 1)
    out = []
    while frame is not None:
        out.append(frame)
        frame = frame.f_back
    return out
