"""Whether a file makes CUDA the default place of new tensors.

`torch.set_default_tensor_type(torch.cuda.FloatTensor)` (THUMT's scorer, right after
`set_device`) and `torch.set_default_device("cuda")` make every factory called without
`device=` allocate on the current GPU. In such a file a factory's tensor is not known to be on
the CPU, so the device-flow rules that flag a CPU-made tensor meeting a GPU one (TPL201, TPL204,
TPL207) leave its factories alone, whatever branch or function sets the default: the flow does
not follow the order in which functions run. A default set to the CPU or the meta device, or
to a tensor type that names no CUDA, does not count. A module the project runs only under such
a default (every file importing it, up to the scripts, sets it: DEQ's training script, which
imports its model files) is read the same way, across files (`ProjectIndex.under_cuda_default`).
"""

from __future__ import annotations

import ast
import re
import warnings

from torchplace.lint.context import FileContext

#: A call of a setter with one argument, on one line or over several as formatters write it
#: (read from the text: `regions` may have stubbed out the function that holds it).
_SETTER = re.compile(
    r"^[^#\n]*\bset_default_(tensor_type|device)\s*\("
    r"([^()]{0,400}(?:\([^()]{0,400}\))?[^()]{0,400})\)",
    re.MULTILINE,
)


def sets_cuda_default(ctx: FileContext) -> bool:
    """The file calls a setter of the default tensor type or device with CUDA (see above)."""
    return text_sets_cuda_default(ctx.source.text)


def sets_cuda_tensor_type(ctx: FileContext) -> bool:
    """The file makes a CUDA type the default tensor type
    (`torch.set_default_tensor_type(torch.cuda.FloatTensor)`): `torch.Tensor(...)` is then
    that CUDA type; `set_default_device` leaves the legacy constructors as they are."""
    return text_sets_cuda_default(ctx.source.text, setters=("tensor_type",))


def text_sets_cuda_default(text: str, setters: tuple[str, ...] = ("tensor_type", "device")) -> bool:
    """`sets_cuda_default` of a file's text (another file of the project: a module's
    importer, `ProjectIndex.under_cuda_default`); `setters`: which of the two count."""
    if not any(f"set_default_{setter}" in text for setter in setters):
        return False
    for match in _SETTER.finditer(text):
        if match.group(1) not in setters:
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # SyntaxWarning of the file's own text
                value = ast.parse(match.group(2).strip(), mode="eval").body
        except (SyntaxError, ValueError):
            continue  # not Python (prose, a null byte): no call
        if _names_cuda(f"set_default_{match.group(1)}", value):
            return True
    return False


def _names_cuda(setter: str, value: ast.expr) -> bool:
    """`torch.cuda.FloatTensor`, `"torch.cuda.HalfTensor"`, `"cuda"`, `device` (a name: any
    device, the GPU included); not `"cpu"`, `"meta"`, `torch.FloatTensor`, None."""
    if isinstance(value, ast.Constant):
        if not isinstance(value.value, str):
            return False
        if setter.endswith("tensor_type"):
            return value.value.startswith("torch.cuda.")
        return value.value.split(":")[0] not in ("cpu", "meta")
    text = ast.unparse(value)
    if setter.endswith("tensor_type"):
        return "cuda" in text.lower()
    if isinstance(value, ast.Call) and value.args:
        return _names_cuda(setter, value.args[0])  # `torch.device("cuda", rank)`
    return True
