"""TPL210 tensor-factory-without-device-in-forward-helper."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.cpu_exports import exports_on_the_cpu
from torchplace.lint.flow import FunctionFlow
from torchplace.lint.flow_classes import class_facts, is_module_class, unstubbed_function
from torchplace.lint.flow_compiled import in_data_pipeline
from torchplace.lint.flow_helpers import ForwardHelperFactories, ForwardHelpers, HelperMeeting
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import FACTORY_CANDIDATE, called_as_written
from torchplace.report import Finding

_Function = ast.FunctionDef | ast.AsyncFunctionDef


class TensorFactoryWithoutDeviceInForwardHelper(Rule):
    """## What it does
    Flags a `torch` tensor factory called without `device=` in a module-level function of
    the file that a module's `forward` (or a method it reaches) calls, when the new CPU
    tensor meets a GPU tensor `forward` handed the function (its input, a parameter or
    buffer of the module, a submodule's output), or when the function returns it and
    `forward` mixes it with one. An argument counts as a GPU tensor when `forward` itself
    passes it; a method `forward` reaches passes only the module's own tensors (it may be
    handed tensors `forward` moved to the CPU first).

    ## Why is this bad?
    It is TPL201's bug one call away: the helper runs inside `forward`, where the module's
    inputs and weights are on a GPU, so the op where its CPU tensor meets them fails
    (`Expected all tensors to be on the same device, but found at least two devices,
    cuda:0 and cpu!`). `device_map` hooks move only a module's arguments, never what its
    helpers make. The helper's parameters count as GPU tensors only where `forward` passes
    one: called elsewhere (a collator, a pipeline) they may be CPU tensors on purpose. Not
    flagged: tensors used only as an index, moved before they meet (`.to(x.device)`, also
    in `forward`: `make_mask(n).to(x.device)`), 0-dim numbers in arithmetic, empty
    placeholders, data-pipeline code (a `data/` or `datasets/` package, `dataset.py`,
    `transforms.py`: it runs in `DataLoader` workers), modules only files that make CUDA the
    default tensor type import, ONNX export scripts that name no CUDA, and tests and
    benchmarks.

    ## Example
    ```python
    def sinusoid(positions, dim):
        freqs = torch.arange(dim // 2) / dim
        return positions[:, None] * freqs[None, :]

    class PositionalEncoding(nn.Module):
        def forward(self, positions):
            return sinusoid(positions, self.dim)
    ```

    Use instead:
    ```python
    def sinusoid(positions, dim):
        freqs = torch.arange(dim // 2, device=positions.device) / dim
        return positions[:, None] * freqs[None, :]
    ```

    ## Fix safety
    No automatic fix: the helper may have callers that pass CPU tensors.

    ## References
    - https://pytorch.org/docs/stable/tensor_attributes.html#torch.device
    """

    code = "TPL210"
    name = "tensor-factory-without-device-in-forward-helper"
    # Preview, as every new rule: not yet judged on the precision corpus.
    preview = True
    in_tests = False
    summary = "Tensor made without `device=` in a helper that forward calls meets a GPU tensor"
    contexts = (
        "module-level functions of a file called from `forward` of an `nn.Module` subclass "
        "(or a method it reaches), with the values `forward` passes"
    )
    candidate = ForwardHelperFactories(FACTORY_CANDIDATE.parts[0].pattern)
    file_gate = ("torch", "forward")
    project_condition = "made-on-the-cpu"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if in_data_pipeline(str(ctx.source.path)):
            return  # datasets, collators and transforms run in `DataLoader` workers
        if exports_on_the_cpu(ctx):
            return  # an ONNX export script that names no CUDA: nothing leaves the CPU
        functions = {s.name: s for s in ctx.tree.body if isinstance(s, _Function)}
        if not functions:
            return
        reported: set[int] = set()
        for node in ctx.tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            scope = Scope("class", node.name, node, ctx.module_scope)
            if not is_module_class(ctx, scope):
                continue
            for found, path in _class_meetings(ctx, node, scope, functions):
                origin = found.meeting.cpu.origin
                if origin is None or id(origin) in reported or not called_as_written(ctx, origin):
                    continue
                reported.add(id(origin))
                factory = (ctx.qualified(origin.func) or "").removeprefix("torch.")
                message = (
                    f"`torch.{factory}` without `device=` in `{found.helper}`, called at line "
                    f"{found.call_line} in {path}: {found.meeting.chain()}"
                )
                yield self.finding(ctx, origin, message)


def _class_meetings(
    ctx: FileContext, node: ast.ClassDef, scope: Scope, functions: dict[str, _Function]
) -> Iterator[tuple[HelperMeeting, str]]:
    """The meetings of the helpers that the methods `forward` reaches call, with the chain
    from `forward` to the caller; a method is followed only when it calls one of them."""
    facts = class_facts(ctx, node)
    for name, path in ctx.forward_reach_of(scope).items():
        method = facts.methods.get(name)
        if method is None or not _calls_one_of(method, functions):
            continue
        inputs = name in ctx.forward_methods
        helpers = ForwardHelpers(functions, lambda f: unstubbed_function(ctx, f), inputs)
        try:
            flow = FunctionFlow(method, ctx.qualified, facts, local=helpers)
        except RecursionError:  # absurdly nested expressions: no evidence, no finding
            continue
        for found in helpers.found:
            yield found, path
        for meeting in flow.meetings:
            returned = helpers.returned_from(meeting)
            if returned is not None:
                yield returned, path


def _calls_one_of(method: _Function, functions: dict[str, _Function]) -> bool:
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in functions
        for n in ast.walk(method)
    )
