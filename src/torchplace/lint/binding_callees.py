"""Calls that bind the process's GPU inside a library: an NCCL process group created first and
bound right after by a callee, before any CUDA work.

accelerate's `PartialState()` (and `Accelerator()`, `AcceleratorState()`, which build it) calls
`torch.cuda.set_device(local_rank)` in its constructor; transformers' `TrainingArguments`
(and TRL's configs, its subclasses) evaluates `self.device` in `__post_init__`, which builds a
`PartialState` (so does a subclass of it that the file defines). So does
`HfArgumentParser(...).parse_*()` that builds one, and any call whose result the code hands
to a transformers or TRL `Trainer` as `args=` (a `TrainingArguments` made by that call).
Parallelism libraries' initializers bind it too: AxoNN's `ax.init(...)` (its communication
handle calls `set_device(world_rank % gpus_per_node)`), ColossalAI's `launch*` functions
(`set_device(local_rank)` after making the group) and cuGraph's `cugraph_comms_init` given a
device (`setDevice(device)`).
NCCL builds its communicators lazily (unless `device_id=` is given), so a binding made after
`init_process_group` and before the first CUDA work is in time.
"""

from __future__ import annotations

import ast
import re

from torchplace.lint.context import FileContext, Scope, assigned_values, call_name, keyword
from torchplace.lint.current_gpu import CURRENT_GPU_USE
from torchplace.lint.flow_classes import class_bases, whole_class
from torchplace.lint.project_callers import names_a_process_index
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rules._helpers import enclosing_call_name, without_comments
from torchplace.lint.run_conditions import parent_map

#: CUDA work that would run on the wrong GPU before a late binding: a move, a `device=`
#: argument (not `device = torch.device(...)`, which only names one), a collective.
CUDA_WORK = re.compile(
    r"\.cuda\s*\(|[(,]\s*device\s*=(?!=)|\.to\s*\(|all_reduce|broadcast|barrier"
    # the other collectives (`all_gather_object` to learn the local rank from host names)
    r"|all_gather|reduce_scatter|all_to_all|gather_object|scatter_object"
    r"|\bdist(?:ributed)?\.(?:gather|reduce|scatter|send|recv|isend|irecv)\s*\("
    # a load onto the current GPU (a load without `map_location` restores each tensor onto
    # the GPU that saved it, whichever GPU is current: a later binding changes nothing for
    # it, and that hazard is TPL108's)
    r"|map_location\s*=\s*[\"']cuda[\"']"
    # ... also given by position (`torch.load(path, "cuda")`)
    r"|torch\.load\(\s*(?:[^,()]|\([^()]*\))+,\s*[\"']cuda[\"']\s*[,)]"
    # the rest of what acts on the current GPU (`current_gpu`): typed constructors, pinned
    # memory, `torch.cuda` calls given no device, object collectives
    r"|" + CURRENT_GPU_USE.pattern
)
_ACCELERATE_BINDERS = frozenset({"PartialState", "Accelerator", "AcceleratorState"})
#: (package, function) of initializers that bind the GPU inside the library. torch4keras's
#: DDP trainer (bert4torch's `BaseModelDDP`) has `init_process_group()` call
#: `torch.cuda.set_device(LOCAL_RANK)` (build_MiniLLM_from_scratch's trainers call it right
#: after making the group).
_LIBRARY_BINDERS = frozenset(
    {
        ("axonn", "init"),
        ("torch4keras", "init_process_group"),
        ("bert4torch", "init_process_group"),
        ("colossalai", "launch"),
        ("colossalai", "launch_from_torch"),
        ("colossalai", "launch_from_slurm"),
        ("colossalai", "launch_from_openmpi"),
    }
)
#: (package, function) of initializers that bind the GPU given as their `device` argument
#: (its position): cuGraph's `cugraph_comms_init(rank, world_size, uid, device=0)` calls
#: `setDevice(device)` before building its NCCL communicator.
_DEVICE_ARGUMENT_BINDERS = {
    ("pylibcugraph", "cugraph_comms_init"): 3,
    ("cugraph", "cugraph_comms_init"): 3,
}
_PIN_KEYWORD = re.compile(r"pin_memory\s*=\s*True")


def first_cuda_work(text: str, start: int = 0, end: int | None = None) -> re.Match[str] | None:
    """The first `CUDA_WORK` in `text[start:end]`, leaving out `device = "cuda"`, which
    only names the GPU (grit binds on the next line), and `pin_memory=True` given to a
    data loader (`DataLoader(ds, pin_memory=True)`): the loader pins nothing until it is
    iterated, and its pinning thread then takes the GPU current at that time. A tensor
    factory's `pin_memory=True` (`torch.empty(n, pin_memory=True)`) pins at once."""
    stop = len(text) if end is None else end
    for match in CUDA_WORK.finditer(text, start, stop):
        if _PIN_KEYWORD.fullmatch(match.group(0)) and (
            enclosing_call_name(text, match.start()) or ""
        ).endswith("Loader"):
            continue
        if _NAMES_THE_GPU.fullmatch(match.group(0)) and not _in_call(text, match.start()):
            continue  # `device = "cuda"` names the GPU; its uses are the work
        if match.group(0).lstrip("(,").strip().startswith("device") and _assignment_target(
            text, match.start()
        ):
            continue  # `device_id, device = ...`: a name bound, no keyword given to a call
        return match
    return None


def _assignment_target(text: str, position: int) -> bool:
    """The `, device =` at `position` is among the targets of an assignment (MiB's
    `device_id, device = opts.local_rank, torch.device(opts.local_rank)`), not a call's
    keyword: its line holds only names and commas before it, and the line before does not
    leave a call or a list open (a keyword on a continued line of a call, `1, device=d`)."""
    start = text.rfind("\n", 0, position) + 1
    if not _TARGETS.fullmatch(text[start : position + 1]):
        return False
    before = text[:start].rstrip()
    return not before.endswith(("(", ",", "[", "{", "\\"))


#: The start of a line of assignment targets, up to a comma: names, attributes and commas.
_TARGETS = re.compile(r"[ \t]*[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*,")


#: A `device=` keyword: it names a device for the call it is given to.
_NAMES_A_DEVICE = re.compile(r"[(,]\s*device\s*=")
#: A device named by its string (`device = "cuda"`), which is work only given to a call.
_NAMES_THE_GPU = re.compile(r"""device\s*=\s*["']cuda["']""")


def _in_call(text: str, position: int) -> bool:
    """The text at `position` is a keyword argument: `(` or `,` comes before it."""
    before = text[:position].rstrip()
    return before.endswith(("(", ","))


def bound_by_callee(ctx: FileContext, function: Scope | None, group: ast.Call) -> bool:
    """Whether a call after `group` (an `init_process_group`) and before the function's first
    CUDA work builds an object that binds the GPU in its constructor. A group a script makes
    at its top level (`function` None) is read in the module's code that follows it
    (build_MiniLLM's `BaseModelDDP.init_process_group()` on the next line)."""
    container = function.node if function is not None else ctx.whole_tree()
    if container is None:
        return False
    parents = parent_map(ctx.parents, container)
    candidates = [
        node
        for node in calls_before_cuda_work(ctx, container, group)
        if builds_a_binder(ctx, container, node)
    ]
    held = {id(node) for node in candidates}
    binders = [node for node in candidates if _runs_with_its_statement(node, parents, held)]
    return any(_on_the_path_of(container, group, node, binders) for node in binders)


def _runs_with_its_statement(call: ast.AST, parents: dict[int, ast.AST], binders: set[int]) -> bool:
    """The call (or a binder beside it: `binders`, by id) runs whenever its statement does:
    not one arm of a conditional expression whose other arm binds nothing (`ax.init() if
    axonn else None`; `ax.init(d=n) if mixtral else ax.init(r=n)` binds either way), not past
    the first operand of `and` / `or`, not in a lambda, nor in a comprehension but for its
    first iterable, which runs with it."""
    child: ast.AST = call
    parent = parents.get(id(call))
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Lambda):
            return False
        if isinstance(parent, ast.comprehension):
            owner = parents.get(id(parent))
            first = getattr(owner, "generators", [None])[0]
            if owner is None or not (child is parent.iter and parent is first):
                return False
            child, parent = owner, parents.get(id(owner))  # the first iterable runs: past it
            continue
        if isinstance(parent, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            return False
        if isinstance(parent, ast.IfExp) and child is not parent.test:
            other = parent.orelse if child is parent.body else parent.body
            if not any(id(node) in binders for node in ast.walk(other)):
                return False
        if isinstance(parent, ast.BoolOp) and child is not parent.values[0]:
            return False
        child, parent = parent, parents.get(id(parent))
    return True


def _on_the_path_of(
    container: ast.AST, group: ast.Call, call: ast.Call, binders: list[ast.Call]
) -> bool:
    """A run that makes the group reaches a binder: every `if` arm holding `call` but not
    `group` has another arm that binds on every path too (loki's `if model_id == ...:
    ax.init(G_intra_d=n) else: ax.init(G_intra_r=n)`); not a binder in the `else` of the
    group's `if`, nor under a flag of its own with no binding arm beside it."""
    for node in ast.walk(container):
        if not isinstance(node, ast.If):
            continue
        for arm, other in ((node.body, node.orelse), (node.orelse, node.body)):
            if (
                arm
                and _spans(arm, call)
                and not _spans(arm, group)
                and not (other and _binds_on_every_path(other, binders))
            ):
                return False
    return True


def _binds_on_every_path(statements: list[ast.stmt], binders: list[ast.Call]) -> bool:
    """Whether every run of `statements` reaches one of `binders`: a simple statement holding
    one, an `if` both of whose arms do, a `with` or `try` whose body does. A loop's body may
    not run."""
    for statement in statements:
        if isinstance(statement, ast.If):
            if statement.orelse and all(
                _binds_on_every_path(arm, binders) for arm in (statement.body, statement.orelse)
            ):
                return True
        elif isinstance(statement, ast.With | ast.AsyncWith | ast.Try):
            if _binds_on_every_path(statement.body, binders):
                return True
        elif not isinstance(statement, _COMPOUND) and any(
            _spans([statement], binder) for binder in binders
        ):
            return True
    return False


#: Statements whose inner code may not run where they do (or runs elsewhere).
_COMPOUND = (
    ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
    ast.Match,
)  # fmt: skip


def _spans(arm: list[ast.stmt], node: ast.AST) -> bool:
    first, last = arm[0].lineno, arm[-1].end_lineno or arm[-1].lineno
    return first <= getattr(node, "lineno", 0) <= last


def calls_before_cuda_work(ctx: FileContext, function: ast.AST, group: ast.Call) -> list[ast.Call]:
    """The calls of `function` after `group` and before its first CUDA work (`CUDA_WORK`)."""
    start = group.end_lineno or group.lineno
    whole = len(ctx.source.lines) if isinstance(function, ast.Module) else start
    last = getattr(function, "end_lineno", None) or whole
    after = without_comments(ctx.source.lines_text(start + 1, last))
    work = first_cuda_work(after)
    limit = start + 1 + after.count("\n", 0, work.start()) if work else last + 1
    # The first "work" may only name a device for a binder (`cugraph_comms_init(...,
    # device=rank)`): a call on that line given that keyword comes before the real work. Work
    # in a call's other arguments (`wrap(model.cuda(), rank)`) runs before the call.
    naming = work is not None and _NAMES_A_DEVICE.fullmatch(work.group(0)) is not None
    # A module's own statements only: a function it defines there does not run there.
    nodes = own_nodes(function) if isinstance(function, ast.Module) else ast.walk(function)
    return [
        node
        for node in nodes
        if isinstance(node, ast.Call)
        and start < node.lineno <= limit
        and (node.lineno < limit or (naming and keyword(node, "device") is not None))
    ]


def builds_a_binder(ctx: FileContext, function: ast.AST, call: ast.Call) -> bool:
    """Whether `call`, in `function`, builds an object that binds the GPU (see the module's
    docstring)."""
    root, last = library_name(ctx, function, call.func)
    if (root == "accelerate" and last in _ACCELERATE_BINDERS) or (root, last) in _LIBRARY_BINDERS:
        return True
    if (root, last) in _DEVICE_ARGUMENT_BINDERS:
        return _binds_a_chosen_gpu(function, call, _DEVICE_ARGUMENT_BINDERS[(root, last)])
    if names_training_arguments(ctx, function, call.func):
        return True
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in DATACLASS_PARSES:
        parser = value_of(function, func.value)
        if isinstance(parser, ast.Call) and (
            library_name(ctx, function, parser.func)[1] == "HfArgumentParser"
        ):
            return any(
                names_training_arguments(ctx, function, node)
                for node in ast.walk(parser)
                if isinstance(node, ast.Name | ast.Attribute)
            )
    return _result_is_trainer_args(ctx, function, call)


#: The `HfArgumentParser` methods that build the dataclasses they are given (`parse_args` and
#: `parse_known_args` return a plain namespace: no `TrainingArguments` is built).
DATACLASS_PARSES = frozenset(
    {"parse_args_into_dataclasses", "parse_dict", "parse_json_file", "parse_yaml_file"}
)


def _binds_a_chosen_gpu(function: ast.AST, call: ast.Call, position: int) -> bool:
    """The call is given a device read from a per-process index (`device=rank`,
    `device=local_rank`): left at its default, given `0`, `args.device` or
    `torch.cuda.current_device()` (cuda:0 before any binding), it binds the same GPU in every
    process."""
    given = keyword(call, "device")
    value = given.value if given else call.args[position] if len(call.args) > position else None
    if isinstance(value, ast.Name):
        value = value_of(function, value)  # `device = rank` just above
    return value is not None and names_a_process_index(value)


def names_training_arguments(ctx: FileContext, function: ast.AST, node: ast.expr) -> bool:
    """`node` names transformers' `TrainingArguments` (or a TRL config), or a class of the
    file that subclasses one (`class TrainingArguments(transformers.TrainingArguments)`) and
    keeps its `__post_init__` (an override that never calls `super().__post_init__()` builds
    no accelerate state). The class is read whole where the pruned tree stubbed it out
    (LongVU's subclass of forty fields holds no candidate line)."""
    if _is_training_arguments(*library_name(ctx, function, node)):
        return True
    if not isinstance(node, ast.Name):
        return False
    for statement in ctx.tree.body:
        if not isinstance(statement, ast.ClassDef) or statement.name != node.id:
            continue
        if not any(
            _is_training_arguments(*library_name(ctx, function, b))
            for b in class_bases(ctx, statement)
        ):
            continue
        whole = whole_class(ctx, statement) or statement
        if not _overrides_post_init(whole):
            return True
    return False


def _overrides_post_init(node: ast.ClassDef) -> bool:
    """The class defines `__post_init__` and never calls the base's from it, nor reads
    `self.device` (which binds the GPU), itself or in the methods of the class it reaches
    (`self._finish()`, which calls `super().__post_init__()`)."""
    methods = {item.name: item for item in node.body if isinstance(item, ast.FunctionDef)}
    override = methods.get("__post_init__")
    if override is None:
        return False
    # The methods `__post_init__` reaches through `self.` calls, however deep.
    reached = {"__post_init__"}
    pending = [override]
    while pending:
        function = pending.pop()
        if _binds_in(function):
            return False
        for n in ast.walk(function):
            if (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id == "self"
                and n.func.attr in methods
                and n.func.attr not in reached
            ):
                reached.add(n.func.attr)
                pending.append(methods[n.func.attr])
    return True


def _binds_in(function: ast.FunctionDef) -> bool:
    """The method calls a `__post_init__` or reads `self.device` / `self.n_gpu`."""
    return any(
        (isinstance(n, ast.Call) and call_name(n) == "__post_init__")
        or (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
            and n.attr in ("device", "n_gpu")
        )
        for n in ast.walk(function)
    )


def _is_training_arguments(root: str, last: str) -> bool:
    """transformers' `TrainingArguments` (and `Seq2SeqTrainingArguments`), or a TRL trainer
    config (`SFTConfig`, `GRPOConfig`, ...: subclasses of it)."""
    if root == "transformers":
        return last.endswith("TrainingArguments")
    return root == "trl" and last.endswith("Config") and last != "ModelConfig"


def _result_is_trainer_args(ctx: FileContext, function: ast.AST, call: ast.Call) -> bool:
    """The call's result (a name it is assigned to) is given to a transformers / TRL trainer as
    `args=`: it is a `TrainingArguments`, built by this call."""
    names = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and node.value is call:
            for target in node.targets:
                elements = target.elts if isinstance(target, ast.Tuple) else [target]
                names |= {e.id for e in elements if isinstance(e, ast.Name)}
    if not names:
        return False
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        given = keyword(node, "args")
        if given is None or not (isinstance(given.value, ast.Name) and given.value.id in names):
            continue
        root, last = library_name(ctx, function, node.func)
        if root in ("transformers", "trl") and last.endswith("Trainer"):
            return True
    return False


def library_name(ctx: FileContext, function: ast.AST, func: ast.expr) -> tuple[str, str]:
    """(top-level package, last name) of what is called, through imports and one local alias
    (`trainer_class = Trainer`)."""
    value = value_of(function, func) if isinstance(func, ast.Name) else None
    qualified = ctx.qualified(value if isinstance(value, ast.Name | ast.Attribute) else func)
    qualified = qualified or ""
    return qualified.partition(".")[0], qualified.rpartition(".")[2]


def value_of(function: ast.AST, node: ast.expr) -> ast.expr | None:
    """The one value a local name is assigned in the function, or the node itself."""
    if not isinstance(node, ast.Name):
        return node
    values = assigned_values(function, node.id)
    return values[0] if len(values) == 1 else node
