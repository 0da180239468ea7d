"""Evidence that a `torch.load` without `map_location` restores CUDA tensors onto a wrong GPU.

Shared by TPL106 (every unmapped load, preview) and TPL108 (only loads with evidence, stable).
Six kinds of evidence, each read from the file's whole syntax tree:

- the loaded state dict goes into a model that this multi-process file places on a GPU
  (`.to(gpu)`, `.cuda()`, `DDP(..., device_ids=...)`, or a `*Trainer(model=...)` that trains
  it on each process's GPU): a checkpoint saved from such a model holds CUDA tensors, and
  every rank restores them onto the saving GPU;
- the load is part of a training resume in multi-process code: the same function restores an
  optimizer's state dict from a shared (not per-rank) checkpoint; optimizer state lives on the
  GPU of the parameters it trained, so every rank restores it onto the saving GPU first (not
  in a file that saves checkpoints but never an optimizer's state: nothing it wrote to resume;
  nor where the function makes the model and optimizer it resumes and the file's code names no
  GPU, device or move: they train on the CPU);
- the bytes come from outside this program (base64 text of a request, an HTTP response),
  through the function's own names and the file's calls of it: the sender's CUDA tensors
  come back on the sender's GPU index;
- weights downloaded from the Hugging Face Hub go into a model's state dict in multi-process
  code: they keep the devices of whoever saved them, the same GPU in every rank (in one
  process, a published file's GPU is rarely one the machine lacks: judged FALSE at every
  look);
- the loaded state dict goes into a model, in multi-process code that names a GPU (CUDA,
  NCCL, `device_ids=`, accelerate), and the file writes that checkpoint only on rank 0 from
  a model's weights
  (`_rank_zero_saves`): every rank restores rank 0's tensors onto rank 0's GPU (pi-zero's
  `save_pretrained` under `if not self.is_main: return`, read back by `load_pretrained`);
- the loaded tensors are then placed on a device the code chooses, and either the load's
  path or name names a model's weights (a checkpoint, an adapter, a LoRA: mostly saved from
  the GPU they trained on) or a `torch.save` of the file writes that path with tensors it
  does not copy to the CPU (`_load_reach.saved_here_from_gpu`): the load first restores
  them onto the saver's GPU (not when the saver is this very process, which wrote the file
  a moment before: `_load_reach.reads_back_own_save`). Placement alone says nothing of where
  features, embeddings or references loaded from elsewhere were saved: at first looks such
  loads were TRUE on 3 of 13, the FALSE ones all data another stage saved from CPU tensors.
"""

from __future__ import annotations

import ast
import bisect
import re
import weakref
from dataclasses import dataclass
from functools import lru_cache

from torchplace.lint.context import (
    FileContext,
    Scope,
    assigned_values,
    binding_count,
    call_name,
    dotted_name,
    is_path_join,
    keyword,
    parameter_names,
)
from torchplace.lint.dead_functions import named_in
from torchplace.lint.group_size import one_rank_group, spawned_alone
from torchplace.lint.job_scale import in_one_process_branch
from torchplace.lint.launch_commands import MULTI_PROCESS_CALLERS, SEVERAL_PROCESSES
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.rules._helpers import (
    enclosing_function,
    names_assigned,
    same_call,
    typed_nodes,
    without_comments,
)
from torchplace.lint.rules.hardcoded._load_reach import (
    HUB_WEIGHTS,
    MULTI_PROCESS,
    PROCESSES_MADE,
    checkpoints_written_by_rank_zero,
    fixed_published_file,
    local_assignments,
    local_functions,
    method_classes,
    multi_process_code,
    rank_zero_properties,
    reads_back_own_save,
    reads_back_rank_zero_save,
    saved_here_from_gpu,
    saves_only_cpu_copies,
    under_rank_zero,
)
from torchplace.lint.rules.hardcoded._rank_zero_saves import rank_zero_save_read_back
from torchplace.lint.run_conditions import (
    module_shows_one_gpu_before,
    parent_map,
    per_file,
    runs_only_on_rank_zero_through_callers,
    statement_blocks,
)

# State that holds no CUDA tensors: scaler, scheduler, RNG, samplers, hyper-parameters.
NOT_WEIGHTS = re.compile(
    r"scaler|schedul|sched\b|rng|random|seed|sampler|param_groups?|hparams|config|args|meta",
    re.IGNORECASE,
)


def path_words(node: ast.AST) -> str:
    """What names the file a path expression reads, for `NOT_WEIGHTS`: its strings, its
    names, and the last attribute of each attribute chain, never the objects holding them
    (`args.resume` names a resume, not arguments; `cfg.scheduler_path` a scheduler's state;
    `os.path.join(args.output_dir, "scheduler.pt")` a scheduler's state)."""
    words: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Constant) and isinstance(current.value, str):
            words.append(current.value)
        elif isinstance(current, ast.Name):
            words.append(current.id)
        elif isinstance(current, ast.Attribute):
            words.append(current.attr)
        elif isinstance(current, ast.Call):
            stack += [*current.args, *(k.value for k in current.keywords)]
        else:
            stack += list(ast.iter_child_nodes(current))
    return " ".join(words)


# Functions that load a state dict into something: `load_state_dict`, `set_peft_model_state_dict`.
LOADS_WEIGHTS = re.compile(r"(?:set|load)_\w*state_dict$|load_\w*weights$")
_OPTIMIZER = re.compile(r"optim", re.IGNORECASE)
_WRAPS_ON_GPU = {"DistributedDataParallel", "DDP", "FullyShardedDataParallel", "FSDP"}
# A trainer class (`Trainer`, `Seq2SeqTrainer`, `SFTTrainer`): given the model, it moves it to
# the GPU of its process and trains it there.
_TRAINER = re.compile(r"Trainer$")
# A path made per rank (`optim_rank{rank}.pt`): each rank restores the tensors it saved itself.
_PER_RANK = re.compile(r"rank|process_index|local_process", re.IGNORECASE)
_DECODES = {"b64decode", "urlsafe_b64decode", "decodebytes", "standard_b64decode"}
_HTTP = ("requests.", "httpx.", "aiohttp.", "urllib.request.", "urllib3.")
_HUB = {"hf_hub_download"}
_REMOTE_TEXT = re.compile(r"b64decode|decodebytes|requests|httpx|aiohttp|urllib")
_OUTSIDE_TEXT = re.compile(
    r"b64decode|decodebytes|requests|httpx|aiohttp|urllib|hf_hub_download|\.to\(|device\s*="
)


@dataclass(frozen=True)
class Evidence:
    """Why the load is a hazard, in words for the message, and the line that shows it;
    `resume` when it is the restore of a training this project runs (`_training_resumed`), of
    the optimizer `state`; `through_callers` when only the function's callers in other files
    can show that several processes run it (`MULTI_PROCESS_CALLERS`, read by the project)."""

    text: str
    line: int
    resume: bool = False
    state: str = ""
    through_callers: bool = False
    rank_zero_save: bool = False


class Trees:
    """The file's pruned tree, and its whole tree parsed once, only when asked for."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self._full: ast.Module | None = None

    def full(self) -> ast.Module:
        """The whole file's tree: cross-function evidence may sit where `regions` blanked."""
        if self._full is None:
            try:
                self._full = tolerant_tree(self.ctx.source.text)
            except (SyntaxError, ValueError):  # the pruned tree parsed; the whole may not
                self._full = self.ctx.tree
        return self._full


def load_function(tree: ast.Module, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function holding `line`, or the module's top-level code (`top_level_code`)."""
    return enclosing_function(tree, line) or top_level_code(tree, line)


def top_level_code(tree: ast.Module, line: int) -> ast.FunctionDef | None:
    """The module's statements that are no definition, read as one function, when one of
    them holds `line`: a training script written at its top level (nanoGPT's `train.py`,
    DiffusionBERT's `__main__` block) makes its process group, model and optimizer and
    resumes there, as a `main()` would. Built once per tree, so caches keyed by the
    function hold for it."""
    found = _TOP_LEVEL.get(tree)
    if found is None:
        body = [
            s
            for s in tree.body
            if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ]
        if not body:
            return None  # definitions only: a load in a class body is no script's code
        code = ast.FunctionDef(
            name="<module>",
            args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=body,
            decorator_list=[],
            returns=None,
        )
        # A field from Python 3.12 on, which `ast` helpers read.
        code.type_params = []  # type: ignore[attr-defined,unused-ignore]
        code.lineno = body[0].lineno
        code.col_offset = 0
        code.end_lineno = body[-1].end_lineno or body[-1].lineno
        code.end_col_offset = 0
        spans = [(s.lineno, s.end_lineno or s.lineno) for s in body]
        _TOP_LEVEL[tree] = found = (code, [first for first, _ in spans], spans)
    code, firsts, spans = found
    # The statement starting last at or before `line` (statements do not overlap).
    at = bisect.bisect_right(firsts, line) - 1
    return code if at >= 0 and spans[at][0] <= line <= spans[at][1] else None


_TOP_LEVEL: weakref.WeakKeyDictionary[
    ast.Module, tuple[ast.FunctionDef, list[int], list[tuple[int, int]]]
] = weakref.WeakKeyDictionary()


def evidence_of(ctx: FileContext, trees: Trees, load: ast.Call) -> Evidence | None:
    """The first kind of evidence found for `load` (a node of the pruned tree), or None.

    Evidence inside the load's own function is read from the pruned tree (that function is
    kept whole); the whole file is parsed only for evidence in other functions, and only
    when the file's text holds what it needs."""
    function = enclosing_function(ctx.tree, load.lineno)
    if function is None:
        # A script's own top-level code (nanoGPT's `train.py`, a `__main__` block), read
        # whole: the pruned tree may have blanked its other statements.
        whole = same_call(trees.full(), load)
        function = top_level_code(trees.full(), load.lineno) if whole is not None else None
        if function is None or whole is None:
            return None
        load = whole
    assert isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
    if fixed_published_file(function, local_assignments(function), load):
        return None  # the same bytes for every user, not saved by this program's ranks
    placement = _placement(ctx, function, load)
    placed = placement[0] if placement is not None else None
    if (
        placement is not None
        and placed is not None
        and not _default_gpu_of_one_process(ctx, trees.full(), function, placement[1])
        and (
            _names_weights(function, load) or saved_here_from_gpu(ctx, trees.full(), function, load)
        )
        and not saves_only_cpu_copies(ctx, trees.full)
        and not reads_back_own_save(ctx, trees.full(), function, load)
    ):
        return placed
    text = ctx.source.text
    if not multi_process_code(text):
        return _outside_bytes_or_resume_through_callers(ctx, trees, load)
    if saves_only_cpu_copies(ctx, trees.full):
        # The checkpoints (or sent bytes) the file writes are CPU copies: a model it saved
        # and restores, a resumed optimizer, a payload from its own sender hold no CUDA data.
        return None
    in_whole = _whole_load(trees, load)
    if in_whole is None:
        return None
    tree, whole_function, whole_load = in_whole
    if multi_process_code(text) and not _in_one_process_class(ctx, tree, whole_function):
        found = _hub_weights(ctx, whole_function, whole_load)
        if found is None:
            found = _training_resumed(ctx, tree, whole_function, whole_load)
        if found is None and not saves_only_cpu_copies(ctx, trees.full, weights_only=True):
            # Weights this file saved as CPU copies come back on the CPU whatever model
            # they go into.
            found = _model_on_gpu(ctx, tree, whole_function, whole_load)
        if found is None:
            found = _rank_zero_save_restored(ctx, tree, whole_function, whole_load)
        if found is not None:
            return found
    return _outside_bytes(ctx, tree, whole_function, whole_load)


def rank_zero_save_evidence(ctx: FileContext, trees: Trees, load: ast.Call) -> Evidence | None:
    """The evidence that only rank 0 of this multi-process file writes the checkpoint the
    load reads back, in code every rank runs (`_rank_zero_save_restored`), whatever other
    evidence `evidence_of` finds first (the model the weights go into, placed on a GPU):
    TPL111 flags the loads that hold it. The code must make, join or start processes itself:
    a rank-0 guard on a `--local_rank` option alone (a copy of a trainer with its process
    group taken out) runs as one process."""
    text = ctx.source.text
    if not multi_process_code(text, PROCESSES_MADE) or saves_only_cpu_copies(ctx, trees.full):
        return None
    whole = _whole_load(trees, load)
    if whole is None or _in_one_process_class(ctx, whole[0], whole[1]):
        return None
    if _groups_of_one(ctx, whole[0]):
        return None  # every group the file makes is of one process: no other rank loads
    return _rank_zero_save_restored(ctx, *whole)


def _whole_load(trees: Trees, load: ast.Call) -> tuple[ast.Module, ast.AST, ast.Call] | None:
    """The whole tree, and the load and its function (or a script's top-level code) in it."""
    tree = trees.full()
    whole_load = same_call(tree, load)
    whole_function = load_function(tree, load.lineno)
    if whole_load is None or whole_function is None:
        return None
    return tree, whole_function, whole_load


def evidence_at(ctx: FileContext, trees: Trees, load: ast.Call, scope: Scope) -> Evidence | None:
    """`evidence_of`, less evidence that several processes restore the file when only rank 0
    runs the load and it reads back what only rank 0 of this file saves
    (`reads_back_rank_zero_save`): onto cuda:0, its own GPU, from a rank 0's cuda:0
    (CodeXGLUE's evaluation of the best checkpoint, under `if args.local_rank in [-1, 0]:`),
    or resumes this training where the file writes its checkpoints only from rank 0. A
    checkpoint from elsewhere (a model to fine-tune) may come from any GPU. Nor does that
    evidence hold in a script whose top shows each process one literal GPU (VoCo's
    `CUDA_VISIBLE_DEVICES = "0"`): its ranks save from and restore onto that one GPU, though
    weights from the Hub, saved on their uploader's GPU, still fail there."""
    evidence = evidence_of(ctx, trees, load)
    if evidence is None:
        return None
    tree = trees.full()
    if _mapped_in_another_arm(ctx, tree, load):
        # The author maps this path where it matters and chose not to here (the ImageNet
        # example's `if args.gpu is None:` arm, one process driving its GPUs from cuda:0).
        return None
    if SEVERAL_PROCESSES not in evidence.text:
        return evidence
    if spawned_alone(tree, load_function(tree, load.lineno)):
        return None  # `mp.spawn(main, nprocs=1)`: one process restores what it saved
    if _groups_of_one(ctx, load_function(tree, load.lineno)):
        return None  # miles-credit's self-test: `init_process_group(..., world_size=1)`
    if module_shows_one_gpu_before(ctx, load) and HUB_WEIGHTS not in evidence.text:
        # Every process of the script sees one GPU, the one its top names (VoCo's
        # `os.environ["CUDA_VISIBLE_DEVICES"] = "0"`): its ranks saved from cuda:0, their
        # only GPU, and restore onto it. Ranks sharing that GPU are another hazard.
        return None
    if runs_only_on_rank_zero_through_callers(ctx, scope, load) or _behind_own_rank_zero_flag(
        tree, load
    ):
        if evidence.rank_zero_save:
            return None  # rank 0 reads back its own save, onto its own GPU
        if evidence.resume and checkpoints_written_by_rank_zero(ctx, tree):
            # Only rank 0 restores, and what it resumes is a checkpoint of this training,
            # which the file writes only from rank 0 (cuda:0: YOLOP's resume under `if rank
            # in [-1, 0]:`, its `save_checkpoint` call under the same test) or per rank
            # under each rank's own name (not evidence: `_shared_path`): it comes back onto
            # cuda:0, rank 0's own GPU.
            return None
        whole = same_call(tree, load)
        if whole is not None and reads_back_rank_zero_save(ctx, tree, whole):
            return None
    return evidence


def _mapped_in_another_arm(ctx: FileContext, tree: ast.Module, load: ast.Call) -> bool:
    """Another arm of an `if` holding the load restores the same path with `map_location`
    (SLIP's `if args.gpu is None: torch.load(path) else: torch.load(path, map_location=loc)`)."""
    whole = same_call(tree, load)
    function = load_function(tree, load.lineno)
    if whole is None or function is None or not whole.args:
        return False
    path = ctx.source.segment(whole.args[0])
    parents = parent_map(ctx.parents, function)
    child: ast.AST = whole
    parent = parents.get(id(child))
    # The `if`s holding the load, from the innermost out: a walk up, not a scan of every
    # `if` of the function at each load (a script's top level holds hundreds).
    while parent is not None and parent is not function:
        if isinstance(parent, ast.If) and child is not parent.test:
            other = parent.orelse if child in parent.body else parent.body
            for call in (n for statement in other for n in ast.walk(statement)):
                if (
                    isinstance(call, ast.Call)
                    and ctx.qualified(call.func) == "torch.load"
                    and call.args
                    and ctx.source.segment(call.args[0]) == path
                    and (keyword(call, "map_location") is not None or len(call.args) > 1)
                ):
                    return True
        child, parent = parent, parents.get(id(parent))
    return False


#: The spellings of a load TPL108 reads: `torch.load(` and `th.load(` (one pattern, `h.load(`);
#: a bare `load(` is mostly prose and other loaders, left to TPL106.
SPELLED_LOAD = r"h\.load\s*\("
_SPELLED_LOAD = re.compile(SPELLED_LOAD)


def read_by_tpl108(ctx: FileContext, call: ast.Call, scope: Scope) -> bool:
    """TPL108 reads this load: spelled as it reads loads, and off the one-process arm of its
    function (`if not dist.is_initialized():`: no process group there, one process restores
    what it saved). TPL108 skips what this says no to, and TPL106 hands a load on to TPL108
    only where this says yes: never neither."""
    spelled = f"{ctx.source.segment(call.func)}("
    if _SPELLED_LOAD.search(spelled) is None:
        return False
    function = scope.function
    return not in_one_process_branch(ctx, call, function.node if function else None)


def may_have_evidence(ctx: FileContext) -> bool:
    """Whether the file's text holds what some evidence needs."""
    text = ctx.source.text
    return bool(
        multi_process_code(text)
        or _OUTSIDE_TEXT.search(text)
        or ("load_state_dict" in text and _OPTIMIZER.search(text))
    )


def _outside_bytes_or_resume_through_callers(
    ctx: FileContext, trees: Trees, load: ast.Call
) -> Evidence | None:
    """Evidence for a load in a file whose own code shows no several processes: bytes sent
    from outside, or a resume of training in a module-level function, which callers in other
    files may run in every rank (xaytune's `load_checkpoint` in `trainer/checkpointing.py`,
    called by the recipe that builds the `DistributedSampler`): the project keeps it only
    where such a caller is found (`through_callers`)."""
    text = ctx.source.text
    resumes = "load_state_dict" in text and _OPTIMIZER.search(text) is not None
    if not (_REMOTE_TEXT.search(text) or resumes):
        return None
    if saves_only_cpu_copies(ctx, trees.full):
        return None  # what the file writes, and so may read back, holds no CUDA tensors
    tree = trees.full()
    whole_load = same_call(tree, load)
    whole_function = load_function(tree, load.lineno)
    if whole_load is None or whole_function is None:
        return None
    if _REMOTE_TEXT.search(text):
        found = _outside_bytes(ctx, tree, whole_function, whole_load)
        if found is not None:
            return found
    if not resumes or not any(whole_function is statement for statement in tree.body):
        return None  # a method or a nested function: its callers are not found by name
    return _training_resumed(ctx, tree, whole_function, whole_load, through_callers=True)


# -- the loaded weights go into a model placed on a GPU ----------------------------------------
def _model_on_gpu(
    ctx: FileContext, tree: ast.Module, function: ast.AST, load: ast.Call
) -> Evidence | None:
    if _rank_in_path(function, load, _group_rank_names(ctx)):
        return None  # each rank reads back the file it wrote itself, onto its own GPU
    owner = _enclosing_class(tree, function)
    from_load = _derived_from_load(function, load)
    for receiver, taken_by in _weights_receivers_at(ctx, function, load):
        placed = _placement_on_gpu(
            ctx, owner or function, receiver, from_load, _Receipt(function, taken_by)
        )
        what = "which"
        if placed is None and owner is not None and receiver.startswith("self."):
            placed = _instance_on_gpu(ctx, tree, owner)
            what = f"part of a `{owner.name}` that"
        if placed is not None:
            text = (
                f"loads it into `{receiver}`, {what} {SEVERAL_PROCESSES} places on a GPU "
                f"({placed[0]}, line {placed[1]}): a checkpoint saved from it holds CUDA "
                f"tensors, and every rank restores them onto the GPU that saved them"
            )
            return Evidence(text, placed[1])
    return None


def _groups_of_one(ctx: FileContext, function: ast.AST | None) -> bool:
    """The function makes process groups, each of a world of one process
    (`init_process_group("nccl", rank=0, world_size=1)`): it runs as one process."""
    if function is None:
        return False
    known = _OF_ONE.get(function)
    if known is not None:
        return known
    groups = [
        node
        for node in typed_nodes(function, ast.Call)
        if call_name(node) == "init_process_group"
        and ctx.qualified(node.func) == "torch.distributed.init_process_group"
    ]
    found = bool(groups) and all(one_rank_group(call) for call in groups)
    _OF_ONE[function] = found
    return found


_OF_ONE: weakref.WeakKeyDictionary[ast.AST, bool] = weakref.WeakKeyDictionary()


def _behind_own_rank_zero_flag(tree: ast.Module, load: ast.Call) -> bool:
    """The load runs only where a rank-0 flag the file defines on its class holds (`if not
    self.is_main: return` above it, with `def is_main(self): return
    self.accelerator.is_main_process`)."""
    flags = rank_zero_properties(tree)
    if not flags:
        return False
    function = load_function(tree, load.lineno)
    whole = same_call(tree, load)
    return function is not None and whole is not None and under_rank_zero(function, whole, flags)


def _rank_zero_save_restored(
    ctx: FileContext, tree: ast.Module, function: ast.AST, load: ast.Call
) -> Evidence | None:
    """The loaded state dict goes into a model, and the file writes that checkpoint only on
    rank 0 from a model's weights (`_rank_zero_saves`): every rank restores rank 0's CUDA
    tensors onto rank 0's GPU before `load_state_dict` copies them."""
    if _rank_in_path(function, load, _group_rank_names(ctx)):
        return None  # one file per rank
    if not _NAMES_GPU_WORK.search(without_comments(ctx.source.text)):
        return None  # code that names no GPU trains on the CPU (gloo), whatever its devices
    receivers = _weights_receivers(ctx, function, load)
    if not receivers:
        return None
    save = rank_zero_save_read_back(ctx, tree, function, load)
    if save is None:
        return None
    text = (
        f"loads it into `{receivers[0]}` in {SEVERAL_PROCESSES}, and only rank 0 writes this "
        f"checkpoint (line {save.line}, from `{save.model}.state_dict()`): its CUDA tensors "
        f"are restored onto rank 0's GPU by every rank"
    )
    return Evidence(text, save.line, rank_zero_save=True)


def _instance_on_gpu(
    ctx: FileContext, tree: ast.Module, owner: ast.ClassDef
) -> tuple[str, int] | None:
    """A GPU placement, in the function that builds it, of an instance of `owner` the file
    builds (R-ESM's `model = CLS_model(url, ...)`, whose constructor loads the pretrained
    weights into `self.resm`, then `model = model.cuda()`)."""
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.value, ast.Call)
                # The file's own class by its bare name, not `other_module.Name(...)`.
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id == owner.name
            ):
                name = dotted_name(node.targets[0])
                placed = _placement_on_gpu(ctx, function, name, set()) if name else None
                if placed is not None and _still_bound(function, name or "", node, placed[1]):
                    return placed
    return None


def _still_bound(function: ast.AST, name: str, made: ast.Assign, line: int) -> bool:
    """The placement at `line` comes after `made` and `name` is bound to nothing else between
    them (`model = Student(...)` before `model.cuda()` places the student, not the teacher)."""
    end = made.end_lineno or made.lineno
    if line <= end:
        return False
    return not any(
        isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign)
        and end < node.lineno < line
        and any(
            dotted_name(target) == name
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
        for node in ast.walk(function)
    )


def _weights_receivers(ctx: FileContext, function: ast.AST, load: ast.Call) -> list[str]:
    """The models the loaded value goes into (`m.load_state_dict(x)`, `set_..._state_dict(m,
    x)`), directly or through one local name (or an item of it)."""
    return [receiver for receiver, _ in _weights_receivers_at(ctx, function, load)]


def _weights_receivers_at(
    ctx: FileContext, function: ast.AST, load: ast.Call
) -> list[tuple[str, ast.Call]]:
    """`_weights_receivers`, each with the call that gives it the weights."""
    names = names_assigned(function, load)
    found = []
    calls = _weight_loading_calls(function)
    for call in _taking_loaded(calls, _loaded_roots(calls, keywords=True), load, names):
        if isinstance(call.func, ast.Attribute):
            receiver = dotted_name(call.func.value)
        else:
            receiver = dotted_name(call.args[0]) if call.args else None
        if receiver and not NOT_WEIGHTS.search(receiver) and not _OPTIMIZER.search(receiver):
            found.append((receiver, call))
    return found


@dataclass(frozen=True)
class _Receipt:
    """Where a model takes the loaded weights: the load's function and the call."""

    function: ast.AST
    call: ast.Call

    @property
    def line(self) -> int:
        return self.call.lineno


def _places_the_receiver(receipt: _Receipt, receiver: str, node: ast.stmt, value: ast.expr) -> bool:
    """The placement `node` (in the load's function) moves the instance that took the weights
    at `receipt.line`. A name bound to a new object between the two holds another instance:
    CuteCha's `model.load_state_dict(torch.load(p))`, then `model = Model().to(device_id)`,
    places a fresh model, not the loaded one (the loaded one stays on the CPU and is dropped).
    A new object placed and bound before the load is the one that takes the weights. Only a
    binding that runs whenever the load does counts (`_runs_with`): not one on another arm of
    an `if` than the load's (`else: model = Model.from_pretrained(...)`), nor one under an
    `if`, a loop, an `except` or a `case` the load is not under (`if args.resume_jit: model =
    torch.jit.load(...)`), nor one in a nested function. In a loop holding both, what is
    bound after the load takes the next pass's weights: the order says nothing."""
    blocks = _blocks_of(receipt.function)
    taken = blocks.get(id(receipt.call))
    placed = blocks.get(id(node))
    if taken is None or placed is None:
        return True  # not the function's own code: the order says nothing
    if _shares_a_loop(placed, taken):
        return True
    start = min(node.lineno, receipt.line)
    end = max(node.lineno, receipt.line)
    if _binds_new_object(node, value, receiver) and node.lineno > receipt.line:
        return False
    return not any(
        start < other.lineno < end
        and _binds_new_object(other, other.value, receiver)
        and _runs_with(blocks.get(id(other)), taken)
        for other, _ in _receivers_of(receipt.function).get(receiver, ())
        if isinstance(other, ast.Assign)
    )


#: Where a node lies among its function's conditional blocks: (id of the statement, which of
#: its blocks), outermost first: an `if`'s body or `else`, a loop's body or `else`, a `try`'s
#: body, handler, `else` or `finally`, a `match`'s case.
Blocks = tuple[tuple[int, str], ...]
_LOOP_TYPES = (ast.For, ast.AsyncFor, ast.While)


def _blocks_of(function: ast.AST) -> dict[int, Blocks]:
    """For each node of `function`'s own code (not of a nested function or class), the
    conditional blocks holding it (`Blocks`); read once per function."""
    found = _BLOCKS.get(function)
    if found is None:
        found = {}
        # A stack, not recursion: generated code nests deeper than Python's recursion limit.
        pending: list[tuple[ast.AST, Blocks]] = [(function, ())]
        while pending:
            current, held = pending.pop()
            found[id(current)] = held
            if current is not function and isinstance(current, _NESTED_SCOPES):
                continue  # runs when called, not here
            for block, children in _child_blocks(current):
                inner = held if block is None else (*held, (id(current), block))
                pending += [(child, inner) for child in children]
        _BLOCKS[function] = found
    return found


_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_BLOCKS: weakref.WeakKeyDictionary[ast.AST, dict[int, Blocks]] = weakref.WeakKeyDictionary()


def _child_blocks(node: ast.AST) -> list[tuple[str | None, list[ast.AST]]]:
    """`node`'s children by the block that holds them (`run_conditions.statement_blocks`:
    the body, `else`, `finally`, handlers and cases of a compound statement, each its own;
    a loop's body is "loop"). None: they run whenever `node` does, as a `with` body and any
    expression's part do."""
    children = list(ast.iter_child_nodes(node))
    if isinstance(node, ast.With | ast.AsyncWith) or not isinstance(node, ast.stmt):
        return [(None, children)]
    blocks: list[list[ast.AST]] = [list(block) for block in statement_blocks(node)]
    if not blocks:
        return [(None, children)]
    inside = {id(statement) for block in blocks for statement in block}
    head = [
        child
        for child in children
        if id(child) not in inside and not isinstance(child, ast.excepthandler | ast.match_case)
    ]
    loop = isinstance(node, _LOOP_TYPES)
    labelled: list[tuple[str | None, list[ast.AST]]] = [
        ("loop" if loop and index == 0 else str(index), block) for index, block in enumerate(blocks)
    ]
    return [(None, head), *labelled]


def _shares_a_loop(first: Blocks, second: Blocks) -> bool:
    """Both lie in the body of one loop."""
    loops = {entry for entry in first if entry[1] == "loop"}
    return any(entry in loops for entry in second)


def _runs_with(other: Blocks | None, taken: Blocks) -> bool:
    """A statement in the blocks `other` runs whenever one in `taken` does: every block
    holding it holds the other too (None: not the function's own code, which runs when
    called)."""
    return other is not None and taken[: len(other)] == other


def _binds_new_object(node: ast.stmt, value: ast.expr, receiver: str) -> bool:
    """`node` binds `receiver` to a value that does not read it (`model = Model().cuda()`,
    not `model = model.cuda()` or `model = DDP(model, ...)`)."""
    if not isinstance(node, ast.Assign):
        return False
    return not any(
        dotted_name(part) == receiver
        for part in ast.walk(value)
        if isinstance(part, ast.Name | ast.Attribute)
    )


def _weight_loading_calls(function: ast.AST) -> list[ast.Call]:
    """The function's calls that load a state dict or weights (`LOADS_WEIGHTS`), listed once
    per function."""
    found = _WEIGHT_LOADING_CALLS.get(function)
    if found is None:
        found = _WEIGHT_LOADING_CALLS[function] = [
            call
            for call in typed_nodes(function, ast.Call)
            if LOADS_WEIGHTS.search(call_name(call) or "")
        ]
    return found


_WEIGHT_LOADING_CALLS: weakref.WeakKeyDictionary[ast.AST, list[ast.Call]] = (
    weakref.WeakKeyDictionary()
)


def _taking_loaded(
    calls: list[ast.Call], roots: dict[object, list[int]], load: ast.Call, names: set[str]
) -> list[ast.Call]:
    """The `calls` given the loaded value (`_is_loaded`), in their order, looked up in their
    arguments' roots (`_loaded_roots`) rather than read again at each load."""
    positions = set(roots.get(id(load), ()))
    for name in names:
        positions.update(roots.get(name, ()))
    return [calls[i] for i in sorted(positions)]


def _loaded_roots(calls: list[ast.Call], keywords: bool) -> dict[object, list[int]]:
    """For the arguments of `calls` (and their keywords' values, with `keywords`), what each
    holds the value of, as `_is_loaded` reads it: a name (by its id) or a call (by `id`),
    mapped to the positions of the calls that take it; read once per list of calls."""
    held = _LOADED_ROOTS.get(id(calls))
    if held is not None and held[0] is calls and held[1] == keywords:
        return held[2]
    roots: dict[object, list[int]] = {}
    for position, call in enumerate(calls):
        arguments = [*call.args, *(k.value for k in call.keywords)] if keywords else call.args
        for argument in arguments:
            root = _loaded_root(argument)
            key: object = root.id if isinstance(root, ast.Name) else id(root)
            if position not in roots.setdefault(key, []):
                roots[key].append(position)
    if len(_LOADED_ROOTS) >= 64:
        _LOADED_ROOTS.pop(next(iter(_LOADED_ROOTS)))
    _LOADED_ROOTS[id(calls)] = (calls, keywords, roots)
    return roots


#: `_loaded_roots` by the list of calls read (held with it, so its id is not reused).
_LOADED_ROOTS: dict[int, tuple[list[ast.Call], bool, dict[object, list[int]]]] = {}


def _loaded_root(node: ast.AST) -> ast.AST:
    """What `node` holds the value of: the node under its items and the methods that keep
    weights (`torch.load(path)["model"].float().state_dict()` -> the `torch.load` call)."""
    while True:
        if isinstance(node, ast.Subscript):
            node = node.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _KEEPS_WEIGHTS
        ):
            node = node.func.value
        else:
            return node


def _is_loaded(node: ast.AST, load: ast.Call, names: set[str]) -> bool:
    """`node` is the loaded value, an item of it, or its weights through a method that keeps
    them (YOLOv6's `torch.load(path)["model"].float().state_dict()`: a pickled module)."""
    root = _loaded_root(node)
    return root is load or (isinstance(root, ast.Name) and root.id in names)


#: Methods of a loaded module or state that return its weights, as they are loaded.
_KEEPS_WEIGHTS = frozenset({"state_dict", "float", "half", "bfloat16", "double", "eval"})


def _placement_on_gpu(
    ctx: FileContext,
    where: ast.AST,
    receiver: str,
    from_load: set[str],
    receipt: _Receipt | None = None,
) -> tuple[str, int] | None:
    """`receiver = x.to(gpu)` / `receiver.cuda()` / `receiver = DDP(receiver, device_ids=...)`
    in `where` (the method's class, or the function). Not a move to a device read from the
    loaded checkpoint itself (`.to(ckpt["config"]["device"])`): that is the saver's device,
    where the load puts the tensors anyway. With `receipt`, a placement in the load's own
    function must move the instance that took the weights (`_places_the_receiver`)."""
    inside = _line_span(receipt.function) if receipt is not None else None
    for node, value in _receivers_of(where).get(receiver, ()):
        how = _gpu_placement(ctx, value)
        if how is None or _device_from(value, from_load):
            continue
        if (
            receipt is not None
            and inside is not None
            and inside[0] <= node.lineno <= inside[1]
            and not _places_the_receiver(receipt, receiver, node, value)
        ):
            continue
        return how, node.lineno
    return _trained_by(ctx, where, receiver)


def _line_span(node: ast.AST) -> tuple[int, int]:
    start = getattr(node, "lineno", 1)
    return start, getattr(node, "end_lineno", None) or start


def _receivers_of(where: ast.AST) -> dict[str, list[tuple[ast.stmt, ast.expr]]]:
    """By the dotted name it places: each assignment to the name (`receiver = ...`) and each
    call statement on it (`receiver.cuda()`), with the value, in the order `ast.walk` meets
    them; read once per function or class (each load of a long function asks)."""
    found = _RECEIVERS.get(where)
    if found is None:
        found = _RECEIVERS[where] = {}
        for node in ast.walk(where):
            if isinstance(node, ast.Assign):
                for name in dict.fromkeys(dotted_name(t) for t in node.targets):
                    if name is not None:
                        found.setdefault(name, []).append((node, node.value))
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                func = node.value.func
                if isinstance(func, ast.Attribute):
                    name = dotted_name(func.value)
                    if name is not None:
                        found.setdefault(name, []).append((node, node.value))
    return found


_RECEIVERS: weakref.WeakKeyDictionary[ast.AST, dict[str, list[tuple[ast.stmt, ast.expr]]]] = (
    weakref.WeakKeyDictionary()
)


def _derived_from_load(function: ast.AST, load: ast.Call) -> set[str]:
    """Local names bound to the loaded value or to something read from it."""
    names = names_assigned(function, load)
    by_read = _assignments_by_read(function)
    # The names bound to what reads a name already found, until none is new: each
    # assignment is looked up by the names it reads, not passed over once per round.
    pending = list(names)
    while pending:
        for targets in by_read.get(pending.pop(), ()):
            new = targets - names
            names |= new
            pending.extend(new)
    return names


def _assignments_by_read(function: ast.AST) -> dict[str, list[frozenset[str]]]:
    """The names bound by the function's plain assignments, by each name their value reads."""
    found = _ASSIGNMENTS_BY_READ.get(function)
    if found is None:
        found = _ASSIGNMENTS_BY_READ[function] = {}
        for read, targets in _assigned_reads(function):
            for name in read:
                found.setdefault(name, []).append(targets)
    return found


_ASSIGNMENTS_BY_READ: weakref.WeakKeyDictionary[ast.AST, dict[str, list[frozenset[str]]]] = (
    weakref.WeakKeyDictionary()
)


def _assigned_reads(function: ast.AST) -> list[tuple[frozenset[str], frozenset[str]]]:
    """For each plain assignment of the function: the names its value reads and the local
    names it binds, read once per function (each load of a long function asks)."""
    found = _ASSIGNED_READS.get(function)
    if found is None:
        found = _ASSIGNED_READS[function] = [
            (
                frozenset(n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)),
                frozenset(t.id for t in node.targets if isinstance(t, ast.Name)),
            )
            for node in typed_nodes(function, ast.Assign)
        ]
    return found


_ASSIGNED_READS: weakref.WeakKeyDictionary[ast.AST, list[tuple[frozenset[str], frozenset[str]]]] = (
    weakref.WeakKeyDictionary()
)


def _device_from(value: ast.AST | None, names: set[str]) -> bool:
    """A `.to(device)` whose device mentions one of `names`."""
    if not (isinstance(value, ast.Call) and value.args and names):
        return False
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(value.args[0]))


def _trained_by(ctx: FileContext, where: ast.AST, receiver: str) -> tuple[str, int] | None:
    """`SomeTrainer(model=receiver, ...)` (or `receiver` first): the trainer moves the model
    to its process's GPU and trains it there."""
    for call in (n for n in ast.walk(where) if isinstance(n, ast.Call)):
        name = call_name(call) or ""
        if not _TRAINER.search(name):
            continue
        given = [k.value for k in call.keywords if k.arg == "model"] + call.args[:1]
        if any(dotted_name(value) == receiver for value in given):
            text = f"`{ctx.source.segment(call.func)}(model=...)` trains it on each process's GPU"
            return text, call.lineno
    return None


def _gpu_placement(ctx: FileContext, value: ast.AST) -> str | None:
    if not isinstance(value, ast.Call):
        return None
    name = call_name(value)
    if name in _WRAPS_ON_GPU and any(k.arg in ("device_ids", "device_id") for k in value.keywords):
        return f"`{ctx.source.segment(value.func)}(..., device_ids=...)`"
    if name == "cuda" and isinstance(value.func, ast.Attribute):
        return "`.cuda()`"
    if name == "to" and isinstance(value.func, ast.Attribute) and value.args:
        target = value.args[0]
        text = ctx.source.segment(target)
        if isinstance(target, ast.Constant) and not str(target.value).startswith("cuda"):
            return None
        if re.search(r"cpu|dtype|float|half|bfloat|int8", text, re.IGNORECASE):
            return None
        return f"`.to({text})`"
    return None


# -- a training resume: the optimizer's state is restored too ---------------------------------
#: Code that names a GPU, a device or a move: without any, a file's model stays on the CPU.
_NAMES_A_GPU = re.compile(r"cuda|device|gpu|\.to\(", re.IGNORECASE)
#: A GPU itself, not any device (`torch.device("cpu")` names one too): CUDA, a GPU, NCCL,
#: DDP's `device_ids=`, or accelerate, which places each process's model on its GPU.
_NAMES_GPU_WORK = re.compile(r"cuda|gpu|nccl|device_ids|accelerat", re.IGNORECASE)


def _training_resumed(
    ctx: FileContext,
    tree: ast.Module,
    function: ast.AST,
    load: ast.Call,
    *,
    through_callers: bool = False,
) -> Evidence | None:
    """The load's value goes into a model's or an optimizer's `load_state_dict`, and the
    function restores an optimizer's state from a shared checkpoint (path not per rank),
    itself or through its class's own `load_state_dict` that it hands the value to.
    `through_callers`: the file's own code shows no several processes; the evidence says
    that its callers must (`MULTI_PROCESS_CALLERS`)."""
    if not _shared_path(ctx, function, load):
        return None
    receivers = _state_receivers(ctx, function, load)
    if not receivers:
        return None
    if _saves_no_optimizer_state(ctx.source.text):
        return None  # the program never wrote what it would resume from
    if _made_here(function, receivers) and not _NAMES_A_GPU.search(
        without_comments(ctx.source.text)
    ):
        # The function makes the model and optimizer it resumes, and the file's code names no
        # GPU, device or move (CrypTen's examples): they train on the CPU, and the state was
        # saved from there.
        return None
    if "self" in receivers and not through_callers:
        restored = _optimizer_restored_by_own_method(ctx, tree, function)
        if restored is not None:
            text = (
                f"{SEVERAL_PROCESSES} resumes training here: its `load_state_dict` restores "
                f"the state of `{restored[0]}` (line {restored[1]}), which lives on the GPU of "
                f"the parameters it trained, so every rank restores the checkpoint onto the "
                f"GPU that saved it first"
            )
            return Evidence(text, restored[1], resume=True, state=restored[0])
    # The load itself first, then the nearest: the optimizer restore of its own arm, not
    # that of an arm the run does not take (TNN-MO's two resumes of one path).
    loads = sorted(_loads_in(ctx, function), key=lambda other: abs(other.lineno - load.lineno))
    for other in loads:
        if not _same_checkpoint(function, load, other):
            continue  # another file's optimizer state says nothing of what this one holds
        if not _shared_path(ctx, function, other):
            continue
        optimizers = [r for r in _state_receivers(ctx, function, other) if _OPTIMIZER.search(r)]
        if optimizers and through_callers:
            text = (
                f"this function resumes training here: it restores the state of "
                f"`{optimizers[0]}` (line {other.lineno}), which lives on the GPU of the "
                f"parameters it trained, {MULTI_PROCESS_CALLERS}, so every rank restores the "
                f"checkpoint onto the GPU that saved it first"
            )
            return Evidence(
                text, other.lineno, resume=True, state=optimizers[0], through_callers=True
            )
        if optimizers:
            text = (
                f"{SEVERAL_PROCESSES} resumes training here: it restores the state of "
                f"`{optimizers[0]}` (line {other.lineno}), which lives on the GPU of the "
                f"parameters it trained, so every rank restores the checkpoint onto the GPU "
                f"that saved it first"
            )
            return Evidence(text, other.lineno, resume=True, state=optimizers[0])
    return None


def _loads_in(ctx: FileContext, function: ast.AST) -> list[ast.Call]:
    """The `torch.load` calls of the function, found once per function."""
    loads = _LOADS.get(function)
    if loads is None:
        loads = _LOADS[function] = [
            call
            for call in typed_nodes(function, ast.Call)
            if ctx.qualified(call.func) == "torch.load"
        ]
    return loads


_LOADS: weakref.WeakKeyDictionary[ast.AST, list[ast.Call]] = weakref.WeakKeyDictionary()


def _same_checkpoint(function: ast.AST, load: ast.Call, other: ast.Call) -> bool:
    """Both loads read one checkpoint: the same path (`torch.load(ckpt)["model"]` beside
    `torch.load(ckpt)["optimizer"]`, `args.resume` beside `resume_from = args.resume`), or
    files of one place (`os.path.join(d, "model.bin")` beside `os.path.join(d,
    "optimizer.bin")`, `path` beside `path + ".opt"`, `d / "model.pt"`, `"{}/model.pt".
    format(d)`, two bare file names: what one run saved). Names are read through their
    assignments in the function; a name whose assignments point to different places (`path
    = args.pretrained`, later `path = args.resume`) may be either. A pretrained model's
    weights read beside a resume (MicroLens's `"/root/.cache/torch/hub/checkpoints/
    MVIT_B_16.pyth"` and `ckpt_path`) come from elsewhere: the optimizer's state says nothing
    of what they hold."""
    if load is other:
        return True
    places = [_place_through_names(function, _path_argument(call)) for call in (load, other)]
    return places[0] is not None and places[0] == places[1]


def _path_argument(call: ast.Call) -> ast.expr | None:
    if call.args:
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == "f"), None)


def _place_through_names(function: ast.AST, path: ast.expr | None) -> str | None:
    """`_place_of` the path, a name read through its assignments in the function: the one
    place all of them point to (accelerate's `path = os.path.join(input_dir, ...)` for the
    model, then for the optimizer), or None where they differ or a binding is not a plain
    assignment (a parameter stays itself)."""
    if not isinstance(path, ast.Name):
        return _place_of(path)
    bindings = binding_count(function, path.id)
    if not bindings:
        return _place_of(path)
    values = assigned_values(function, path.id)
    if len(values) != bindings:
        return None
    places = {_place_of(value) for value in values}
    return places.pop() if len(places) == 1 else None


def _place_of(path: ast.expr | None) -> str | None:
    """Where a path expression points, as written: the directory of a join (`os.path.join(d,
    ...)`, `d / name`, `d.joinpath(name)`, `f"{d}/..."`, `"{}/...".format(d)`), the base a
    suffix is added to (`path + ".opt"`), a literal's directory (`.` for a bare name), or
    the expression itself."""
    if path is None:
        return None
    base: ast.expr = path
    if isinstance(path, ast.Call) and path.args:
        func = path.func
        if is_path_join(func):
            base = path.args[0]
        elif isinstance(func, ast.Attribute) and func.attr == "joinpath":
            base = func.value
        elif (
            isinstance(func, ast.Attribute)
            and func.attr == "format"
            and isinstance(func.value, ast.Constant)
            and str(func.value.value).startswith("{}")
        ):
            base = path.args[0]
    elif isinstance(path, ast.BinOp) and (
        isinstance(path.op, ast.Div)
        or (isinstance(path.op, ast.Add) and isinstance(path.right, ast.Constant | ast.JoinedStr))
    ):
        base = path.left
    elif isinstance(path, ast.JoinedStr) and path.values:
        first = path.values[0]
        if isinstance(first, ast.FormattedValue):
            base = first.value
    elif isinstance(path, ast.Constant) and isinstance(path.value, str):
        return "literal:" + (path.value.rsplit("/", 1)[0] if "/" in path.value else ".")
    return ast.dump(base)


def _optimizer_restored_by_own_method(
    ctx: FileContext, tree: ast.Module, function: ast.AST
) -> tuple[str, int] | None:
    """The optimizer the class of `function` restores in its own `load_state_dict(self,
    state)` (wavegrad's learner: `self.optimizer.load_state_dict(state["optimizer"])`), with
    the line: the checkpoint `self.load_state_dict(checkpoint)` is handed to holds its state."""
    owner = _enclosing_class(tree, function)
    method = next(
        (
            m
            for m in (owner.body if owner is not None else [])
            if isinstance(m, ast.FunctionDef) and m.name == "load_state_dict"
        ),
        None,
    )
    if method is None or len(method.args.args) < 2:
        return None
    state = method.args.args[1].arg
    for call in (n for n in ast.walk(method) if isinstance(n, ast.Call)):
        func = call.func
        if not (isinstance(func, ast.Attribute) and func.attr == "load_state_dict"):
            continue
        receiver = ctx.source.segment(func.value)
        if not _OPTIMIZER.search(receiver):
            continue
        if any(_is_loaded(a, call, {state}) for a in call.args):
            return receiver, call.lineno
    return None


#: A save of training state: an optimizer's state dict, or a framework's whole-state save.
_SAVES_OPTIMIZER = re.compile(
    r"\bopt\w*(?:\[[^\]]*\])?\s*\.\s*state_dict\s*\(|[\"']opt\w*[\"']\s*:"
    r"|save_state\s*\(|save_checkpoint\s*\("
)


@lru_cache(maxsize=16)
def _saves_no_optimizer_state(text: str) -> bool:
    """The file saves checkpoints (`torch.save`) but never an optimizer's state: a resume
    branch copied from a template (CodeXGLUE's `checkpoint-last/optimizer.pt`, which its
    scripts never write) reads nothing this program's ranks saved."""
    return "torch.save" in text and _SAVES_OPTIMIZER.search(text) is None


def _shared_path(ctx: FileContext, function: ast.AST, load: ast.Call) -> bool:
    """A path that is not made per rank (and not of state that holds no CUDA tensors); a
    name is read through its assignments in the function (`shard = f"optim_rank_{rank}.pt"`).
    A name the file gives `init_process_group` as the rank is a rank too (Tango's
    `f"worker{self.train_config.worker_id}_optimizer.pt"`, after `rank=train_config.worker_id`)."""
    texts = _path_texts(ctx, function, load)
    if not texts:
        return False
    if any(_PER_RANK.search(text) for text in texts) or _rank_in_path(
        function, load, _group_rank_names(ctx)
    ):
        return False
    words = [path_words(node) for node in _path_sources(function, load.args[0])]
    return not any(NOT_WEIGHTS.search(text) for text in words)


def _rank_in_path(function: ast.AST, load: ast.Call, ranks: frozenset[str] = frozenset()) -> bool:
    """The path a load reads holds a rank as a value (`f"model_rank_{dist.get_rank()}.pt"`,
    through the function's assignments to its name; or a name of `ranks`, those the file
    makes its process group with): one file per rank. A literal (`"rank_0.pt"`, read by
    every rank) is not one."""
    if not load.args:
        return False
    for node in _path_sources(function, load.args[0]):
        for part in ast.walk(node):
            name = part.id if isinstance(part, ast.Name) else getattr(part, "attr", None)
            if isinstance(name, str) and _PER_RANK.search(name):
                return True
            written = dotted_name(part) if isinstance(part, ast.Attribute) else None
            if written and any(written == r or written.endswith("." + r) for r in ranks):
                return True  # `self.train_config.worker_id` of `rank=train_config.worker_id`
    return False


def _group_rank_names(ctx: FileContext) -> frozenset[str]:
    """The attribute chains the file gives `init_process_group` as `rank=`
    (`train_config.worker_id`), read once per file."""
    return per_file(ctx, "group-rank-names", _read_group_rank_names)


def _read_group_rank_names(ctx: FileContext) -> frozenset[str]:
    """Attribute chains only (`train_config.worker_id`, less a leading `self.`): a bare name
    (`rank=i`) may be any loop's counter elsewhere in the file."""
    tree = ctx.whole_tree() or ctx.tree
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and call_name(node) == "init_process_group":
            for kw in node.keywords:
                written = dotted_name(kw.value) if kw.arg == "rank" else None
                if written and "." in written:
                    names.add(written.removeprefix("self."))
    return frozenset(names)


def _path_texts(ctx: FileContext, function: ast.AST, load: ast.Call) -> list[str]:
    """The source of the path a load reads, and of the function's assignments to it when it
    is a name (`model_path = os.path.join(d, f"model_rank_{rank}.pt")`); empty without one."""
    if not load.args:
        return []
    return [ctx.source.segment(node) for node in _path_sources(function, load.args[0])]


def _path_sources(function: ast.AST, path: ast.expr, depth: int = 3) -> list[ast.AST]:
    """`path` and the function's assignments to the names it reads, followed through those
    assignments' own names a few steps (verl's `local = copy_to_local(remote)`, where `remote`
    holds the per-rank file name)."""
    assigned = local_assignments(function)
    found: list[ast.AST] = [path]
    frontier: list[ast.AST] = [path]
    seen: set[str] = set()
    for _ in range(depth):
        names = {
            n.id
            for node in frontier
            for n in ast.walk(node)
            if isinstance(n, ast.Name) and n.id not in seen
        }
        seen |= names
        frontier = [value for name in sorted(names) for value in assigned.get(name, [])]
        if not frontier:
            break
        found.extend(frontier)
    return found


def _made_here(function: ast.AST, receivers: list[str]) -> bool:
    """Every receiver is a local name the function binds only to calls it makes (`model =
    LeNet()`, `optimizer = torch.optim.SGD(...)`), not an object handed in nor one a helper
    hands back with others (`model, optimizer = wrap(model, optimizer)`: the helper may move
    it), nor one bound any other way."""
    bindings = _BINDINGS.get(function)
    if bindings is None:
        # Read once per function: a script's top-level code asks at each of its loads.
        made: set[str] = set()
        direct: set[int] = set()
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        made.add(target.id)
                        direct.add(id(target))
        other = {
            node.id
            for node in ast.walk(function)
            if isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Store | ast.Del)
            and id(node) not in direct
        }
        bindings = _BINDINGS[function] = (frozenset(made), frozenset(other))
    made_names, other_names = bindings
    return bool(receivers) and all(r in made_names and r not in other_names for r in receivers)


#: Per function: the names it binds only to calls it makes, and the names bound otherwise.
_BINDINGS: weakref.WeakKeyDictionary[ast.AST, tuple[frozenset[str], frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)


def _state_receivers(ctx: FileContext, function: ast.AST, load: ast.Call) -> list[str]:
    """The source text of what `X.load_state_dict(value of load)` loads into, for each such
    call in `function` (`models[i]`, `self.optimizer`); not state that holds no CUDA tensors."""
    names = names_assigned(function, load)
    found = []
    calls = _state_loading_calls(function)
    for call in _taking_loaded(calls, _loaded_roots(calls, keywords=False), load, names):
        assert isinstance(call.func, ast.Attribute)
        receiver = ctx.source.segment(call.func.value)
        if not NOT_WEIGHTS.search(receiver):
            found.append(receiver)
    return found


def _state_loading_calls(function: ast.AST) -> list[ast.Call]:
    """The function's `X.load_state_dict(...)` calls, listed once per function."""
    found = _STATE_LOADING_CALLS.get(function)
    if found is None:
        found = _STATE_LOADING_CALLS[function] = [
            call
            for call in typed_nodes(function, ast.Call)
            if isinstance(call.func, ast.Attribute) and call.func.attr == "load_state_dict"
        ]
    return found


_STATE_LOADING_CALLS: weakref.WeakKeyDictionary[ast.AST, list[ast.Call]] = (
    weakref.WeakKeyDictionary()
)


# -- bytes from outside the program ------------------------------------------------------------
def _outside_bytes(
    ctx: FileContext, tree: ast.Module, function: ast.AST, load: ast.Call
) -> Evidence | None:
    if not load.args:
        return None
    found = _origin(ctx, tree, function, load.args[0], depth=3)
    if found is None:
        return None
    text = (
        f"the data comes from outside this program ({found[0]}, line {found[1]}): tensors "
        f"the sender saved on a GPU come back on that GPU index here"
    )
    return Evidence(text, found[1])


def _origin(
    ctx: FileContext, tree: ast.Module, function: ast.AST, node: ast.AST, depth: int
) -> tuple[str, int] | None:
    """Base64 text or an HTTP response that `node` is made from: in the expression, through
    the function's assignments, or through the arguments the file's calls of the function
    pass for one of its parameters."""
    assigned = local_assignments(function)
    assert isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
    parameters = parameter_names(function)
    seen: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        for inner in ast.walk(current):
            direct = _outside_call(ctx, assigned, inner)
            if direct is not None:
                return direct
            if not isinstance(inner, ast.Name) or inner.id in seen:
                continue
            seen.add(inner.id)
            pending += assigned.get(inner.id, [])
            if inner.id in parameters and depth > 0:
                for argument, caller in _arguments_passed(tree, function, inner.id):
                    found = _origin(ctx, tree, caller, argument, depth - 1)
                    if found is not None:
                        return found
    return None


def _outside_call(
    ctx: FileContext, assigned: dict[str, list[ast.AST]], node: ast.AST
) -> tuple[str, int] | None:
    if isinstance(node, ast.Call) and call_name(node) in _DECODES:
        return f"`{ctx.source.segment(node.func)}` of text it was sent", node.lineno
    # `response.content` where `response = requests.post(...)`
    if isinstance(node, ast.Attribute) and node.attr in ("content", "body", "read"):
        base = node.value
        if isinstance(base, ast.Name):
            for value in assigned.get(base.id, []):
                if not isinstance(value, ast.Call):
                    continue
                qualified = ctx.qualified(value.func)
                if qualified and qualified.startswith(_HTTP):
                    return f"the body of an HTTP response, `{qualified}`", value.lineno
    return None


def _arguments_passed(
    tree: ast.Module, function: ast.AST, parameter: str
) -> list[tuple[ast.AST, ast.AST]]:
    """(argument, calling function) for every call of `function` in the file: a method by
    `self.name(...)` from its own class, a function by its name."""
    assert isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    owner = _enclosing_class(tree, function)
    if owner is not None and names and names[0] in ("self", "cls"):
        names = names[1:]
    position = names.index(parameter) if parameter in names else None
    found: list[tuple[ast.AST, ast.AST]] = []
    for caller in local_functions(owner or tree):
        for call in (n for n in ast.walk(caller) if isinstance(n, ast.Call)):
            if not _calls(call, function.name, method=owner is not None):
                continue
            found += [(k.value, caller) for k in call.keywords if k.arg == parameter]
            if position is not None and position < len(call.args):
                found.append((call.args[position], caller))
    return found


def _calls(call: ast.Call, name: str, *, method: bool) -> bool:
    func = call.func
    if method:
        return (
            isinstance(func, ast.Attribute)
            and func.attr == name
            and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")
        )
    return isinstance(func, ast.Name) and func.id == name


# -- Hub weights into a model --------------------------------------------------------------------
def _hub_weights(ctx: FileContext, function: ast.AST, load: ast.Call) -> Evidence | None:
    if not load.args or not _weights_receivers(ctx, function, load):
        return None
    assigned = local_assignments(function)
    pending: list[ast.AST] = [load.args[0]]
    seen: set[str] = set()
    while pending:
        for inner in ast.walk(pending.pop()):
            if isinstance(inner, ast.Call) and call_name(inner) in _HUB:
                text = (
                    f"{HUB_WEIGHTS} (`{call_name(inner)}`, line "
                    f"{inner.lineno}) go into a model in {SEVERAL_PROCESSES}: they keep the "
                    f"devices of whoever saved them, so every rank restores them onto one "
                    f"GPU (and a missing cuda:N fails)"
                )
                return Evidence(text, inner.lineno)
            if isinstance(inner, ast.Name) and inner.id not in seen:
                seen.add(inner.id)
                pending += assigned.get(inner.id, [])
    return None


# -- the loaded tensors are placed on a device afterwards -----------------------------------------
def _placement(
    ctx: FileContext, function: ast.AST, load: ast.Call
) -> tuple[Evidence, ast.expr] | None:
    """`x = torch.load(p)` then `x.to(device)`, or `x` passed on with `device=...`: the code
    wants the tensors on a device it chooses, and the load first puts them on the saver's.
    The evidence, with the device expression it names."""
    names = names_assigned(function, load)
    for call in _placing_calls(function):
        if call.lineno <= load.lineno:
            continue
        func = call.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "to"
            and isinstance(func.value, ast.Name)
            and func.value.id in names
            and call.args
            and _gpu_placement(ctx, call) is not None
        ):
            target = call.args[0]
            return _placed_evidence(ctx.source.segment(target), call.lineno), target
        device = next((k.value for k in call.keywords if k.arg == "device"), None)
        arguments = [*call.args, *(k.value for k in call.keywords)]
        if device is not None and any(_is_loaded(a, load, names) for a in arguments):
            text = ctx.source.segment(device)
            if not re.search(r"cpu", text, re.IGNORECASE):
                return _placed_evidence(text, call.lineno), device
    return None


def _placing_calls(function: ast.AST) -> list[ast.Call]:
    """The function's calls that may place a value: `x.to(...)` with an argument, or any call
    given `device=`; listed once per function."""
    found = _PLACING_CALLS.get(function)
    if found is None:
        found = _PLACING_CALLS[function] = [
            call
            for call in typed_nodes(function, ast.Call)
            if (isinstance(call.func, ast.Attribute) and call.func.attr == "to" and call.args)
            or any(k.arg == "device" for k in call.keywords)
        ]
    return found


_PLACING_CALLS: weakref.WeakKeyDictionary[ast.AST, list[ast.Call]] = weakref.WeakKeyDictionary()


def _default_gpu_of_one_process(
    ctx: FileContext, tree: ast.Module, function: ast.AST, target: ast.expr
) -> bool:
    """The placement's device is the process's default GPU (or the CPU) in code that starts
    no processes: `self.device = torch.device("cuda:0" if use_cuda else "cpu")`, `device =
    "cuda"` (cryodrgn's analyses). A checkpoint saved from cuda:0 comes back there anyway;
    one saved from another index is a hazard of an unknown saver (TPL106's), not of this
    placement. Read through the function's assignments of a name, or the class's of
    `self.<name>`."""
    if multi_process_code(ctx.source.text):
        return False
    values: list[ast.AST] = []
    if isinstance(target, ast.Name):
        values = list(local_assignments(function).get(target.id, []))
    elif (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    ):
        owner = next(
            (
                n
                for n in ast.walk(tree)
                if isinstance(n, ast.ClassDef)
                and n.lineno <= getattr(function, "lineno", 0) <= (n.end_lineno or n.lineno)
            ),
            None,
        )
        for node in ast.walk(owner) if owner is not None else ():
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
                and t.attr == target.attr
                for t in node.targets
            ):
                values.append(node.value)
    else:
        values = [target]
    return bool(values) and all(_default_device(v) for v in values)


def _default_device(value: ast.AST) -> bool:
    """`"cuda"`, `"cuda:0"`, `"cpu"`, `torch.device(...)` of one, or a conditional of those."""
    if isinstance(value, ast.Constant):
        return value.value in ("cuda", "cuda:0", "cpu")
    if isinstance(value, ast.IfExp):
        return _default_device(value.body) and _default_device(value.orelse)
    if isinstance(value, ast.Call) and call_name(value) == "device" and len(value.args) == 1:
        return not value.keywords and _default_device(value.args[0])
    return False


def _names_weights(function: ast.AST, load: ast.Call) -> bool:
    """The load's path, or the name it is bound to, names a model's weights (a checkpoint,
    an adapter, a LoRA, a state dict): weights a user trained and saved are mostly saved from
    the GPU they trained on. Features, embeddings, caches and references are mostly prepared
    and saved on the CPU."""
    words = " ".join(names_assigned(function, load))
    if load.args:
        words += " " + path_words(load.args[0])
    return _WEIGHTS_WORDS.search(words) is not None


#: Words that name a model's weights in a path or a name (`checkpoint_path`, `lora_path`,
#: `model_file`, `adapter_model.bin`, `state_dict`).
_WEIGHTS_WORDS = re.compile(r"weight|ckpt|checkpoint|model|lora|adapter|state_dict", re.IGNORECASE)


def _placed_evidence(device: str, line: int) -> Evidence:
    text = (
        f"the loaded tensors are then placed on `{device}` (line {line}), but the load "
        f"first restores each onto the GPU that saved it (that GPU must exist here, and "
        f"its memory is used): pass `map_location=` the target device"
    )
    return Evidence(text, line)


# -- a class that drives its GPUs from one process ---------------------------------------------
def _in_one_process_class(ctx: FileContext, tree: ast.Module, function: ast.AST) -> bool:
    """The load is in a method of a top-level class that wraps its model in `nn.DataParallel`
    (one process driving several GPUs, which restores what it saved onto the same GPU, in
    code, not a comment), and the file's multi-process text lies only in code that has
    nothing to do with that class: no other top-level statement names the class (a driver
    that makes it may run it in every process), and none naming multi-process work is named
    by it (EgoVLP's `BaseTrainer` beside its `Multi_BaseTrainer_dist`)."""
    owner = next(
        (
            node
            for node in tree.body
            if isinstance(node, ast.ClassDef) and any(inner is function for inner in ast.walk(node))
        ),
        None,
    )
    if owner is None:
        return False
    own_text = ctx.node_text(owner)
    if MULTI_PROCESS.search(own_text) or not _DATA_PARALLEL.search(without_comments(own_text)):
        return False
    for statement in tree.body:
        if statement is owner or isinstance(statement, ast.Import | ast.ImportFrom):
            continue
        statement_text = ctx.node_text(statement)
        if named_in(statement_text, owner.name):
            return False  # the file uses the class: a driver may run it in its processes
        if not MULTI_PROCESS.search(statement_text):
            continue
        defined = getattr(statement, "name", None)
        if defined is None or named_in(own_text, defined):
            return False  # module-level code runs beside the class; or the class uses it
    return True


#: `nn.DataParallel(` (not `DistributedDataParallel`): one process, several GPUs.
_DATA_PARALLEL = re.compile(r"(?<!Distributed)DataParallel\s*\(")


# -- small tree utilities ----------------------------------------------------------------------
def _enclosing_class(tree: ast.Module, function: ast.AST) -> ast.ClassDef | None:
    return method_classes(tree).get(function)
