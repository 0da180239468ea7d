"""Whether a file is a script that exports its models to ONNX on the CPU.

Export scripts (icefall's `export-onnx.py`, so-vits-svc's `onnx_export.py`, FunASR's Triton
`export_*_onnx.py`) build a model, often wrap it in a class of their own that reshapes its
inputs with factories called without `device=`, and hand it to `torch.onnx.export` with CPU
dummy inputs. The device-flow rules that flag a CPU-made tensor meeting a GPU one (TPL201,
TPL203, TPL204, TPL207, TPL210) leave alone a file that:

- calls `torch.onnx.export` (or `dynamo_export`) in its code, not only in a docstring;
- runs as a script (`if __name__ == "__main__":`): a model file with an `export()` helper
  may be trained on the GPU by another file;
- names no GPU anywhere: no `cuda` or `gpu` in its code (comments aside), no accelerator library
  (`Accelerator`), no command-line option for a device or GPU (`--device` may say `cuda:0`),
  no move to a device number (`.to(0)`).

A model file that only such scripts import is not read so: the rules see one file at a time.
"""

from __future__ import annotations

import ast
import re
import warnings

from torchplace.lint.context import FileContext, call_name
from torchplace.lint.dead_functions import MAIN_GUARD, is_main_guard
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.rules._helpers import without_comments
from torchplace.lint.run_conditions import per_file

_NAMES_A_GPU = re.compile(r"cuda|gpu|accelerat", re.IGNORECASE)
_DEVICE_OPTION = re.compile(r"device|gpu", re.IGNORECASE)


def exports_on_the_cpu(ctx: FileContext) -> bool:
    """The file is an ONNX export script that names no GPU (see above); read once per file,
    whichever rule asks."""
    return per_file(ctx, "cpu-export", _exports_on_the_cpu)


def _exports_on_the_cpu(ctx: FileContext) -> bool:
    text = ctx.source.text
    if "onnx" not in text or MAIN_GUARD.search(text.encode("utf-8")) is None:
        return False
    if _NAMES_A_GPU.search(without_comments(text)):
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning
            # The whole file: the rules' own tree may hold only stubs of the export code.
            tree = tolerant_tree(text)
    except (SyntaxError, ValueError):
        return False
    if not any(is_main_guard(statement) for statement in tree.body):
        return False
    exports = False
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = call_name(node)
        if name in ("export", "dynamo_export") and "onnx" in (ctx.qualified(node.func) or ""):
            exports = True
        elif name == "add_argument" and any(_names_a_device(a) for a in node.args):
            return False  # `--device cuda:0` on the command line
        elif name == "to" and any(
            isinstance(a, ast.Constant) and type(a.value) is int for a in node.args
        ):
            return False  # `.to(0)`: a GPU by its number
    return exports


def _names_a_device(argument: ast.expr) -> bool:
    """An option string naming a device or GPU (`"--device"`, `"--gpu_id"`)."""
    value = argument.value if isinstance(argument, ast.Constant) else None
    return isinstance(value, str) and _DEVICE_OPTION.search(value) is not None
