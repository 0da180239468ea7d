"""TPL204 cpu-tensor-meets-gpu-tensor."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.flow import LEGACY_CONSTRUCTORS, FunctionFlow, Kind, Meeting
from torchplace.lint.flow_facts import ClassFacts
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import FACTORY_CANDIDATE, called_as_written
from torchplace.report import Finding
from torchplace.torch_names import TENSOR_FACTORIES

_Function = ast.FunctionDef | ast.AsyncFunctionDef


class CpuTensorMeetsGpuTensor(Rule):
    """## What it does
    Flags a `torch` tensor factory called without `device=` outside a module's `forward`
    (a gating function, a trainer step, a loss, a pipeline stage) whose CPU result then
    meets a tensor that evidently lives elsewhere: a parameter, buffer or submodule output
    of `self`, a tensor made with `device="cuda"`, in arithmetic, `cat`/`stack`/`where`, a
    tensor method, an assignment to another tensor's `.data`, or a collective on the
    default group of a program that uses NCCL (`dist.all_reduce(t)`); a collective given a
    `group=` of its own is left alone, as such groups are often CPU (gloo) groups.

    ## Why is this bad?
    The factory makes its tensor on the CPU. When the other operand is on a GPU the op
    fails (`Expected all tensors to be on the same device, but found at least two devices,
    cuda:0 and cpu!`); `x.data = torch.zeros(1)` silently moves an activation of the
    pipeline to the CPU, and the next stage's op on it fails far from here.
    Arguments are not taken as evidence: outside `forward`, functions (collators,
    pre-processing, pipeline helpers) take CPU tensors on purpose. Preview: measured on too
    few findings to be in the default set.

    ## Example
    ```python
    def update_bias(self, counts):
        self.expert_bias.data = torch.zeros(self.num_experts)
    ```

    Use instead:
    ```python
    def update_bias(self, counts):
        self.expert_bias.data = torch.zeros_like(self.expert_bias)
    ```

    ## Fix safety
    No automatic fix: the tensor met may be the one on the wrong device.

    ## References
    - https://pytorch.org/docs/stable/tensor_attributes.html#torch.device
    """

    code = "TPL204"
    name = "cpu-tensor-meets-gpu-tensor"
    in_tests = False
    summary = "Tensor made on the CPU without `device=` meets a tensor of another device"
    candidate = AnyOf(FACTORY_CANDIDATE.parts[0].pattern, r"Tensor\(")
    file_gate = ("torch",)
    preview = True
    contexts = "functions outside forward (gating, trainer steps, losses, pipeline stages)"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        flows: dict[int, dict[int, Meeting]] = {}
        for located in ctx.calls(*TENSOR_FACTORIES, *LEGACY_CONSTRUCTORS):
            call = located.node
            assert isinstance(call, ast.Call)
            qualified = ctx.qualified(call.func) or ""
            factory = qualified.removeprefix("torch.")
            known = factory in TENSOR_FACTORIES or factory in LEGACY_CONSTRUCTORS
            if not known or not qualified.startswith("torch."):
                continue
            function = located.scope.function
            if function is None or not called_as_written(ctx, call):
                continue
            if ctx.forward_path(located.scope) is not None:
                continue  # TPL201's ground
            key = id(function.node)
            if key not in flows:
                flows[key] = _meetings(ctx, function)
            meeting = flows[key].get(id(call))
            if meeting is not None:
                message = f"`torch.{factory}` without `device=`: {meeting.chain()}"
                yield self.finding(ctx, call, message)


def _meetings(ctx: FileContext, function: Scope) -> dict[int, Meeting]:
    node = function.node
    if not isinstance(node, _Function):
        return {}  # a lambda: one expression, no statements to follow
    owner = function.parent
    facts = ClassFacts.of(owner.node) if owner and isinstance(owner.node, ast.ClassDef) else None
    try:
        # "cuda:nccl,cpu:gloo" sends CPU tensors to gloo: collectives on them are fine.
        text = ctx.source.text
        nccl = "nccl" in text and "cpu:gloo" not in text
        flow = FunctionFlow(node, ctx.qualified, facts, nccl=nccl)
    except RecursionError:  # absurdly nested expressions: no evidence, no finding
        return {}
    found: dict[int, Meeting] = {}
    for meeting in flow.meetings:
        if meeting.gpu.kind is Kind.INPUT:
            continue  # outside forward, tensor arguments are often CPU tensors on purpose
        if meeting.cpu.origin is not None:
            found.setdefault(id(meeting.cpu.origin), meeting)
    return found
