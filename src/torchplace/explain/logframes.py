"""Traceback frames in pasted logs, in every shape they are printed, and whose code they are.

Frames come as CPython prints them (`File "x.py", line 3, in f`, also in the middle of a line
when two processes wrote at once), as IPython/Jupyter prints them (`File /x.py:3, in f(...)`,
`Cell In[5], line 3`, `<ipython-input-9-...> in f(...)` followed by `---> 13 source`) and as
rich draws them (`│ /x.py:3 in f │`, `│ ❱ 3 │ source │`).

Whose code a frame is comes from the package its path names (a `torch/`, `transformers/`,
`vllm/` ... component), not from `site-packages`: torch built from source, a relative path,
a conda layout or a vendored copy all stay library code, while `transformers_modules/` (remote
model code) and the user's own checkout stay the user's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from torchplace.explain.model import FrameRef

_PY_FRAME = re.compile(r'File "([^"\n]{1,1000})", line (\d{1,9})(?:, in ([^\s,]{1,300}))?')
_IPY_FILE = re.compile(r"^File (\S{1,1000}?):(\d{1,9}), in ([^\s(]{1,300})")
_IPY_CELL = re.compile(r"^(?:Cell|Input) In ?\[(\d{1,9})\], (?:line (\d{1,9})|in ([^\s(]{1,300}))")
_IPY_OLD = re.compile(
    r"^\[?<?(ipython-input-[\w-]{1,80})>?(?:\]\([^)\s]{0,500}\))? in ([^\s(]{1,300})"
)
_IPY_ARROW = re.compile(r"^-{1,3}> ?(\d{1,9}) ?(.*)$")
_RICH_FRAME = re.compile(r"^(\S{1,1000}):(\d{1,9}) in (\S{1,300})$")
_RICH_ARROW = re.compile(r"^❱ *(\d{1,9}) *│ ?(.*)$")
BOX = "│╭╰╮╯─"


# Packages whose frames are never the user's code (matched as a whole path component).
def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Only packages that are often run from a source checkout, a relative path or a vendored copy;
# anything installed is in site-packages anyway. Names that are also common folder names
# (`ray` for /tmp/ray, `hydra`, `fire`) are left out: they would turn a user's file into a
# library one.
LIBRARIES = _names(
    """torch torchvision torchaudio transformers accelerate vllm deepspeed megatron_core peft
    trl diffusers triton xformers flash_attn bitsandbytes apex colossalai pytorch_lightning
    mmcv mmengine sglang lmdeploy text_generation_server vllm_flash_attn torchsummary
    debugpy pydevd ipykernel IPython multiprocessing concurrent asyncio importlib runpy
    threading"""
)
_TORCH_TOP = _names(
    """nn cuda distributed utils autograd optim amp fx _dynamo _inductor multiprocessing
    testing backends jit onnx quantization ao nested sparse special linalg fft export
    _functorch func _subclasses _prims _refs _higher_order_ops _library compiler"""
)
_TORCH_FILES = _names(
    """functional.py serialization.py overrides.py random.py hub.py storage.py library.py
    types.py quasirandom.py return_types.py"""
)
_STDLIB_DIR = re.compile(r"^python\d(?:\.\d{1,2})?$")
_SPLIT = re.compile(r"[\\/]")


def frame_in(text: str) -> FrameRef | None:
    """The CPython-style frame anywhere in `text` (interleaved output puts it mid-line)."""
    if 'File "' not in text:
        return None
    match = _PY_FRAME.search(text)
    if not match:
        return None
    return FrameRef(match[1], int(match[2]), match[3] or "?")


@dataclass
class IPythonFrame:
    """A frame whose line number (and source) come on a later `---> N source` line."""

    frame: FrameRef
    needs_line: bool


def notebook_frame(text: str) -> IPythonFrame | None:
    """IPython / Jupyter / rich frame headers (text already stripped of box characters)."""
    stripped = text.strip()
    first = stripped[:1]
    if first == "F" and (match := _IPY_FILE.match(stripped)):
        return IPythonFrame(FrameRef(match[1], int(match[2]), match[3]), False)
    if first in ("C", "I") and (match := _IPY_CELL.match(stripped)):
        line = int(match[2]) if match[2] else 0
        return IPythonFrame(
            FrameRef(f"<cell In[{match[1]}]>", line, match[3] or "<cell>"), not line
        )
    if "ipython-input" in stripped and (match := _IPY_OLD.match(stripped)):
        return IPythonFrame(FrameRef(f"<{match[1]}>", 0, match[2]), True)
    if " in " in stripped and (match := _RICH_FRAME.match(stripped)):
        return IPythonFrame(FrameRef(match[1], int(match[2]), match[3]), False)
    return None


def arrow_line(text: str) -> tuple[int, str] | None:
    """`---> 13     xt = torch.cat(...)` (IPython) or `❱ 14 │ return ...` (rich)."""
    stripped = text.strip()
    first = stripped[:1]
    if first == "-":
        match = _IPY_ARROW.match(stripped)
    elif first == "❱":
        match = _RICH_ARROW.match(stripped)
    else:
        return None
    return (int(match[1]), match[2].strip()) if match else None


def strip_box(text: str) -> str:
    """Remove rich's box-drawing border from a traceback line."""
    if not text or text.lstrip()[:1] not in BOX:
        return text
    return text.strip().strip(BOX).strip()


def is_user_path(path: str) -> bool:
    """Whether a frame at `path` is the user's code (by the package it names, see module doc)."""
    if path.startswith("<"):
        return path.startswith(("<ipython-input", "<stdin>", "<cell")) or path == "<module>"
    parts = [p for p in _SPLIT.split(path) if p not in ("", ".", "..")]
    folders = parts[:-1]
    if "site-packages" in folders or "dist-packages" in folders:
        return False
    if len(folders) >= 1 and folders[-1] == "bin":
        return False  # an environment's entry-point script (torchrun, accelerate, deepspeed)
    for index, part in enumerate(folders):
        if _STDLIB_DIR.match(part) and index and folders[index - 1] in ("lib", "lib64", "Lib"):
            return False
        if part in LIBRARIES and _is_package_component(part, parts, index):
            return False
    return True


def _is_package_component(part: str, parts: list[str], index: int) -> bool:
    if part != "torch":
        return True
    # A folder named torch may hold a user's project: torch counts when what follows is torch.
    following = parts[index + 1]
    return following in _TORCH_TOP or following.startswith("_") or following in _TORCH_FILES


def is_torch_path(path: str) -> bool:
    """Whether the frame is in torch itself (any layout)."""
    parts = _SPLIT.split(path)
    return any(
        p == "torch" and i + 1 < len(parts) and _is_package_component(p, parts, i)
        for i, p in enumerate(parts[:-1])
    )
