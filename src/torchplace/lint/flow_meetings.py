"""Running the device-flow analysis for the rules that flag a CPU-made tensor meeting a GPU
tensor outside `forward` (TPL204, TPL207): which functions can hold evidence, the facts of
their classes, and the meetings that count."""

from __future__ import annotations

import ast

from torchplace.lint.context import FileContext, Scope, forward_reach
from torchplace.lint.correlated_branches import CorrelatedBranches
from torchplace.lint.flow import FunctionFlow, LocalFunctions
from torchplace.lint.flow_classes import class_facts, unstubbed_function
from torchplace.lint.flow_evidence import default_group_may_use_nccl, has_evidence, uses_collectives
from torchplace.lint.flow_facts import ClassFacts
from torchplace.lint.flow_values import Kind, Meeting

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def function_flow(
    ctx: FileContext, node: _Function, facts: ClassFacts | None
) -> FunctionFlow | None:
    nccl = default_group_may_use_nccl(ctx.source.text)
    local = LocalFunctions(
        {s.name: s for s in ctx.tree.body if isinstance(s, _Function) and s is not node},
        lambda function: unstubbed_function(ctx, function),
    )
    try:
        return FunctionFlow(node, ctx.qualified, facts, nccl=nccl, local=local)
    except RecursionError:  # absurdly nested expressions: no evidence, no finding
        return None


def evident(meeting: Meeting) -> bool:
    """Outside forward, a tensor argument is often a CPU tensor on purpose (even one declared
    `torch.Tensor`): it counts only when the code places it (`.to(x.device)`)."""
    return meeting.gpu.kind is not Kind.INPUT or meeting.gpu.placed


class Evidence:
    """Whether a function can hold a GPU tensor that counts as evidence, from its text
    (`flow_evidence`: the same test that chose the candidate lines), and the facts of the
    classes whose methods are followed."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self.facts: dict[int, ClassFacts] = {}
        self.collectives = uses_collectives(ctx.source.text)
        self.local = frozenset(s.name for s in ctx.tree.body if isinstance(s, _Function))

    def facts_of(self, owner: ast.ClassDef) -> ClassFacts:
        """What the class holds, its `__init__` read from the text where `regions` stubbed
        it out (it may hold no candidate line)."""
        key = id(owner)
        if key not in self.facts:
            self.facts[key] = class_facts(self.ctx, owner)
        return self.facts[key]

    def possible(self, node: _Function) -> bool:
        others = self.local - {node.name}  # the flow follows calls of the others only
        return has_evidence(self.ctx.node_text(node), others, self.collectives)


def reached_from_forward(ctx: FileContext, function: Scope) -> bool:
    """`forward` or a method it reaches, whatever `forward-methods` the configuration names
    (the candidate lines leave these out: `flow_evidence`)."""
    owner = function.parent
    if owner is None or owner.kind != "class" or "forward" in ctx.forward_methods:
        return False
    methods = {s.name: s for s in owner.body if isinstance(s, _Function)}
    text_of = lambda name: ctx.node_text(methods[name])  # noqa: E731
    return function.name in forward_reach(methods.keys(), text_of, ("forward",))


def meetings_of(ctx: FileContext, function: Scope, evidence: Evidence) -> list[Meeting]:
    """The meetings the flow of one function finds with evidence of a GPU tensor, in order."""
    node = function.node
    if not isinstance(node, _Function):
        return []  # a lambda: one expression, no statements to follow
    owner = function.parent.node if function.parent is not None else None
    facts = evidence.facts_of(owner) if isinstance(owner, ast.ClassDef) else None
    # In `__init__` the module's own weights are made beside the factory's tensor, in the
    # same place (the CPU, or the `with torch.device(...)` the model is built under).
    made_beside = node.name == "__init__"
    if not evidence.possible(node):
        return []
    flow = function_flow(ctx, node, facts)
    found: list[Meeting] = []
    flags: CorrelatedBranches | None = None
    for meeting in flow.meetings if flow is not None else ():
        if made_beside and meeting.gpu.kind is Kind.MODULE:
            continue
        if not (evident(meeting) and meeting.cpu.origin is not None):
            continue
        if meeting.gpu.kind is Kind.MOVED and meeting.at is not None:
            flags = flags or CorrelatedBranches(node)
            if _placed_on_another_arm(node, meeting, flags):
                continue
        found.append(meeting)
    return found


def _placed_on_another_arm(
    function: _Function, meeting: Meeting, flags: CorrelatedBranches
) -> bool:
    """The GPU tensor was placed on an arm that no run reaching the meeting takes: `if
    is_cuda: image = image.to(device)`, then `else: image + torch.from_numpy(r)` under a
    second `if is_cuda:` (BackdoorBench's DeepFool), where `image` is still the CPU input.
    The flow joins both arms of the first `if`; `correlated_branches` tells that the two
    tests read one flag nothing changed. The flow keeps one placed value per owner, the first
    placement's line: where the other arm places the tensor too (`else: image =
    image.to(other)`), that second placement is not seen here, a case no corpus has shown."""
    placements = [
        statement
        for statement in ast.walk(function)
        if isinstance(statement, ast.stmt)
        and not isinstance(statement, ast.If | ast.For | ast.While | ast.With | ast.Try)
        and statement.lineno == meeting.gpu.line
    ]
    assert meeting.at is not None
    return bool(placements) and all(flags.exclusive(s, meeting.at) for s in placements)


def at_device_sink(meeting: Meeting) -> bool:
    """A meeting at a sink that takes no CPU tensor whatever its size: an assignment to
    another tensor's `.data` (the storage moves to the CPU), builtin `min` / `max` (the
    result is whichever tensor wins, with its device) or an NCCL collective."""
    return meeting.gpu.kind is Kind.COLLECTIVE or meeting.where.startswith(DEVICE_SINKS)


#: How `flow` names those sinks in a meeting's `where`.
DEVICE_SINKS = ("an assignment to `.data`", "builtin `min`", "builtin `max`")
