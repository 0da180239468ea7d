"""TPL201 tensor-factory-without-device-in-forward."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.cpu_exports import exports_on_the_cpu
from torchplace.lint.cuda_default import sets_cuda_default
from torchplace.lint.flow import FunctionFlow
from torchplace.lint.flow_classes import class_facts, is_module_class
from torchplace.lint.flow_method_bindings import cpu_bindings, type_parameters
from torchplace.lint.flow_numpy_inputs import numpy_cpu_parameters
from torchplace.lint.flow_values import HelperCall, Kind, Meeting, Values
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import FACTORY_CANDIDATE, called_as_written
from torchplace.report import Finding, Fix, FixSafety
from torchplace.torch_names import TENSOR_FACTORIES

_Function = ast.FunctionDef | ast.AsyncFunctionDef


class TensorFactoryWithoutDeviceInForward(Rule):
    """## What it does
    Flags a `torch` tensor factory (`arange`, `zeros`, `ones`, `full`, `tensor`, `rand*`,
    `linspace`, `eye`, `from_numpy`, ...) called without `device=` in a module's `forward`,
    or in a method that `forward` calls, when the new CPU tensor then meets a tensor that
    lives on the GPU: an input of `forward`, a parameter or buffer of the module, or the
    output of a submodule, in arithmetic, a `torch` function (`cat`, `where`, `matmul`), a
    tensor method, a call of a submodule (`self.embed(positions)`), `+=`, or `.data =`.

    ## Why is this bad?
    Without `device=` the new tensor is made on the CPU while the module's inputs and
    weights are on a GPU, so the op where they meet fails (`Expected all tensors to be on
    the same device, but found at least two devices, cuda:0 and cpu!`). `device_map` hooks
    move only arguments that cross a module boundary, never tensors made inside `forward`.
    Not flagged: tensors used only as an index (`x[idx]` accepts CPU indices), moved before
    they meet (`.to(x.device)`; `.type(x.type())` to the current GPU, also through a private
    helper's parameter every call fills with a tensor type: `dtype=x.type()`), 0-dim numbers
    (`torch.tensor(self.pad_token_id)`: a setting named for one id or index;
    `torch.tensor(self.temperature)`: a hyper-parameter `__init__` sets from a number or an
    argument defaulting to or annotated as one; also one element of a 1-D tensor such as
    `torch.rand(2)`, scaled by numbers or by the module's hyper-parameters: `change[0]`),
    empty placeholders, also one a loop replaces on its first pass before the other arm of
    an `if first:` / `if i == 0:` grows it, tensors that drive Python control flow
    (`torch.rand(1) > p`), and classes that are not `nn.Module`s. Nor is a
    tensor that meets only the result of a helper method computing a number from the
    module's settings (`self.drop_prob / self.block_size**2`, whatever tensors it is
    handed), or only a parameter of a private helper method (`self._embed(grid[0])`) that
    every call of it, all in this file, fills with a tensor made on the CPU (a public one
    too, in a checkout nobody installs whose other texts never name it), or an argument
    that a layer class of the file reads only as a number in its `forward` (a slice bound:
    `self.weight[start_pos:end_pos]`), or a parameter of a method that hands data computed
    from it on to `.numpy()` with no move between (a GPU tensor would make `.numpy()` raise:
    a dataset transform written as an `nn.Module`). Nor are files
    that make CUDA the default (`torch.set_default_tensor_type(torch.cuda.FloatTensor)`,
    `torch.set_default_device("cuda")`), or modules only such files import: their
    factories make tensors on the GPU; nor ONNX export scripts that name no CUDA.

    ## Example
    ```python
    def forward(self, hidden_states):
        positions = torch.arange(hidden_states.shape[1])
        return hidden_states + self.pos_embed(positions)
    ```

    Use instead:
    ```python
    def forward(self, hidden_states):
        positions = torch.arange(hidden_states.shape[1], device=hidden_states.device)
        return hidden_states + self.pos_embed(positions)
    ```

    ## Fix safety
    The fix adds `device=` of the GPU tensor the new one meets (`hidden_states.device`,
    `self.weight.device`), in the function that makes it. It is unsafe: that tensor may be
    optional, and a CPU tensor read back with `.item()` later would then cost a device sync.

    ## References
    - https://pytorch.org/docs/stable/tensor_attributes.html#torch.device
    - https://huggingface.co/docs/accelerate/concept_guides/big_model_inference
    """

    code = "TPL201"
    name = "tensor-factory-without-device-in-forward"
    preview = True
    in_tests = False
    contexts = (
        "`forward` of `nn.Module` subclasses (bases resolved through imports) and the methods"
        " it reaches"
    )
    summary = "Tensor created in forward without `device=` lands on the CPU and meets a GPU tensor"
    pattern = "tensor-created-without-device"
    fix_safety = FixSafety.UNSAFE
    candidate = FACTORY_CANDIDATE
    file_gate = ("torch",)
    project_condition = "made-on-the-cpu-in-forward"
    candidate_scope = "forward"
    #: Bind public helper methods too (`flow_method_bindings`): only the project phase asks,
    #: for a file no other text of the project names them in (`met_with_public_helpers_bound`).
    public_helpers = False

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if sets_cuda_default(ctx) or exports_on_the_cpu(ctx):
            return  # factories make their tensors on the GPU there (`cuda_default`)
        classes: dict[int, _ClassFlows | None] = {}
        for located in ctx.calls(*TENSOR_FACTORIES):
            call = located.node
            assert isinstance(call, ast.Call)
            qualified = ctx.qualified(call.func) or ""
            if qualified.removeprefix("torch.") not in TENSOR_FACTORIES:
                continue
            if not qualified.startswith("torch.") or not called_as_written(ctx, call):
                continue
            path = ctx.forward_path(located.scope)
            owner = located.scope.method_class
            if path is None or owner is None:
                continue
            key = id(owner.node)
            if key not in classes:
                module = is_module_class(ctx, owner)
                classes[key] = _ClassFlows(ctx, owner, self.public_helpers) if module else None
            flows = classes[key]
            meeting = flows.meeting_of(call) if flows is not None else None
            if meeting is None:
                continue
            where, found = meeting
            factory = qualified.removeprefix("torch.")
            message = f"`torch.{factory}` without `device=` in {path}: {found.chain()}"
            fix = self._fix(ctx, call, found, where, located.scope)
            yield self.finding(ctx, call, message, fix)

    def _fix(
        self, ctx: FileContext, call: ast.Call, meeting: Meeting, where: _Function, scope: Scope
    ) -> Fix | None:
        function = scope.function
        if function is None or function.node is not where:
            return None  # met in a caller: the names there are not in scope here
        label = meeting.gpu.label
        match = re.fullmatch(r"`((?:self\.)?\w+)`", label)
        if match is None or meeting.gpu.kind not in (Kind.INPUT, Kind.MODULE):
            return None
        text = f"device={match.group(1)}.device"
        return self.insert_keyword(ctx, call, text, f"Add {text}")


class _ClassFlows:
    """The flows of the methods `forward` reaches in one class, each computed once."""

    def __init__(self, ctx: FileContext, owner: Scope, public: bool = False) -> None:
        assert isinstance(owner.node, ast.ClassDef)
        self.ctx = ctx
        self.public = public
        self.facts = class_facts(ctx, owner.node)
        self.flows: dict[str, FunctionFlow | None] = {}
        self.finished: list[str] = []  # a helper's flow ends before its caller's
        self.by_origin: dict[int, tuple[_Function, Meeting]] = {}
        self.method_texts: dict[str, str] | None = None
        reach = ctx.forward_reach_of(owner)
        for name in reach:
            self._flow(name)
        self._bind_helpers(reach)
        for name in self.finished:  # a meeting in the helper that made the tensor first
            function = self.facts.methods[name]
            flow = self.flows[name]
            for meeting in flow.meetings if flow is not None else ():
                origin = meeting.cpu.origin
                if origin is not None:
                    self.by_origin.setdefault(id(origin), (function, meeting))

    def _flow(
        self,
        name: str,
        bindings: dict[str, Values] | None = None,
        typed: frozenset[str] = frozenset(),
    ) -> FunctionFlow | None:
        if name in self.flows and bindings is None and not typed:
            return self.flows[name]
        self.flows.setdefault(name, None)  # a recursive helper returns nothing known
        function = self.facts.methods.get(name)
        if function is None:
            return None
        # Parameters it hands on to `.numpy()` are CPU tensors (`flow_numpy_inputs`).
        bindings = {**self._numpy_inputs(function), **(bindings or {})} or None
        try:
            flow = FunctionFlow(
                function,
                self.ctx.qualified,
                self.facts,
                self._returns,
                self._return_items,
                self._returns_numbers,
                bindings=bindings,
                type_parameters=typed,
            )
        except RecursionError:  # absurdly nested expressions: no evidence, no finding
            return None
        if self.flows[name] is None:
            self.finished.append(name)
        self.flows[name] = flow
        return flow

    def _numpy_inputs(self, function: _Function) -> dict[str, Values]:
        if self.method_texts is None:
            self.method_texts = {
                name: self.ctx.node_text(method) for name, method in self.facts.methods.items()
            }
        return numpy_cpu_parameters(function, self.method_texts)

    def _bind_helpers(self, reach: dict[str, str]) -> None:
        """Flow again each private helper that its callers hand only CPU tensors, with those
        bound to its parameters, and each method whose callers hand a parameter only tensor
        types (`flow_method_bindings`)."""
        calls: dict[str, list[HelperCall]] = {}
        for flow in list(self.flows.values()):
            for call in flow.helper_calls if flow is not None else ():
                calls.setdefault(call.name, []).append(call)
        for name in reach:
            function = self.facts.methods.get(name)
            if function is None or name in self.ctx.forward_methods:
                continue
            given = calls.get(name, [])
            bindings = cpu_bindings(function, given, self.ctx.source.text, self.public)
            typed = type_parameters(function, given, self.ctx.source.text, self.public)
            if bindings or typed:
                self._flow(name, bindings or None, typed)

    def _returns(self, name: str) -> Values:
        flow = self._flow(name)
        return tuple(v for v in flow.returned if v.kind is Kind.CPU) if flow else ()

    def _returns_numbers(self, name: str) -> bool:
        flow = self._flow(name)
        return bool(flow and flow.numeric_returns)

    def _return_items(self, name: str) -> list[Values] | None:
        flow = self._flow(name)
        return flow.returned_items if flow else None

    def meeting_of(self, call: ast.Call) -> tuple[_Function, Meeting] | None:
        return self.by_origin.get(id(call))


def met_with_public_helpers_bound(ctx: FileContext) -> frozenset[int]:
    """The lines this rule flags in a whole file when public helper methods are bound to
    what their callers in the file hand them, as private ones are (`flow_method_bindings`):
    for the project phase, which knows whether another file names them."""
    rule = TensorFactoryWithoutDeviceInForward()
    rule.public_helpers = True
    return frozenset(finding.line for finding in rule.check(ctx))
