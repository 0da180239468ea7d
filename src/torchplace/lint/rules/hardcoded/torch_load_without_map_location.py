"""TPL106 torch-load-without-map-location."""

from __future__ import annotations

import ast
import re
import weakref
from collections.abc import Iterable, Iterator

from torchplace.lint.context import FileContext, Located, Scope, has_star_kwargs, keyword
from torchplace.lint.launch_commands import IF_SEVERAL_PROCESSES
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import consumer_of, scope_nodes, typed_nodes
from torchplace.lint.rules.hardcoded._load_evidence import (
    LOADS_WEIGHTS,
    NOT_WEIGHTS,
    Trees,
    evidence_at,
    may_have_evidence,
    path_words,
    read_by_tpl108,
)
from torchplace.lint.run_conditions import parent_map, per_file
from torchplace.report import Finding, FixSafety

_NOT_WEIGHTS = NOT_WEIGHTS
_LOADS_WEIGHTS = LOADS_WEIGHTS


class TorchLoadWithoutMapLocation(Rule):
    """## What it does
    Flags `torch.load(...)` called without `map_location`. Left alone: state that holds no
    CUDA tensors, known by its path, its name or the `load_state_dict` that takes it
    (GradScaler, LR scheduler, RNG state, samplers, parameter groups, hyper-parameters;
    what a scheduler takes whole, or a checkpoint every read of which is an entry such a
    state takes, a number or a test: not one whose model entry goes on),
    and XLA code (`xm.save` writes CPU tensors). A module-level helper that resumes training
    (an optimizer's state beside the model's) says so; where multi-process code in another
    file of the project calls it, the load is TPL108's instead.

    ## Why is this bad?
    Without `map_location`, every tensor comes back on the device it was saved from, which
    is usually cuda:0. Each rank of a multi-GPU job then loads its copy of the checkpoint
    onto GPU 0 (out of memory there, or a model whose weights sit on the wrong GPU), and
    on a machine without that GPU the load fails with `Attempting to deserialize object on
    CUDA device 3 but torch.cuda.device_count() is 1`.

    ## Example
    ```python
    state = torch.load(checkpoint_path)
    model.load_state_dict(state)
    ```

    Use instead:
    ```python
    state = torch.load(checkpoint_path, map_location="cpu")
    model.load_state_dict(state)  # copies into the parameters wherever they live
    ```
    Or load straight onto this rank's GPU:
    `map_location=torch.device("cuda", int(os.environ["LOCAL_RANK"]))`.

    ## Fix safety
    The fix adds `map_location="cpu"`. It is unsafe: code that used the loaded tensors
    directly (without `load_state_dict` or `.to`) now gets CPU tensors.

    ## References
    - https://pytorch.org/docs/stable/generated/torch.load.html
    - https://pytorch.org/docs/stable/notes/serialization.html
    """

    code = "TPL106"
    name = "torch-load-without-map-location"
    preview = True
    in_tests = False
    contexts = "any code; not loads of scaler, scheduler, RNG or hyper-parameter state"
    summary = "`torch.load` without `map_location` restores tensors onto the GPU that saved them"
    pattern = "checkpoint-loaded-to-saving-device"
    fix_safety = FixSafety.UNSAFE
    candidate = AnyOf(r"load\s*\(")
    file_gate = ("torch",)
    project_condition = "resumed-by-no-multi-process-caller"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        trees = Trees(ctx)
        for call, located in unmapped_loads(ctx, self.located_calls(ctx, "load")):
            if not may_hold_cuda_tensors(ctx, located.scope, call):
                continue
            evidence = (
                evidence_at(ctx, trees, call, located.scope) if may_have_evidence(ctx) else None
            )
            if evidence is not None and not read_by_tpl108(ctx, call, located.scope):
                evidence = None  # a spelling or an arm TPL108 leaves: this rule's alone
            if evidence is not None and not evidence.through_callers:
                continue  # TPL108's, with its evidence
            message = None
            if evidence is not None:
                # A resume whose several processes only callers in other files could show:
                # TPL108's where the project has such a caller (this finding is then dropped,
                # `resumed-by-no-multi-process-caller`), this rule's otherwise.
                message = (
                    f"{self.summary}; this function resumes training (the state of "
                    f"`{evidence.state}`, line {evidence.line}): pass `map_location` "
                    f"{IF_SEVERAL_PROCESSES}"
                )
            fix = self.insert_keyword(ctx, call, 'map_location="cpu"', 'Add map_location="cpu"')
            yield self.finding(ctx, call, message, fix=fix)


def unmapped_loads(
    ctx: FileContext, calls: Iterable[tuple[ast.Call, Located]]
) -> Iterator[tuple[ast.Call, Located]]:
    """`torch.load` calls that leave the device to the file: no `map_location` (by keyword,
    position or `**kwargs`)."""
    for call, located in calls:
        if ctx.qualified(call.func) != "torch.load":
            continue
        if len(call.args) >= 2 or keyword(call, "map_location") or has_star_kwargs(call):
            continue
        if any(isinstance(a, ast.Starred) for a in call.args):
            continue
        yield call, located


def may_hold_cuda_tensors(ctx: FileContext, scope: Scope, load: ast.Call) -> bool:
    """Not state known to hold no CUDA tensors: a path or a name of a scaler, scheduler, RNG
    state, sampler or hyper-parameters, a `load_state_dict` of one of those, or XLA code
    (`xm.save` writes CPU tensors): a load under an `if` that tests for XLA / TPUs, in a
    module named for XLA / TPUs (`strategies/xla.py`), or in a file that saves with `xm.save`
    only. Not every load of a file that mentions `torch_xla`:
    accelerate's checkpointing imports it for TPUs and resumes CUDA training beside it."""
    source = path_words(load.args[0]) if load.args else ""
    if _NOT_WEIGHTS.search(source) or _xla_code(ctx, scope, load):
        return False
    consumer = consumer_of(ctx, scope, load)
    if consumer is not None:
        return _weights_consumer(ctx, consumer) is not False
    name = _assigned_name(ctx, scope, load)
    if name is None:
        return True
    if _NOT_WEIGHTS.search(name):
        return False
    if any(name in names for names in _state_loads_elsewhere(ctx, scope)):
        return False
    return not _read_only_as_state_entries(ctx, scope, name)


#: Calls that turn an entry of a checkpoint into a number or a text: no tensor goes on.
_SCALAR_READS = frozenset({"int", "float", "str", "bool", "len", "print"})


def _read_only_as_state_entries(ctx: FileContext, scope: Scope, name: str) -> bool:
    """Every read of the local `name` takes an entry of it to a state holding no CUDA
    tensors (`scaler.load_state_dict(other["scaler"])`, `.get("scheduler")`), to a number
    (`int(other["epoch"])`) or to a test (`other.get("iter") is not None`, `"x" in
    other`): LLaMA2-Accessory's `.other.pth`, the scaler's state and counters. An entry
    read any other way (`ckpt["model"]` into a model) may hold CUDA tensors."""
    reads = _NAME_READS.get(scope.node)
    if reads is None:
        # Read once per scope: each load of a long function asks.
        reads = _NAME_READS[scope.node] = {}
        for node in scope_nodes(ctx, scope):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                reads.setdefault(node.id, []).append(node)
    root = scope.function.node if scope.function is not None else scope.node
    parents = parent_map(ctx.parents, root)
    found = reads.get(name, [])
    return bool(found) and all(_goes_to_state_or_scalar(ctx, r, parents) for r in found)


_NAME_READS: weakref.WeakKeyDictionary[ast.AST, dict[str, list[ast.Name]]] = (
    weakref.WeakKeyDictionary()
)


def _goes_to_state_or_scalar(ctx: FileContext, read: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """`read` is the checkpoint of an entry (`read[...]`, `read.get(...)`) handed to a
    no-CUDA `load_state_dict`, a scalar conversion or a test; or it is tested itself."""
    node: ast.AST = read
    parent = parents.get(id(node))
    if isinstance(parent, ast.Compare):
        return True  # `"iter" in other`
    if isinstance(parent, ast.Subscript) and parent.value is node:
        node = parent
    elif (
        isinstance(parent, ast.Attribute)
        and parent.value is node
        and parent.attr == "get"
        and isinstance(parents.get(id(parent)), ast.Call)
    ):
        node = parents[id(parent)]
    else:
        return False
    user = parents.get(id(node))
    if isinstance(user, ast.Compare):
        return True  # `other.get("epoch", None) is not None`
    if not isinstance(user, ast.Call) or node is user.func:
        return False
    if _weights_consumer(ctx, user) is False:
        return True
    return isinstance(user.func, ast.Name) and user.func.id in _SCALAR_READS


def _state_loads_elsewhere(ctx: FileContext, scope: Scope) -> list[frozenset[str]]:
    """For each call of the scope that loads a state holding no CUDA tensors (a scaler's,
    a scheduler's: `_weights_consumer` False), the names it takes whole
    (`scheduler.load_state_dict(state)`); found once per scope (each load of a long function
    asks). An entry of a checkpoint (`scheduler.load_state_dict(ckpt["lr_scheduler"])`)
    says nothing of its other entries: DiffusionBERT's and TNN-MO's resumes hold the model
    and the optimizer's state beside the scheduler's."""
    found = _STATE_LOADS.get(scope.node)
    if found is None:
        found = [
            frozenset(
                ctx.source.segment(a)
                for a in (*node.args, *(k.value for k in node.keywords))
                if isinstance(a, ast.Name | ast.Attribute)
            )
            for node in scope_nodes(ctx, scope)
            if isinstance(node, ast.Call) and _weights_consumer(ctx, node) is False
        ]
        _STATE_LOADS[scope.node] = found
    return found


_STATE_LOADS: weakref.WeakKeyDictionary[ast.AST, list[frozenset[str]]] = weakref.WeakKeyDictionary()


_XLA_TEST = re.compile(r"xla|tpu", re.IGNORECASE)


def _xla_code(ctx: FileContext, scope: Scope, load: ast.Call) -> bool:
    if per_file(ctx, "xla-file", _xla_file):
        return True
    return any(first <= load.lineno <= last for first, last in _xla_blocks(ctx, scope.node))


def _xla_file(ctx: FileContext) -> bool:
    """A module named for XLA / TPUs, or one saving with `xm.save` only (read once per file,
    not at each load)."""
    text = ctx.source.text
    name = ctx.source.path.replace("\\", "/").rpartition("/")[2]
    return bool(_XLA_TEST.search(name)) or ("xm.save(" in text and "torch.save(" not in text)


def _xla_blocks(ctx: FileContext, node: ast.AST) -> list[tuple[int, int]]:
    """The line spans of the bodies of `if`s under `node` that test for XLA / TPUs, found
    once per node."""
    found = _XLA_BLOCKS.get(node)
    if found is None:
        found = [
            (test.body[0].lineno, test.body[-1].end_lineno or test.body[-1].lineno)
            for test in typed_nodes(node, ast.If)
            if _XLA_TEST.search(ctx.source.segment(test.test) or "")
        ]
        _XLA_BLOCKS[node] = found
    return found


_XLA_BLOCKS: weakref.WeakKeyDictionary[ast.AST, list[tuple[int, int]]] = weakref.WeakKeyDictionary()


def _weights_consumer(ctx: FileContext, call: ast.Call) -> bool | None:
    """True: loads weights into a model; False: into a scaler, scheduler, sampler; None:
    not a state-dict loader."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if not _LOADS_WEIGHTS.search(name):
        return None
    receiver = ctx.source.segment(func.value) if isinstance(func, ast.Attribute) else ""
    return not _NOT_WEIGHTS.search(receiver)


def _assigned_name(ctx: FileContext, scope: Scope, load: ast.Call) -> str | None:
    """The name or attribute the load is assigned to (`state = torch.load(...)`), if one."""
    targets = _ASSIGNED_TARGETS.get(scope.node)
    if targets is None:
        # Read once per scope: a scan of the scope at each load grows with their product.
        targets = _ASSIGNED_TARGETS[scope.node] = {}
        for node in scope_nodes(ctx, scope):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name | ast.Attribute):
                    targets.setdefault(id(node.value), (node.value, target))
    found = targets.get(id(load))
    return ctx.source.segment(found[1]) if found is not None and found[0] is load else None


#: Per scope node: the single plain target of each assignment, by the id of its value.
_ASSIGNED_TARGETS: weakref.WeakKeyDictionary[ast.AST, dict[int, tuple[ast.AST, ast.AST]]] = (
    weakref.WeakKeyDictionary()
)
