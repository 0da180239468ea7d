"""TPL205 submodule-tensors-mixed-across-devices."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope
from torchplace.lint.flow import FunctionFlow, Meeting
from torchplace.lint.flow_classes import class_bases, is_module_class, unstubbed_init
from torchplace.lint.flow_facts import ClassFacts
from torchplace.lint.flow_split import (
    blocks_run_in_sequence,
    infer_from_use,
    init_layout,
    placed_apart,
)
from torchplace.lint.rule import AnyOf, Rule
from torchplace.report import Finding

_Function = ast.FunctionDef | ast.AsyncFunctionDef


class SubmoduleTensorsMixedAcrossDevices(Rule):
    """## What it does
    Flags, in the `forward` of a model that runs a list of blocks in sequence (the module
    `device_map="auto"` splits: `for block in self.layers: hidden = block(hidden)`), an op
    that combines, with no `.to(...)` between, tensors of two holders that `device_map`
    places apart: a parameter of the model itself and a submodule's output
    (`torch.cat([self.register_tokens, text])`), two submodules registered on either side
    of the block list, or an embedding table beside another submodule (`inputs_embeds +
    position_embeds`).

    ## Why is this bad?
    Under a multi-GPU `device_map` (or CPU offloading) each submodule and each direct
    parameter of the split module is placed on its own; Accelerate's hooks move the inputs
    of a submodule to its device, but not the tensors that this `forward` combines itself.
    When the embedding and the position embedding (or the block stack's input and a table
    of the top module) land on two GPUs, the op fails (`Expected all tensors to be on the
    same device, but found at least two devices, cuda:0 and cuda:1!`), only on machines with
    several GPUs. Not flagged: modules that run no list of blocks, classes listed in
    `_no_split_modules` (kept whole), other pairs of submodules registered side by side
    (placed together unless a split falls between them), dropout and activation outputs,
    tensors moved with `.to(other.device)`, and models of serving engines (files that
    import vLLM or SGLang: the engine places a whole model on each rank's GPU).

    ## Example
    ```python
    def forward(self, input_ids, position_ids):
        hidden_states = self.wte(input_ids) + self.wpe(position_ids)
        for block in self.h:
            hidden_states = block(hidden_states)
        return self.ln_f(hidden_states)
    ```

    Use instead:
    ```python
    def forward(self, input_ids, position_ids):
        inputs_embeds = self.wte(input_ids)
        hidden_states = inputs_embeds + self.wpe(position_ids).to(inputs_embeds.device)
        for block in self.h:
            hidden_states = block(hidden_states)
        return self.ln_f(hidden_states)
    ```

    ## Fix safety
    No automatic fix: which side should move depends on where the result goes next.

    ## References
    - https://huggingface.co/docs/accelerate/concept_guides/big_model_inference
    """

    code = "TPL205"
    name = "submodule-tensors-mixed-across-devices"
    preview = True
    in_tests = False
    contexts = (
        "`forward` (and the methods it reaches) of `nn.Module` subclasses that run a list of "
        "blocks in sequence"
    )
    summary = "Tensors of two submodules that device_map may place on two GPUs meet in one op"
    candidate = AnyOf(r"in (?:\w+\()?self\.\w+", r"range\(len\(self\.")
    file_gate = ("torch",)
    candidate_scope = "forward"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if ctx.imports_module("vllm") or ctx.imports_module("sglang"):
            return  # an engine places the whole model on each rank's GPU: nothing is split
        for node in ctx.tree.body:
            if isinstance(node, ast.ClassDef):
                yield from self._class(ctx, node)

    def _class(self, ctx: FileContext, node: ast.ClassDef) -> Iterator[Finding]:
        scope = Scope("class", node.name, node, ctx.module_scope)
        reach = ctx.forward_reach_of(scope)
        facts = ClassFacts.of(node)
        methods = [facts.methods[name] for name in reach if name in facts.methods]
        lists = {name for m in methods for name in blocks_run_in_sequence(m)}
        if not lists or node.name in _kept_whole(ctx):
            return
        if not is_module_class(ctx, scope) or not _dispatched(ctx, node):
            return
        init = unstubbed_init(ctx, node)
        if init is not None:
            facts.read_init(init)
        elif "__init__" not in facts.methods:
            infer_from_use(facts, methods)  # what a class that inherits `__init__` holds
        layout = init_layout(init or facts.methods.get("__init__"))
        seen: set[int] = set()
        for method in methods:
            for split in _splits(ctx, method, facts):
                owners = {str(split.cpu.owner), str(split.gpu.owner)}
                if split.line in seen or split.at is None:
                    continue
                if placed_apart(owners, layout, lists):
                    seen.add(split.line)
                    yield self.finding(ctx, split.at, _message(split, reach[method.name]))


def _kept_whole(ctx: FileContext) -> set[str]:
    """Classes the file lists in `_no_split_modules`: `device_map` never splits them."""
    names: set[str] = set()
    for listed in _NO_SPLIT.findall(ctx.source.text):
        names.update(re.findall(r"[\"']([A-Za-z_]\w*)[\"']", listed))
    return names


_NO_SPLIT = re.compile(r"_no_split_modules\s*=\s*\[([^\]]*)\]")


def _dispatched(ctx: FileContext, node: ast.ClassDef, depth: int = 0) -> bool:
    """A model class that `from_pretrained(..., device_map=...)` spreads over devices: its
    bases lead (within the file, or by name) to `PreTrainedModel` or `ModelMixin`."""
    for base in class_bases(ctx, node):
        name = (ctx.qualified(base) or "").rpartition(".")[2]
        if name.endswith(_DISPATCHED_BASES):
            return True
        local = next(
            (s for s in ctx.tree.body if isinstance(s, ast.ClassDef) and s.name == name), None
        )
        if local is not None and depth < 8 and _dispatched(ctx, local, depth + 1):
            return True
    return False


_DISPATCHED_BASES = ("PreTrainedModel", "ModelMixin")


def _splits(ctx: FileContext, method: _Function, facts: ClassFacts) -> list[Meeting]:
    try:
        return FunctionFlow(method, ctx.qualified, facts, owners=True).splits
    except RecursionError:  # absurdly nested expressions: no evidence, no finding
        return []


def _message(split: Meeting, path: str) -> str:
    first, second = split.cpu, split.gpu
    return (
        f"{first.label} (line {first.line}) meets {second.label} (line {second.line}) at "
        f"line {split.line} in {split.where}, in {path} of a module that runs its blocks in "
        "sequence: device_map may place them on two GPUs; move one to the other's device"
    )
