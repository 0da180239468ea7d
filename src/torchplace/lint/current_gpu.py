"""Whether a process's code acts on its current GPU, in its own file or in the files that call it.

A rank that never binds its GPU (no `set_device`) still has cuda:0 as its current device.
That only matters where the code acts on the current device: `.cuda()` without an index,
`"cuda"` as a device, the legacy typed constructors (`torch.cuda.FloatTensor(n)`), pinned
memory (its host buffers register with a CUDA context on the current GPU: the
`pin_memory=True` loaders of stylegan2-ada-pytorch opened a context on GPU 0 in every rank),
and `torch.cuda` calls given no device (`synchronize()`, `current_stream()`, `Stream()` and
`current_device()` act on it; memory statistics report its numbers, GPU 0's, not the rank's,
though they start no CUDA: `lint_cuda_init_facts.md`), and the object collectives
(`all_gather_object`, `broadcast_object_list`: under NCCL they stage the pickled objects in
tensors on the current GPU). Code that names every device
(`cuda:{rank}`, `.to(local_rank)`, `torch.device("cuda", rank)`) lets NCCL build its
communicators on the tensors' GPU and opens no context on GPU 0. `torch.cuda.empty_cache()`
and the seeding calls act on initialised devices only and are not counted.

The code read is the text of the file, comments left out; then of the project's modules it
imports (one step: `from metrics import metric_utils` beside a script, `from .utils import x`),
where the process's work often is (stylegan's `metric_utils` loads with `pin_memory=True`);
then of the project's files that import the file and call the function holding the line by
name (a byte search, then the same reading): the process group's set-up often sits in a helper
(`utils/dist.py`) whose callers do the work. Only the disk is read, never the code run.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.project_modules import imported_project_files
from torchplace.lint.rules._helpers import without_comments

CURRENT_GPU_USE = re.compile(
    r"\.cuda\s*\(\s*(?:\)|(?!device\b)\w+\s*=)"
    r"|\bcurrent_device\s*\("
    r"|torch\.cuda\.(?:Float|Double|Half|BFloat16|Byte|Char|Short|Int|Long|Bool)Tensor\s*\("
    r"|(?:\bdevice\s*=\s*|\.to\(\s*|map_location\s*=\s*)[\"']cuda[\"']"
    r"|torch\.device\(\s*[\"']cuda[\"']\s*\)"
    r"|\bpin_memory\s*=\s*True\b|\.pin_memory\s*\(\s*\)"
    r"|torch\.cuda\.(?:synchronize|current_stream|default_stream|Stream|memory_allocated"
    r"|max_memory_allocated|memory_reserved|max_memory_reserved|memory_stats|mem_get_info"
    r"|reset_peak_memory_stats|utilization)\s*\(\s*\)"
    r"|\b(?:all_gather_object|broadcast_object_list|gather_object|scatter_object_list"
    r"|send_object_list|recv_object_list)\s*\("
)


@dataclass(frozen=True)
class CurrentGpuUse:
    """Where code acts on the current GPU: a file, a line, the code there."""

    path: str
    line: int
    code: str

    def describe(self) -> str:
        return f"`{self.code}` at {Path(self.path).name}:{self.line}"


def current_gpu_use(path: str, text: str) -> CurrentGpuUse | None:
    """The first use of the current GPU in a file's code (comments left out)."""
    code = without_comments(text)
    found = CURRENT_GPU_USE.search(code)
    if found is None:
        return None
    line = code.count("\n", 0, found.start()) + 1
    return CurrentGpuUse(path, line, " ".join(found.group(0).split()))


def current_gpu_use_by_callers(
    path: str, function: str, files: list[str], max_file_bytes: int
) -> CurrentGpuUse | None:
    """The first use of the current GPU in another file of `files` that calls `function`
    (its name followed by `(`)."""
    called = re.compile(rb"\b" + re.escape(function.encode()) + rb"\s*\(")
    own = os.path.abspath(path)
    for other in files:
        if os.path.abspath(other) == own:
            continue
        data = read_regular_file(Path(other), max_file_bytes)
        if data is None or not called.search(data):
            continue
        found = current_gpu_use(other, data.decode("utf-8", "replace"))
        if found is not None:
            return found
    return None


def current_gpu_use_by_imports(
    path: str, tree: ast.Module, max_file_bytes: int
) -> CurrentGpuUse | None:
    """The first use of the current GPU in a project module the file imports (one step)."""
    for module in imported_project_files(path, tree):
        data = read_regular_file(module, max_file_bytes)
        if data is None:
            continue
        found = current_gpu_use(str(module), data.decode("utf-8", "replace"))
        if found is not None:
            return found
    return None
