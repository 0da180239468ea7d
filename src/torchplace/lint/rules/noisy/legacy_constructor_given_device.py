"""TPL904 legacy-constructor-given-device."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import partial

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.cuda_default import sets_cuda_tensor_type
from torchplace.lint.legacy_constructors import LEGACY_DTYPES, legacy_calls, surely_sizes
from torchplace.lint.name_values import holds_only
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import called_as_written
from torchplace.lint.run_conditions import runs_only_on_cpu
from torchplace.lint.torch_device_arguments import device_type_argument
from torchplace.report import Edit, Finding, Fix, FixSafety

#: Data a constructor is surely given (not sizes): `torch.Tensor([1, 2])`, of a comprehension.
_DATA = (ast.List, ast.Tuple, ast.ListComp)


class LegacyConstructorGivenDevice(Rule):
    """## What it does
    Flags a legacy tensor constructor (`torch.Tensor`, `torch.FloatTensor`,
    `torch.LongTensor`, ...) given a `device=` that is not evidently the CPU (a parameter
    is what its callers pass, `def numericalize(self, arr, device=None)` included):
    `torch.Tensor([1, -1], device=x.device)`, `torch.LongTensor(ids, device=self.device)`,
    `torch.FloatTensor(b, n, device="cuda")`.

    ## Why is this bad?
    The legacy constructors are the CPU tensor types. Asked for a GPU they do not place the
    tensor there: they raise `RuntimeError: legacy constructor expects device type: cpu but
    device type: cuda was passed` (older releases: "legacy constructor for device type: cpu
    was passed device type: cuda, but device type must be: cpu"). The code runs on a CPU-only
    machine, in CI and on the author's laptop, and fails the first time the device is a GPU.
    `set_default_device("cuda")` and `with torch.device("cuda")` do not change this;
    `set_default_tensor_type(torch.cuda.FloatTensor)` makes `torch.Tensor` (only) that CUDA
    type (files that call it are not flagged for `torch.Tensor`).

    ## Example
    ```python
    def soft_distances(x, radii):
        weights = torch.FloatTensor([170, 110, 152], device=x.device)
        return x * weights
    ```

    Use instead:
    ```python
    def soft_distances(x, radii):
        weights = torch.tensor([170, 110, 152], dtype=torch.float32, device=x.device)
        return x * weights
    ```

    Select it (`--extend-select TPL904`) to catch the crash before a first GPU run: on released
    code the line mostly runs with the CPU as its device (data transforms), where it works.

    Not flagged: `device="cpu"`, `torch.device("cpu")`, `device=None`, a name every
    assignment of the function (or of the module) sets to one of those; code that runs only when the
    device is the CPU; `torch.cuda.FloatTensor` (a CUDA type). Tests are checked too: a test
    given a GPU device fails the same way.

    ## Fix safety
    Unsafe: the tensor is then made where `device=` says, which is the point, and
    `torch.tensor` copies its data. Offered for data written out (`[...]`, a comprehension),
    rewritten to `torch.tensor(data, device=..., dtype=...)` with the constructor's dtype
    (`torch.get_default_dtype()` for `torch.Tensor`), and for sizes (several positional
    arguments, an integer literal, a starred size), rewritten to `torch.empty(...)`.

    ## References
    - https://github.com/pytorch/pytorch/issues/46085
    - https://github.com/vwxyzjn/cleanrl/pull/302
    - https://github.com/lucidrains/ema-pytorch/pull/23
    - https://pytorch.org/docs/stable/tensors.html#torch.Tensor
    """

    code = "TPL904"
    name = "legacy-constructor-given-device"
    in_tests = True
    # Opt-in: on released code the line mostly never runs, or runs with the CPU as its device
    # (a data transform given `x.device` of CPU data): 0 TRUE of 22 first looks on the unseen
    # sets (21 FALSE, 1 split), 1 TRUE in the precision corpus (a diffusers pipeline given
    # numpy embeddings). A crash on the first GPU run is found before that run, in review.
    preview = True
    default_enabled = False
    contexts = "off by default (noisy); everywhere"
    summary = "Legacy constructor `torch.Tensor(..., device=...)` raises when the device is a GPU"
    pattern = "legacy-constructor-given-device"
    fix_safety = FixSafety.UNSAFE
    candidate = AnyOf(r"Tensor\(")
    file_gate = ("torch",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        # `set_default_tensor_type(torch.cuda.FloatTensor)` makes `torch.Tensor` that CUDA
        # type; the other constructors stay CPU types (measured on an H100, torch 2.11).
        cuda_tensor = sets_cuda_tensor_type(ctx)
        for located, call, constructor in legacy_calls(ctx):
            if cuda_tensor and constructor == "Tensor":
                continue
            device = next((kw.value for kw in call.keywords if kw.arg == "device"), None)
            if device is None or not called_as_written(ctx, call):
                continue
            if _evidently_cpu(ctx, located.scope, device):
                continue
            if runs_only_on_cpu(ctx, located.scope, call):
                continue
            written = ctx.source.segment(device)
            message = (
                f"`torch.{constructor}(...)` is a CPU-only legacy constructor: given "
                f"`device={written}` it raises `legacy constructor expects device type: cpu` "
                "when that device is a GPU"
            )
            yield self.finding(ctx, call, message, self._fix(ctx, call, constructor))

    def _fix(self, ctx: FileContext, call: ast.Call, constructor: str) -> Fix | None:
        """`torch.FloatTensor([...], device=d)` -> `torch.tensor([...], dtype=torch.float32,
        device=d)`; `torch.FloatTensor(b, n, device=d)` -> `torch.empty(b, n, dtype=...,
        device=d)`. Only where `torch` is named as written and the arguments are surely data
        or surely sizes."""
        prefix = ctx.source.segment(call.func).rpartition(".")[0]
        if not prefix or any(kw.arg is None for kw in call.keywords):
            return None
        if surely_sizes(call.args):
            factory, description = "empty", "Use `torch.empty(...)`, which takes `device=`"
        elif len(call.args) == 1 and isinstance(call.args[0], _DATA):
            factory, description = "tensor", "Use `torch.tensor(...)`, which takes `device=`"
        else:
            return None
        renamed = Edit(
            ctx.source.start(call.func), ctx.source.end(call.func), f"{prefix}.{factory}"
        )
        if any(kw.arg == "dtype" for kw in call.keywords):
            return Fix(description, (renamed,), FixSafety.UNSAFE)
        dtype = LEGACY_DTYPES[constructor] or "get_default_dtype()"
        typed = self.insert_keyword(ctx, call, f"dtype={prefix}.{dtype}", description)
        return Fix(description, (renamed, *typed.edits), FixSafety.UNSAFE)


def _evidently_cpu(ctx: FileContext, scope: Scope, device: ast.expr) -> bool:
    """`"cpu"`, `torch.device("cpu")`, None, or a name that only ever holds one of them
    (`name_values`); a parameter holds what its callers give, whatever its default."""
    return holds_only(ctx, scope, device, partial(_cpu_value, ctx), defaults=False)


def _cpu_value(ctx: FileContext, scope: Scope, value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return value.value is None or (
            isinstance(value.value, str) and value.value.split(":")[0] == "cpu"
        )
    if isinstance(value, ast.Call) and (ctx.qualified(value.func) or "") == "torch.device":
        given = device_type_argument(value)
        return given is not None and _evidently_cpu(ctx, scope, given)
    return False
