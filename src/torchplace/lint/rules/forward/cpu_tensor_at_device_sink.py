"""TPL207 cpu-tensor-at-device-sink."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.backend_arms import runs_only_off_nccl
from torchplace.lint.context import FileContext, Located, Scope, call_name, keyword_value
from torchplace.lint.cpu_exports import exports_on_the_cpu
from torchplace.lint.cuda_default import sets_cuda_default
from torchplace.lint.flow_classes import is_module_class, unstubbed_init
from torchplace.lint.flow_evidence import uses_collectives
from torchplace.lint.flow_meetings import (
    Evidence,
    at_device_sink,
    meetings_of,
    reached_from_forward,
)
from torchplace.lint.flow_ops import NCCL_COLLECTIVES
from torchplace.lint.flow_values import Kind, Meeting
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import called_as_written
from torchplace.report import Finding

# Builtin min/max over tensors and NCCL collectives: calls that take no CPU tensor beside GPU ones.
_SINK_CALLS = ("min", "max", *sorted(NCCL_COLLECTIVES))


class _SinkLines(AnyOf):
    """Assignments to `.data`, builtin `min` / `max` over a `torch` expression, and (in files
    that use NCCL) collectives: the lines where such a sink can be. `min(` after a dot or a
    letter (`torch.min(`, `x.amax(`) is left out after the scan: a look-behind at the start of
    the pattern would make `re` try it at every position."""

    def __init__(self) -> None:
        super().__init__(r"\.data\s*=(?!=)", r"min\([^\n]*torch\.", r"max\([^\n]*torch\.")
        self.collectives = AnyOf(*(rf"{name}\(" for name in sorted(NCCL_COLLECTIVES)))

    def search(self, string: str) -> re.Match[str] | None:
        return next(self.finditer(string), None)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        for match in super().finditer(string):
            start = match.start()
            builtin = match.group(0)[0] == "." or start == 0 or not _name_char(string[start - 1])
            if builtin:
                yield match
        if uses_collectives(string):
            yield from self.collectives.finditer(string)


def _name_char(character: str) -> bool:
    return character == "." or character.isalnum() or character == "_"


class CpuTensorAtDeviceSink(Rule):
    """## What it does
    Flags a `torch` tensor factory called without `device=` outside a module's `forward`
    whose CPU result reaches a sink that takes no CPU tensor beside a GPU one: an assignment
    to the `.data` of a tensor that keeps its device, builtin `min` / `max` with a tensor the
    code placed (`.to(logits.device)`, `device="cuda"`) or a parameter of the module, or a
    collective on the default group of a program that uses NCCL (not one that names NCCL
    only as the backend of subgroups it makes). The message gives the chain, from the
    factory to the sink.

    ## Why is this bad?
    `x.data = torch.zeros(1)` silently moves `x`'s storage to the CPU (the next op on the
    GPU fails far from here); builtin `min(gpu_tensor, torch.tensor(n))` returns whichever
    tensor is smaller, so the result's device depends on the values (DeepSpeed's MoE
    capacity became a CPU tensor on some steps); NCCL refuses CPU tensors (`No backend type
    associated with device type cpu`). Even a 0-dim tensor fails here, unlike in arithmetic.
    Not flagged: `.data` of a weight of a module handed in (an initializer, a vocabulary
    resize, a checkpoint converter walking `getattr(model, ...)`: the module sits wherever
    the caller put it), `.data` set in a module's `__init__` that places nothing, or in a
    method only `__init__` calls (`reset_parameters`: nothing was placed yet), pinned host
    memory
    (`pin_memory=True`), empty placeholders (`param.data = torch.Tensor([])` to free a
    weight's GPU memory while offloading), `.data` of an object another library's class
    builds (`ds = EMNIST(root)`: a dataset's array of images), a collective's CPU tensor
    made in the arm for another backend (`cuda = backend == NCCL; if cuda: ... else:`),
    factories of a file that makes CUDA the default (THUMT's scorer:
    `torch.set_default_tensor_type(torch.cuda.FloatTensor)` after `set_device`) or that only
    such files import, ONNX export scripts that name no CUDA,
    arguments as the other tensor. Arithmetic and `cat` are TPL204's.

    ## Example
    ```python
    def top1gating(logits, capacity, mask1):
        new_capacity = torch.max(mask1.sum(0)).to(logits.device)
        return min(new_capacity, torch.tensor(mask1.size(0)))
    ```

    Use instead:
    ```python
    def top1gating(logits, capacity, mask1):
        new_capacity = torch.max(mask1.sum(0)).to(logits.device)
        return min(new_capacity, torch.tensor(mask1.size(0), device=logits.device))
    ```

    ## Fix safety
    No automatic fix: the tensor met may be the one on the wrong device.

    ## References
    - https://github.com/deepspeedai/DeepSpeed/pull/5230
    - https://pytorch.org/docs/stable/distributed.html#backends
    """

    code = "TPL207"
    # Preview: as it is now, at first look on fresh-6 (8,108 files linted after its last fix):
    # TRUE on 0 of 1 (a dataset's `.data`, not a tensor's)
    # (benchmarks/results/lint_precision_unseen.md).
    preview = True
    name = "cpu-tensor-at-device-sink"
    # Stable by the tier rule's second clause: no finding on the 15,588 files of the precision
    # corpus; recall: DeepSpeed's top1gating capacity and pipeline `.data = torch.zeros(1)`.
    in_tests = False
    summary = "Tensor made on the CPU without `device=` reaches `.data`, builtin min/max or NCCL"
    contexts = (
        "functions outside forward: `.data` assignments, builtin `min` / `max`, collectives "
        "on the default group of programs that use NCCL"
    )
    candidate = _SinkLines()
    file_gate = ("torch",)
    project_condition = "made-on-the-cpu"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if sets_cuda_default(ctx) or exports_on_the_cpu(ctx):
            return  # factories make their tensors on the GPU there (`cuda_default`)
        evidence = Evidence(ctx)
        flowed: set[int] = set()
        reported: set[int] = set()
        for located in _sink_sites(ctx):
            function = located.scope.function
            if function is None or id(function.node) in flowed:
                continue
            flowed.add(id(function.node))
            if ctx.forward_path(located.scope) is not None or reached_from_forward(ctx, function):
                continue  # TPL201's and TPL202's ground
            for meeting in meetings_of(ctx, function, evidence):
                origin = meeting.cpu.origin
                if not at_device_sink(meeting) or origin is None or id(origin) in reported:
                    continue
                if not _owner_in_play(meeting, function.node):
                    continue
                if _group_made_without_nccl(function.node, meeting):
                    continue  # this function's own group is gloo's: CPU tensors are its own
                if meeting.gpu.kind is Kind.COLLECTIVE and any(
                    runs_only_off_nccl(ctx, located.scope, node)
                    for node in (origin, meeting.at)
                    if node
                ):
                    continue  # made or reduced in the arm for gloo (`if backend == NCCL:`)
                if _at_construction(ctx, located.scope):
                    continue  # `reset_parameters()` from `__init__`: nothing was placed yet
                if not called_as_written(ctx, origin):
                    continue
                reported.add(id(origin))
                factory = (ctx.qualified(origin.func) or "").removeprefix("torch.")
                message = f"`torch.{factory}` without `device=`: {meeting.chain()}"
                yield self.finding(ctx, origin, message)


def _sink_sites(ctx: FileContext) -> Iterator[Located]:
    for located in ctx.assignments:
        node = located.node
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Attribute) and t.attr == "data" for t in targets):
            yield located
    yield from ctx.calls(*_SINK_CALLS)


def _group_made_without_nccl(function: ast.AST, meeting: Meeting) -> bool:
    """A collective after the function itself created the default group with a backend
    named without NCCL (`init_process_group(backend="gloo")`): it runs on that backend."""
    if meeting.gpu.kind is not Kind.COLLECTIVE:
        return False
    for node in ast.walk(function):
        if not (isinstance(node, ast.Call) and node.lineno < meeting.line):
            continue
        if call_name(node) != "init_process_group":
            continue
        backend = keyword_value(node, "backend") or (node.args[0] if node.args else None)
        if isinstance(backend, ast.Constant) and isinstance(backend.value, str):
            return "nccl" not in backend.value.lower()
    return False


def _owner_in_play(meeting: Meeting, function: ast.AST) -> bool:
    """For `.data =`: a tensor this code computes (a local name) or a tensor `self` holds,
    outside `__init__`. A weight of a module handed in (`emb.weight.data = torch.zeros(...)`
    in an initializer or a vocabulary resize) goes wherever the caller has put the module:
    no evidence here."""
    target = meeting.at
    if not isinstance(target, ast.Attribute) or target.attr != "data":
        return True  # builtin min / max, a collective
    owner = target.value
    if isinstance(owner, ast.Attribute):
        in_init = getattr(function, "name", "") == "__init__"
        return isinstance(owner.value, ast.Name) and owner.value.id == "self" and not in_init
    if not isinstance(owner, ast.Name) or not isinstance(function, _Function):
        return False
    arguments = function.args
    every = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    return not _reached_from(function, owner.id, every)


def _reached_from(function: _Function, name: str, arguments: set[str]) -> bool:
    """`name` is an argument, or a part of an object handed in: assigned in the function from
    an argument through attributes or `getattr` (and items), at least one attribute on the
    way (`pointer = model`, `pointer = getattr(pointer, "weight")`, `pointer = pointer[i]`).
    An item alone (`first = outputs[0]`) is a tensor handed in, not a module's weight."""
    if name in arguments:
        return True
    seen: set[tuple[str, bool]] = set()
    pending = [(name, False)]
    while pending:
        current, through_attribute = pending.pop()
        if current in arguments and through_attribute:
            return True
        if (current, through_attribute) in seen:
            continue
        seen.add((current, through_attribute))
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == current for t in node.targets
            ):
                root, attribute = _root_name(node.value)
                if root is not None:
                    pending.append((root, through_attribute or attribute))
    return False


def _root_name(value: ast.expr) -> tuple[str | None, bool]:
    """`model` of `model`, `model.h`, `model[0]`, `getattr(model, "h")`, and whether an
    attribute was read on the way."""
    attribute = False
    while True:
        if isinstance(value, ast.Name):
            return value.id, attribute
        if isinstance(value, ast.Attribute):
            attribute, value = True, value.value
        elif isinstance(value, ast.Subscript):
            value = value.value
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "getattr"
            and value.args
        ):
            attribute, value = True, value.args[0]
        else:
            return None, attribute


#: Code that places tensors: a `device=` argument or a move.
_PLACES = re.compile(r"\bdevice\s*=|\.(?:to|cuda)\s*\(")


def _at_construction(ctx: FileContext, scope: Scope) -> bool:
    """The method runs while the object is built: a module's `__init__` that places nothing, or a
    method `__init__` calls (`self.reset_parameters()`) and no other code of the file does.
    A module is placed after it is built, so a CPU tensor given to its weights then is where
    the other weights are."""
    function, owner = scope.function, scope.method_class
    if function is None or owner is None:
        return False
    assert isinstance(owner.node, ast.ClassDef)
    if function.name == "__init__":
        # A module's own `__init__` that places nothing (no `device=`, no move): its weights
        # are on the CPU while it runs (AdaFace's MTCNN nets load NumPy weights into
        # `p.data` for each of `self.named_parameters()`).
        text = ctx.node_text(function.node)
        return is_module_class(ctx, owner) and _PLACES.search(text) is None
    init = unstubbed_init(ctx, owner.node) or next(
        (s for s in owner.node.body if isinstance(s, _Function) and s.name == "__init__"), None
    )
    if init is None:
        return False
    called = re.compile(rf"\.{re.escape(function.name)}\s*\(")
    first: int = getattr(init, "lineno", 0)
    last: int = getattr(init, "end_lineno", None) or first
    # Other classes with a method of that name call their own on `self`.
    others = [
        (node.lineno, node.end_lineno or node.lineno)
        for node in ctx.tree.body
        if isinstance(node, ast.ClassDef)
        and node is not owner.node
        and any(isinstance(s, _Function) and s.name == function.name for s in node.body)
    ]
    inside = outside = False
    for number, line in enumerate(ctx.source.lines, start=1):
        if not called.search(line) or any(a <= number <= b for a, b in others):
            continue
        if first <= number <= last:
            inside = True
        else:
            outside = True
    return inside and not outside


_Function = ast.FunctionDef | ast.AsyncFunctionDef
