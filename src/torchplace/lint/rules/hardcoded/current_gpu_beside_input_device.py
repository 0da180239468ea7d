"""TPL109 current-gpu-beside-input-device."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope, call_name
from torchplace.lint.flow_classes import is_module_class
from torchplace.lint.flow_ops import LEAVES, NCCL_COLLECTIVES, NOT_TENSORS
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import names_assigned
from torchplace.lint.tensor_method_names import TENSOR_METHOD_NAMES
from torchplace.report import Finding

_DEVICE_ATTRIBUTES = {"is_cuda", "device", "get_device"}
#: What a tensor has: its methods and the attributes that are no tensor (`shape`, `dtype`),
#: its data and gradient.
_TENSOR_ATTRIBUTES = TENSOR_METHOD_NAMES | NOT_TENSORS | LEAVES | {"data", "grad", "T", "mT"}


class CurrentGpuBesideInputDevice(Rule):
    """## What it does
    Flags `.cuda()` without a device where the function has a better device at hand and the
    moved value meets it:
    - it goes into one call with an input tensor whose device the function itself checks
      (`if x.is_cuda:`, `x.device`), as in an autograd `Function` or a kernel wrapper;
    - or, in an `nn.Module` method, it goes into the module's own `forward` (`self(...)`,
      `self.forward(...)`), whose parameters live wherever the model was placed.
    The message names the value it meets and the line. An input read for what no tensor has
    (`args.lr` beside `args.device`) is a namespace of settings, not a tensor. Not flagged:
    functions that exchange tensors with other ranks (`all_reduce`, `allgather`: one process per
    GPU, whose communicator works on the current GPU), nor code of a project that binds one GPU
    per process anywhere (`torch.cuda.set_device(local_rank)` in its workers or launcher): there
    the current GPU is the process's own, where its models were placed with `.cuda()` too.
    Libraries that bind nothing run on whatever GPU their caller's tensors are on.

    ## Why is this bad?
    `.cuda()` moves to the thread's *current* GPU, cuda:0 unless something bound another.
    When a caller runs the op or the model on cuda:1 (a second model, a `device_map` shard,
    one process driving several GPUs) the moved value sits on cuda:0 beside inputs on
    cuda:1, and the kernel fails (`Expected all tensors to be on the same device`) or
    reads memory of the wrong GPU.

    ## Example
    ```python
    def forward(ctx, xyz1, xyz2):
        dist = torch.zeros(xyz1.shape[0])
        if xyz1.is_cuda:
            dist = dist.cuda()
            ext.forward_cuda(xyz1, xyz2, dist)
    ```

    Use instead:
    ```python
    def forward(ctx, xyz1, xyz2):
        dist = torch.zeros(xyz1.shape[0], device=xyz1.device)
        if xyz1.is_cuda:
            ext.forward_cuda(xyz1, xyz2, dist)
    ```

    ## Fix safety
    No automatic fix: which input's device to follow is the author's choice.

    ## References
    - https://pytorch.org/docs/stable/generated/torch.Tensor.cuda.html
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-semantics
    """

    code = "TPL109"
    # Preview: before the fixes made against them its first looks on unseen package sets
    # were TRUE on 0 of 3; as it is now it raised nothing on fresh-4 to fresh-11, then on
    # fresh-12 TRUE on 0 of 5 (serving workers that bind their GPU before `.cuda()`, and a
    # one-process server), on fresh-21 and fresh-22 on 0 of 10 (self-tests after the rank
    # bound its GPU; helpers nothing calls), so it now reads only projects that bind no GPU
    # per process (benchmarks/results/lint_precision_unseen.md).
    preview = True
    name = "current-gpu-beside-input-device"
    in_tests = False
    project_condition = "binds-no-gpu-per-process"
    contexts = (
        "functions that check an input tensor's device, and `nn.Module` methods feeding "
        "their own forward, in projects that bind no GPU per process"
    )
    summary = "`.cuda()` value meets a tensor whose device the code knows (cuda:0 beside it)"
    pattern = "hardcoded-cuda-device"
    # A substring gate, then a pattern with a literal start: both fast over every file.
    candidate = re.compile(r"cuda\(\s*\)")
    file_gate = ("cuda(",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        collectives: dict[int, bool] = {}  # per function: one walk, however many `.cuda()`
        for call, located in self.located_calls(ctx, "cuda"):
            function = located.scope.function
            if call.args or call.keywords or function is None:
                continue
            if not isinstance(call.func, ast.Attribute):
                continue
            key = id(function.node)
            if key not in collectives:
                collectives[key] = _runs_collectives(function.node)
            if collectives[key]:
                continue  # one process per GPU, whose communicator is the current GPU's
            met = _meets_known_device(ctx, located.scope, function.node, call)
            if met is not None:
                yield self.finding(ctx, call, f"`.cuda()` moves to the current GPU, {met}")


def _meets_known_device(
    ctx: FileContext, scope: Scope, function: ast.AST, moved: ast.Call
) -> str | None:
    names = names_assigned(function, moved)
    checked = _inputs_with_checked_device(function)
    owner = scope.method_class
    module = owner is not None and is_module_class(ctx, owner)
    later = sorted(
        (n for n in ast.walk(function) if isinstance(n, ast.Call) and n.lineno >= moved.lineno),
        key=lambda n: (n.lineno, n.col_offset),
    )
    for call in later:
        arguments = [*call.args, *(k.value for k in call.keywords)]
        if not any(_is_moved(a, moved, names) for a in arguments):
            continue
        for argument in arguments:
            # Another input: `x = x.cuda()` moves the checked input itself.
            if isinstance(argument, ast.Name) and argument.id in checked.keys() - names:
                return (
                    f"but meets `{argument.id}` (an input whose device this function checks "
                    f"at line {checked[argument.id]}) in `{ctx.source.segment(call.func)}` "
                    f"at line {call.lineno}: on another GPU, two devices in one call"
                )
        if module and _own_forward(call):
            return (
                f"but feeds this module's own forward at line {call.lineno}: its parameters "
                f"live wherever the model was placed (cuda:1 beside cuda:0)"
            )
    return None


def _runs_collectives(function: ast.AST) -> bool:
    """The function exchanges tensors with other ranks (`all_reduce`, `allgather`, ...): it
    runs in one process per GPU, and a communicator of NCCL works on the GPU that is current
    when it is built, so the current GPU is the rank's (a rank that never bound one is
    TPL401's and TPL107's finding, not this `.cuda()`'s)."""
    return any(
        isinstance(node, ast.Call)
        and (call_name(node) or "").replace("allgather", "all_gather") in NCCL_COLLECTIVES
        for node in ast.walk(function)
    )


def _is_moved(node: ast.AST, moved: ast.Call, names: set[str]) -> bool:
    return node is moved or (isinstance(node, ast.Name) and node.id in names)


def _inputs_with_checked_device(function: ast.AST) -> dict[str, int]:
    """Parameters whose device the function reads (`x.is_cuda`, `x.device`), with the line.
    Not a parameter the function reads for an attribute no tensor has (`args.lr` beside
    `args.device == "cuda"`: a namespace of settings, whose device is a string)."""
    assert isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
    arguments = function.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    parameters -= {"self", "cls", "ctx"}
    found: dict[str, int] = {}
    settings: set[str] = set()
    for node in ast.walk(function):
        if not (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in parameters
        ):
            continue
        if node.attr in _DEVICE_ATTRIBUTES:
            found.setdefault(node.value.id, node.lineno)
        elif node.attr not in _TENSOR_ATTRIBUTES:
            settings.add(node.value.id)
    return {name: line for name, line in found.items() if name not in settings}


def _own_forward(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id == "self"
    return (
        call_name(call) == "forward"
        and isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id == "self"
    )
