"""Where a `torch.load` runs, and what it reads, as far as its file tells (for TPL106/TPL108).

- Multi-process code: the file names a process group, a launcher, a rank or a rank-0 guard;
  a bare `local_rank` option is not one.
- A file whose every `torch.save` writes a CPU copy loads its own CPU data back.
- A fixed published file: a literal URL, or `hf_hub_download` of a literal repository and file
  name. Its bytes are the same for every user and were not saved by this program's ranks.
- A file the program wrote itself in the same process: a `torch.save` of the file writes the
  path the load reads, and no rank split lies between them.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import weakref
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from torchplace.lint.context import FileContext, call_name
from torchplace.lint.rank_flow import module_nodes, own_nodes
from torchplace.lint.rules._helpers import enclosing_function
from torchplace.lint.rules.hardcoded._saved_names import FunctionNames, copied_module
from torchplace.lint.run_conditions import RANK_ATTRIBUTE, is_rank_value, rank_zero_test
from torchplace.lint.spawn_ranks import spawns_processes

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: The words of a finding whose evidence is weights downloaded from the Hub: saved on whatever
#: GPU their uploader had, they fail to load (`cuda:3` where one GPU is visible) however the
#: processes here see their GPUs, which clears only the evidence of this program's own saves.
HUB_WEIGHTS = "weights downloaded from the Hub"
#: Names of a process group, a launcher, a rank or the world size, a sampler that splits the
#: data among ranks (`DistributedSampler(...)`, built, not only imported or defined), rank-0
#: guards (`if local_rank <= 0:`, `if args.global_rank == 0:`, accelerate's
#: `accelerator.is_main_process`, not a function of the file's own), and collectives of
#: `torch.distributed` (`dist.barrier()`): a trainer module whose launcher lives in another
#: file (LION's, found by name from a config) still shows there that every rank runs it.
#: A bare `local_rank` is not one: a one-process script takes it as an option to pick its GPU
#: (`cuda:{local_rank}`, or the CPU when it is -1); nor is `LOCAL_RANK` the script writes
#: from that option (`if "LOCAL_RANK" not in os.environ: os.environ["LOCAL_RANK"] = ...`,
#: STEERER's test tools): only a launcher's variable read is.
_SEVERAL_PROCESSES = (
    r"LOCAL_RANK(?![\"']\s*\]\s*=(?!=))(?![\"']\s+not\s+in\b)"
    r"|get_rank\s*\(|DistributedDataParallel|init_process_group"
    r"|process_index|\.is_(?:local_)?main_process\b"
    r"|\bDDP\s*\(|\.spawn\s*\(|(?<!class )\bDistributedSampler\s*\("
    r"|global_rank\s*(?:==|!=)\s*0\b|get_world_size\s*\("
    r"|\bdist(?:ributed)?\.(?:barrier|all_reduce|all_gather\w*|broadcast\w*|reduce_scatter\w*)\s*\("
)
#: A rank-0 guard on a `local_rank` value (`if args.local_rank == 0:`, `in [-1, 0]`): written
#: for a launcher, though by itself it makes no group of processes.
_LOCAL_RANK_GUARD = r"|local_rank\s*(?:<=|==|<)\s*0\b|local_rank\s+in\s*[\[(]\s*-1\s*,\s*0\b"
MULTI_PROCESS = re.compile(_SEVERAL_PROCESSES + _LOCAL_RANK_GUARD)
#: `MULTI_PROCESS` less the guards: the code itself makes, joins or starts processes.
PROCESSES_MADE = re.compile(_SEVERAL_PROCESSES)
#: `DistributedSampler` as an import names it (without the call): a name the import binds
#: counts where the code uses it (`DistributedSampler as DS`, then `DS(...)`).
_IMPORTED_SAMPLER = re.compile(r"\bDistributedSampler\b")
#: Import statements (one line, or a parenthesized list): a name imported is not used.
_IMPORT_STATEMENT = re.compile(
    r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(?:\([^)]*\)|[^\n]*)", re.MULTILINE
)
#: The names an import statement binds: `as NativeDDP`, or the names imported.
_BOUND_NAME = re.compile(r"\bas[ \t]+(\w+)|(\w+)")
_FULL_LINE_COMMENT = re.compile(r"^[ \t]*#[^\n]*", re.MULTILINE)


@lru_cache(maxsize=16)
def multi_process_code(text: str, pattern: re.Pattern[str] = MULTI_PROCESS) -> bool:
    """The code of `text` is multi-process (`pattern`, `MULTI_PROCESS` unless told
    `PROCESSES_MADE`), read without its comments and import statements: meshnet's unused
    `from torch.nn.parallel import DistributedDataParallel as DDP`, cryodrgn's `# TODO:
    Replace with DistributedDataParallel` start no process. A name such an import binds
    counts where the code uses it (timm's `NativeDDP(model)`); a `#` inside a string is no
    comment."""
    if pattern.search(text) is None and "DistributedSampler" not in text:
        return False
    code = _without_comment_tokens(text)
    bound: set[str] = set()
    samplers: set[str] = set()
    for statement in _IMPORT_STATEMENT.finditer(code):
        names = statement.group().split("import", 1)[1]
        if pattern.search(statement.group()) is not None:
            bound.update(alias or name for alias, name in _BOUND_NAME.findall(names))
        elif _IMPORTED_SAMPLER.search(statement.group()) is not None:
            samplers.update(alias or name for alias, name in _BOUND_NAME.findall(names))
    code = _IMPORT_STATEMENT.sub("", code)
    if pattern.search(code) is not None:
        return True
    if any(re.search(rf"\b{re.escape(name)}\b", code) for name in bound - {"as"}):
        return True
    # A sampler counts where it is built: `DS(data)`, not `isinstance(s, DS)`.
    return any(re.search(rf"\b{re.escape(name)}\s*\(", code) for name in samplers - {"as"})


def _without_comment_tokens(text: str) -> str:
    """`text` less its comments and its prose, read with the tokenizer (a `#` in a string
    stays); less only its whole-line comments when it does not tokenize. Prose is a string
    literal holding a space that is not an f-string (a docstring, an option's help: the
    `help='local rank for DistributedDataParallel'` of FasterTransformer's one-process ViT
    examples starts no process), while a key (`os.environ["LOCAL_RANK"]`) or an f-string
    that calls (`f"rank {dist.get_rank()}"`) stays."""
    # The tokenizer's own lines (split at `\n` only): `splitlines` also splits at a form
    # feed or a `\x1c`, and the tokens' rows would then name the wrong lines.
    lines = io.StringIO(text).readlines()
    spans: list[tuple[tuple[int, int], tuple[int, int]]] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT or (
                token.type == tokenize.STRING
                and _PROSE.search(token.string)
                and not _F_STRING.match(token.string)
            ):
                spans.append((token.start, token.end))
    except (tokenize.TokenError, SyntaxError, ValueError, IndexError):
        return _FULL_LINE_COMMENT.sub("", text)
    for (first_row, first_column), (last_row, last_column) in reversed(spans):
        # Blanked, not removed: the line numbers of the rest stay as they were.
        head = lines[first_row - 1][:first_column]
        tail = lines[last_row - 1][last_column:]
        middle = ["\n"] * (last_row - first_row)
        lines[first_row - 1 : last_row] = [head + "".join(middle) + tail]
    return "".join(lines)


_PROSE = re.compile(r"\s")
_F_STRING = re.compile(r"[rRbBuU]?[fF]|[fF][rR]")


#: A saved value that is training state, not model weights.
_TRAINING_STATE = re.compile(r"optim|scheduler|scaler", re.IGNORECASE)
#: A saved value that is a batch of data, not model weights (qcmlforge's debugging
#: `torch.save(batch, "debug_batch.pt")` beside its trainers' CPU copies of the model).
_DATA_BATCH = re.compile(r"(?:\w+_)?batch", re.IGNORECASE)
_CPU_COPY_TEXT = re.compile(r"\.cpu\(\)|['\"]cpu['\"]")
_URL = re.compile(r"^(?:https?|gs|s3)://")
_HUB = {"hf_hub_download"}


def fixed_published_file(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    assigned: dict[str, list[ast.AST]],
    load: ast.Call,
) -> bool:
    """The load reads a literal URL or a Hub file of a literal repository and name, through
    the function's assignments (`with open(path) as f`) and its parameters' defaults."""
    if not load.args:
        return False
    defaults = _parameter_defaults(function)
    pending: list[ast.AST] = [load.args[0]]
    seen: set[str] = set()
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _URL.match(node.value):
                return True
        elif isinstance(node, ast.Call) and call_name(node) in _HUB:
            return _all_literal(node)
        elif isinstance(node, ast.Call):
            pending += node.args[:1]
        elif isinstance(node, ast.Name) and node.id not in seen:
            seen.add(node.id)
            pending += assigned.get(node.id, [])
            if node.id in defaults:
                pending.append(defaults[node.id])
    return False


def _all_literal(call: ast.Call) -> bool:
    values = [*call.args, *(k.value for k in call.keywords)]
    return bool(values) and all(isinstance(v, ast.Constant) for v in values)


def _parameter_defaults(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    found = {
        a.arg: d
        for a, d in zip(
            positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True
        )
    }
    found.update(
        {a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d}
    )
    return found


def reads_back_rank_zero_save(ctx: FileContext, tree: ast.Module, load: ast.Call) -> bool:
    """The load reads a file that a `torch.save` of this file writes (a distinctive piece of
    the path in both, split at its separators: `"checkpoint-best-acc/model.bin"` against
    `"checkpoint-best-acc"` and `"model.bin"` joined), every such save runs only in rank 0
    (global or local, or the one process of a run without ranks: `if args.local_rank in [-1,
    0] and ...:` around it), and so does every other save of the file: it holds what a rank
    0 saved from its node's cuda:0. A checkpoint no save of the file writes (a model to fine-
    tune from another run) may come from any GPU. Names are read where the function assigns
    them, else where the module does (a global `checkpoint_path`)."""
    holder: ast.AST = enclosing_function(tree, load.lineno) or tree
    if not load.args or not _saves_only_on_rank_zero(ctx, tree):
        return False
    # A path the module names once for both (GNNFlow's global `checkpoint_path`) is read
    # where the module's own statements assign it; not for a parameter of the function.
    module = _module_assignments(tree)
    if isinstance(holder, ast.FunctionDef | ast.AsyncFunctionDef):
        for parameter in ast.walk(holder.args):
            if isinstance(parameter, ast.arg):
                module.pop(parameter.arg, None)
    wanted = components(path_pieces(load.args[0], {**module, **local_assignments(holder)}))
    return any(
        len(call.args) > 1
        and wanted & components(path_pieces(call.args[1], {**module, **assigned}))
        for saver, assigned, call in _saves(ctx, tree)
    )


def _module_assignments(tree: ast.Module) -> dict[str, list[ast.AST]]:
    """The values the module's own statements give its names; none for a name a function
    declares `global` (it may be given another value there)."""
    values = _assignments_in(module_nodes(tree))
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            for name in node.names:
                values.pop(name, None)
    return values


def _saves_only_on_rank_zero(ctx: FileContext, tree: ast.Module) -> bool:
    """Every `torch.save` of the file (if any) lies on the rank-0 arm of an `if` of its own
    function: no other rank writes a file here."""
    flags = rank_zero_properties(tree)
    return all(under_rank_zero(saver, call, flags) for saver, _, call in _saves(ctx, tree))


#: A project's own checkpoint writer (`save_checkpoint(...)`, `utils.save_model(...)`).
_CHECKPOINT_WRITER = re.compile(
    r"save\w*(?:checkpoint|ckpt|model|state)|(?:checkpoint|ckpt)\w*save", re.IGNORECASE
)


def checkpoints_written_by_rank_zero(ctx: FileContext, tree: ast.Module) -> bool:
    """The file writes checkpoints (a `torch.save`, or a call of a checkpoint writer:
    `save_checkpoint(...)`, defined here or elsewhere), and every such write runs only in
    rank 0: on the rank-0 arm of an `if` of its own function, or in a function of the file
    whose every call by name lies on such an arm (YOLOP's `save_checkpoint` call under `if rank
    in [-1, 0]:`; a helper called only from there). A file that writes none says nothing."""
    writes = 0
    calls_by_name: dict[str, list[tuple[ast.AST, ast.Call]]] | None = None
    flags = rank_zero_properties(tree)
    for holder in (tree, *local_functions(tree)):
        for call in own_calls(holder):
            name = call_name(call) or ""
            if ctx.qualified(call.func) != "torch.save" and not _CHECKPOINT_WRITER.search(name):
                continue
            writes += 1
            if under_rank_zero(holder, call, flags):
                continue
            if calls_by_name is None:
                calls_by_name = {}
                for caller in (tree, *local_functions(tree)):
                    for other in own_calls(caller):
                        if isinstance(other.func, ast.Name):
                            calls_by_name.setdefault(other.func.id, []).append((caller, other))
            callers = calls_by_name.get(getattr(holder, "name", ""), [])
            if not callers or not all(under_rank_zero(c, other, flags) for c, other in callers):
                return False
    return writes > 0


def _saves(
    ctx: FileContext, tree: ast.Module
) -> Iterator[tuple[ast.AST, dict[str, list[ast.AST]], ast.Call]]:
    """Each `torch.save` of the file, with the function (or module) making it and its names."""
    for saver in (tree, *local_functions(tree)):
        calls = [c for c in own_calls(saver) if ctx.qualified(c.func) == "torch.save"]
        if calls:
            assigned = local_assignments(saver)
            yield from ((saver, assigned, call) for call in calls)


def components(pieces: set[str]) -> set[str]:
    """The distinctive parts of path pieces split at their separators."""
    parts = {part for piece in pieces for part in re.split(r"[/\\]+", piece)}
    return {p for p in parts if len(p) >= 3 and not _EXTENSION.fullmatch(p)}


def saves_only_cpu_copies(
    ctx: FileContext, full: Callable[[], ast.Module], weights_only: bool = False
) -> bool:
    """Every `torch.save` of the file writes a CPU copy (`x.cpu()`, `x.to("cpu")`, or a name
    bound to one): what the file loads back is its own CPU data (an offload cache). With
    `weights_only`, every save of model weights: saves of optimizer, scheduler or scaler
    state are left out (KAIR saves its networks as CPU copies, its optimizers as they are),
    and so are saves of a data batch held by a plain name (`torch.save(batch, path)`)."""
    return _only_cpu_copies(ctx.source.text, weights_only, ctx, full)


def _only_cpu_copies(
    text: str, weights_only: bool, ctx: FileContext, full: Callable[[], ast.Module]
) -> bool:
    """`saves_only_cpu_copies`, once per file text: every load of the file, in each rule
    that reads loads, asks."""
    key = (text, weights_only)
    if key not in _ONLY_CPU_COPIES:
        if len(_ONLY_CPU_COPIES) >= 16:
            _ONLY_CPU_COPIES.pop(next(iter(_ONLY_CPU_COPIES)))
        # The text is searched here, once, not at each load: a search per load of a long
        # file is a walk of its text per load.
        _ONLY_CPU_COPIES[key] = (
            "save" in text
            and _CPU_COPY_TEXT.search(text) is not None
            and _saves_only_cpu_copies(ctx, full(), weights_only)
        )
    return _ONLY_CPU_COPIES[key]


_ONLY_CPU_COPIES: dict[tuple[str, bool], bool] = {}


def _saves_only_cpu_copies(ctx: FileContext, tree: ast.Module, weights_only: bool) -> bool:
    saves = 0
    for function in local_functions(tree):
        assigned = local_assignments(function)
        for call in (n for n in ast.walk(function) if isinstance(n, ast.Call)):
            if ctx.qualified(call.func) != "torch.save" or not call.args:
                continue
            if weights_only and _not_weights(ctx, call.args[0]):
                continue
            saves += 1
            if not saves_a_cpu_copy(ctx, function, call.args[0], assigned):
                return False
    return saves > 0


def _not_weights(ctx: FileContext, value: ast.expr) -> bool:
    """The saved value is training state (an optimizer's, a scheduler's, a scaler's) or a
    batch of data held by a plain name: no model weights. A dict literal is so when it holds
    training state and every other entry is a counter (`"epoch": epoch`, a constant) or a
    nested dict of the same: a checkpoint of a model and its optimizer holds weights, and so
    may any entry of another name (`"best": best`)."""
    if isinstance(value, ast.Dict):
        if any(key is None for key in value.keys):
            return False  # `{**state}`: entries not seen here
        pairs = zip(value.keys, value.values, strict=True)
        kinds = [_entry_kind(ctx, key, entry) for key, entry in pairs]
        return "state" in kinds and all(kind in ("state", "counter") for kind in kinds)
    if _TRAINING_STATE.search(ctx.source.segment(value)):
        return True
    return isinstance(value, ast.Name) and _DATA_BATCH.fullmatch(value.id) is not None


def _entry_kind(ctx: FileContext, key: ast.expr | None, entry: ast.expr) -> str:
    """ "state" for an optimizer's, scheduler's or scaler's state (`opt.state_dict()`, or a
    dict of only such state and counters), "counter" for a number-like setting, else
    "weights"."""
    if isinstance(entry, ast.Dict):
        return "state" if _not_weights(ctx, entry) else "weights"
    if isinstance(entry, ast.Constant):
        return "counter"
    text = ctx.source.segment(entry)
    if _TRAINING_STATE.search(text) or (
        key is not None
        and _TRAINING_STATE.search(ctx.source.segment(key))
        and isinstance(entry, ast.Call)
    ):
        return "state"
    if isinstance(entry, ast.Name | ast.Attribute) and _COUNTER.fullmatch(text.split(".")[-1]):
        return "counter"
    return "weights"


#: A saved setting that holds a number, not weights.
_COUNTER = re.compile(
    r"(?:global_|total_|start_|best_|cur_|current_)?"
    r"(?:epochs?|steps?|iters?|iterations?|it|loss|acc|accuracy|score|metric|lr|seed|version)",
    re.IGNORECASE,
)


def saves_a_cpu_copy(
    ctx: FileContext, function: ast.AST, value: ast.expr, assigned: dict[str, list[ast.AST]]
) -> bool:
    """The value a `torch.save` of `function` writes is a CPU copy: made by `_is_cpu_copy`
    itself or through every assignment of its name, or a dict whose entries were each
    replaced by one (`_entries_made_cpu`)."""
    if isinstance(value, ast.Name) and _entries_made_cpu(ctx, function, value.id):
        return True
    # The saved name is read like any other: only plain bindings, nothing stored into it,
    # not moved before the save.
    if isinstance(value, ast.Name):
        return _bound_cpu_copy(ctx, value, assigned, frozenset(), function)
    return _is_cpu_copy(ctx, value, assigned, function=function)


def _entries_made_cpu(ctx: FileContext, function: ast.AST, name: str) -> bool:
    """`for key, value in name.items(): name[key] = value.cpu()` in the function: every entry
    of the dict is replaced by a CPU copy (KAIR's `save_network`)."""
    for loop in _item_loops(function).get(name, ()):
        assert isinstance(loop.target, ast.Tuple)
        key, item = loop.target.elts
        for statement in loop.body:
            if (
                isinstance(statement, ast.Assign)
                and len(statement.targets) == 1
                and isinstance(target := statement.targets[0], ast.Subscript)
                and isinstance(target.value, ast.Name)
                and target.value.id == name
                and _same_name(target.slice, key)
                and _is_cpu_copy(ctx, statement.value)
                and _copies(statement.value, item)
            ):
                return True
    return False


def _item_loops(function: ast.AST) -> dict[str, list[ast.For]]:
    """The function's `for key, value in name.items():` loops by `name`, read once."""
    found = _ITEM_LOOPS.get(function)
    if found is None:
        found = {}
        for loop in ast.walk(function):
            if (
                isinstance(loop, ast.For)
                and isinstance(loop.target, ast.Tuple)
                and len(loop.target.elts) == 2
                and isinstance(loop.iter, ast.Call)
                and isinstance(loop.iter.func, ast.Attribute)
                and loop.iter.func.attr == "items"
                and isinstance(loop.iter.func.value, ast.Name)
            ):
                found.setdefault(loop.iter.func.value.id, []).append(loop)
        _ITEM_LOOPS[function] = found
    return found


_ITEM_LOOPS: weakref.WeakKeyDictionary[ast.AST, dict[str, list[ast.For]]] = (
    weakref.WeakKeyDictionary()
)


def _copies(call: ast.AST, item: ast.expr) -> bool:
    """The CPU copy is of the loop's value (`value.cpu()`, `value.to("cpu")`)."""
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return False
    return _same_name(call.func.value, item)


def _same_name(first: ast.AST, second: ast.AST) -> bool:
    return isinstance(first, ast.Name) and isinstance(second, ast.Name) and first.id == second.id


def _is_cpu_copy(
    ctx: FileContext,
    value: ast.AST,
    assigned: dict[str, list[ast.AST]] | None = None,
    seen: frozenset[int] = frozenset(),
    function: ast.AST | None = None,
) -> bool:
    """`x.cpu()`, `x.to("cpu")`, or a call given the CPU as its device (`to_device(x, "cpu")`,
    `move(x, device="cpu")`), or a dict comprehension of those (`{k: v.cpu() for ...}`), or a
    `torch.cat` / `torch.stack` of a sequence holding one of those, directly or through a
    name of the function (`assigned`) bound only to them: a join needs all its tensors on one
    device (axbench's `weight = torch.cat([torch.load(file), weight.cpu()])`). Also the
    `state_dict()` of a module moved to the CPU and not moved again before it, a dict literal
    of CPU copies and values that hold no tensor (`_dict_of_cpu_copies`), and a name of
    `function` bound, by plain assignments only, to any of these (`_bound_cpu_copy`)."""
    if len(seen) > _DEEPEST:
        return False
    if isinstance(value, ast.DictComp):
        return _is_cpu_copy(ctx, value.value, assigned, seen, function)
    if isinstance(value, ast.Dict):
        return _dict_of_cpu_copies(ctx, value, assigned, seen, function)
    if isinstance(value, ast.Name):
        return _bound_cpu_copy(ctx, value, assigned, seen, function)
    if not isinstance(value, ast.Call):
        return False
    if isinstance(value.func, ast.Attribute) and value.func.attr == "cpu":
        return True
    if isinstance(value.func, ast.Attribute) and value.func.attr == "state_dict":
        # A module moved to the CPU gives CPU tensors (qcmlforge's `cpu_model =
        # unwrap_model(self.model).to("cpu")`, then `cpu_model.state_dict()`).
        return _is_cpu_copy(ctx, value.func.value, assigned, seen | {id(value)}, function)
    if (ctx.qualified(value.func) or "") in _JOINS and value.args:
        parts = value.args[0]
        if not isinstance(parts, ast.List | ast.Tuple):
            return False
        inside = seen | {id(value)}
        for part in parts.elts:
            if isinstance(part, ast.Name) and assigned is not None:
                bound = [v for v in assigned.get(part.id, []) if id(v) not in inside]
                if bound and all(_is_cpu_copy(ctx, v, assigned, inside) for v in bound):
                    return True
            elif _is_cpu_copy(ctx, part, assigned, inside, function):
                return True
        return False
    devices = [k.value for k in value.keywords if k.arg == "device"]
    targets = [*value.args[1:], *devices]
    if isinstance(value.func, ast.Attribute) and value.func.attr == "to":
        targets = [*value.args[:1], *devices]
    return any(_names_the_cpu(ctx, target) for target in targets)


def _names_the_cpu(ctx: FileContext, target: ast.AST) -> bool:
    """`"cpu"` or `torch.device("cpu")` itself: `rank if cuda else "cpu"` may be a GPU."""
    if isinstance(target, ast.Constant):
        return isinstance(target.value, str) and target.value.split(":")[0] == "cpu"
    return (
        isinstance(target, ast.Call)
        and (ctx.qualified(target.func) or call_name(target) or "").endswith("device")
        and len(target.args) == 1
        and _names_the_cpu(ctx, target.args[0])
    )


def _bound_cpu_copy(
    ctx: FileContext,
    name: ast.Name,
    assigned: dict[str, list[ast.AST]] | None,
    seen: frozenset[int],
    function: ast.AST | None,
) -> bool:
    """A name of `function` bound only by plain assignments (not a parameter, no unpacking,
    loop or augmented assignment, nothing stored into it: `FunctionNames`), each a CPU copy,
    and not moved, wrapped or handed anywhere between them and its use (`Module.to` moves a
    module in place: `cpu_model = model.to("cpu")`, then `model.to(rank)`, leaves no CPU
    copy)."""
    if assigned is None or function is None or id(name) in seen:
        return False
    bound = assigned.get(name.id, [])
    names = FunctionNames.of(function)
    if not bound or not names.read_plainly(name.id):
        return False
    first = min(getattr(b, "lineno", 0) for b in bound)
    # A module handed on may be moved in place by whatever takes it (`FunctionNames`).
    if names.kept_between(name.id, first, name, handed=True):
        return False
    for value in bound:
        module = copied_module(value)
        if module is not None and names.moved_between(module, getattr(value, "lineno", 0), name):
            return False
    inside = seen | {id(name)}
    return all(_is_cpu_copy(ctx, v, assigned, inside, function) for v in bound)


def _dict_of_cpu_copies(
    ctx: FileContext,
    value: ast.Dict,
    assigned: dict[str, list[ast.AST]] | None,
    seen: frozenset[int],
    function: ast.AST | None,
) -> bool:
    """A dict literal holding at least one CPU copy, whose other entries hold no tensor:
    numbers, strings, `None`, and a nested dict or list of those or of attributes read off a
    CPU copy (`{"model_state_dict": cpu_model.state_dict(), "config": {"n_embed":
    cpu_model.n_embed}}`). An entry of any other origin (`self.ema`, an argument) may be a
    GPU tensor, and so may an attribute of a module as an entry of its own (`Module.to`
    leaves a tensor attribute that is no buffer where it was)."""
    if any(key is None for key in value.keys):
        return False  # `{**state}`: entries not seen here
    inside = seen | {id(value)}
    copies = 0
    for entry in value.values:
        if _is_cpu_copy(ctx, entry, assigned, inside, function):
            copies += 1
        elif not _holds_no_tensor(ctx, entry, assigned, inside, function, nested=False):
            return False
    return copies > 0


def _holds_no_tensor(
    ctx: FileContext,
    value: ast.AST,
    assigned: dict[str, list[ast.AST]] | None,
    seen: frozenset[int],
    function: ast.AST | None,
    *,
    nested: bool,
) -> bool:
    """A value that holds no tensor: a literal, an f-string, an identity or membership test, a
    `not`, a container of such values, inside a container (`nested`) an attribute read off a
    CPU copy (a setting of a settings dict), or a name of the function bound, by plain
    assignments only, to such values."""
    if len(seen) > _DEEPEST:
        return False
    if isinstance(value, ast.Constant | ast.JoinedStr):
        return True
    if isinstance(value, ast.Compare) and all(isinstance(op, _IDENTITY_TESTS) for op in value.ops):
        return True  # `model.head is not None`: a bool (`==` of tensors would be a tensor)
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
        return True
    inside = seen | {id(value)}
    if isinstance(value, ast.Dict):
        return None not in value.keys and all(
            _holds_no_tensor(ctx, v, assigned, inside, function, nested=True) for v in value.values
        )
    if isinstance(value, ast.List | ast.Tuple):
        return all(
            _holds_no_tensor(ctx, v, assigned, inside, function, nested=True) for v in value.elts
        )
    if isinstance(value, ast.Attribute):
        root: ast.AST = value
        while isinstance(root, ast.Attribute):
            root = root.value
        return (
            nested
            and isinstance(root, ast.Name)
            and _is_cpu_copy(ctx, root, assigned, inside, function)
        )
    if isinstance(value, ast.Name) and assigned is not None and function is not None:
        bound = assigned.get(value.id, [])
        return (
            bool(bound)
            and id(value) not in seen
            and FunctionNames.of(function).read_plainly(value.id)
            and all(
                _holds_no_tensor(ctx, v, assigned, inside, function, nested=nested) for v in bound
            )
        )
    return False


#: How deep a value is read through names and containers before it counts as unknown.
_DEEPEST = 24


#: Comparisons whose result is a bool whatever they compare.
_IDENTITY_TESTS = (ast.Is, ast.IsNot, ast.In, ast.NotIn)
#: Joins of tensors, which need them all on one device.
_JOINS = frozenset({"torch.cat", "torch.concat", "torch.concatenate", "torch.stack"})


def local_assignments(function: ast.AST) -> dict[str, list[ast.AST]]:
    """The values the assignments of `function` give each name, read once per function
    (each load of it asks): callers read the mapping and never change it."""
    found = _ASSIGNMENTS.get(function)
    if found is None:
        found = _ASSIGNMENTS[function] = _assignments_in(ast.walk(function))
    return found


_ASSIGNMENTS: weakref.WeakKeyDictionary[ast.AST, dict[str, list[ast.AST]]] = (
    weakref.WeakKeyDictionary()
)


def _assignments_in(nodes: Iterable[ast.AST]) -> dict[str, list[ast.AST]]:
    """The values the assignments and `with ... as name` among `nodes` give each name."""
    found: dict[str, list[ast.AST]] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.withitem) and isinstance(node.optional_vars, ast.Name):
            found.setdefault(node.optional_vars.id, []).append(node.context_expr)
    return found


def local_functions(where: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function defined in `where`, nested ones too; read once per node: callers read
    the list and never change it."""
    found = _LOCAL_FUNCTIONS.get(where)
    if found is None:
        # `where` itself is left out of the kept list: a value holding its own key would keep
        # the tree alive.
        found = _LOCAL_FUNCTIONS[where] = [
            n
            for n in ast.walk(where)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n is not where
        ]
    if isinstance(where, ast.FunctionDef | ast.AsyncFunctionDef):
        return [where, *found]
    return found


def method_classes(tree: ast.Module) -> dict[ast.AST, ast.ClassDef]:
    """The class each method of the file belongs to (its own body), read once per tree."""
    found = _METHOD_CLASSES.get(tree)
    if found is None:
        found = _METHOD_CLASSES[tree] = {
            method: node
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            for method in node.body
            if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef)
        }
    return found


_METHOD_CLASSES: weakref.WeakKeyDictionary[ast.AST, dict[ast.AST, ast.ClassDef]] = (
    weakref.WeakKeyDictionary()
)
_LOCAL_FUNCTIONS: weakref.WeakKeyDictionary[
    ast.AST, list[ast.FunctionDef | ast.AsyncFunctionDef]
] = weakref.WeakKeyDictionary()


def reads_back_own_save(
    ctx: FileContext, tree: ast.Module, function: ast.AST, load: ast.Call
) -> bool:
    """The load reads back a file that one process of this program wrote a moment before: a
    `torch.save` of the file writes the path the load reads (a distinctive literal piece of
    the path, `"./best.pt"` or the `"embeddings"` folder, is in both, followed through each
    function's assignments), that save is not made only by rank 0, and one run of one driver
    makes both (a function, or the module, that makes the save and the load itself or calls
    the functions that do), in one process: the file names no process group or rank, or the
    driver is the parent that spawns the ranks (it calls `mp.spawn` itself). A `save()` and
    a `load()` method that other code calls at other times may run on other machines. The
    tensors come back onto the GPU this process saved them from (SGL's search saves its best
    model, then reloads it; PixArt's preprocessing writes T5 embeddings, then reads them
    back). A rank-0 save read by every rank is the hazard itself, and stays one."""
    if not load.args or "save" not in ctx.source.text:
        return False
    wanted = path_pieces(load.args[0], local_assignments(function))
    if not wanted:
        return False
    several = multi_process_code(ctx.source.text)
    flags = rank_zero_properties(tree)
    # One run of one driver makes both: in multi-process code, the parent that spawns ranks.
    drivers = _spawning_parents(ctx, tree) if several else [tree, *local_functions(tree)]
    drivers = [d for d in drivers if _reached_from(d, function)]
    if not drivers:
        return False
    for saver in (tree, *local_functions(tree)):
        if not any(_reached_from(driver, saver) for driver in drivers):
            continue
        assigned = local_assignments(saver)
        for call in own_calls(saver):
            if ctx.qualified(call.func) != "torch.save" or len(call.args) < 2:
                continue
            if wanted & path_pieces(call.args[1], assigned) and not under_rank_zero(
                saver, call, flags
            ):
                return True
    return False


def saved_here_from_gpu(
    ctx: FileContext, tree: ast.Module, function: ast.AST, load: ast.Call
) -> bool:
    """A `torch.save` of this file writes the path the load reads (a distinctive literal piece
    of the path in both, as `reads_back_own_save` reads them) with a value it does not copy
    to the CPU first (`x.cpu()`, a dict of CPU copies): the file shows that the tensors it
    loads were saved from where they lived, a GPU in GPU code (rank 0's features read back by
    every rank, a dump that joins a GPU weight). A file loaded from elsewhere (another stage's
    output, a published file, the user's model) shows nothing of where its saver kept it."""
    if not load.args or "save" not in ctx.source.text:
        return False
    wanted = path_pieces(load.args[0], local_assignments(function))
    if not wanted:
        return False
    for saver in (tree, *local_functions(tree)):
        assigned = local_assignments(saver)
        for call in own_calls(saver):
            if ctx.qualified(call.func) != "torch.save" or len(call.args) < 2:
                continue
            if not wanted & path_pieces(call.args[1], assigned):
                continue
            if not saves_a_cpu_copy(ctx, saver, call.args[0], assigned):
                return True
    return False


#: A path piece that is only an extension (`.pt`, `.npy`) names no particular file.
_EXTENSION = re.compile(r"\.?\w{1,5}")


def path_pieces(path: ast.AST, assigned: dict[str, list[ast.AST]], depth: int = 3) -> set[str]:
    """The distinctive string literals of a path expression: constants and the literal parts
    of f-strings, through the names it reads (`depth` assignments deep); not a bare extension
    nor a separator."""
    pieces: set[str] = set()
    pending: list[tuple[ast.AST, int]] = [(path, depth)]
    seen: set[int] = set()
    while pending:
        node, left = pending.pop()
        for inner in ast.walk(node):
            if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                piece = inner.value.strip("/\\ ")
                if len(piece) >= 3 and not _EXTENSION.fullmatch(piece):
                    pieces.add(piece)
            elif isinstance(inner, ast.Name) and left > 0 and id(inner) not in seen:
                seen.add(id(inner))
                pending += [(value, left - 1) for value in assigned.get(inner.id, [])]
    return pieces


def own_calls(function: ast.AST) -> list[ast.Call]:
    """Calls in `function`'s own body (or a module's own statements), not in functions or
    classes defined inside it; read once per node (every load of a file asks): callers read
    the list and never change it."""
    found = _OWN_CALLS.get(function)
    if found is None:
        found = _OWN_CALLS[function] = [
            node for node in own_nodes(function) if isinstance(node, ast.Call)
        ]
    return found


_OWN_CALLS: weakref.WeakKeyDictionary[ast.AST, list[ast.Call]] = weakref.WeakKeyDictionary()


def under_rank_zero(function: ast.AST, call: ast.Call, flags: frozenset[str] = frozenset()) -> bool:
    """`call` lies on the rank-0 arm of an `if` of its function (`if rank == 0:`, the `else`
    of `if rank != 0:`), or after a statement of the function's own body that leaves every
    other rank (`if rank != 0: return`). `flags`: attributes of `self` the file defines as
    rank-0 flags (`rank_zero_properties`: pi-zero's `is_main`)."""
    for node in ast.walk(function):
        if not isinstance(node, ast.If):
            continue
        for arm, holds in ((node.body, True), (node.orelse, False)):
            if any(call in ast.walk(statement) for statement in arm) and rank_zero_test(
                node.test, holds, flags
            ):
                return True
    return _after_other_ranks_leave(function, call, flags)


def _after_other_ranks_leave(function: ast.AST, call: ast.Call, flags: frozenset[str]) -> bool:
    for statement in getattr(function, "body", []):
        if (statement.end_lineno or statement.lineno) >= call.lineno:
            return False  # at or around the call: a guard must end before it
        if (
            isinstance(statement, ast.If)
            and not statement.orelse
            and statement.body
            and isinstance(statement.body[-1], ast.Return | ast.Raise)
            and rank_zero_test(statement.test, False, flags)
        ):
            return True
    return False


def rank_zero_properties(tree: ast.Module) -> frozenset[str]:
    """Methods of the file's classes that only return a rank-0 test (`def is_main(self):
    return self.accelerate.is_main_process`): read as rank-0 flags on `self`. And, marked
    `RANK_ATTRIBUTE`, attributes of `self` that every assignment of the file sets to the
    process's rank (the DDP tutorial's `self.gpu_id = int(os.environ["LOCAL_RANK"])`): `if
    self.gpu_id == 0:` is a rank-0 test."""
    found = _RANK_ZERO_PROPERTIES.get(tree)
    if found is None:
        names = _rank_attributes(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or len(node.args.args) != 1:
                continue
            body = [s for s in node.body if not _is_docstring(s)]
            if (
                len(body) == 1
                and isinstance(body[0], ast.Return)
                and body[0].value is not None
                and rank_zero_test(body[0].value, True)
            ):
                names.add(node.name)
        found = _RANK_ZERO_PROPERTIES[tree] = frozenset(names)
    return found


def _rank_attributes(tree: ast.Module) -> set[str]:
    """`RANK_ATTRIBUTE` + the name of each attribute of `self` whose every assignment in the
    file (at least one) is a rank read: `self.gpu_id = int(os.environ["LOCAL_RANK"])`. One
    the file also sets another way, on any object (from an option, unpacked, changed in place:
    `Evaluator.gpu_id = gpu_id`, `self.gpu_id += 1`), is not read as a rank anywhere in the
    file."""
    ranks: dict[str, bool] = {}
    for node in ast.walk(tree):
        value: ast.expr | None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value  # a bare annotation assigns nothing
        elif isinstance(node, ast.AugAssign):
            targets, value = [node.target], None  # `self.gpu_id += 1`: no longer the rank
        else:
            continue
        for target in targets:
            unpacked = isinstance(target, ast.Tuple | ast.List)
            for element in target.elts if isinstance(target, ast.Tuple | ast.List) else [target]:
                if not isinstance(element, ast.Attribute):
                    continue
                is_rank = (
                    value is not None
                    and not unpacked
                    and len(targets) == 1
                    and is_rank_value(value)
                )
                ranks[element.attr] = ranks.get(element.attr, True) and is_rank
    return {RANK_ATTRIBUTE + name for name, rank in ranks.items() if rank}


_RANK_ZERO_PROPERTIES: weakref.WeakKeyDictionary[ast.AST, frozenset[str]] = (
    weakref.WeakKeyDictionary()
)


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def _spawning_parents(ctx: FileContext, tree: ast.Module) -> list[ast.AST]:
    """Functions (or the module) whose own code calls `mp.spawn` / `start_processes`: they run
    in the one parent process, around the ranks it starts."""
    return [
        holder
        for holder in (tree, *local_functions(tree))
        if any(spawns_processes(ctx, call) for call in own_calls(holder))
    ]


def _reached_from(parent: ast.AST, function: ast.AST) -> bool:
    """`function` is `parent`, or a function of the file `parent` calls by name or as a
    method of `self` (`self._postprocess()`)."""
    if function is parent:
        return True
    name = getattr(function, "name", None)
    for call in own_calls(parent):
        func = call.func
        if isinstance(func, ast.Name) and func.id == name:
            return True
        if (
            isinstance(func, ast.Attribute)
            and func.attr == name
            and isinstance(func.value, ast.Name)
            and func.value.id in {"self", "cls"}
        ):
            return True
    return False
