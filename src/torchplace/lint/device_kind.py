"""Which accelerator a file's code targets: CUDA GPUs, or another kind (Intel XPU and NPU,
Habana HPU, Ascend NPU, Apple MPS, XLA) with its own runtime.

The rules about CUDA's runtime (a forked child that re-initializes CUDA) say nothing of code
that never runs on CUDA: an Intel NPU pipeline forks its workers safely, since no CUDA context
exists to be copied. A file is taken as another accelerator's when its code (comments aside)
never names CUDA and either names another accelerator itself or imports a module of its own
project that does and never names CUDA either (the pipeline's workers import their runtime from
a sibling module). A file that names no accelerator at all, and imports none that does, keeps
the CUDA rules: a launcher whose workers live in another module is still a CUDA launcher.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.config import DEFAULT_MAX_FILE_BYTES
from torchplace.lint.context import FileContext
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.project_modules import project_module
from torchplace.lint.run_conditions import per_file

_COMMENTS = re.compile(r"#[^\n]*")
#: A non-CUDA accelerator: its runtime's package, torch's module for it, or its name as a word
#: of an identifier or a string (`"npu:0"`, `.xpu()`, `wait_until_npu_memory_free`; not the
#: `npu` inside `input`).
_OTHER_ACCELERATOR = re.compile(
    r"\b(?:intel_npu_acceleration_library|intel_extension_for_pytorch|habana_frameworks"
    r"|torch_xla)\b|(?<![a-z0-9])(?:npu|xpu|hpu|mlu|musa|gcu)(?![a-z0-9])",
    re.IGNORECASE,
)
#: CUDA named as a device or runtime: `torch.cuda`, `"cuda:0"`, `.cuda()`, NCCL, a GPU, its
#: environment (not `cudagraph`, a compilation setting every platform of vLLM reads).
_CUDA = re.compile(
    r"(?<![a-z0-9])cuda(?![a-z0-9])|CUDA_VISIBLE_DEVICES|nccl|(?<![a-z0-9])gpus?(?![a-z0-9])",
    re.IGNORECASE,
)


def targets_other_accelerator(ctx: FileContext) -> bool:
    """The file's code never names CUDA (nor NCCL, nor a GPU) and names another accelerator."""
    return per_file(ctx, "other-accelerator", _other_accelerator)


def _other_accelerator(ctx: FileContext) -> bool:
    return _names_other_only(ctx.source.text)


def imports_other_accelerator(path: str) -> bool:
    """The file at `path` never names CUDA and imports, at module level, a module of its own
    package tree whose code names another accelerator and never CUDA. Read at run time, not
    per file, since the answer depends on other files (`project_facts` asks it)."""
    data = read_regular_file(Path(path), DEFAULT_MAX_FILE_BYTES)
    if data is None:
        return False
    text = data.decode("utf-8", "replace")
    if _CUDA.search(_COMMENTS.sub("", text)):
        return False
    try:
        tree = tolerant_tree(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(_module_names_other_only(module) for module in _project_imports(path, tree))


def _names_other_only(text: str) -> bool:
    code = _COMMENTS.sub("", text)
    return _OTHER_ACCELERATOR.search(code) is not None and _CUDA.search(code) is None


def _module_names_other_only(path: Path) -> bool:
    data = read_regular_file(path, DEFAULT_MAX_FILE_BYTES)
    return data is not None and _names_other_only(data.decode("utf-8", "replace"))


def _project_imports(path: str, tree: ast.Module) -> list[Path]:
    """The files of the module-level `from X import ...` of the file that are modules of its
    own project (`project_modules`)."""
    found = []
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module:
            module = project_module(path, statement.module, statement.level)
            if module is not None:
                found.append(module)
    return found
