"""TPL107 current-device-used-before-binding."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope, call_name
from torchplace.lint.job_scale import in_one_process_branch
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import device_sites, literal_index, literal_string
from torchplace.lint.stateless_modules import moves_stateless_module
from torchplace.report import Finding

#: Calls whose `device=` names a device *type*, not a placement.
_DEVICE_TYPE_CALLS = {"device", "cuda", "GradScaler", "autocast", "get_device_module"}
_BINDS = re.compile(r"set_device\s*\(")


class CurrentDeviceUsedBeforeBinding(Rule):
    """## What it does
    Flags a placement on the current GPU (`.cuda()`, `.to("cuda")`, `device="cuda"`) that
    runs before the same module or function binds this process's GPU with
    `torch.cuda.set_device(...)` a few statements later. Not a placement in the one-process
    arm of the job (`elif "RANK" not in os.environ:`, `if world_size == 1:`): one process
    has no other rank to collide with. Nor a move of a `torch.nn` module that holds no
    tensor (`nn.CrossEntropyLoss().cuda()` without `weight=`, `nn.ReLU()`): it places nothing.

    ## Why is this bad?
    Until `set_device` runs, the current GPU is cuda:0 in every rank. The placement makes a
    CUDA context and allocates on GPU 0 in each of the N processes of a `torchrun` job
    (about 500 MiB each, all on one GPU), and a tensor made there stays on GPU 0 while the
    rest of the rank's work goes to its own GPU.

    ## Example
    ```python
    torch.empty(1, device="cuda").backward()  # warm-up
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    ```

    Use instead:
    ```python
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    torch.empty(1, device="cuda").backward()  # now on this rank's GPU
    ```

    ## Fix safety
    No automatic fix: move the binding up, or name the device (`f"cuda:{local_rank}"`).

    ## References
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    - https://pytorch.org/docs/stable/generated/torch.cuda.set_device.html
    """

    code = "TPL107"
    # Preview: as it is now, at first look on fresh-6 (8,108 files linted after its last fix):
    # TRUE on 0 of 2 (1 UNSURE: the judges disagreed)
    # (benchmarks/results/lint_precision_unseen.md).
    preview = True
    name = "current-device-used-before-binding"
    contexts = (
        "module or function code that binds its GPU with `set_device` later; not a use in"
        " the job's one-process arm, nor moves of `torch.nn` modules that hold no tensor"
    )
    summary = "Current GPU used before this process binds its own (cuda:0 on every rank)"
    pattern = None  # the catalogue's hardcoded-device pattern lists TPL101-105
    candidate = AnyOf(r"cuda[\"']", r"\.\s*cuda\s*\(\s*\)")
    file_gate = ("set_device",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for node, scope, moved in _current_device_uses(ctx):
            line = _binding_after(ctx, scope, node)
            # Read last, for the few uses a binding follows: a module that holds no tensor
            # (`nn.CrossEntropyLoss().cuda()`) is moved, and the move places nothing.
            if line is None or (moved is not None and moves_stateless_module(ctx, scope, moved)):
                continue
            message = (
                f"uses the current GPU (cuda:0 on every rank) before this process binds "
                f"its own with set_device at line {line}"
            )
            yield self.finding(ctx, node, message)


def _current_device_uses(ctx: FileContext) -> Iterator[tuple[ast.AST, Scope, ast.expr | None]]:
    """Each use of the current GPU, its scope, and what it moves (`x` of `x.to("cuda")`,
    `x.cuda()`; none for `device="cuda"`)."""
    for site in device_sites(ctx):
        if site.where not in ("to", "device=") or call_name(site.call) in _DEVICE_TYPE_CALLS:
            continue
        if literal_string(site.value) == "cuda":
            func = site.call.func
            moved = func.value if site.where == "to" and isinstance(func, ast.Attribute) else None
            yield site.value, site.located.scope, moved
    for located in ctx.calls("cuda"):
        call = located.node
        bare = isinstance(call, ast.Call) and not call.args and not call.keywords
        if bare and isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
            yield call, located.scope, call.func.value


def _binding_after(ctx: FileContext, scope: Scope, node: ast.AST) -> int | None:
    """The line of a `set_device(x)` (x not the literal 0) in a later statement of the
    scope's own body (module statements, or the function's), if any; none for a use in the
    one-process arm of the job (`elif "RANK" not in os.environ:`, `if world_size == 1:`:
    `job_scale`), where the only process's current GPU is its own."""
    function = scope.function
    body = function.body if function is not None else ctx.module_scope.body
    if not isinstance(body, list):
        return None  # a lambda's body is one expression
    if in_one_process_branch(ctx, node, function.node if function is not None else None):
        return None
    line = getattr(node, "lineno", 0)
    for statement in body:
        if statement.lineno <= line or isinstance(
            statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
        ):
            continue
        for inner in ast.walk(statement):
            if (
                isinstance(inner, ast.Call)
                and call_name(inner) == "set_device"
                and inner.args
                and literal_index(inner.args[0]) != 0
                and _BINDS.search(ctx.source.segment(inner))
            ):
                return inner.lineno
    return None
