"""Device ids chosen by an object that binds the GPU as it chooses them.

A project's configuration class often parses `--gpu 1,2` into an attribute and, in the same
method, binds the process's GPU to the first id or shows only the chosen GPUs:

    self.GPU_IDS = [int(i) for i in self.GPU.split(",")]
    torch.cuda.set_device(f"cuda:{self.GPU_IDS[0]}")        # prophet's `Cfgs`

    os.environ["CUDA_VISIBLE_DEVICES"] = self.GPU
    self.DEVICES = [_ for _ in range(self.N_GPU)]            # openvqa's `BaseCfgs`

Code handed that object's ids (`DataParallel(net, device_ids=__C.DEVICES)` after `net.cuda()`)
then runs with the current GPU at the first id, or with ids that count from the GPUs shown.
An attribute counts when some method of the project (its tests and benchmarks aside) assigns
`self.<name>` and, in its own body, calls `set_device` or writes `CUDA_VISIBLE_DEVICES` into
the process's own environment (not into a copy handed to a child). The object handed to the
code is not checked to be of that method's class: a project whose other class binds beside
an attribute of the same name is read the same way. Files are searched as bytes first; only
those that hold both are parsed, and nothing in them is run.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterable

from torchplace.lint.context import (
    FileContext,
    call_name,
    is_test_or_benchmark,
    whole_file_context,
)
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.visible_device_writes import writes_own_environment

#: The ids a TPL110 message cites, when they are an attribute: "`device_ids=__C.GPU_IDS`".
_IDS_MESSAGE = re.compile(r"device_ids=(?:[A-Za-z_]\w*\.)+([A-Za-z_]\w*)\)`")
_BINDS = re.compile(r"\bset_device\s*\(|CUDA_VISIBLE_DEVICES")


def ids_attribute(message: str) -> str | None:
    """The attribute name of the device ids a TPL110 message cites (`GPU_IDS`), if any."""
    match = _IDS_MESSAGE.search(message)
    return match.group(1) if match else None


def bound_where_set(
    name: str, root: str, files: Iterable[str], read: Callable[[str], bytes | None]
) -> bool:
    """Whether a method of the project's files (under `root`, whose tests and benchmarks are
    told by their path inside it) assigns `self.<name>` and binds the GPU or writes
    `CUDA_VISIBLE_DEVICES` in its own body (see the module's docstring)."""
    needle = f"self.{name}".encode()
    for path in files:
        if not path.endswith(".py") or is_test_or_benchmark(os.path.relpath(path, root)):
            continue  # a test's own binding says nothing of the code it tests
        data = read(path)
        if data is None or needle not in data or not _BINDS.search(data.decode("utf-8", "replace")):
            continue
        ctx = whole_file_context(path, data)
        if ctx is None:
            continue
        for function in ast.walk(ctx.tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if _assigns_self(function, name) and _binds_in(ctx, function):
                return True
    return False


def _assigns_self(function: ast.AST, name: str) -> bool:
    return any(
        isinstance(node, ast.Attribute)
        and node.attr == name
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        for node in own_nodes(function)
    )


def _binds_in(ctx: FileContext, function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A `set_device(` call in the function's own code, or a write of `CUDA_VISIBLE_DEVICES`
    into this process's own environment (`visible_device_writes`; not a copy of it handed to
    a child)."""
    own = any(
        isinstance(node, ast.Call) and call_name(node) == "set_device"
        for node in own_nodes(function)
    )
    return own or writes_own_environment(ctx, function)
