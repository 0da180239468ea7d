"""TPL104 hardcoded-device-index."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, call_name
from torchplace.lint.device_maps import dispatches_in, loads_on_first_gpu
from torchplace.lint.device_value_uses import only_a_value
from torchplace.lint.gpu_spanning import ONE_PROCESS_WRAP, holder_drives_gpus, wraps_its_gpus_at
from torchplace.lint.job_scale import in_one_gpu_branch, in_one_process_branch
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    DeviceSite,
    device_sites,
    literal_index,
    literal_string,
    placement_is_local,
)
from torchplace.lint.run_conditions import (
    after_showing_its_gpus,
    documented_single_gpu,
    parent_map,
    runs_only_on_rank_zero_through_callers,
    single_process_script,
    speaks_of_no_parallelism,
)
from torchplace.lint.spawn_ranks import in_spawning_parent
from torchplace.lint.torch_device_arguments import device_type_argument
from torchplace.report import Finding


class HardcodedDeviceIndex(Rule):
    """## What it does
    Flags integer literals used as CUDA devices: `device=0`, `.to(0)`, `torch.device(0)`,
    `torch.device("cuda", 1)`, `device_ids=[0]`, `map_location=0`, `set_device(0)`,
    `torch.cuda.device(1)` (not one built alone and never entered by `with`, which selects
    nothing). A device object is flagged only where it may reach a placement
    (not only compared, printed or handed to a query, followed through names, strings and a
    private function's return). Not flagged: `device=0` given to a class or function of the
    file that never reads it; DDP's `output_device=` (only logged); code documented as
    single-GPU (docstring, or a comment on or above the line); a `__main__` script or block
    that never speaks of ranks, launchers or workers; a class or function that places work
    on GPU after GPU by index (`[torch.cuda.Stream(device=i) for i in range(n_stage)]`: the
    process drives all its node's GPUs, and any index is one of its own), or a script that
    wraps its model over several GPUs in its own top-level code and names no rank, launcher
    or group (`DataParallel(device_ids=[0, 1, 2, 3])`, `GPipe(devices=[...])`) unless the
    project launches it as several processes (`torchrun` in a README); the parent's code
    before it spawns the ranks (`mp.spawn(run, nprocs=n)` later in its block). Index 0 is not
    flagged either in code only rank 0 runs (`if dist.get_rank() == 0:`); in the `except`
    fallback of the same call whose index could not be read; where `torch.cuda.is_initialized()`
    is false (no GPU bound yet); after the code set `CUDA_VISIBLE_DEVICES` (a worker that chose
    its GPU) or in a module whose top shows the process one literal GPU
    (`os.environ["CUDA_VISIBLE_DEVICES"] = "3"`); in the one-process branch of a job (`if
    world_size == 1:`, the `else` of `if dist.is_initialized():`, `if args.local_rank == -1:`, a
    world size the project keeps under its own name, DLRM's `ext_dist.my_size`) or the one-GPU
    branch of a process (`if torch.cuda.device_count() == 1:`); in a file that never speaks of
    ranks (but as a literal, `rank=0`), workers, threads or device maps (TPL105's ground); as
    the place of inputs (`inputs.to(0)`) in a function or script that spreads a model with
    `device_map="auto"` or `dispatch_model` (its first layers are on cuda:0), or in a class that
    loads such a model or one whole with `device_map="cuda"` in a file binding no GPU; in a
    program the project's scripts and READMEs launch only as one process (or a script nothing
    launches or imports that is written for no launcher, no ranks and no distributed framework:
    `python tool.py` is its one way to run), or a module only such programs import.

    ## Why is this bad?
    An integer device is a CUDA ordinal. Written into code that runs once per rank, per
    thread or per shard, it sends all of them to the same GPU: ranks collide on one device
    (`DistributedDataParallel(model, device_ids=[0])` on every rank), and a layer on cuda:1
    meets a tensor on cuda:0 (`Expected all tensors to be on the same device`).

    ## Example
    ```python
    torch.cuda.set_device(0)
    model = DistributedDataParallel(model.to(0), device_ids=[0])
    ```

    Use instead:
    ```python
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = DistributedDataParallel(model.to(local_rank), device_ids=[local_rank])
    ```
    Inside a module, follow an input: `x.to(hidden_states.device)`.

    ## Fix safety
    No automatic fix: the right index depends on how the program is launched.

    ## References
    - https://pytorch.org/docs/stable/notes/ddp.html
    - https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html
    """

    code = "TPL104"
    # Preview: TRUE on 1 of 13 of its findings on package sets no rule was tuned on (0 of 4
    # on fresh-4, after earlier fixes), 0 of 3 on fresh-14 and fresh-15 (one-process
    # scripts), 16 of 18 on fresh-19 to fresh-21, 0 of 7 on fresh-23 and fresh-24 (one-GPU
    # arms, one-process demos that stream generation in a thread, now read as one process;
    # later also DDP's `output_device=0`, which places nothing, and a process's one-GPU arm),
    # judged blind at first look; on fresh-66 on 0 of 1 (a one-process evaluation script a
    # Python sweep script launches with `python`); on fresh-70 on 0 of 1 (code only rank 0
    # runs, which is local rank 0) (benchmarks/results/lint_precision_unseen.md);
    # the default set needs 90% there.
    preview = True
    name = "hardcoded-device-index"
    in_tests = False
    project_condition = "shares-a-literal-gpu"
    contexts = (
        "placements anywhere; not device objects only compared or queried, code only rank 0"
        " runs, code documented as single-GPU (docstring or comment), one-process scripts,"
        " fallbacks of an unread index,"
        " code reached only before CUDA is initialised, DDP's `output_device`, index 0 in"
        " one-GPU arms (`device_count() == 1`), index 0 after the code set"
        " CUDA_VISIBLE_DEVICES, index 0 in files that speak of no"
        " parallelism, index 0 as the inputs' place beside a model spread by `device_map`,"
        " programs the project launches only as one process, classes and functions that"
        " place work on GPU after GPU by index, a parent's code before it spawns the ranks"
    )
    summary = "A literal integer device index sends every rank and shard to the same GPU"
    pattern = "hardcoded-cuda-device"
    candidate = AnyOf(
        # device=0, output_device=0, device_ids=[0], set_device(0), torch.device("cuda", 0)
        r"device(?:_ids\s*=\s*[\[(]\s*\d|\s*=\s*\d|\(\s*(?:[\"']cuda[\"']\s*,\s*)?\d)",
        r"\.to\(\s*\d",
        r"map_location\s*=\s*\d",
        r"device\(.*\bindex\s*=\s*\d",  # torch.device("cuda", index=1)
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for site in device_sites(ctx):
            if call_name(site.call) == "cuda":
                continue  # TPL102
            index = literal_index(site.value)
            if index is None or placement_is_local(ctx, site):
                continue
            if site.where == "torch.device-index":
                given = device_type_argument(site.call)
                kind = None if given is None else literal_string(given)
                if kind is not None and kind != "cuda":
                    continue
            if _safe_in_context(ctx, site, index):
                continue
            message = f"Hardcoded device index {index} (cuda:{index} in every rank and shard)"
            if wraps_its_gpus_at(ctx, site.call.lineno):
                # Kept only where a launch runs the script as several processes.
                message = f"{message} {ONE_PROCESS_WRAP}"
            yield self.finding(ctx, site.value, message)


def _safe_in_context(ctx: FileContext, site: DeviceSite, index: int) -> bool:
    """A literal index that places nothing on another rank's GPU: a device object used only as
    a value (compared, printed, handed to a capability query), a position in a table of
    argument positions read only as such (`args[ARGS_NAMES[name]]`), code documented as single-GPU
    by design, a script that runs as one process; and for index 0 only, code that only rank 0
    runs (its GPU is cuda:0) or the fallback when no index could be read (what an unindexed
    `"cuda"` means). Rank 0 on cuda:1, or a fallback to cuda:3, is still another GPU."""
    scope = site.located.scope
    if site.where.startswith("torch.device") and only_a_value(ctx, scope, site.call):
        return True
    if _discarded_by_callee(ctx, site) or _position_table(ctx, site):
        return True
    if documented_single_gpu(ctx, scope, site.call) or single_process_script(ctx, site.call):
        return True
    if holder_drives_gpus(ctx, site.call.lineno):
        return True  # the one process of its node, placing work on each of its GPUs
    if in_spawning_parent(ctx, site.call):
        return True  # the parent, before it starts the ranks
    return index == 0 and (
        speaks_of_no_parallelism(ctx)
        or _inputs_of_a_spread_model(ctx, site)
        or _fallback_of_computed_index(ctx, site)
        or _cuda_not_initialised_here(ctx, site)
        or after_showing_its_gpus(ctx, scope, site.call)
        or in_one_process_branch(ctx, site.call, _function_node(site))
        or in_one_gpu_branch(ctx, site.call, _function_node(site))
        or runs_only_on_rank_zero_through_callers(ctx, scope, site.call)
    )


#: Sites that name a place for tensors (`x.to(0)`, `device = torch.device(0)`), unlike
#: `set_device(0)` or `device_ids=[0]`, which bind a process or a replica to the GPU.
_TENSOR_PLACES = frozenset({"to", "torch.device", "torch.device-index"})


def _inputs_of_a_spread_model(ctx: FileContext, site: DeviceSite) -> bool:
    """Index 0 as a tensor's place in a function (or a script's top level) that spreads a
    model over the visible GPUs (`device_map="auto"`, `dispatch_model`: `device_maps`): the
    map puts the first layers, where inputs go in, on the first GPU, and its hooks move
    activations from there. A spread model elsewhere in the file says nothing of this one."""
    if site.where not in _TENSOR_PLACES:
        return False
    function = site.located.scope.function
    if function is None:
        return dispatches_in(ctx, ctx.tree)
    if dispatches_in(ctx, function.node):
        return True
    owner = site.located.scope.method_class
    return owner is not None and _class_loads_on_first_gpu(ctx, owner.node)


def _class_loads_on_first_gpu(ctx: FileContext, owner: ast.AST) -> bool:
    """A method of the class loads its model with its first layers on cuda:0 (spread by
    `device_map="auto"`, or whole with `device_map="cuda"` in a file that binds no GPU:
    InternLM-XComposer's one-process demos, whose other methods place the prompt's tokens
    at index 0 for it)."""
    binds = _BINDS_A_GPU.search(ctx.source.text) is not None
    tree = ctx.whole_tree()  # `regions` leaves stubs of the methods without a candidate line
    if tree is None:
        return False
    line = getattr(owner, "lineno", -1)
    whole = next(
        (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.lineno == line), None
    )
    return whole is not None and any(
        isinstance(node, ast.Call) and loads_on_first_gpu(ctx, node, binds)
        for node in ast.walk(whole)
    )


#: A binding of the process's GPU anywhere in the file: the current GPU may then be another.
_BINDS_A_GPU = re.compile(r"set_device\s*\(|cuda\s*\.\s*device\s*\(")


def _position_table(ctx: FileContext, site: DeviceSite) -> bool:
    """`device=1` among the keywords of `X = dict(kv_len=0, device=1, dtype=2)`, a table of
    argument positions (keys-vals' `_ARGS_NAMES`): every value a distinct literal from 0 to one
    less than their count (three at least), and the file reads the table only as a position,
    `args[X[name]]`, never unpacks it (`**X`) nor reads it otherwise."""
    call = site.call
    if site.where != "device=" or (ctx.qualified(call.func) or call_name(call)) != "dict":
        return False
    values = [literal_index(k.value) for k in call.keywords]
    if call.args or len(values) < 3 or any(v is None for v in values):
        return False
    if sorted(v for v in values if v is not None) != list(range(len(values))):
        return False
    tree = ctx.whole_tree()  # `regions` may leave only stubs of the code that reads it
    if tree is None:
        return False
    at = (call.lineno, call.col_offset)
    holders = [
        node.targets[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and (node.value.lineno, node.value.col_offset) == at
    ]
    name = holders[0].id if holders and isinstance(holders[0], ast.Name) else None
    if name is None:
        return False
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    reads = [
        node
        for node in ast.walk(tree)
        if (isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load))
        or (isinstance(node, ast.Attribute) and node.attr == name)
    ]
    for read in reads:
        lookup = parents.get(id(read))
        outer = parents.get(id(lookup)) if lookup is not None else None
        as_position = (
            isinstance(lookup, ast.Subscript)
            and lookup.value is read
            and isinstance(outer, ast.Subscript)
            and outer.slice is lookup
        )
        if not as_position:
            return False
    return bool(reads)


def _discarded_by_callee(ctx: FileContext, site: DeviceSite) -> bool:
    """`device=0` given to a class or function of this file whose parameter of that name is
    never read (kept in the signature for compatibility, then `del`-eted): it places nothing."""
    if not site.where.endswith("=") or not isinstance(site.call.func, ast.Name):
        return False
    tree = ctx.whole_tree()
    if tree is None:
        return False
    wanted, parameter = site.call.func.id, site.where[:-1]
    callees: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == wanted:
            callees.append(node)
        elif isinstance(node, ast.ClassDef) and node.name == wanted:
            callees += [
                f
                for f in node.body
                if isinstance(f, ast.FunctionDef) and f.name in ("__init__", "__new__")
            ]
    if len(callees) != 1:
        return False
    (callee,) = callees
    arguments = callee.args
    named = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
    if parameter not in named:
        return False
    return not any(
        isinstance(node, ast.Name) and node.id == parameter and isinstance(node.ctx, ast.Load)
        for statement in callee.body
        for node in ast.walk(statement)
    )


def _cuda_not_initialised_here(ctx: FileContext, site: DeviceSite) -> bool:
    """The literal is reached only where `torch.cuda.is_initialized()` is false (the `else`
    of `if torch.cuda.is_initialized():`, the body of `if not ...`, or after `if
    torch.cuda.is_initialized(): return ...`). `set_device` and `torch.cuda.device(...)`
    initialise CUDA, so no GPU was bound yet: the current GPU is cuda:0, and the literal
    names it (a "which GPU am I on" helper that avoids starting CUDA)."""
    function = site.located.scope.function
    root = function.node if function is not None else ctx.tree
    parents = parent_map(ctx.parents, root)
    child: ast.AST = site.call
    parent = parents.get(id(child))
    while parent is not None:
        if isinstance(parent, ast.If):
            initialised = _tests_cuda_initialised(ctx, parent.test)
            if initialised is False and child in parent.body:
                return True
            if initialised is True and child in parent.orelse:
                return True
        body = getattr(parent, "body", None)
        if isinstance(child, ast.stmt) and isinstance(body, list) and child in body:
            earlier = body[: body.index(child)]
            if any(_returns_when_initialised(ctx, statement) for statement in earlier):
                return True
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return False
        child, parent = parent, parents.get(id(parent))
    return False


def _function_node(site: DeviceSite) -> ast.AST | None:
    function = site.located.scope.function
    return function.node if function is not None else None


def _tests_cuda_initialised(ctx: FileContext, test: ast.expr) -> bool | None:
    """True for `torch.cuda.is_initialized()`, False for its negation, None otherwise."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _tests_cuda_initialised(ctx, test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Call) and not test.args:
        name = ctx.qualified(test.func) or ""
        if name.endswith("cuda.is_initialized"):
            return True
    return None


def _returns_when_initialised(ctx: FileContext, statement: ast.stmt) -> bool:
    """`if torch.cuda.is_initialized(): return ...` (no `else`)."""
    return (
        isinstance(statement, ast.If)
        and not statement.orelse
        and _tests_cuda_initialised(ctx, statement.test) is True
        and bool(statement.body)
        and isinstance(statement.body[-1], ast.Return | ast.Raise)
    )


def _fallback_of_computed_index(ctx: FileContext, site: DeviceSite) -> bool:
    """The literal is what an `except` handler uses when its `try` could not read the index
    for the same call (`try: set_device(int(device.split(":")[1])) except ValueError:
    set_device(0)`): the device string had no index, and an unindexed `"cuda"` means cuda:0
    in any case."""
    function = site.located.scope.function
    root = function.node if function is not None else ctx.tree
    parents = parent_map(ctx.parents, root)
    child: ast.AST = site.call
    parent = parents.get(id(child))
    while parent is not None and not isinstance(parent, ast.ExceptHandler):
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return False
        child, parent = parent, parents.get(id(parent))
    attempt = parents.get(id(parent)) if parent is not None else None
    if not isinstance(attempt, ast.Try):
        return False
    # The same call: the same callee on the same receiver (`batch.to(device)` failing says
    # nothing of `model.to(0)`).
    callee = ast.dump(site.call.func)
    return any(
        isinstance(node, ast.Call)
        and ast.dump(node.func) == callee
        and any(literal_index(argument) is None for argument in node.args[:2])
        for statement in attempt.body
        for node in ast.walk(statement)
    )
