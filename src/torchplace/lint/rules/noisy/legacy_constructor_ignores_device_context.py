"""TPL903 legacy-constructor-ignores-device-context."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.flow_classes import is_module_class
from torchplace.lint.legacy_constructors import LEGACY_DTYPES, legacy_calls, surely_sizes
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import called_as_written
from torchplace.lint.run_conditions import parent_map
from torchplace.report import Edit, Finding, Fix, FixSafety

#: In-place initialisers that keep the tensor where it was made (`torch.Tensor(n).uniform_()`).
_IN_PLACE = frozenset(
    {"uniform_", "normal_", "zero_", "fill_", "copy_", "bernoulli_", "random_", "float", "half"}
)
_PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter", "Parameter"})


class LegacyConstructorIgnoresDeviceContext(Rule):
    """## What it does
    Flags a parameter or buffer of an `nn.Module` made with a legacy constructor:
    `nn.Parameter(torch.Tensor(*size))`, `nn.Parameter(torch.FloatTensor(n).uniform_())`,
    `self.register_buffer("table", torch.LongTensor(n))`.

    ## Why is this bad?
    Models are more and more built on their device or on the meta device:
    `with torch.device("cuda"): model = Model(config)` (NeMo 2 builds Megatron modules so),
    `with torch.device("meta")` before `to_empty()` (FSDP2, torchtitan; transformers 5
    builds every `from_pretrained` model under it), `torch.set_default_device(...)`.
    `torch.empty`, `torch.zeros` and `torch.tensor` follow that context; the legacy
    constructors (`torch.Tensor`, `torch.FloatTensor`, ...) ignore it and always allocate
    on the CPU (measured on an H200: under `with torch.device("cuda")`,
    `Parameter(torch.Tensor(2))` is on the CPU, `torch.empty(2)` on cuda:0). The module
    then holds one CPU parameter among GPU ones: `Expected all tensors to be on the same
    device, but found at least two devices, cuda:0 and cpu!` at its first forward; under the
    meta device the "empty" model allocates that weight in host memory.

    ## Example
    ```python
    class FusedLayerNorm(nn.Module):
        def __init__(self, hidden_size):
            super().__init__()
            self.weight = Parameter(torch.Tensor(*hidden_size))
    ```

    Use instead:
    ```python
    class FusedLayerNorm(nn.Module):
        def __init__(self, hidden_size):
            super().__init__()
            self.weight = Parameter(torch.empty(*hidden_size))
    ```

    Not flagged: legacy constructors given `device=`, or used outside a module's parameters
    and buffers (a CPU tensor on purpose, e.g. indices); `torch.cuda.FloatTensor`.

    Select it (`--extend-select TPL903`) in projects that build models under a device
    context or `set_default_device` and do not move them afterwards: elsewhere the model's
    `.to()` or the checkpoint loader repairs the placement (1 of 30 findings were real
    hazards on released multi-GPU code).

    ## Fix safety
    Unsafe: the tensor then follows the device context, which is the point, but code that
    relied on it staying on the CPU changes. Offered only where the arguments are sizes
    (several positional arguments, integer literals or one starred size), never for data
    (`torch.Tensor([1, 2])` makes a tensor of those values; `torch.empty([1, 2])` a 1x2 one).

    ## References
    - https://github.com/NVIDIA/Megatron-LM/commit/022929d3bc
    - https://pytorch.org/docs/stable/tensors.html#torch.Tensor
    - https://pytorch.org/docs/stable/generated/torch.set_default_device.html
    """

    code = "TPL903"
    name = "legacy-constructor-ignores-device-context"
    # Opt-in: 1 of 30 findings TRUE on the precision corpora (judged-legacy.jsonl). Most
    # projects build on the CPU and move the whole model, or load weights that replace these
    # tensors; it matters where models are built under a device context and never moved.
    preview = True
    default_enabled = False
    in_tests = False
    contexts = (
        "off by default (noisy); parameters and buffers of `nn.Module` subclasses (any method)"
    )
    summary = "Legacy constructor `torch.Tensor(...)` ignores `with torch.device(...)`: CPU weight"
    pattern = "tensor-created-without-device"
    fix_safety = FixSafety.UNSAFE
    candidate = AnyOf(r"Tensor\(")
    file_gate = ("torch",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        modules: dict[int, bool] = {}
        for located, call, constructor in legacy_calls(ctx):
            if call.keywords or not called_as_written(ctx, call):
                continue  # `device=` given (or `**kwargs` that may give it)
            owner = located.scope.method_class
            if owner is None:
                continue
            if id(owner.node) not in modules:
                modules[id(owner.node)] = is_module_class(ctx, owner)
            if not modules[id(owner.node)]:
                continue
            holder = _state_holder(ctx, located.scope, call)
            if holder is None:
                continue
            message = (
                f"`torch.{constructor}(...)` ignores `with torch.device(...)`: {holder} is made "
                "on the CPU even when the model is built on a GPU or the meta device"
            )
            yield self.finding(ctx, call, message, self._fix(ctx, call, constructor))

    def _fix(self, ctx: FileContext, call: ast.Call, constructor: str) -> Fix | None:
        """`torch.Tensor(*size)` -> `torch.empty(*size)` (with the dtype the constructor
        stood for), only where the arguments are surely sizes and `torch` is named as written
        (`torch.Tensor`, `th.Tensor`: not a bare `Tensor` imported from it)."""
        prefix = ctx.source.segment(call.func).rpartition(".")[0]
        if not prefix or not surely_sizes(call.args):
            return None
        description = "Use `torch.empty(...)`, which follows the device context"
        renamed = Edit(ctx.source.start(call.func), ctx.source.end(call.func), f"{prefix}.empty")
        dtype = LEGACY_DTYPES[constructor]
        if dtype is None:
            return Fix(description, (renamed,), FixSafety.UNSAFE)
        typed = self.insert_keyword(ctx, call, f"dtype={prefix}.{dtype}", description)
        return Fix(description, (renamed, *typed.edits), FixSafety.UNSAFE)


def _state_holder(ctx: FileContext, scope: Scope, call: ast.Call) -> str | None:
    """What the constructor's tensor becomes: "parameter `weight`" for `self.weight =
    Parameter(torch.Tensor(n))`, "buffer `table`" for `self.register_buffer("table", ...)`;
    None when it becomes neither."""
    root = scope.function.node if scope.function is not None else scope.node
    parents = parent_map(ctx.parents, root)
    node: ast.AST = call
    parent = parents.get(id(node))
    while isinstance(parent, ast.Attribute) and parent.attr in _IN_PLACE:
        grand = parents.get(id(parent))
        if not isinstance(grand, ast.Call) or grand.func is not parent:
            return None
        node, parent = grand, parents.get(id(grand))
    if not isinstance(parent, ast.Call):
        return None
    if (ctx.qualified(parent.func) or "") in _PARAMETERS and parent.args and parent.args[0] is node:
        assigned = parents.get(id(parent))
        return f"parameter {_assigned_name(assigned)}".rstrip()
    func = parent.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "register_buffer"
        and len(parent.args) >= 2
        and parent.args[1] is node
    ):
        name = parent.args[0]
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            return f"buffer `{name.value}`"
        return "a buffer"
    return None


def _assigned_name(statement: ast.AST | None) -> str:
    """`weight` in "`self.weight = Parameter(...)`", else empty."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Attribute):
            return f"`{target.attr}`"
        if isinstance(target, ast.Name):
            return f"`{target.id}`"
    return ""
