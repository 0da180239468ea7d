"""TPL202 parameter-moved-in-forward."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.rule import AnyOf, Rule
from torchplace.report import Finding


class ParameterMovedInForward(Rule):
    """## What it does
    Flags code reached from `forward` that moves or replaces the module's own weights:
    assignments to `<tensor>.data`, `self.w = nn.Parameter(...)`, `self.to(...)` /
    `self.cuda()`, and a statement `self.submodule.to(...)`.

    ## Why is this bad?
    `forward` runs once per call, possibly in several threads or streams at once. Moving a
    parameter there mutates the model on every call, races with other threads using the
    same weights, silently breaks `device_map` / tensor-parallel sharding (the weight jumps
    to another GPU; assigning a CPU tensor to a CUDA parameter's `.data` raises nothing),
    detaches the parameter from its optimizer, and defeats CUDA graphs and `torch.compile`.

    ## Example
    ```python
    def forward(self, x):
        self.weight.data = self.weight.data.to(x.device)
        return x @ self.weight
    ```

    Use instead:
    ```python
    def forward(self, x):
        weight = self.weight.to(x.device)  # a local copy; the parameter stays put
        return x @ weight
    ```
    Better still, place the module once, before the first call: `model.to(device)` with
    `device = torch.device("cuda", int(os.environ["LOCAL_RANK"]))`.

    ## Fix safety
    No automatic fix: the cure moves code out of `forward`.

    ## References
    - https://pytorch.org/docs/stable/notes/modules.html#module-state
    - https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.to
    """

    code = "TPL202"
    name = "parameter-moved-in-forward"
    preview = True
    contexts = "`forward` of modules and the methods it reaches"
    summary = "Parameters moved or replaced inside forward: per-call mutation that races"
    pattern = "parameter-moved-in-forward"
    candidate = AnyOf(r"\.data\s*=(?!=)", r"Parameter\s*\(", r"\.(?:to|cuda)\s*\(")
    candidate_scope = "forward"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for located in ctx.assignments:
            node = located.node
            if not isinstance(node, ast.Assign):
                continue
            path = ctx.forward_path(located.scope)
            if path is None:
                continue
            for target in node.targets:
                message = _assignment_problem(ctx, target, node.value)
                if message:
                    yield self.finding(ctx, target, f"{message} in {path}")
        statements: dict[int, set[int]] = {}
        for call, located in self.located_calls(ctx, "to", "cuda"):
            func = call.func
            if not isinstance(func, ast.Attribute):
                continue
            receiver = ctx.source.segment(func.value)
            if not (receiver == "self" or receiver.startswith("self.")):
                continue
            path = ctx.forward_path(located.scope)
            if path is None:
                continue
            if receiver != "self" and id(call) not in _statement_calls(located.scope, statements):
                continue
            message = f"`{receiver}.{func.attr}(...)` moves the module's weights in {path}"
            yield self.finding(ctx, call, message)


def _assignment_problem(ctx: FileContext, target: ast.expr, value: ast.expr) -> str | None:
    if isinstance(target, ast.Attribute) and target.attr == "data":
        return f"`{ctx.source.segment(target)} = ...` replaces a parameter's storage"
    if (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
        and isinstance(value, ast.Call)
        and (ctx.qualified(value.func) or "").rpartition(".")[2] == "Parameter"
    ):
        return f"`self.{target.attr} = Parameter(...)` replaces a parameter"
    return None


def _statement_calls(scope: Scope, cache: dict[int, set[int]]) -> set[int]:
    """Calls that are whole expression statements in the scope's function (result unused)."""
    function = scope.function
    if function is None:
        return set()
    key = id(function.node)
    if key not in cache:
        cache[key] = _expression_statement_values(function.node)
    return cache[key]


_STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


def _expression_statement_values(function: ast.AST) -> set[int]:
    """What `ast.walk` would find as `Expr` values, visiting statements only: expressions
    hold no statements, and skipping them makes this several times cheaper."""
    found: set[int] = set()
    stack = [function]
    while stack:
        node = stack.pop()
        for name in _STATEMENT_LISTS:
            children = getattr(node, name, None)
            if type(children) is not list:
                continue  # a lambda's or conditional expression's `body` is an expression
            for child in children:
                if type(child) is ast.Expr:
                    found.add(id(child.value))
                else:
                    stack.append(child)
    return found
