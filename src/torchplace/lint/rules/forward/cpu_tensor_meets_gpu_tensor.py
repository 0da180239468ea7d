"""TPL204 cpu-tensor-meets-gpu-tensor."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.cpu_exports import exports_on_the_cpu
from torchplace.lint.cuda_default import sets_cuda_default
from torchplace.lint.flow_evidence import SELF_FACTORY, EvidentFactories
from torchplace.lint.flow_facts import ClassFacts
from torchplace.lint.flow_meetings import (
    Evidence,
    at_device_sink,
    evident,
    function_flow,
    meetings_of,
    reached_from_forward,
)
from torchplace.lint.flow_values import Kind, Meeting
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import (
    FACTORY_CANDIDATE,
    called_as_written,
    torch_factory_calls,
)
from torchplace.report import Finding
from torchplace.torch_names import TENSOR_FACTORIES

_Function = ast.FunctionDef | ast.AsyncFunctionDef
_FORWARDS = frozenset({"forward", "__call__"})


class CpuTensorMeetsGpuTensor(Rule):
    """## What it does
    Flags a `torch` tensor factory called without `device=` outside a module's `forward`
    (a gating function, a trainer step, a loss, a quantizer, a pipeline stage) whose CPU
    result then meets a tensor that evidently lives elsewhere: a parameter, buffer or
    submodule output of `self`, a tensor made with `device="cuda"` or moved with
    `.to(x.device)`, in arithmetic, `cat`/`stack`, `clamp` or a tensor method (an assignment
    to `.data`, builtin `min`/`max` and NCCL collectives are TPL207's). The tensor is followed
    into the file's own helper functions (`quantize(x, scale, max_q)`), and through
    attributes of a class that only ever holds a CPU-made tensor there
    (`self.losses = torch.tensor([])`, grown with `torch.cat`); when such a class is told
    its device (`__init__(self, ..., device)`), the tensors its methods are handed count as
    on that device. Only functions whose text shows evidence (a move, a `device=`, a
    `.data`, a helper of the file) are followed.

    ## Why is this bad?
    The factory makes its tensor on the CPU. When the other operand is on a GPU the op
    fails (`Expected all tensors to be on the same device, but found at least two devices,
    cuda:0 and cpu!`). A 0-dim CPU number mixes with any device in arithmetic, but not in
    `clamp`, `cat` or a loss that broadcasts it (`mse_loss`, `l1_loss`, `smooth_l1_loss`).
    Nor is a placeholder a loop replaces on its first pass before the other arm of an
    `if first:` / `if i == 0:` grows it (Tacotron 2's decoder). Arguments, even
    ones declared `torch.Tensor`, are not taken as evidence (pipelines, processors and
    collators take CPU tensors on purpose); nor is `register_parameter` on a module passed
    in (engines build weights under `with torch.device(...)`); a collective given a `group=`
    of its own is left alone (often a gloo group), and so are files that make CUDA the
    default (`torch.set_default_tensor_type(torch.cuda.FloatTensor)`,
    `torch.set_default_device("cuda")`), or modules only such files import: their
    factories make tensors on the GPU; nor ONNX export scripts that name no CUDA.

    ## Example
    ```python
    def update_bias(self, counts):
        return self.expert_bias + torch.zeros(self.num_experts)
    ```

    Use instead:
    ```python
    def update_bias(self, counts):
        return self.expert_bias + torch.zeros_like(self.expert_bias)
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
    candidate = EvidentFactories(FACTORY_CANDIDATE.parts[0].pattern, r"Tensor\(")
    file_gate = ("torch",)
    project_condition = "made-on-the-cpu"
    # Preview: no finding on the precision corpus, but it must parse and follow every function
    # outside forward that makes a tensor and places another (benchmarks/lint_speed.py); its
    # sinks that take no CPU tensor at all run by default as TPL207.
    preview = True
    #: Methods that grow a CPU-made attribute (`torch.cat([self.x, y])`) hold no factory:
    #: keep them whole so that the attribute's meeting is seen.
    context_hint = re.compile(r"torch\.(?:cat|stack|concat)\(\s*[\[(]\s*self\.")
    contexts = (
        "functions outside forward (gating, trainer steps, losses, quantizers, pipeline "
        "stages), and helpers of the same file they call"
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if sets_cuda_default(ctx) or exports_on_the_cpu(ctx):
            return  # factories make their tensors on the GPU there (`cuda_default`)
        flows: dict[int, dict[int, Meeting]] = {}
        evidence = Evidence(ctx)
        for call, located, factory in torch_factory_calls(ctx):
            function = located.scope.function
            if function is None or not called_as_written(ctx, call):
                continue
            if ctx.forward_path(located.scope) is not None or reached_from_forward(ctx, function):
                continue  # TPL201's ground
            key = id(function.node)
            if key not in flows:
                flows[key] = _first_meetings(ctx, function, evidence)
            meeting = flows[key].get(id(call))
            if meeting is not None:
                message = f"`torch.{factory}` without `device=`: {meeting.chain()}"
                yield self.finding(ctx, call, message)
        yield from self._attributes(ctx)

    def _attributes(self, ctx: FileContext) -> Iterator[Finding]:
        seen: set[int] = set()
        for located in ctx.calls(*TENSOR_FACTORIES):
            owner = located.scope.method_class
            if owner is None or id(owner.node) in seen:
                continue
            seen.add(id(owner.node))
            assert isinstance(owner.node, ast.ClassDef)
            if not _may_hold_cpu_attributes(ctx, owner.node):
                continue
            for meeting in _attribute_meetings(ctx, owner.node):
                assert meeting.at is not None
                yield self.finding(ctx, meeting.at, f"{meeting.chain()}")


def _may_hold_cpu_attributes(ctx: FileContext, owner: ast.ClassDef) -> bool:
    """The text test of `ClassFacts.of(..., cpu_made=True)`: an assignment of a `torch`
    factory's result to an attribute of `self` somewhere in the class."""
    last = owner.end_lineno or owner.lineno
    return SELF_FACTORY.search(ctx.source.lines_text(owner.lineno, last)) is not None


def _first_meetings(ctx: FileContext, function: Scope, evidence: Evidence) -> dict[int, Meeting]:
    """The first meeting of each factory call, leaving out TPL207's (a sink that takes no CPU
    tensor: it reports those)."""
    found: dict[int, Meeting] = {}
    for meeting in meetings_of(ctx, function, evidence):
        assert meeting.cpu.origin is not None
        if not at_device_sink(meeting):
            found.setdefault(id(meeting.cpu.origin), meeting)
    return found


def _attribute_meetings(ctx: FileContext, owner: ast.ClassDef) -> Iterator[Meeting]:
    """Meetings of CPU-made attributes of a class (`self.losses = torch.tensor([])`, grown
    with `torch.cat([self.losses, loss])`) in any of its methods, outside `forward`."""
    facts = ClassFacts.of(owner, cpu_made=True)
    if not facts.cpu_made:
        return
    for name, method in facts.methods.items():
        flow = None if name in _FORWARDS else function_flow(ctx, method, facts)
        for meeting in flow.meetings if flow is not None else ():
            told = facts.given_device and meeting.gpu.kind is Kind.INPUT
            if (evident(meeting) or told) and meeting.cpu.label.startswith("`self.") and meeting.at:
                yield meeting
