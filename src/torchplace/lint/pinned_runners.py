"""Modules that only scripts showing their process one literal GPU run.

`os.environ["CUDA_VISIBLE_DEVICES"] = "0"` at a script's top, before any work of its own,
leaves its process one GPU, cuda:0, whatever the machine has (OneRestore's
`train_Embedder.py`; even its `train_OneRestore_multi-gpu.py`). A module that only such
scripts run sees that one GPU too: a checkpoint its ranks restore "onto the GPU that saved
it" is restored onto the only GPU each has. `runners_show_one_gpu` says whether every file
that may run a module (the module itself, then up through its importers:
`launch_reach.walk_importers`) is such a script; `ProjectIndex.runners_show_one_gpu` also
takes a function every call of which, in the project, is in such a script
(`train_Embedder.py`, the only caller of the loader, where `train_OneRestore_multi-gpu.py`,
which pins too late, imports the module for other functions). A file that runs work of
its own without that pin, one whose pin comes after its work or is set again, and one that
cannot be read say no; a module nothing imports and that runs nothing adds no way of
running it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from torchplace.lint.dead_functions import runs_work_at_top_level
from torchplace.lint.launch_reach import UP, ImportGraph, walk_importers
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.project_callers import assigns_visible_devices
from torchplace.lint.run_conditions import shows_one_literal_gpu

#: Top-level statements that do no work before the pin: they only name things.
_NAMING = (
    ast.Import,
    ast.ImportFrom,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Assign,
    ast.AnnAssign,
)


def runners_show_one_gpu(
    path: str, graph: ImportGraph, code_of: Callable[[str], bytes | None]
) -> bool:
    """Every file that may run `path` shows its process one literal GPU first (module docs)."""

    def end(current: str, code: bytes) -> object | None:
        try:
            tree = tolerant_tree(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        if _pins_one_gpu_first(tree):
            return True
        if runs_work_at_top_level(code) is not False:
            return None  # it runs on its own, with every GPU the machine has
        return UP

    return walk_importers(path, graph, code_of, end) is True


def pins_one_gpu_first(code: bytes) -> bool:
    """The file's code shows its process one literal GPU before any work of its own."""
    try:
        return _pins_one_gpu_first(tolerant_tree(code))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def _pins_one_gpu_first(tree: ast.Module) -> bool:
    """The module's one top-level setting of `CUDA_VISIBLE_DEVICES` names one literal GPU,
    and only statements that name things come before it."""
    settings = [s for s in tree.body if assigns_visible_devices(s)]
    if len(settings) != 1 or not shows_one_literal_gpu(settings[0]):
        return False
    for statement in tree.body:
        if statement is settings[0]:
            return True
        docstring = isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        if not docstring and not isinstance(statement, _NAMING):
            return False
        if isinstance(statement, ast.Assign | ast.AnnAssign) and any(
            isinstance(node, ast.Call) for node in ast.walk(statement)
        ):
            # `args = parser.parse_args()`, `model = build()`: work before the pin. An
            # environment entry set beside it (`CUDA_DEVICE_ORDER`) calls nothing.
            return False
    return False
