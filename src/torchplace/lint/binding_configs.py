"""Device ids chosen by an object that binds the GPU as it chooses them.

A project's configuration class often parses `--gpu 1,2` into an attribute and, in the same
method, binds the process's GPU to the first id or shows only the chosen GPUs:

    self.GPU_IDS = [int(i) for i in self.GPU.split(",")]
    torch.cuda.set_device(f"cuda:{self.GPU_IDS[0]}")        # prophet's `Cfgs`

    os.environ["CUDA_VISIBLE_DEVICES"] = self.GPU
    self.DEVICES = [_ for _ in range(self.N_GPU)]            # openvqa's `BaseCfgs`

Code handed that object's ids (`DataParallel(net, device_ids=__C.DEVICES)` after `net.cuda()`)
then runs with the current GPU at the first id, or with ids that count from the GPUs shown.
An attribute counts when some method of the project assigns `self.<name>` and, in its own
body, calls `set_device` or writes `CUDA_VISIBLE_DEVICES`. Files are searched as bytes first;
only those that hold both are parsed, and nothing in them is run.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable

from torchplace.lint.rank_flow import own_nodes

#: The ids a TPL110 message cites, when they are an attribute: "`device_ids=__C.GPU_IDS`".
_IDS_MESSAGE = re.compile(r"device_ids=(?:[A-Za-z_]\w*\.)+([A-Za-z_]\w*)\)`")
_BINDS = re.compile(r"\bset_device\s*\(|CUDA_VISIBLE_DEVICES")


def ids_attribute(message: str) -> str | None:
    """The attribute name of the device ids a TPL110 message cites (`GPU_IDS`), if any."""
    match = _IDS_MESSAGE.search(message)
    return match.group(1) if match else None


def bound_where_set(name: str, files: Iterable[str], read: Callable[[str], bytes | None]) -> bool:
    """Whether a method of the project's files assigns `self.<name>` and binds the GPU or
    writes `CUDA_VISIBLE_DEVICES` in its own body (see the module's docstring)."""
    needle = f"self.{name}".encode()
    for path in files:
        if not path.endswith(".py"):
            continue
        data = read(path)
        if data is None or needle not in data or not _BINDS.search(data.decode("utf-8", "replace")):
            continue
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError):
            continue
        text = data.decode("utf-8", "replace").splitlines()
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if _assigns_self(function, name) and _binds_in(function, text):
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


def _binds_in(function: ast.FunctionDef | ast.AsyncFunctionDef, text: list[str]) -> bool:
    """A `set_device(` call or a `CUDA_VISIBLE_DEVICES` write in the function's own code."""
    for node in own_nodes(function):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "set_device":
                return True
        if isinstance(node, ast.Subscript | ast.Call):
            line = text[node.lineno - 1] if node.lineno <= len(text) else ""
            if "CUDA_VISIBLE_DEVICES" in line and _writes_environment(node):
                return True
    return False


def _writes_environment(node: ast.AST) -> bool:
    """`os.environ["CUDA_VISIBLE_DEVICES"] = ...` (a stored subscript) or
    `os.environ.update/setdefault(...)`, `os.putenv(...)`."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.ctx, ast.Store)
    func = node.func if isinstance(node, ast.Call) else None
    return isinstance(func, ast.Attribute) and func.attr in ("update", "setdefault", "putenv")
