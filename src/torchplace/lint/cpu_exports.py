"""Whether a file is a script that exports its models to ONNX on the CPU.

Export scripts (icefall's `export-onnx.py`, so-vits-svc's `onnx_export.py`, FunASR's Triton
`export_*_onnx.py`) build a model, often wrap it in a class of their own that reshapes its
inputs with factories called without `device=`, and hand it to `torch.onnx.export` with CPU
dummy inputs. A file that calls `torch.onnx.export` (or `dynamo_export`) and names no CUDA
anywhere (no `cuda` in its text, so no `.cuda()`, `"cuda"`, `torch.cuda` nor a `--device`
option defaulting to it) runs its models on the CPU: its factories' CPU tensors meet CPU
tensors. The device-flow rules that flag a CPU-made tensor meeting a GPU one (TPL201, TPL203,
TPL204, TPL207) leave such a file alone. A model file that only such scripts import is not
read so: the rules see one file at a time here.
"""

from __future__ import annotations

import re

from torchplace.lint.context import FileContext

_EXPORT = re.compile(r"^[^#\n]*\bonnx\.(?:export|dynamo_export)\s*\(", re.MULTILINE)


def exports_on_the_cpu(ctx: FileContext) -> bool:
    """The file exports to ONNX and names no CUDA (see above)."""
    text = ctx.source.text
    return "cuda" not in text.lower() and _EXPORT.search(text) is not None
