"""TPL303 model-moved-after-device-map."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope, keyword
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import calls_in_scope, literal_string, scope_nodes
from torchplace.report import Finding

_SPREADING = {"auto", "balanced", "balanced_low_0", "sequential"}
_DISPATCHERS = {"dispatch_model", "load_checkpoint_and_dispatch"}
_DTYPE = re.compile(r"dtype|^torch\.(?:b?float\d*|half|double)$")


class ModelMovedAfterDeviceMap(Rule):
    """## What it does
    Flags `model.to(...)` / `model.cuda()` on a model that the same function loaded with a
    multi-device `device_map` (`"auto"`, `"balanced"`, `"sequential"`, or a map of several
    entries) or dispatched with `dispatch_model` / `load_checkpoint_and_dispatch`.

    ## Why is this bad?
    A dispatched model is spread over several GPUs (and maybe the CPU or disk), with
    accelerate hooks that move activations between the pieces. Moving it afterwards either
    fails (`You can't move a model that has some modules offloaded to cpu or disk.`),
    or piles every layer onto one GPU (out of memory) while the hooks still send
    activations to the devices of the old map.

    ## Example
    ```python
    model = AutoModelForCausalLM.from_pretrained(path, device_map="auto")
    model.to("cuda")
    ```

    Use instead:
    ```python
    model = AutoModelForCausalLM.from_pretrained(path, device_map="auto")
    inputs = inputs.to(model.device)  # move the inputs, not the model
    ```
    For one GPU per rank, load there directly:
    `device_map={"": int(os.environ["LOCAL_RANK"])}`.

    ## Fix safety
    No automatic fix.

    ## References
    - https://github.com/huggingface/accelerate/issues/1613
    - https://github.com/huggingface/transformers/pull/41032
    - https://github.com/evalplus/evalplus/issues/280
    """

    code = "TPL303"
    # Preview: as it is now, at first look on fresh-6 (8,108 files linted after its last fix):
    # TRUE on 0 of 2 (the move sits on the branch that does not dispatch)
    # (benchmarks/results/lint_precision_unseen.md).
    preview = True
    name = "model-moved-after-device-map"
    contexts = "code that loads a model with `device_map`"
    summary = "Model loaded with a multi-GPU device_map is moved with `.to()`/`.cuda()`"
    pattern = "offloaded-module-used-outside-scope"
    candidate = AnyOf(r"device_map\s*=", r"dispatch_model", r"load_checkpoint_and_dispatch")
    file_gate = ("device_map",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        dispatched: dict[tuple[int, str], Scope] = {}
        for located in ctx.assignments:
            node = located.node
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            if _dispatches(ctx, node.value):
                name = ctx.source.segment(node.targets[0])
                dispatched[(id(located.scope.node), name)] = located.scope
        for (_, name), scope in dispatched.items():
            # A move answers to the name's last assignment before it, once: a model loaded
            # again without a device map may be moved.
            history = sorted(
                (node.end_lineno or node.lineno, _dispatches(ctx, node.value))
                for node in scope_nodes(ctx, scope)
                if isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and ctx.source.segment(node.targets[0]) == name
            )
            for call in calls_in_scope(ctx, scope):
                if not _moves(ctx, call, name):
                    continue
                before = [spreads for end, spreads in history if end < call.lineno]
                if before and before[-1]:
                    message = f"`{name}` was dispatched over several devices; do not move it"
                    yield self.finding(ctx, call, message)


def _dispatches(ctx: FileContext, value: ast.expr) -> bool:
    if not isinstance(value, ast.Call):
        return False
    qualified = ctx.qualified(value.func) or ""
    argument = keyword(value, "device_map")
    if qualified.rpartition(".")[2] in _DISPATCHERS:
        return argument is None or _spreads(argument.value)
    return argument is not None and _spreads(argument.value)


def _spreads(value: ast.expr) -> bool:
    if isinstance(value, ast.Dict):
        return len(value.keys) > 1
    return literal_string(value) in _SPREADING


def _moves(ctx: FileContext, call: ast.Call, name: str) -> bool:
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("to", "cuda"):
        return False
    if ctx.source.segment(func.value) != name:
        return False
    if func.attr == "to":
        if not call.args:
            return keyword(call, "device") is not None
        return not _DTYPE.search(ctx.source.segment(call.args[0]))
    return True
