"""TPL110 data-parallel-module-on-current-gpu."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import partial

from torchplace.lint.context import FileContext, Scope, call_name, int_literal, keyword_value
from torchplace.lint.device_kind import targets_other_accelerator
from torchplace.lint.gpu_bindings import BINDERS
from torchplace.lint.if_arms import if_arms, on_other_arms
from torchplace.lint.name_values import holds_only, value_on_path
from torchplace.lint.rank_flow import module_nodes, own_nodes
from torchplace.lint.replica_ids import DATA_PARALLEL, replica_ids
from torchplace.lint.rule import AnyOf, FilteredAnyOf, Rule
from torchplace.lint.visible_device_writes import writes_own_environment
from torchplace.report import Finding

#: The words of a finding whose ids start at GPU 0 where its function's parameters keep their
#: defaults: the project decides whether any caller fills them (`project_facts`).
IDS_FROM_ZERO_BY_DEFAULT = "the ids start at GPU 0 where the function's defaults are kept"
#: Calls whose result lists every GPU from the first: `range(torch.cuda.device_count())`.
_FROM_ZERO = frozenset({"range", "arange", "list", "tolist"})
#: `from torch.nn import DataParallel as DP`, `from torch.nn.parallel import (DataParallel as
#: DataPar, ...)`, with a comment or a continued line between: the name a file calls it by.
_ALIAS = re.compile(r"\bDataParallel(?:\s|\\\r?\n|#[^\n]*)+as(?:\s|\\\r?\n)+(\w+)")


class DataParallelCalls(FilteredAnyOf):
    """Lines that call DataParallel: `DataParallel(`, or any use of the name an import gives
    it (read off the file's text, so an alias of any spelling is a candidate, not only `DP`;
    every use, since a call may be written `(DP)(model, ...)`)."""

    def select(self, string: str) -> list[re.Match[str]]:
        found = list(AnyOf.finditer(self, string))
        for alias in {m.group(1) for m in _ALIAS.finditer(string)}:
            found += re.finditer(rf"(?<![\w.]){re.escape(alias)}(?!\w)", string)
        return sorted(found, key=lambda m: m.start())


class DataParallelModuleOnCurrentGpu(Rule):
    """## What it does
    Flags `nn.DataParallel(model, device_ids=ids)` where `ids` comes from outside (a
    parameter, the command line, a config) and the same function moves the model to the
    current GPU or GPU 0 (`.cuda()`, `.to("cuda")`, `.to(torch.device("cuda:0"))`, or a name
    that only holds one of those), before or after wrapping it.

    ## Why is this bad?
    DataParallel replicates the module from `device_ids[0]` and checks that every parameter
    and buffer is there first. "cuda" is the current GPU, cuda:0 in a process that bound
    none; asked to run on GPUs `1,2` (`--device 1,2`, `gpu_ids: [1]`), the first forward
    raises `RuntimeError: module must have its parameters and buffers on device cuda:1
    (device_ids[0]) but found one of them on device: cuda:0`, and the inputs it scatters go
    to cuda:0 as well. (Given one id, DataParallel moves the module there itself when it
    wraps it, so a move before the wrap matters with several ids; a move after the wrap
    matters always. Measured on an H100, `benchmarks/results/lint_flow_op_devices.md`.)

    ## Example
    ```python
    device_ids = [int(i) for i in args.device.split(",")]
    model = DataParallel(model, device_ids=device_ids)
    model = model.to(torch.device("cuda"))
    ```

    Use instead:
    ```python
    device_ids = [int(i) for i in args.device.split(",")]
    model = DataParallel(model.to(f"cuda:{device_ids[0]}"), device_ids=device_ids)
    ```

    Not flagged: device ids that start at GPU 0 (`None`, `[0, ...]`, `range(n)`,
    `list(range(torch.cuda.device_count()))[:-1]`, a name only ever set to one of those); a
    move on the other arm of an `if` that wraps (`if args.dp: ... else: model.cuda()`); a
    function that binds its GPU (`torch.cuda.set_device`; with `--preview`, only a binding
    on the wrap's path: autonn's one-GPU arm `if len(gpus) == 1: set_device(gpus[0])` binds
    none for its several-GPU arm, which wraps), or a file that sets
    `CUDA_VISIBLE_DEVICES` itself (the ids then count from the GPUs it shows), and ids held by
    an attribute that a method of the project sets while binding the GPU or showing the
    chosen GPUs (a config class's `self.GPU_IDS`, `binding_configs`); a function every
    caller of which in the project binds a GPU first (`project_callers`); ids that start at
    GPU 0 with their function's defaults (DCP's `range(gpu0, gpu0 + n_gpus)`, `gpu0=0`) in a
    checkout nobody installs, where no call in the project passes them (`default_arguments`);
    a model moved to a device of its own (`.to(device)` of a device not known to be "cuda").

    ## Fix safety
    No automatic fix: the device to use is `device_ids[0]`, which the code names its own way.

    ## References
    - https://pytorch.org/docs/stable/generated/torch.nn.DataParallel.html
    """

    code = "TPL110"
    name = "data-parallel-module-on-current-gpu"
    # Default: at first look on the unseen sets (fresh-21 to fresh-99) TRUE on 8 of 20 (FALSE:
    # a move on the other arm of the wrapping `if`, ids sliced from a list starting at GPU 0,
    # ids a config class sets while binding the GPU, all since read); reading a move chained
    # on the wrap (ad67c12) then added 12 findings (11 TRUE) and restarted its record: none on
    # fresh-101 and fresh-103, 3 of 3 on fresh-105, chosen by its text (HRNet's and DeepLab's
    # models moved to the current GPU beside ids users choose), so it joined the default set,
    # which needs 90% on two first looks at least (benchmarks/results/lint_precision_unseen.md);
    # then 0 of 2 on fresh-114 (DCP's ids, which start at a parameter no caller fills: left
    # since, 9f79ad13) and 4 of 4 on fresh-115 (ids read from CUDA_VISIBLE_DEVICES).
    preview = False
    in_tests = False
    contexts = "any code that wraps a model in `nn.DataParallel` with device ids it is given"
    summary = "DataParallel's module is moved to the current GPU, not to `device_ids[0]`"
    pattern = "data-parallel-module-not-on-first-device"
    project_condition = "ids-not-bound-where-set"
    candidate = DataParallelCalls(r"DataParallel\s*\)?\s*\(")
    file_gate = ("DataParallel",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if targets_other_accelerator(ctx) or writes_own_environment(ctx, ctx.tree):
            return
        names = {"DataParallel"} | {
            local for local, target in ctx.aliases.items() if target in DATA_PARALLEL
        }
        for located in ctx.calls(*sorted(names)):
            call = located.node
            assert isinstance(call, ast.Call)
            if (ctx.qualified(call.func) or "") not in DATA_PARALLEL:
                continue
            ids = replica_ids(ctx, call)
            module = keyword_value(call, "module") or (call.args[0] if call.args else None)
            if ids is None or module is None:
                continue
            scope = located.scope
            if holds_only(ctx, scope, ids, partial(_from_zero, ctx), defaults=False):
                continue
            by_default = partial(_from_zero, ctx, defaults=True)
            from_zero_by_default = holds_only(ctx, scope, ids, by_default, defaults=True)
            nodes = _nodes_of(ctx, scope)
            function = scope.function
            arms = if_arms(function.node if function is not None else ctx.tree)
            wrap_arms = arms.get(id(call), ())
            if any(
                _binds(node)
                and not (ctx.preview and on_other_arms(wrap_arms, arms.get(id(node), ())))
                for node in nodes
            ):
                continue  # the current GPU is the one it chose (with --preview: on its path)
            move = _current_gpu_move(ctx, scope, nodes, call, module, one_id=_one_id(ids))
            if move is None:
                continue
            written = ctx.source.segment(ids)
            target = (
                "GPU 0" if _names_gpu_zero(ctx, move) else "the current GPU (cuda:0 unless bound)"
            )
            message = (
                f"`DataParallel(..., device_ids={written})` needs the module on "
                f"`device_ids[0]`, but line {move.lineno} moves it to {target}: with ids that "
                "do not start there, the forward raises "
                "`module must have its parameters and buffers on device ...`"
            )
            if from_zero_by_default:
                message += f" ({IDS_FROM_ZERO_BY_DEFAULT})"
            yield self.finding(ctx, call, message)


def _nodes_of(ctx: FileContext, scope: Scope) -> list[ast.AST]:
    function = scope.function
    if function is not None:
        return list(own_nodes(function.node))
    return list(module_nodes(ctx.tree))


def _binds(node: ast.AST) -> bool:
    """`torch.cuda.set_device(...)` or `with torch.cuda.device(...)`."""
    if isinstance(node, ast.Call):
        return call_name(node) in BINDERS
    if isinstance(node, ast.With):
        return any(
            isinstance(item.context_expr, ast.Call)
            and ast.unparse(item.context_expr.func).endswith("cuda.device")
            for item in node.items
        )
    return False


def _from_zero(ctx: FileContext, scope: Scope, ids: ast.expr, defaults: bool = False) -> bool:
    """Device ids that begin at GPU 0, the current GPU of a process that bound none (a name
    in them read as its function gives it: a parameter is the caller's, whatever its
    default; with `defaults`, a parameter read as its default, for the project to confirm
    that no caller fills it: DCP's `range(gpu0, gpu0 + n_gpus)` with `gpu0=0`)."""
    inner = partial(_from_zero, ctx, defaults=defaults)
    if isinstance(ids, ast.Constant):
        return ids.value is None or ids.value == 0
    if isinstance(ids, ast.List | ast.Tuple):
        return not ids.elts or (isinstance(ids.elts[0], ast.Constant) and ids.elts[0].value == 0)
    if isinstance(ids, ast.Subscript) and isinstance(ids.slice, ast.Slice):
        lower = ids.slice.lower  # `devices[:-1]`: the first ones of a list
        starts = lower is None or (isinstance(lower, ast.Constant) and lower.value == 0)
        return starts and holds_only(ctx, scope, ids.value, inner, defaults=defaults)
    if isinstance(ids, ast.ListComp):
        # `[x for x in range(n)]`, `[int(x) for x in ...]`: the elements are the iterable's
        generator = ids.generators[0]
        element = ids.elt
        if isinstance(element, ast.Call) and call_name(element) == "int" and element.args:
            element = element.args[0]
        same = ast.unparse(element) == ast.unparse(generator.target)
        if len(ids.generators) != 1 or generator.ifs or not same:
            return False
        return holds_only(ctx, scope, generator.iter, inner, defaults=defaults)
    if isinstance(ids, ast.Call):
        name = call_name(ids) or ""
        if name not in _FROM_ZERO:
            return "device_count" in ast.unparse(ids)
        if name in ("range", "arange"):
            return len(ids.args) == 1 or (
                bool(ids.args) and holds_only(ctx, scope, ids.args[0], _zero, defaults=defaults)
            )
        if name == "tolist" and isinstance(ids.func, ast.Attribute):
            return holds_only(ctx, scope, ids.func.value, inner, defaults=defaults)
        return bool(ids.args) and holds_only(ctx, scope, ids.args[0], inner, defaults=defaults)
    return False


def _zero(scope: Scope, value: ast.expr) -> bool:
    """The literal 0."""
    return int_literal(value) == 0


def _one_id(ids: ast.expr) -> bool:
    """`device_ids=[args.gpu]`: one id, where DataParallel moves its module itself."""
    return (
        isinstance(ids, ast.List | ast.Tuple)
        and len(ids.elts) == 1
        and not isinstance(ids.elts[0], ast.Starred)  # `[*gpus]` may hold several
    )


def _current_gpu_move(
    ctx: FileContext,
    scope: Scope,
    nodes: list[ast.AST],
    wrap: ast.Call,
    module: ast.expr,
    *,
    one_id: bool = False,
) -> ast.Call | None:
    """The call that moves the wrapped module, or the wrapper, to the current GPU: inside the
    wrap (`DataParallel(model.cuda(), ...)`), on it (`DataParallel(...).cuda()`) or anywhere
    in the function on the same name,
    not on the other arm of an `if` whose one arm wraps. Given one id (`one_id`),
    DataParallel moves the module to it when it wraps it: only a move after the wrap
    counts."""
    if isinstance(module, ast.Call) and _to_current_gpu(ctx, scope, module) and not one_id:
        return module
    receivers = {ast.unparse(module)} if _plain_receiver(module) else set()
    inside = list(ast.walk(module))  # `model = DataParallel(model.cuda(), [gpu])`
    for node in nodes:
        if isinstance(node, ast.Assign) and node.value is wrap:
            receivers.update(ast.unparse(target) for target in node.targets)
    function = scope.function
    arms = if_arms(function.node if function is not None else ctx.tree)
    for node in nodes:
        if on_other_arms(arms.get(id(wrap), ()), arms.get(id(node), ())):
            continue  # `if args.dp: wrap ... else: model.cuda()`: never in one run
        if one_id and isinstance(node, ast.Call) and (_before(node, wrap) or node in inside):
            continue  # the wrap moves the module to its one id
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and (node.func.value is wrap or ast.unparse(node.func.value) in receivers)
            and (
                _to_current_gpu(ctx, scope, node)
                or _to_current_gpu_on_path(ctx, scope, nodes, wrap, node)
            )
        ):
            return node
    return None


def _before(node: ast.AST, wrap: ast.Call) -> bool:
    """`node` ends before the wrap starts (`model.cuda()` on an earlier line or earlier in
    the wrap's line)."""
    end = (getattr(node, "end_lineno", None) or 0, getattr(node, "end_col_offset", None) or 0)
    return end <= (wrap.lineno, wrap.col_offset)


def _to_current_gpu_on_path(
    ctx: FileContext, scope: Scope, nodes: list[ast.AST], wrap: ast.Call, move: ast.Call
) -> bool:
    """`model.to(device)` after the wrap, where `device` is set to the current GPU on the
    wrap's own path (`device = torch.device("cuda")` just before it, on the arm that wraps)
    and not set again before the move."""
    device = move.args[0] if move.args else keyword_value(move, "device")
    function = scope.function
    if not isinstance(device, ast.Name) or function is None or move.lineno <= wrap.lineno:
        return False
    statement = next(
        (
            node
            for node in nodes
            if isinstance(node, ast.stmt)
            and not isinstance(node, ast.If | ast.For | ast.While | ast.With | ast.Try)
            and any(inner is wrap for inner in ast.walk(node))
        ),
        None,
    )
    if statement is None:
        return False
    value = value_on_path(function.node, device.id, statement)
    if value is None or _device_kind(ctx, scope, value) != "cuda":
        return False
    return not any(
        isinstance(node, ast.Name)
        and node.id == device.id
        and isinstance(node.ctx, ast.Store)
        and wrap.lineno <= node.lineno <= move.lineno
        for node in nodes
    )


def _names_gpu_zero(ctx: FileContext, move: ast.Call) -> bool:
    """`.cuda(0)`, `.to("cuda:0")`, `.to(torch.device("cuda", 0))`: GPU 0 named as such, not
    the current GPU (a name holding it is read as the current GPU's, which it is unless
    bound)."""
    given = move.args[0] if move.args else keyword_value(move, "device")
    if given is None:
        return False
    if int_literal(given) == 0:
        return True
    if isinstance(given, ast.Constant):
        return given.value == "cuda:0"
    if not isinstance(given, ast.Call) or (ctx.qualified(given.func) or "") != "torch.device":
        return False
    if len(given.args) == 2:
        return int_literal(given.args[1]) == 0
    return len(given.args) == 1 and _names_gpu_zero(ctx, given)


def _plain_receiver(node: ast.expr) -> bool:
    """A name, an attribute or a subscript of those (`models[i]`): one object wherever it is
    written; not a call (`nn.Linear(8, 8)` makes a new one each time)."""
    return isinstance(node, ast.Name | ast.Attribute | ast.Subscript) and not any(
        isinstance(inner, ast.Call) for inner in ast.walk(node)
    )


def _to_current_gpu(ctx: FileContext, scope: Scope, call: ast.Call) -> bool:
    """`x.cuda()` (or `x.cuda(0)`), `x.to("cuda")`, `x.to(torch.device("cuda"))`,
    `x.to(device)` of a name that only holds one of those (or the CPU, on the arm without a
    GPU)."""
    if not isinstance(call.func, ast.Attribute):
        return False
    if call.func.attr == "cuda":
        given = call.args[0] if call.args else keyword_value(call, "device")
        return given is None or int_literal(given) == 0
    if call.func.attr != "to":
        return False
    device = call.args[0] if call.args else keyword_value(call, "device")
    if device is None:
        return False
    gpu = [False]

    def current_or_cpu(where: Scope, value: ast.expr) -> bool:
        kind = _device_kind(ctx, where, value)
        gpu[0] = gpu[0] or kind == "cuda"
        return kind in ("cuda", "cpu", "same")

    return holds_only(ctx, scope, device, current_or_cpu) and gpu[0]


def _device_kind(ctx: FileContext, scope: Scope, value: ast.expr) -> str | None:
    """ "cuda" for the current GPU or GPU 0, "cpu", "same" for `torch.device(d)` of the name
    being read (its other values say), or None for anything else (another GPU, a name)."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        if value.value == "cuda:0":
            return "cuda"  # GPU 0: the current GPU of a process that bound none
        return value.value if value.value in ("cuda", "cpu") else None
    if isinstance(value, ast.IfExp):
        kinds = {_device_kind(ctx, scope, value.body), _device_kind(ctx, scope, value.orelse)}
        return "cuda" if kinds == {"cuda", "cpu"} or kinds == {"cuda"} else None
    if isinstance(value, ast.Call) and (ctx.qualified(value.func) or "") == "torch.device":
        if value.keywords or not 1 <= len(value.args) <= 2:
            return None
        if len(value.args) == 2:  # `torch.device("cuda", 0)`: GPU 0; another index its own
            first, index = value.args
            literal = isinstance(first, ast.Constant) and first.value == "cuda"
            return "cuda" if literal and int_literal(index) == 0 else None
        argument = value.args[0]
        if isinstance(argument, ast.Name):
            found: set[str | None] = set()

            def note(where: Scope, inner: ast.expr) -> bool:
                found.add(_device_kind(ctx, where, inner))
                return True

            resolved = holds_only(ctx, scope, argument, note)
            found.discard("same")
            if resolved and not found:
                return "same"  # `device = torch.device(device)`: what `device` held already
            return "cuda" if resolved and "cuda" in found and found <= {"cuda", "cpu"} else None
        return _device_kind(ctx, scope, argument)
    return None
