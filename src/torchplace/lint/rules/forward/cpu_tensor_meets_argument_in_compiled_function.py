"""TPL209 cpu-tensor-meets-argument-in-compiled-function."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.flow_compiled import CompiledFactories, in_data_pipeline, is_compiled
from torchplace.lint.flow_meetings import Evidence, function_flow, reached_from_forward
from torchplace.lint.flow_values import Kind, Meeting
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import (
    FACTORY_CANDIDATE,
    called_as_written,
    torch_factory_calls,
)
from torchplace.report import Finding

_Function = ast.FunctionDef | ast.AsyncFunctionDef


class CpuTensorMeetsArgumentInCompiledFunction(Rule):
    """## What it does
    Flags a `torch` tensor factory called without `device=` in a function compiled for the
    device (`@torch.jit.script`, `@torch.compile`, `@torch.jit.script_method`) when its CPU
    result meets a tensor argument of that function, or of a helper of the same file it is
    handed to, in arithmetic, a `torch` function or a tensor method.

    ## Why is this bad?
    A scripted or compiled function is device math: its callers hand it a model's
    activations, which live on a GPU, so the op where the CPU tensor meets one fails
    (`Expected all tensors to be on the same device, but found at least two devices,
    cuda:0 and cpu!`) as soon as the caller runs on a GPU, and on every GPU of a
    multi-GPU job. Elsewhere an argument, even one declared `Tensor`, is no evidence of a
    GPU tensor (pipelines and collators take CPU tensors on purpose; TPL204 does not count
    them); the compiler's decorator is. Not flagged: factories given `device=`, tensors
    moved before they meet (`.to(v.device)`), indices (`v[idx]`), 0-dim numbers in
    arithmetic, `forward` and the methods it reaches (TPL201's), data-pipeline code (a
    `data/` or `datasets/` package, `dataset.py`, `collate.py`, `transforms.py`: it runs in
    `DataLoader` workers on CPU tensors), and tests and benchmarks.

    ## Example
    ```python
    @torch.jit.script
    def positional_encoding(v: Tensor, sigma: float, m: int) -> Tensor:
        j = torch.arange(m)
        coeffs = 2 * np.pi * sigma ** (j / m)
        return coeffs * torch.unsqueeze(v, -1)
    ```

    Use instead:
    ```python
    @torch.jit.script
    def positional_encoding(v: Tensor, sigma: float, m: int) -> Tensor:
        j = torch.arange(m, device=v.device)
        coeffs = 2 * np.pi * sigma ** (j / m)
        return coeffs * torch.unsqueeze(v, -1)
    ```

    ## Fix safety
    No automatic fix: which argument's device to take is the author's choice.

    ## References
    - https://github.com/jmclong/random-fourier-features-pytorch/issues/2
    - https://pytorch.org/docs/stable/jit.html
    """

    code = "TPL209"
    name = "cpu-tensor-meets-argument-in-compiled-function"
    # Preview, as every new rule: not yet judged on the precision corpus.
    preview = True
    in_tests = False
    summary = "Tensor made on the CPU in a scripted or compiled function meets a tensor argument"
    contexts = (
        "functions decorated with `@torch.jit.script` / `@torch.compile` outside forward, "
        "and the helpers of the same file they call"
    )
    candidate = CompiledFactories(FACTORY_CANDIDATE.parts[0].pattern, r"Tensor\(")
    file_gate = ("torch",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if in_data_pipeline(str(ctx.source.path)):
            return  # datasets and collators run in `DataLoader` workers, on CPU tensors
        evidence = Evidence(ctx)
        flows: dict[int, dict[int, Meeting]] = {}
        for call, located, factory in torch_factory_calls(ctx):
            function = located.scope.function
            if function is None:
                continue
            key = id(function.node)
            if key not in flows:
                flows[key] = _argument_meetings(ctx, function, evidence)
            meeting = flows[key].get(id(call))
            if meeting is not None and called_as_written(ctx, call):
                message = (
                    f"`torch.{factory}` without `device=` in a compiled function: "
                    f"{meeting.chain()}; a compiled function's tensor arguments are its "
                    "callers' activations, on their GPU"
                )
                yield self.finding(ctx, call, message)


def _argument_meetings(ctx: FileContext, function: Scope, evidence: Evidence) -> dict[int, Meeting]:
    """The first meeting of each factory call of a compiled function with a tensor argument
    the code does not place (the meetings TPL204 leaves out as no evidence)."""
    node = function.node
    if not isinstance(node, _Function) or not is_compiled(node, ctx.qualified):
        return {}
    if ctx.forward_path(function) is not None or reached_from_forward(ctx, function):
        return {}  # TPL201's ground
    owner = function.parent.node if function.parent is not None else None
    facts = evidence.facts_of(owner) if isinstance(owner, ast.ClassDef) else None
    flow = function_flow(ctx, node, facts)
    found: dict[int, Meeting] = {}
    for meeting in flow.meetings if flow is not None else ():
        gpu, origin = meeting.gpu, meeting.cpu.origin
        if origin is not None and gpu.kind is Kind.INPUT and not gpu.placed:
            found.setdefault(id(origin), meeting)
    return found
