"""TPL902 kernel-launched-on-current-device (noisy: off unless selected)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext
from torchplace.lint.project_callers import BINDS_DEVICE, DEVICE_GUARD
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import without_comments
from torchplace.report import Finding

# A device context around the launch (`torch.cuda.device(i)`, a project's alias of it) and a
# device binding: the same tests that `project_callers` applies to the callers.
_GUARD = DEVICE_GUARD
_BINDS = BINDS_DEVICE


class KernelLaunchedOnCurrentDevice(Rule):
    """## What it does
    Flags a Triton kernel launch (`kernel[grid](...)` in a file that imports `triton`, or a
    call into an imported module of Triton kernels, `triton_kernels.op(...)`) that passes
    tensors from the function's parameters, outside a device context (`with
    torch.cuda.device(x.device)`, or a project's own alias or helper for one, such as
    `with torch_gpu_device(x.device)`), in a function that does not bind a device, in a
    project that binds no GPU per process (a project fact: no `set_device(local_rank)`,
    `init_process_group(device_id=...)`, `PartialState()` or `Accelerator()` outside its
    tests, examples and docs).

    In a serving engine or trainer whose processes bind their GPU at start-up, the current
    GPU is the tensors' GPU and such launches are right: those projects get no finding. In a
    kernel library called on `device_map` shards (a quantization or attention kernel
    package) they are not, unless every caller of the launching function across the project
    holds the guard (`with torch.cuda.device(A.device): kernels.dequant(A)` in `ops.py`).
    Off unless selected (`extend-select = ["TPL902"]`).

    ## Why is this bad?
    A Triton launch (like a raw CUDA launch) runs on the thread's *current* GPU, not on the
    GPU of its tensor arguments. When the caller's tensors sit on cuda:1 (a `device_map`
    shard, a second model, a pipeline stage) and the current device is cuda:0, the kernel
    fails with `Pointer argument (at 0) cannot be accessed from Triton (cpu tensor?)`, or
    reads another GPU's memory through peer access.

    ## Example
    ```python
    def apply_rotary(x, cos, sin):
        out = torch.empty_like(x)
        rotary_kernel[grid](out, x, cos, sin)
        return out
    ```

    Use instead:
    ```python
    def apply_rotary(x, cos, sin):
        out = torch.empty_like(x)
        with torch.cuda.device(x.device):
            rotary_kernel[grid](out, x, cos, sin)
        return out
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://pytorch.org/docs/stable/generated/torch.cuda.device.html
    - https://github.com/triton-lang/triton/issues/2925
    """

    code = "TPL902"
    name = "kernel-launched-on-current-device"
    preview = True
    # Below the default tier even with the project facts: 26 of 32 judged findings TRUE, 4
    # UNSURE (training kernels), 2 FALSE (benchmarks/lint_precision/judged-project.jsonl).
    default_enabled = False
    in_tests = False
    contexts = (
        "off by default (noisy; for kernel libraries called on `device_map` shards): Triton "
        "launches with the caller's tensors outside a device context, in projects that bind "
        "no GPU per process (a project fact: see docs/lint.md)"
    )
    summary = "Triton kernel launched on the current GPU, not on its tensors' GPU"
    pattern = None
    project_condition = "unguarded-library-launch"
    candidate = AnyOf(r"\]\s*\(", r"triton\w*\.\w+\s*\(")
    file_gate = ("triton",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        modules = _kernel_modules(ctx.tree)
        subscripts = ctx.imports_module("triton")
        for function in ast.walk(ctx.tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            launches = [
                node
                for node in own_nodes(function)
                if isinstance(node, ast.Call) and _is_launch(node, modules, subscripts)
            ]
            if not launches:
                continue
            guarded = _guarded_nodes(ctx, function)
            for call in launches:
                if id(call) not in guarded and _passes_parameter(function, call):
                    yield self.finding(ctx, call)


def _kernel_modules(tree: ast.Module) -> set[str]:
    """Names of imported modules of Triton kernels (`from . import triton_kernels`)."""
    names: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            for alias in statement.names:
                local = alias.asname or alias.name
                if "triton" in local and local != "triton" and "." not in local:
                    names.add(local)
    return names


def _is_launch(call: ast.Call, modules: set[str], subscripts: bool) -> bool:
    func = call.func
    if isinstance(func, ast.Subscript):
        # `plan[3](out)` calls an item of a list; a launch's grid is a tuple, a name, a lambda.
        index = func.slice
        return subscripts and not (isinstance(index, ast.Constant) and type(index.value) is int)
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in modules
    )


def _guarded_nodes(ctx: FileContext, function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """Nodes under a device context, or all of them when the function binds a device."""
    if _BINDS.search(without_comments(ctx.node_text(function))):
        return {id(n) for n in ast.walk(function)}
    inside: set[int] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.With | ast.AsyncWith) and any(
            _GUARD.search(ctx.source.segment(item.context_expr)) for item in node.items
        ):
            inside.update(id(n) for statement in node.body for n in ast.walk(statement))
    return inside


def _passes_parameter(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> bool:
    """The launch takes a tensor the caller gave (a parameter, or a name made from one)."""
    arguments = function.args
    params = {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}
    params -= {"self", "cls"}
    passed = [*call.args, *(k.value for k in call.keywords)]
    return any(isinstance(n, ast.Name) and n.id in params for a in passed for n in ast.walk(a))
