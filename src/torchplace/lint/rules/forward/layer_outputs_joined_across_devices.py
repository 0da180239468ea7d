"""TPL208 layer-outputs-joined-across-devices."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext
from torchplace.lint.flow_classes import unstubbed_function
from torchplace.lint.rule import AnyOf, Rule
from torchplace.report import Finding

_Function = ast.FunctionDef | ast.AsyncFunctionDef
_JOINS = frozenset({"torch.cat", "torch.concat", "torch.concatenate", "torch.stack"})
_MOVES = frozenset({"to", "cuda", "cpu"})


class _ModelFileCandidate(AnyOf):
    """Tuple tests (`isinstance(x, tuple)`) in a module-level function that also joins
    (`cat(`, `concat(`, `concatenate(`, `stack(`), in files that name a model base
    `device_map` splits (`PreTrainedModel`, `ModelMixin`). Read from the text: a model file
    whose tuple tests are all in methods (most of them) is never parsed for this rule, and
    `regions` keeps whole only the functions that test a tuple, where the join must be."""

    def search(self, string: str) -> re.Match[str] | None:
        return next(self.finditer(string), None)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        if not _names_a_model_base(string):
            return iter(())
        return (m for m in super().finditer(string) if _in_a_joining_function(string, m.start()))


def _names_a_model_base(text: str) -> bool:
    return "PreTrainedModel" in text or "ModelMixin" in text


def _in_a_joining_function(text: str, at: int) -> bool:
    """Whether `at` lies in a module-level `def` whose text holds a join."""
    start = max(text.rfind(mark, 0, at) for mark in _TOP_LEVEL)
    head = text[start + 1 : start + 11] if start >= 0 else text[:10]  # the first line's start
    if not head.startswith(("def ", "async def ")):
        return False
    ends = [i for i in (text.find(mark, at) for mark in _TOP_LEVEL) if i >= 0]
    body = text[start : min(ends, default=len(text))]
    # `cat(` also finds `concat(`; `concatenate(` ends otherwise.
    return any(join in body for join in ("cat(", "concatenate(", "stack("))


#: The starts of top-level statements a function can follow or precede.
_TOP_LEVEL = ("\ndef ", "\nasync def ", "\nclass ", "\n@")


class LayerOutputsJoinedAcrossDevices(Rule):
    """## What it does
    Flags, in a module-level function of a model file (one that names `PreTrainedModel` or
    `ModelMixin`), `torch.cat` / `torch.stack` of a tuple the function is handed and tests
    with `isinstance(x, tuple)`, joined as it is (`torch.cat(gate_logits)`, `torch.cat([g for
    g in gate_logits])`), with no `.to(...)` on its items. In a model file such a tuple is the
    model's per-layer outputs (`outputs.router_logits`, `all_hidden_states`: one tensor per
    layer), which is how Hugging Face models return them.

    ## Why is this bad?
    Under a multi-GPU `device_map` each layer runs on its own GPU and its outputs stay there:
    the tuple holds tensors of several GPUs, and `torch.cat` fails with `Expected all tensors
    to be on the same device, but found at least two devices, cuda:3 and cuda:7!` (Mixtral's
    load-balancing loss, transformers#27948), only when the model is split and the loss is
    asked for (`output_router_logits=True` in training). Not flagged: methods (their tuples
    may be built in place), tuples rebound before the join, items moved in the join, and
    files that import vLLM or SGLang (one whole model per rank's GPU).

    ## Example
    ```python
    def load_balancing_loss_func(gate_logits, num_experts, top_k=2):
        if isinstance(gate_logits, tuple):
            gate_logits = torch.cat(gate_logits, dim=0)
    ```

    Use instead:
    ```python
    def load_balancing_loss_func(gate_logits, num_experts, top_k=2):
        if isinstance(gate_logits, tuple):
            compute_device = gate_logits[0].device
            gate_logits = torch.cat([gate.to(compute_device) for gate in gate_logits], dim=0)
    ```

    ## Fix safety
    No automatic fix: the device to gather on (the first layer's, the loss's) is a choice.

    ## References
    - https://github.com/huggingface/transformers/pull/27948
    - https://huggingface.co/docs/accelerate/concept_guides/big_model_inference
    """

    code = "TPL208"
    # Preview: TRUE on 0 of 1 of its findings on package sets no rule was tuned on (two judges
    # disagree), judged
    # blind at first look (benchmarks/results/lint_precision_unseen.md); the default set
    # needs 90% there.
    preview = True
    name = "layer-outputs-joined-across-devices"
    # Default tier: no finding on the precision corpus (its copies of the function all move
    # each layer's tensor first); on the held-out packages 1 finding, judged TRUE (axolotl's
    # Kimi-Linear load-balancing loss, judged-xdev-heldout.jsonl).
    contexts = (
        "module-level functions of model files (files naming `PreTrainedModel` / "
        "`ModelMixin`) that test an argument with `isinstance(x, tuple)`; not in "
        "serving-engine files"
    )
    in_tests = False
    summary = "A tuple of per-layer outputs, spread over GPUs by device_map, joined unmoved"
    candidate = _ModelFileCandidate(r"isinstance\(\w+,[^)\n]*\b[Tt]uple\b")
    file_gate = ("torch", "isinstance")

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if ctx.imports_module("vllm") or ctx.imports_module("sglang"):
            return  # an engine places the whole model on each rank's GPU: nothing is split
        for node in ctx.tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                function = unstubbed_function(ctx, node)
                if function is not None:
                    yield from self._function(ctx, function)

    def _function(self, ctx: FileContext, function: _Function) -> Iterator[Finding]:
        tested = _tested_as_tuples(function)
        if not tested:
            return
        for call in (n for n in ast.walk(function) if isinstance(n, ast.Call)):
            if ctx.qualified(call.func) not in _JOINS or not call.args:
                continue
            name = _joined_as_is(call.args[0])
            if name in tested and not _rebound_before(function, name, call.lineno):
                yield self.finding(ctx, call, _message(call, name, tested[name]))


def _tested_as_tuples(function: _Function) -> dict[str, int]:
    """Parameters tested with `isinstance(p, tuple)` (or a tuple of types naming `tuple`),
    with the line of the first test."""
    arguments = function.args
    params = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    found: dict[str, int] = {}
    for node in ast.walk(function):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id != "isinstance" or len(node.args) != 2:
            continue
        subject, types = node.args
        named = {n.id for n in ast.walk(types) if isinstance(n, ast.Name)}
        if isinstance(subject, ast.Name) and subject.id in params and named & {"tuple", "Tuple"}:
            found.setdefault(subject.id, node.lineno)
    return found


def _joined_as_is(node: ast.expr) -> str | None:
    """`p`, `tuple(p)`, `list(p)`, `[t for t in p]` (no move on `t`): `p`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
        return _joined_as_is(node.args[0]) if node.func.id in {"tuple", "list"} else None
    if isinstance(node, ast.ListComp | ast.GeneratorExp) and len(node.generators) == 1:
        source = node.generators[0].iter
        moved = any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _MOVES
            for n in ast.walk(node.elt)
        )
        return source.id if isinstance(source, ast.Name) and not moved else None
    return None


def _rebound_before(function: _Function, name: str, line: int) -> bool:
    """`name` assigned before `line` (`gate_logits = [g.to(d) for g in gate_logits]`)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.For):
            targets = [node.target]
        else:
            continue
        bound = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        if name in bound and node.lineno < line:
            return True
    return False


def _message(call: ast.Call, name: str, tested_at: int) -> str:
    return (
        f"`{name}` is joined as it is at line {call.lineno}: this function tests it as a tuple "
        f"(line {tested_at}), which in a model file holds one tensor per layer (a model "
        "output such as router logits); a multi-GPU device_map leaves each on its layer's "
        f"GPU: move each to one device first (`[t.to(device) for t in {name}]`)"
    )
