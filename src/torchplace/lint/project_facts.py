"""Facts about the project a linted file belongs to, gathered over the project's Python files.

Some hazards are decided by code in other files: a Triton launch runs on the thread's current
GPU, which is the tensors' GPU in a serving engine whose workers bind one GPU each at start-up,
and any GPU in a kernel library called on `device_map` shards. A rule that needs such a fact
names a condition (`Rule.project_condition`); its findings are made per file as usual (and cached
per file), then kept or dropped by :func:`apply_project_facts` against the facts of the run.
Every finding, of any rule, is dropped there too when it lies in code that never runs: a
branch its file switches off and no other file of the project can switch back on
(`dead_branches`), a class or method nothing names, a script's function nothing names and, in a
checkout nobody installs, a module's function only uncalled functions reach (`dead_functions`,
`dead_module_functions`), code past a read that always raises (`unbound_reads`).

The project of a file is the nearest directory at or above it holding `pyproject.toml`,
`setup.py`, `setup.cfg` or `.git`; without one, the top of the Python tree around the file
(climbing while the parent directory holds Python files: packages and namespace packages); a
script in no package is a project of its own. The facts are read cheaply: a byte search over
the project's Python files, and a parse only of those that hold a hit; how the project
launches its scripts is read from its shell scripts and READMEs (`launch_commands`,
`launch_reach`), only when a finding asks. Tests, benchmarks, examples and docs do not count
for the binding facts: a library's multi-GPU test that binds its GPU does not bind the GPU of
the library's users.
"""

from __future__ import annotations

import ast
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from torchplace.lint.archived_copies import ArchivedCopies, archive_folder
from torchplace.lint.binding_configs import bound_where_set, ids_attribute
from torchplace.lint.binding_functions import bound_after_return, bound_by_project_function
from torchplace.lint.cache import read_regular_file
from torchplace.lint.code_prose import first_in_code
from torchplace.lint.config import DEFAULT_MAX_FILE_BYTES
from torchplace.lint.context import (
    FileContext,
    call_name,
    is_test_or_benchmark,
    whole_file_context,
)
from torchplace.lint.correlated_branches import CorrelatedBranches
from torchplace.lint.cuda_default import text_sets_cuda_default
from torchplace.lint.current_gpu import (
    CurrentGpuUse,
    current_gpu_use,
    current_gpu_use_by_callers,
    current_gpu_use_by_imports,
)
from torchplace.lint.dead_branches import (
    CALLED_ONLY_HERE,
    DeadBranches,
    fills_parameter,
    read_called_only_here,
    set_elsewhere,
)
from torchplace.lint.dead_functions import (
    FINDS_CLASSES,
    PlainClass,
    UnnamedMethod,
    mentioned_elsewhere,
    named_in,
    plain_classes,
    python_code_text,
    runs_work_at_top_level,
    unnamed_methods,
    unused_script_functions,
)
from torchplace.lint.dead_module_functions import DeadModuleFunctions
from torchplace.lint.default_arguments import calls_in, defaults_of, keeps_defaults
from torchplace.lint.default_gpu_drivers import drives_gpus_from_default, picks_a_process_gpu
from torchplace.lint.device_kind import imports_other_accelerator
from torchplace.lint.engine import FILE_PROBLEM_CODE, INTERNAL_ERROR_CODE, internal_error
from torchplace.lint.engine_loaders import engine_loader_line
from torchplace.lint.entry_bindings import binds_before_running, has_main_block
from torchplace.lint.gpu_bindings import BINDERS, binds_gpu
from torchplace.lint.gpu_spanning import ONE_PROCESS_WRAP
from torchplace.lint.hand_run_blocks import in_hand_run_main_block
from torchplace.lint.import_cuda import AFTER_PROJECT_IMPORTS, imports_before_start_no_cuda
from torchplace.lint.job_scale import in_one_process_branch
from torchplace.lint.launch_commands import (
    IF_SEVERAL_PROCESSES,
    MULTI_PROCESS_CALLERS,
    SEVERAL_PROCESSES,
    Launch,
    LaunchIndex,
    launch_root,
    names_multi_node_setting,
    own_comment_launches,
    read_launches,
    runs_several_processes,
    sets_visible_devices,
)
from torchplace.lint.launch_reach import (
    UP,
    ImportGraph,
    loads_modules_by_name,
    one_gpu_through_importers,
    one_node_through_importers,
    one_process_through_importers,
    walk_importers,
)
from torchplace.lint.node_evidence import several_nodes_shown
from torchplace.lint.own_model_loads import FileLoads, model_class_at, read_loads, whole_load
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.project_callers import CallerIndex
from torchplace.lint.project_modules import imported_names_in, resolve_imports
from torchplace.lint.project_roots import MARKERS, marked_root, package_root
from torchplace.lint.project_saves import (
    Save,
    last_component,
    matching_saves,
    saved_only_in_rank_zero,
    scope_of,
    writes_cpu_copy,
)
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rank_names import RANK_FROM_CALLERS, defines_as_local_rank, self_rank_name
from torchplace.lint.ray_actors import gpu_actor_line, ray_gpu_actor
from torchplace.lint.registry import all_rules
from torchplace.lint.rule import Rule
from torchplace.lint.rules._helpers import calls_on_line, enclosing_function, same_call
from torchplace.lint.rules.forward.tensor_factory_without_device_in_forward import (
    met_with_public_helpers_bound,
)
from torchplace.lint.rules.hardcoded._load_reach import (
    HUB_WEIGHTS,
    checkpoints_written_by_rank_zero,
    multi_process_code,
)
from torchplace.lint.rules.hardcoded.data_parallel_module_on_current_gpu import (
    IDS_FROM_ZERO_BY_DEFAULT,
)
from torchplace.lint.run_conditions import runs_only_on_rank_zero_through_callers
from torchplace.lint.shared_directories import is_shared_directory
from torchplace.lint.single_node import (
    SingleNode,
    single_node_project,
    single_node_text,
    tree_files,
)
from torchplace.lint.spawn_ranks import spawned_reach
from torchplace.lint.sub_projects import sub_project_of
from torchplace.lint.tracing_branches import tracing_only_spans
from torchplace.lint.unbound_reads import unreachable_spans
from torchplace.lint.world_size_names import module_world_size_names, one_process_arms
from torchplace.report import Finding

#: A project with more Python files than this is not read whole: its facts stay unknown.
MAX_FILES = 20_000
#: Modules read for what a file imports, in turn, before it counts as one that may pick a GPU.
MAX_PICK_FILES = 200
_SKIPPED_DIRECTORIES = frozenset(
    {"examples", "example", "docs", "doc", "node_modules", "site-packages", "venv", "build"}
)
_BINDING_TEXT = re.compile(
    rb"set_device(?:_index)?\s*\(|init_process_group|PartialState\s*\(|Accelerator\s*\("
)
#: Where a binding's code runs on its own (`own_nodes` leaves nested ones out of each).
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True)
class Evidence:
    """Where the project does something: a file, a line, the code there."""

    path: str
    line: int
    code: str


@dataclass(frozen=True)
class ProjectFacts:
    root: str
    files: int
    #: Calls that bind one GPU per process: `set_device(local_rank)`, `init_process_group(
    #: device_id=...)`, accelerate's `PartialState()` / `Accelerator()`.
    gpu_binding: tuple[Evidence, ...]
    #: False when the project was not read whole (too many files, or a file that could not be
    #: read or parsed): a binding not found is then not known to be absent.
    complete: bool = True

    @property
    def binds_gpu_per_process(self) -> bool | None:
        """True with evidence, False when the whole project was read and none was found,
        None when unknown."""
        if self.gpu_binding:
            return True
        return False if self.complete else None


#: What a rule may ask of a project (`Rule.project_condition`): a name, and a test of one
#: finding against its project that gives the words to add to the message, or None when
#: the condition does not hold (the finding is dropped).
Condition = Callable[["ProjectIndex", Finding], "str | None"]


def _code_text(path: str, data: bytes) -> str:
    """A text as read for names: a Python file's less its comments (`python_code_text`)."""
    text = data.decode("utf-8", "replace")
    return python_code_text(text) if path.endswith(".py") else text


def _names(path: str, data: bytes, name: str) -> bool:
    """The text names `name` (`named_in`), a Python file outside its comments: the tokenizer
    runs only on a file whose plain text names it."""
    text = data.decode("utf-8", "replace")
    if not named_in(text, name):
        return False
    return not path.endswith(".py") or named_in(python_code_text(text), name)


def _binds_no_gpu(index: ProjectIndex, finding: Finding) -> str | None:
    """Read whole, and nothing in it binds one GPU per process: its code runs on the
    caller's current GPU, whatever GPU the caller's tensors are on (a library)."""
    facts = index.facts_for(finding.path)
    if facts.binds_gpu_per_process is not False:
        return None
    files = f"{facts.files} Python file" + ("" if facts.files == 1 else "s")
    return f"(project `{Path(facts.root).name}` binds no GPU per process in its {files})"


def _may_bind_another_gpu(index: ProjectIndex, finding: Finding) -> str | None:
    """The process running the finding may make another GPU than cuda:0 its current one: the
    project binds one GPU per process somewhere (`set_device(local_rank)`, ...), the file
    enters `with torch.cuda.device(...)`, the project was not read whole, or other code may
    import it (an installable package, a tree that is not a whole checkout) and bind first.
    In a checkout nobody installs whose code binds no GPU per process, every thread, the
    main one too, starts and stays on cuda:0: a thread binds nothing the others chose."""
    if index.facts_for(finding.path).binds_gpu_per_process is not False:
        return ""
    code = index.code_of(finding.path)
    if code is None or _DEVICE_CONTEXT.search(code):
        return ""
    return None if index.uninstallable_checkout(finding.path) else ""


#: `torch.cuda.device(...)` entered as a context: the main thread's current GPU changes.
_DEVICE_CONTEXT = re.compile(rb"cuda\s*\.\s*device\s*\(")


def _unguarded_library_launch(index: ProjectIndex, finding: Finding) -> str | None:
    """As `binds-no-gpu-per-process`, and the function holding the finding is not always
    called under a device guard elsewhere in the project (`project_callers`)."""
    said = _binds_no_gpu(index, finding)
    if said is None or index.callers_of(finding.path).guarded_by_callers(
        os.path.abspath(finding.path), finding.line
    ):
        return None
    return said


def _not_bound_by_callers(index: ProjectIndex, finding: Finding) -> str | None:
    """The function holding the finding (a constructor: its class) is not always called, in
    the project, from a function that binds a device or under a device context: a process
    group that a caller's `set_device` precedes is bound (`project_callers`). Nor does the
    project run its workers as Ray actors given GPUs (`ray_actors`): Ray binds those through
    `CUDA_VISIBLE_DEVICES`, so each actor's cuda:0 is its own GPU."""
    guarded = index.callers_of(finding.path).guarded_by_callers(
        os.path.abspath(finding.path), finding.line
    )
    if guarded or index.ray_gpu_actor_of(finding.path) is not None:
        return None
    return ""


def _unbound_process_uses_current_gpu(index: ProjectIndex, finding: Finding) -> str | None:
    """As `not-bound-by-callers`, and no function of the project called right after the
    group binds the GPU (`binding_functions`: a helper that parses `TrainingArguments`; or,
    for a helper that makes the group and returns, right after each call of it), and
    the process then acts on its current GPU, cuda:0
    (`current_gpu`: `.cuda()`, `"cuda"`, pinned memory, `torch.cuda` calls given no device),
    in the file, in a project module it imports, or in a project file that imports it and
    calls the function holding the finding. A process that names the device of every tensor
    leaves cuda:0 alone: NCCL builds its communicators on the tensors' GPU."""
    if _not_bound_by_callers(index, finding) is None:
        return None
    if index.bound_by_project_function(finding.path, finding.line):
        return None
    if index.bound_after_return(finding.path, finding.line):
        return None
    if index.bound_by_every_entry_script(finding.path):
        return None
    use = index.current_gpu_use_of(finding.path, finding.line)
    if use is None:
        return None
    return f"(the process then uses its current GPU: {use.describe()})"


def _may_run_on_cuda(index: ProjectIndex, finding: Finding) -> str | None:
    """The file does not import its runtime from a module of its own package that targets
    another accelerator and never CUDA (`device_kind`): its workers may hold CUDA contexts."""
    return None if imports_other_accelerator(finding.path) else ""


def _may_span_nodes(index: ProjectIndex, finding: Finding) -> str | None:
    """Not every process group the project creates is confined to one node (`single_node`):
    where all are, the global rank is this node's GPU index. Nor does the project launch the
    file only on one node (`launch_commands`: every command of its shell scripts and READMEs
    that runs it). Nor does the finding lie in a module nothing imports in a checkout that
    cannot be installed (`never_imported`): that code never runs; nor in the `__main__`
    block of a package's module no launch text runs (`hand_run_blocks`). Nor is the rank a
    conventional name read on `self` (`self.process_index`) that the project defines only as
    this node's rank (`rank_names`: a property returning `LOCAL_RANK`)."""
    said = ""
    if RANK_FROM_CALLERS in finding.message:
        # A `rank` parameter: kept where a call in another file passes the global rank.
        said = index.global_rank_caller(finding.path, finding.line) or ""
        if not said:
            return None
    if index.single_node_of(finding.path) is not None:
        return None
    if index.one_node_launch(finding.path) is not None:
        return None
    if index.never_imported(finding.path):
        return None
    if index.hand_run_main_block(finding.path, finding.line):
        return None  # a package module's self-test, run by hand on one machine
    if index.one_node_through_callers(finding.path, finding.line) is not None:
        return None
    name = self_rank_name(finding.message)
    if name is not None and index.defines_as_local_rank(finding.path, name):
        return None
    return said


def _shows_several_nodes(index: ProjectIndex, finding: Finding) -> str | None:
    """`_may_span_nodes`, where the project itself shows the file running on several nodes
    (`node_evidence`: a launch that spans them, a multi-node setting its code names); the
    message then says what shows it."""
    said = _may_span_nodes(index, finding)
    if said is None:
        return None
    shown = index.several_nodes_shown(finding.path)
    if shown is None:
        return None
    return f"{said} {shown}".strip()


def _may_run_in_several_processes(index: ProjectIndex, finding: Finding) -> str | None:
    """Where the finding's evidence is that several processes of the program run it
    (`SEVERAL_PROCESSES` in its message), the project does not launch the file
    only as one process that starts no others (`launch_commands`: `python run.py` in every
    command that runs it): the process that reads a checkpoint then is the one that wrote it,
    on the same GPU, nor does the load lie in the one-process arm of a test of a world size
    the project keeps under a name of its own (`world_size_names`). Other evidence (bytes
    sent from outside, Hub weights) holds whatever the launch. Nor does the load read back
    a file the project saves as CPU copies, or saves only in rank 0 from its own GPU and
    reads only in rank 0 (`project_saves`). Nor does every launch of the file show its
    processes exactly one GPU, one of them starting several (`one_gpu_launch`,
    `several_process_launch`: Beyond-Pixels' `export CUDA_VISIBLE_DEVICES=3` above
    `torch.distributed.launch --nproc_per_node=$1`): its ranks save from and restore onto
    that GPU, as where the file's own top names it; weights from the Hub, saved on their
    uploader's GPU, still fail there. One process on one GPU (`--nproc_per_node=1` of a script
    declaring `--local_rank`) says no more than one process does: whoever raises the count
    also chooses the GPUs."""
    if MULTI_PROCESS_CALLERS in finding.message:
        return index.multi_process_caller(finding.path, finding.line)
    several = SEVERAL_PROCESSES in finding.message
    if index.reads_back_safe_project_save(finding.path, finding.line, rank_zero=several):
        return None  # CPU copies, or rank 0's own GPU (`project_saves`)
    if not several:
        return ""
    if index.in_one_process_arm(finding.path, finding.line):
        return None
    if index.drives_gpus_from_default(finding.path):
        return None  # one process per node, on cuda:0 in every one: it restores its own GPU
    if index.one_process_launch(finding.path) is not None:
        return None
    if HUB_WEIGHTS not in finding.message and _several_processes_on_one_gpu(index, finding):
        return None  # its processes share the one GPU they see: each restores onto it
    return None if index.one_process_through_callers(finding.path, finding.line) else ""


def _several_processes_on_one_gpu(index: ProjectIndex, finding: Finding) -> bool:
    """Every launch of the finding's file shows its processes exactly one GPU, and one of
    them starts several processes (or leaves their count to its launcher)."""
    if index.one_gpu_launch(finding.path) is None:
        return False
    return index.several_process_launch(finding.path) is not None


def _resumed_by_no_multi_process_caller(index: ProjectIndex, finding: Finding) -> str | None:
    """A load that resumes training in a function whose own file shows no several processes
    (`IF_SEVERAL_PROCESSES` in the message) is this rule's only where the project shows no
    multi-process caller of it (`ProjectIndex.multi_process_caller`); where it does, the load
    is TPL108's, which says so. Every other finding holds."""
    if IF_SEVERAL_PROCESSES not in finding.message:
        return ""
    return "" if index.multi_process_caller(finding.path, finding.line) is None else None


def _shares_a_literal_gpu(index: ProjectIndex, finding: Finding) -> str | None:
    """The finding does not lie in a program the project launches only as one process that
    starts no others (`launch_commands`: `python infer.py` in every command that runs it, or,
    for a module, in every command that runs a file importing it: `launch_reach`) and no
    threads: a literal GPU there is the one process's choice, which no other rank or thread
    shares. Nor does it lie in the one-process arm of a test of a world size the project
    keeps under a name of its own (`world_size_names`)."""
    if index.in_one_process_arm(finding.path, finding.line):
        return None
    if ONE_PROCESS_WRAP in finding.message:
        # A script whose words read as one process wrapping every GPU owns each index,
        # unless the project runs it as several processes (`gpu_spanning`).
        several = index.several_process_launch(finding.path)
        return None if several is None else f"(launched as several by {several.describe()})"
    return "" if index.one_process_launch(finding.path, _processes_or_threads) is None else None


def _processes_or_threads(code: bytes) -> bool:
    """The code runs as several processes (`runs_several_processes`) or starts threads of
    its own, each of which may want a GPU of its own. A thread that streams a model's
    `generate` (`Thread(target=model.generate, kwargs=...)`, Hugging Face's
    `TextIteratorStreamer` pattern) runs the one model where the process placed it."""
    if runs_several_processes(code) or b"ThreadPoolExecutor" in code:
        return True
    return any(
        _STREAMS_GENERATION.match(code, start.end()) is None
        for start in _STARTS_THREAD.finditer(code)
    )


#: A comparison with 1 or 2, which every test of a process count holds (`> 1`, `== 1`,
#: `>= 2`): a file without one has no one-process arm to look for.
_COUNT_TEXT = re.compile(rb"(?:[<>]=?|[!=]=)\s*[12]\b")
_STARTS_THREAD = re.compile(rb"\bThread\s*\(")
_STREAMS_GENERATION = re.compile(rb"\s*target\s*=\s*[\w.]+\.generate\s*[,)]")


def _may_see_several_gpus(index: ProjectIndex, finding: Finding) -> str | None:
    """The finding does not lie in a program the project launches only with one GPU
    visible (`launch_commands`: `CUDA_VISIBLE_DEVICES=0 python eval.py` in every command that
    runs it, or in every command that runs a file importing it: `launch_reach`): a device
    map has one GPU to spread over there, and a move keeps the model where it is."""
    return None if index.one_gpu_launch(finding.path) is not None else ""


def _shards_parameters(index: ProjectIndex, finding: Finding) -> str | None:
    """A parameter moved or replaced in `forward` is a hazard only where the project shards
    its parameters (`SHARDS`: FSDP, `fully_shard`, ZeRO stage 3, in its code or
    configuration): its `forward` works on gathered copies that a move or a new storage cuts
    off from the shards. Elsewhere the move follows the input (`self.proj.to(x.device)`, a
    no-op on a module DDP, DataParallel or a device map already placed there) and new
    storage stays on the weight's device: two blind judges read 192 such findings on
    unseen code as safe, and the one they confirmed replaced a weight under FSDP."""
    shard = index.shards_parameters(finding.path)
    return None if shard is None else f"(the project shards its parameters: {shard})"


def _may_split_models(index: ProjectIndex, finding: Finding) -> str | None:
    """A model's submodules sit on two GPUs only where something splits it. In a checkout
    nobody installs, every loader of its models is in sight: the project must load or
    dispatch them with a map that spreads them (`device_map="auto"`, a map it is handed,
    `infer_auto_device_map`, `dispatch_model`, in its code or configuration). One whose every
    `device_map=` names one device (`"cuda:0"`, `{"": device}`), or that writes none, runs
    each model whole on one GPU (SkyReels-V2, Spark-Wan: video diffusion applications, one
    model per rank; their 4 judged findings FALSE for both blind judges). An installable
    project's models may be loaded by its users' `from_pretrained(..., device_map="auto")`,
    unless the project splits no model (its documents neither) and loads this class itself,
    every load whole (Wan2.1, StreamDiffusionV2: applications; `own_model_loads`)."""
    if not index.uninstallable_checkout(finding.path):
        # An installable project's users may split its models, unless it is an application
        # that loads this model itself, whole, and splits none (`own_model_loads`).
        if (
            index.splits_models(finding.path) is None
            and index.documents_split_models(finding.path) is None
            and index.loads_model_whole(finding.path, finding.line)
        ):
            return None
        return ""
    split = index.splits_models(finding.path)
    return None if split is None else f"(the project splits models: {split})"


def _imports_may_start_cuda(index: ProjectIndex, finding: Finding) -> str | None:
    """A write found late only for the project's imports before it: one of them may start
    CUDA when imported (`import_cuda`, reading the modules on disk). Findings of another kind
    (a CUDA call before the write) hold whatever the imports do."""
    if not finding.message.startswith(AFTER_PROJECT_IMPORTS):
        return ""
    return None if imports_before_start_no_cuda(finding.path, finding.line) else ""


def _arms_apart(
    function: ast.FunctionDef | ast.AsyncFunctionDef, line: int
) -> tuple[tuple[int, int], ...]:
    """The spans of the `if` arms of `function` that no run reaching the statement at `line`
    takes: the other arm of an `if` around it, and opposite arms of `if`s testing the same
    flag (`correlated_branches`)."""
    holding = [
        s
        for s in ast.walk(function)
        if isinstance(s, ast.stmt)
        and not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)
        and s.lineno <= line <= (s.end_lineno or s.lineno)
    ]
    if not holding:
        return ()
    statement = max(holding, key=lambda s: s.lineno)  # the innermost statement at the line
    flags = CorrelatedBranches(function)
    spans = []
    for node in ast.walk(function):
        if not isinstance(node, ast.If):
            continue
        for arm in (node.body, node.orelse):
            if arm and flags.exclusive(statement, arm[0]):
                spans.append((arm[0].lineno, arm[-1].end_lineno or arm[-1].lineno))
    return tuple(spans)


def _outside_spawned_reach(
    tree: ast.Module, function: ast.FunctionDef | ast.AsyncFunctionDef | None
) -> tuple[tuple[int, int], ...]:
    """When the file spawns `function` as its processes' target, the spans of the file's
    code those processes never run: its other functions and its top-level statements (the
    parent's `__main__` block); else none."""
    reach = spawned_reach(tree, function) if function is not None else None
    if reach is None:
        return ()
    spans = [
        (node.lineno, node.end_lineno or node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not any(first <= node.lineno <= last for first, last in reach)
    ]
    spans += [
        (s.lineno, s.end_lineno or s.lineno)
        for s in tree.body
        if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    return tuple(spans)


def _other_group_setups(
    tree: ast.Module, function: ast.FunctionDef | ast.AsyncFunctionDef | None
) -> tuple[tuple[int, int], ...]:
    """The spans of the file's functions, other than `function` and those around it, that
    call `init_process_group` themselves."""
    spans = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first, last = node.lineno, node.end_lineno or node.lineno
        if function is not None and first <= function.lineno <= last:
            continue  # `function` itself, or a function around it
        if any(
            isinstance(call, ast.Call) and call_name(call) == "init_process_group"
            for call in ast.walk(node)
        ):
            spans.append((first, last))
    return tuple(spans)


def _made_on_the_cpu(index: ProjectIndex, finding: Finding) -> str | None:
    """The finding's module does not run only under a CUDA default set by the files that
    import it (`cuda_default`, `ProjectIndex.under_cuda_default`): there its factories make
    tensors on the current GPU, not the CPU."""
    return None if index.under_cuda_default(finding.path) else ""


#: A file's public methods (first line, last line, name, class) and the lines TPL201 flags
#: with them bound to what their callers in the file hand them.
_PublicReading = tuple[tuple[tuple[int, int, str, str], ...], frozenset[int]]


def _made_on_the_cpu_in_forward(index: ProjectIndex, finding: Finding) -> str | None:
    """`_made_on_the_cpu`, and the tensor does not meet a GPU one only through a public
    helper method whose every call is in sight (`met_only_through_public_helpers`)."""
    said = _made_on_the_cpu(index, finding)
    if said is None or index.met_only_through_public_helpers(finding.path, finding.line):
        return None
    return said


def _not_built_by_an_engine(index: ProjectIndex, finding: Finding) -> str | None:
    """The project builds no model under a device context on its GPU (`engine_loaders`: a
    serving engine's loader, `with target_device: model = initialize_model(...)`): there
    every tensor a model's `__init__` makes lands on the model's GPU, a plain attribute too."""
    return None if index.engine_loader_of(finding.path) is not None else ""


def _ids_not_bound_where_set(index: ProjectIndex, finding: Finding) -> str | None:
    """The device ids a DataParallel finding cites are an attribute (`__C.GPU_IDS`) that no
    method of the project sets beside binding the GPU or showing only the chosen GPUs
    (`binding_configs`), and the function holding the finding is not always called, in the
    project, from a function that binds a device or under a device context
    (`project_callers`): there the current GPU is the one the caller chose. Nor do ids that
    start at GPU 0 with the function's defaults (`range(gpu0, gpu0 + n_gpus)`, `gpu0=0`) lie
    in a function whose every call in the project keeps them (`every_call_keeps_defaults`)."""
    name = ids_attribute(finding.message)
    if name is not None and index.bound_where_set(finding.path, name):
        return None
    if IDS_FROM_ZERO_BY_DEFAULT in finding.message and index.every_call_keeps_defaults(
        finding.path, finding.line
    ):
        return None  # DCP's `range(gpu0, ...)`: no caller passes `gpu0`, so they start at 0
    if index.callers_of(finding.path).guarded_by_callers(
        os.path.abspath(finding.path), finding.line
    ):
        return None
    return ""


CONDITIONS: dict[str, Condition] = {
    "may-span-nodes": _may_span_nodes,
    "shows-several-nodes": _shows_several_nodes,
    "imports-may-start-cuda": _imports_may_start_cuda,
    "may-run-in-several-processes": _may_run_in_several_processes,
    "resumed-by-no-multi-process-caller": _resumed_by_no_multi_process_caller,
    "shares-a-literal-gpu": _shares_a_literal_gpu,
    "may-see-several-gpus": _may_see_several_gpus,
    "binds-no-gpu-per-process": _binds_no_gpu,
    "may-bind-another-gpu": _may_bind_another_gpu,
    "unguarded-library-launch": _unguarded_library_launch,
    "not-bound-by-callers": _not_bound_by_callers,
    "unbound-process-uses-current-gpu": _unbound_process_uses_current_gpu,
    "may-run-on-cuda": _may_run_on_cuda,
    "shards-parameters": _shards_parameters,
    "may-split-models": _may_split_models,
    "not-built-by-an-engine": _not_built_by_an_engine,
    "made-on-the-cpu": _made_on_the_cpu,
    "made-on-the-cpu-in-forward": _made_on_the_cpu_in_forward,
    "ids-not-bound-where-set": _ids_not_bound_where_set,
}


def _in_lambda(function: ast.AST, line: int) -> bool:
    """`line` lies in a lambda inside `function` (whose parameters may have defaults of
    their own)."""
    return any(
        isinstance(node, ast.Lambda)
        and node.lineno <= line <= (getattr(node, "end_lineno", None) or node.lineno)
        for node in ast.walk(function)
    )


def _unescaped(data: bytes) -> bytes:
    """`data` with the escapes of a line break or a tab (`\\n`, `\\t`, `\\r`) read as space."""
    return data.replace(b"\\n", b" ").replace(b"\\t", b" ").replace(b"\\r", b" ")


#: What a notebook may start beyond its own kernel: a launcher, a cluster, a job written out.
_NOTEBOOK_STARTS_WORK = re.compile(
    rb"(?i)notebook_launcher|torchrun|torch\.distributed|deepspeed|accelerate|\bsrun\b|sbatch"
    rb"|mpirun|mpiexec|submitit|\bray\b|writefile|\bspawn\s*\(|Process\s*\(|\bssh\b"
    rb"|nnodes|num_nodes|subprocess|os\.system"
)
#: A word of a text: a name a configuration, an import or a launch may give a module by.
_WORD = re.compile(rb"\w+")


class ProjectIndex:
    """Project roots and facts, each computed once per run."""

    def __init__(
        self, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, asked: Iterable[str] = ()
    ) -> None:
        self.max_file_bytes = max_file_bytes
        #: The paths the user gave the linter, resolved: code asked for by name is never an
        #: archived copy (`archived_copies`).
        self.asked = [os.path.realpath(path) for path in asked]
        self._roots: dict[str, str] = {}
        self._facts: dict[str, ProjectFacts] = {}
        self._callers: dict[str, CallerIndex] = {}
        self._through_callers_found: dict[tuple[str, int, object, bool], Launch | None] = {}
        self._words_beyond_callers: dict[str, tuple[set[bytes], set[bytes]]] = {}
        self._ray: dict[str, tuple[str, int] | None] = {}
        self._single_node: dict[str, SingleNode | None] = {}
        self._tree_files: dict[str, list[str] | None] = {}
        #: The code of `lint_source`, which is on no disk.
        self._texts: dict[str, bytes] = {}
        #: Whether another file of the project names a script's module, per script.
        self._mentioned: dict[str, bool] = {}
        self._script_spans: dict[str, tuple[tuple[str, int, int], ...]] = {}
        self._dead_module_functions: dict[str, DeadModuleFunctions] = {}
        #: Each file's branches that never run (`dead_branches`), read when a finding asks.
        self._dead_branches: dict[str, DeadBranches] = {}
        #: Whether another file of a project assigns a name, by (project root, name).
        self._assigned: dict[tuple[str, str], bool] = {}
        #: Whether a project defines a conventional rank name as the local rank (`rank_names`).
        self._local_rank_names: dict[tuple[str, str], bool] = {}
        #: Whether a project's method sets an attribute while binding the GPU, by (root, name).
        self._bound_where_set: dict[tuple[str, str], bool] = {}
        self._multi_process_callers: dict[tuple[str, int], str | None] = {}
        self._global_rank_callers: dict[tuple[str, int], str | None] = {}
        self._contexts: dict[str, FileContext | None] = {}
        self._matching_saves: dict[tuple[str, str], list[Save] | None] = {}
        self._save_contexts: dict[str, FileContext | None] = {}
        #: The launch commands of each launch root (`launch_commands`), and the launch root
        #: of each project root.
        self._launches: dict[str, LaunchIndex] = {}
        self._launch_roots: dict[str, str] = {}
        #: Who imports whom in each launch root (`launch_reach`), read on first use.
        self._import_graphs: dict[str, ImportGraph] = {}
        #: The classes of each file no decorator or keyword registers (`dead_functions`).
        self._plain_classes: dict[str, list[PlainClass]] = {}
        #: Whether every way the project runs a module sets a CUDA default first.
        self._under_cuda_default: dict[str, bool] = {}
        #: Each file's methods its own text never names (`dead_functions.unnamed_methods`).
        self._unnamed_methods: dict[str, tuple[UnnamedMethod, ...]] = {}
        #: Per file: its public methods' spans, and the lines TPL201 flags with them bound.
        self._public_reading: dict[str, _PublicReading | None] = {}
        #: The names the project's own modules may be imported by, per project root.
        self._own_module_names: dict[str, frozenset[str] | None] = {}
        #: The first text of a pattern in a project (`_first_match`), by root, pattern and
        #: whether configuration files are read.
        self._matches: dict[tuple[str, bytes, bool, str | None], str | None] = {}
        # Each directory's sub-project (`sub_projects.sub_project_of`), and whether a
        # directory is one, each read once.
        self._sub_projects: dict[tuple[str, str], str | None] = {}
        self._is_sub_project: dict[str, bool] = {}
        self._engine_loaders: dict[str, str | None] = {}
        self._whole_loads: dict[tuple[str, str], str | None] = {}
        self._loads: dict[str, FileLoads | None] = {}
        self._documented_splits: dict[str, str | None] = {}
        #: Whether each launch root is a checkout nobody installs (`_uninstallable_checkout`).
        self._uninstallable: dict[str, bool] = {}
        #: Per file: a walk up importers may pass over it (`_never_runs_in_walk`).
        self._walk_never_runs: dict[str, bool] = {}
        #: Per launch root: its folders of kept copies (`archived_copies`).
        self._archived: dict[str, ArchivedCopies] = {}
        #: Per launch root: some file loads modules by a name built at run time.
        self._by_name_loaders: dict[str, bool] = {}
        #: The answers of `one_node_launch` and `one_process_launch`, per file (and test).
        self._walk_launches: dict[tuple[str, str, object], Launch | None] = {}
        #: Per project and launch root: in how many texts each word occurs
        #: (`_module_named_in_texts`).
        self._word_files: dict[tuple[str, str], Counter[bytes]] = {}
        #: Each file's one-process arms under a world size of the project's own name, and
        #: each module's world-size names (`world_size_names`).
        self._one_process_arms: dict[str, list[tuple[int, int]]] = {}
        self._world_size_names: dict[tuple[str, bool], frozenset[str]] = {}
        #: Whether each file's program drives its GPUs from the default one, and whether each
        #: file picks a GPU per process (`default_gpu_drivers`).
        self._default_gpu_drivers: dict[str, bool] = {}
        self._picks_a_process_gpu: dict[str, bool] = {}
        #: Each file's lines past a read of an unbound local name (`unbound_reads`).
        self._unbound_spans: dict[str, list[tuple[int, int]]] = {}
        self._tracing_spans: dict[str, list[tuple[int, int]]] = {}
        #: Whether each script's `__main__` block binds its GPU first (`entry_bindings`).
        self._entry_bindings: dict[str, bool | None] = {}
        #: What each file's project writes that runs it on several nodes (`node_evidence`).
        self._several_nodes_shown: dict[str, str | None] = {}

    @classmethod
    def of_text(cls, path: str, text: str) -> ProjectIndex:
        """The index of one piece of code standing as a project of its own (`lint_source`)."""
        index = cls()
        key = os.path.abspath(path)
        index._roots[os.path.dirname(key)] = key
        # The binding facts and the single-node facts are read from `_texts` when asked:
        # most conditions need neither, and each is a parse of the code.
        data = text.encode("utf-8", "surrogatepass")
        index._callers[key] = CallerIndex([key], {key: data})
        line = gpu_actor_line(data) if b"num_gpus" in data and b"ray" in data else None
        index._ray[key] = (key, line) if line is not None else None
        index._texts[key] = data
        index._tree_files[key] = [key]
        index._launch_roots[key] = key
        index._launches[key] = LaunchIndex(key, [], [])
        return index

    def read_as(self, path: str, text: str) -> None:
        """Read the file at `path` as `text`, whatever the disk holds (`--fix` asks the facts
        of a file it is fixing, between its passes)."""
        self._texts[os.path.abspath(path)] = text.encode("utf-8", "surrogatepass")

    def root_of(self, path: str) -> str:
        """The project root directory of `path`, or `path` itself for a lone file."""
        start = os.path.dirname(os.path.abspath(path))
        root = self._roots.get(start)
        if root is None:
            root = marked_root(start) or package_root(start) or os.path.abspath(path)
            self._roots[start] = root
        return root

    def facts_for(self, path: str) -> ProjectFacts:
        root = self.root_of(path)
        facts = self._facts.get(root)
        if facts is None:
            text = self._texts.get(root)
            if text is not None:
                facts = facts_of_text(root, text.decode("utf-8", "surrogatepass"))
            else:
                facts = read_facts(root, self.max_file_bytes)
            self._facts[root] = facts
        return facts

    def ray_gpu_actor_of(self, path: str) -> tuple[str, int] | None:
        """Where the project of `path` gives Ray workers GPUs (`ray_actors`), if it does."""
        root = self.root_of(path)
        if root not in self._ray:
            files = [root] if os.path.isfile(root) else _project_files(root)[0]
            self._ray[root] = ray_gpu_actor(files, self.max_file_bytes)
        return self._ray[root]

    def single_node_of(self, path: str) -> SingleNode | None:
        """Where the project of `path` confines its process groups to one node, when it
        confines all of them (`single_node`)."""
        root = self.root_of(path)
        if root not in self._single_node:
            text = self._texts.get(root)
            if text is not None:
                found = single_node_text(root, text.decode("utf-8", "surrogatepass"))
            else:
                found = single_node_project(root, self.tree_files_of(path), self.max_file_bytes)
            self._single_node[root] = found
        return self._single_node[root]

    def launches_for(self, path: str) -> LaunchIndex:
        """The launch commands written in the texts of the project of `path`."""
        project = self.root_of(path)
        root = self._launch_roots.get(project)
        if root is None:
            start = project if os.path.isdir(project) else os.path.dirname(project)
            root = self._launch_roots[project] = launch_root(project, marked_root(start))
        if root not in self._launches:
            self._launches[root] = read_launches(root, self.max_file_bytes)
        return self._launches[root]

    def one_node_launch(self, path: str) -> Launch | None:
        """A launch of `path` when the project launches it, and only on one node; or, for a
        module it does not launch, a launch of the files importing it when every way the
        project runs it keeps it on one node (`launch_reach`)."""
        key = ("node", os.path.abspath(path), None)
        if key not in self._walk_launches:  # asked for every finding: once a file
            launches = self.launches_for(path)
            if launches.launches_of(path):
                found = launches.one_node_launch(path, self._code(path))
            else:
                graph = self._import_graph(launches)
                never = self._never_runs_in_walk
                found = one_node_through_importers(path, launches, graph, self._code, never)
            self._walk_launches[key] = found
        return self._walk_launches[key]

    def several_nodes_shown(self, path: str) -> str | None:
        """What the project writes that runs `path` on several nodes (`node_evidence`)."""
        key = os.path.abspath(path)
        if key not in self._several_nodes_shown:  # asked for every finding: once a file
            # Through a link to the file it names: the linter read that file's code.
            code = self._code(os.path.realpath(path))
            found = None
            if code is not None:
                found = several_nodes_shown(path, code, self.launches_for(path))
            self._several_nodes_shown[key] = found
        return self._several_nodes_shown[key]

    def one_process_launch(
        self, path: str, several: Callable[[bytes], bool] = runs_several_processes
    ) -> Launch | None:
        """A launch of `path` when the project launches it, and only as one process; or, for
        a module it does not launch, a launch of the files importing it when every way the
        project runs it is one process that starts no others (`launch_reach`). Code that
        `several` finds, in the file or on the way, means more than one."""
        key = ("process", os.path.abspath(path), several)
        if key not in self._walk_launches:  # asked for every finding: once a file
            launches = self.launches_for(path)
            if launches.launches_of(path):
                found = launches.one_process_launch(path, self._code(path), several)
            else:
                graph = self._import_graph(launches)
                found = one_process_through_importers(
                    path, launches, graph, self._code, several, self._never_runs_in_walk
                )
            self._walk_launches[key] = found
        return self._walk_launches[key]

    def one_process_through_callers(
        self, path: str, line: int, several: Callable[[bytes], bool] = runs_several_processes
    ) -> Launch | None:
        """For a function of a module the project does not launch (`path:line`), a launch of
        its callers when every one of them is a program the project runs only as one process
        (`one_process_launch`), as OneRestore's `load_embedder_ckpt_with_optim` in
        `utils/utils.py` is called only by `train_Embedder.py`, run as `python
        train_Embedder.py`, though the module's other helpers serve a `torchrun` trainer.
        None where its own code holds what `several` finds, or as `_through_callers` says."""
        return self._through_callers(
            path, line, lambda caller: self.one_process_launch(caller, several), several
        )

    def one_node_through_callers(self, path: str, line: int) -> Launch | None:
        """For a function of a module the project does not launch (`path:line`), a launch of
        its callers when the project runs every one of them on one node only
        (`one_node_launch`), as tencdm's `get_stat` in `utils/util.py` is called only under
        `torchrun --nproc_per_node=n train_diffusion.py`, though other importers of the module
        are launched nowhere (importing a function runs none of its code). None where its own
        code names a node setting, or as `_through_callers` says."""
        return self._through_callers(
            path, line, self.one_node_launch, names_multi_node_setting, one_machine=True
        )

    def _through_callers(
        self,
        path: str,
        line: int,
        launched: Callable[[str], Launch | None],
        names_otherwise: Callable[[bytes], bool],
        one_machine: bool = False,
    ) -> Launch | None:
        """A launch `launched` finds for every file calling the module-level function holding
        `path:line`, the first of them. None in a checkout that may be installed (code outside
        it may call the function: `uninstallable_checkout`), in a project that loads modules
        by names built at run time, where the module is launched itself (its own launches
        decide), where the function's code holds what `names_otherwise` finds,
        where it is handed on or called in its own file (`CallerIndex.only_called`), where
        nothing calls it, or where a text the caller index does not read names it
        (`_named_beyond_callers`; with `one_machine`, the question of one node, not a
        notebook, whose kernel is one machine)."""
        path = os.path.abspath(path)
        own = self._whole_context(path)
        function = enclosing_function(own.tree, line) if own is not None else None
        if own is None or function is None or function not in own.tree.body:
            return None  # module code, or a method: its callers are not found by name
        key = (path, function.lineno, names_otherwise, one_machine)
        if key not in self._through_callers_found:  # every finding of the function asks
            self._through_callers_found[key] = self._read_through_callers(
                path, line, own, function, launched, names_otherwise, one_machine
            )
        return self._through_callers_found[key]

    def _read_through_callers(
        self,
        path: str,
        line: int,
        own: FileContext,
        function: ast.FunctionDef | ast.AsyncFunctionDef,
        launched: Callable[[str], Launch | None],
        names_otherwise: Callable[[bytes], bool],
        one_machine: bool,
    ) -> Launch | None:
        if not self.uninstallable_checkout(path):
            return None  # an installed package's functions are called from outside too
        launches = self.launches_for(path)
        if launches.launches_of(path):
            return None  # a launched script: its own launches decide
        if names_otherwise(own.source.segment(function).encode("utf-8", "replace")):
            return None
        if self._loads_modules_by_name(launches):
            return None  # a loader may run a module that calls it where no code shows
        callers = self.callers_of(path)
        callers.know_tree(path, own.tree)
        if not callers.only_called(path, line):
            return None
        calls = list(callers.calls_of(path, line))
        if not calls or self._named_beyond_callers(path, function.name, callers, one_machine):
            return None
        graph = self._import_graph(launches)
        found: Launch | None = None
        for other in dict.fromkeys(other for other, _ in calls):
            if launches.launches_of(other) and (graph.any_unread() or graph.importers_of(other)):
                # A launched script that others import: its functions run in their programs
                # too, which its own launches do not say.
                return None
            launch = launched(other)
            if launch is None:
                return None
            found = found or launch
        return found

    def _named_beyond_callers(
        self, path: str, name: str, callers: CallerIndex, notebooks_on_one_machine: bool = False
    ) -> bool:
        """A text of the project that the caller index does not read names `name`: a Python
        file it leaves out (an example, a test, a doc), a configuration (Hydra's `_target_:
        utils.distributed.dist_init`), a notebook or a launch text, any of which may call it;
        or one cannot be read. With `notebooks_on_one_machine`, a notebook is left out: its
        kernel calls the function in one process on one machine (DiffusionTextGeneration's
        `dimension_research.ipynb` calling `bert_acc`), and a script it launches is read as a
        launch. The words of those texts are read once a project root (each function asks); a
        name of other than ASCII letters is searched as `_texts_naming` does."""
        indexed = set(callers.files)

        def counted(text: str, data: bytes | None, one_machine: bool) -> bool:
            # A notebook that starts work elsewhere (`notebook_launcher(f, num_nodes=2)`, a
            # Ray trainer, `%%writefile` then `!torchrun`) may run the helper beyond it.
            return not (
                one_machine
                and text.endswith(".ipynb")
                and data is not None
                and _NOTEBOOK_STARTS_WORK.search(data) is None
            )

        if not name.isascii():
            return any(
                counted(other, data, notebooks_on_one_machine)
                and (
                    data is None
                    or not other.endswith(".py")
                    or os.path.abspath(other) not in indexed
                )
                for other, data in self._texts_naming(path, name)
            )
        root = self.root_of(path)
        found = self._words_beyond_callers.get(root)
        if found is None:
            # One read of the texts: the words of the kernels that start no work elsewhere
            # apart from all the others.
            words: set[bytes] = set()
            kernel_words: set[bytes] = set()
            files = self.tree_files_of(path)
            launches = self.launches_for(path)
            if files is None or launches.config_files is None:
                words.add(b"")  # the project cannot be read: it may name anything
                files = []
            outside = [f for f in files if os.path.abspath(f) not in indexed]
            for text in [*outside, *(launches.config_files or ()), *launches.text_files]:
                data = read_regular_file(Path(text), self.max_file_bytes)
                if data is None:
                    words.add(b"")  # unread: it may name anything
                    continue
                # A notebook's JSON (or a string) writes a line break as `\n`: the name after
                # it is a word of its own, not `nname`.
                read = _WORD.findall(_unescaped(data))
                (words if counted(text, data, True) else kernel_words).update(read)
            found = self._words_beyond_callers[root] = (words, kernel_words)
        word = name.encode()
        words, kernel_words = found
        return (
            b"" in words or word in words or (not notebooks_on_one_machine and word in kernel_words)
        )

    def several_process_launch(self, path: str) -> Launch | None:
        """A launch of the project that may run `path` itself as several processes on one node
        (`torchrun --nproc_per_node 4 train.py`, `srun -n 8 python train.py`), if any: not
        one process per node (`torchrun --nnodes 2 train.py`, a batch script's `python`)."""
        launches = self.launches_for(path).launches_of(path)
        return next((launch for launch in launches if launch.per_node != 1), None)

    def one_gpu_launch(self, path: str) -> Launch | None:
        """A launch of `path` when every way the project runs it shows its processes one
        GPU (`CUDA_VISIBLE_DEVICES=0 python run.py`): its own launches and, for a module it
        does not launch or a script other files import, the files importing it
        (`launch_reach`)."""
        launches = self.launches_for(path)
        graph = self._import_graph(launches)
        if not launches.launches_of(path):
            own = self._one_gpu_comment_launch(path, launches.root)
            if own is not None:
                return own
            never = self._never_runs_in_walk
            return one_gpu_through_importers(path, launches, graph, self._code, never)
        found = launches.one_gpu_launch(path, self._code(path))
        # A launched script that other files import runs their way too (`train.py` on
        # every GPU importing `evaluate.py`).
        never = self._never_runs_in_walk
        for importer in graph.importers_of(path) if found is not None else ():
            if never(importer):
                continue  # an importer that never runs is no way of running
            if one_gpu_through_importers(importer, launches, graph, self._code, never) is None:
                return None
        return found

    def _one_gpu_comment_launch(self, path: str, root: str) -> Launch | None:
        """A launch of `path` written in its own comments when it has some, each shows it
        one GPU, no text of the project launches it and its code sets no visible devices
        itself (`launch_commands.own_comment_launches`)."""
        code = self._code(path)
        if code is None or sets_visible_devices(code):
            return None
        relative = os.path.relpath(path, root).replace(os.sep, "/")
        own = own_comment_launches(path, relative, code)
        if not own or any(launch.visible_gpus != 1 for launch in own):
            return None
        return own[0]

    def current_gpu_use_of(self, path: str, line: int) -> CurrentGpuUse | None:
        """Where the process running `path:line` acts on its current GPU (`current_gpu`):
        the file's code (not that of another function of the file that makes a process
        group of its own: another way to start the job; not an `if` arm no run reaching the
        line takes; for a spawn target, only what its processes run), else a project module
        it imports, else a project file that imports it and calls the function holding the
        line."""
        data = self._code(path)
        if data is None:
            return None
        text = data.decode("utf-8", "replace")
        try:
            tree = tolerant_tree(data)
        except (SyntaxError, ValueError, RecursionError):
            return current_gpu_use(path, text)  # no blocks to read: the text alone
        function = enclosing_function(tree, line)
        # The work right after the line in its own function runs first in that process: name
        # it before a use elsewhere in the file, which may run after a later binding.
        after = (line + 1, function.end_lineno or line) if function is not None else None
        # Another function of the file that makes a process group of its own is another way
        # to start the job (FunCodec's `init_torch_distributed_pai`, then its `barrier()`):
        # its work is evidence for its own group, not for this one.
        others = _other_group_setups(tree, function)
        # Arms no run that makes this group takes (BRIO's one-GPU `else: model.cuda()` beside
        # `if is_mp: init_process_group(...)`) hold no work of its processes.
        apart = _arms_apart(function, line) if function is not None else ()
        # A spawn target's processes run it and what it calls, not the file's other entry
        # points (BRIO's `evaluation`, run by `__main__` in a process of its own).
        apart += _outside_spawned_reach(tree, function)
        use = (
            current_gpu_use(path, text, program=True, tree=tree, lines=after, skip=apart)
            if after
            else None
        ) or current_gpu_use(path, text, program=True, tree=tree, skip=others + apart)
        if use is not None:
            return use
        use = current_gpu_use_by_imports(path, tree, self.max_file_bytes, skip=others + apart)
        if use is not None:
            return use
        if function is None:
            return None
        # Callers are files that import this one (a script of another project in the same
        # tree may define a function of the same name).
        importers = self._import_graph(self.launches_for(path)).importers_of(path)
        return current_gpu_use_by_callers(path, function.name, importers, self.max_file_bytes)

    def never_imported(self, path: str) -> bool:
        """`path` is a module of a checkout (`.git` at its launch root: the whole repository
        is here) that cannot be installed (no `pyproject.toml`, `setup.py` or `setup.cfg`
        there: nobody imports it from outside), that no file of the project imports
        (`launch_reach.ImportGraph`), that is no script (only definitions at its top level:
        no `__main__` block, no top-level call or loop), no test, and that no launch runs:
        its code never runs."""
        if not self._uninstallable_checkout(path):
            return False  # the files importing it may lie elsewhere
        launches = self.launches_for(path)
        root = launches.root
        if launches.launches_of(path) or is_test_or_benchmark(os.path.relpath(path, root)):
            return False
        code = self._code(path)
        if code is None or not launches.python_files or runs_work_at_top_level(code) is not False:
            return False
        return not self._import_graph(launches).importers_of(path)

    def in_archived_copy(self, path: str) -> bool:
        """`path` lies in a folder of kept copies that nothing of the project runs
        (`archived_copies`); the folders of a launch root are read once each. Only a path
        whose folders bear an archive's name reads the project."""
        if archive_folder(path) is None and archive_folder(os.path.realpath(path)) is None:
            return False  # no folder of an archive's name anywhere above it
        launches = self.launches_for(path)
        root = os.path.realpath(launches.root)
        copies = self._archived.get(root)
        if copies is None:
            copies = ArchivedCopies(
                launches,
                installable=not self._uninstallable_checkout(path),
                asked=self.asked,
                max_file_bytes=self.max_file_bytes,
                read=self._code,
            )
            self._archived[root] = copies
        return copies.holds(path)

    def _never_runs_in_walk(self, path: str) -> bool:
        """A file a walk up importers may pass over (`launch_reach.NEVER_RUNS`): one that
        `never_imported` finds, in a project whose every Python file was read for its imports,
        that loads no module by a name or path built at run time (`import_module`,
        `spec_from_file_location`, `runpy`; an `__init__.py` looping over its own directory
        is modelled), and whose other texts (configurations, notebooks, launch texts, code)
        never name the module (a Hydra `_target_`, a notebook's import). Asked once a file."""
        key = os.path.abspath(path)
        if key not in self._walk_never_runs:
            found = self.never_imported(path)
            if found:
                launches = self.launches_for(path)
                found = not self._import_graph(launches).any_unread()
                found = found and not self._loads_modules_by_name(launches)
                found = found and not self._module_named_in_texts(launches, path)
            self._walk_never_runs[key] = found
        return self._walk_never_runs[key]

    def _module_named_in_texts(self, launches: LaunchIndex, path: str) -> bool:
        """A text of the project other than `path` names the module (`_texts_naming`'s
        question: `models.big.Trainer` in a config, `from models import big`), or some text
        cannot be read. Asked of every module a walk passes, so the texts' words are counted
        once a launch root rather than searched once a module (a project of hundreds of
        unused modules); a name of other than ASCII letters is searched as `_texts_naming`
        does."""
        stem = Path(path).stem
        if not stem.isascii():
            return next(iter(self._texts_naming(path, stem)), None) is not None
        root = (self.root_of(path), os.path.abspath(launches.root))
        counts = self._word_files.get(root)
        if counts is None:
            counts = Counter()
            files = self.tree_files_of(path)
            if files is None or launches.config_files is None:
                counts[b""] += 1  # the project cannot be read: it may name any module
                files = []
            for text in [*files, *(launches.config_files or ()), *launches.text_files]:
                data = read_regular_file(Path(text), self.max_file_bytes)
                if data is None:
                    counts[b""] += 1  # unread: it may name any module
                    continue
                counts.update(set(_WORD.findall(data)))
            self._word_files[root] = counts
        if counts[b""]:
            return True
        word = stem.encode()
        own = self._code(path)
        return counts[word] - (1 if own is not None and word in set(_WORD.findall(own)) else 0) > 0

    def _loads_modules_by_name(self, launches: LaunchIndex) -> bool:
        """Some Python file of the project loads modules by a name or a path built at run time
        (beside an `__init__.py` importing its own directory by a loop, which the import graph
        reads), or cannot be read. A loader in a module that itself never runs loads nothing:
        one `never_imported` finds (a name written whole in a loader call is an import of the
        graph's) that no other text names either (a Hydra `_target_`), in a project whose every
        file was read (D-FINE's unused `lazy_loader.py`); what else could load it is a loader
        by a built name, which counts. Once a launch root."""
        root = os.path.abspath(launches.root)
        if root not in self._by_name_loaders:
            unread = self._import_graph(launches).any_unread()
            self._by_name_loaders[root] = any(
                data is None
                or (
                    loads_modules_by_name(path, data)
                    and (
                        unread
                        or not self.never_imported(path)
                        or self._module_named_in_texts(launches, path)
                    )
                )
                for path in launches.python_files
                for data in (self._code(path),)
            )
        return self._by_name_loaders[root]

    def hand_run_main_block(self, path: str, line: int) -> bool:
        """`line` of `path` lies in the `__main__` block of a package's module that no
        launch text of the project runs (`hand_run_blocks`)."""
        code = self._code(path)
        ctx = self._whole_context(path)
        if code is None or ctx is None:
            return False
        return in_hand_run_main_block(path, self.launches_for(path), ctx.tree, code, line)

    def _import_graph(self, launches: LaunchIndex) -> ImportGraph:
        graph = self._import_graphs.get(launches.root)
        if graph is None:
            graph = ImportGraph(launches.root, launches.python_files, self.max_file_bytes)
            self._import_graphs[launches.root] = graph
        return graph

    def _code(self, path: str) -> bytes | None:
        key = os.path.abspath(path)
        return self._texts.get(key) or read_regular_file(Path(key), self.max_file_bytes)

    def _parse_for_saves(self, path: str, data: bytes) -> FileContext | None:
        """A project file read for its saves, parsed once for the whole project phase: each
        file name a load reads asks the same files again."""
        key = os.path.abspath(path)
        if key not in self._save_contexts:
            try:
                self._save_contexts[key] = whole_file_context(path, data)
            except RecursionError:
                self._save_contexts[key] = None  # nested too deeply: its saves unknown
        return self._save_contexts[key]

    def _whole_context(self, path: str) -> FileContext | None:
        """`whole_file_context` of a project file, kept for the last few files asked: the
        findings of one file ask of it, and of its callers, again and again."""
        key = os.path.abspath(path)
        if key in self._contexts:
            self._contexts[key] = self._contexts.pop(key)  # the most recent last
            return self._contexts[key]
        data = self._code(key)
        try:
            ctx = whole_file_context(path, data) if data is not None else None
        except RecursionError:
            ctx = None  # nested too deeply to read: read as unreadable, for this file only
        self._contexts[key] = ctx
        if len(self._contexts) > _KEPT_CONTEXTS:
            del self._contexts[next(iter(self._contexts))]
        return ctx

    def every_call_keeps_defaults(self, path: str, line: int) -> bool:
        """In a checkout nobody installs, the module-level function holding `path:line` is
        named, in its own file and every other text of the project, only by calls that fill
        none of its defaulted parameters (`default_arguments`): it always runs with them. A
        text other than Python naming it (a configuration, a notebook), one that cannot be
        read, or a loader of modules by names built at run time, may call it otherwise."""
        if not self._uninstallable_checkout(path):
            return False  # code outside the checkout may pass them
        own = self._whole_context(path)
        function = enclosing_function(own.tree, line) if own is not None else None
        if own is None or function is None or function not in own.tree.body:
            return False
        if function.decorator_list or _in_lambda(function, line):
            return False  # a registry may call it any way; a lambda's defaults are its own
        defaults = defaults_of(function)
        if defaults is None or self._loads_modules_by_name(self.launches_for(path)):
            return False
        if self.callers_of(path).looked_up_at_run_time(os.path.abspath(path)):
            return False  # `getattr(model_transform, name)(m, 2, 1)`
        if not keeps_defaults(own.tree, defaults):
            return False
        calls = calls_in(own.tree, function.name)
        for other, data in self._texts_naming(path, function.name):
            if data is None or not other.endswith(".py"):
                return False
            try:
                tree = tolerant_tree(data)
            except (SyntaxError, ValueError, RecursionError):
                return False
            if not keeps_defaults(tree, defaults):
                return False
            calls += calls_in(tree, function.name)
        return calls > 0  # called nowhere in sight: by a framework, any way it likes

    def tree_files_of(self, path: str) -> list[str] | None:
        """Every Python file of the project of `path`, tests and examples included."""
        root = self.root_of(path)
        if root not in self._tree_files:
            self._tree_files[root] = tree_files(root)
        return self._tree_files[root]

    def in_branch_never_taken(self, path: str, line: int) -> bool:
        """`line` of `path` lies in a branch its file switches off (`dead_branches`), and no
        other file of the project assigns an attribute or module-level name that rests on."""
        key = os.path.abspath(path)
        branches = self._dead_branches.get(key)
        if branches is None:
            data = self._code(path)
            branches = self._dead_branches[key] = DeadBranches(data or b"")
        needs = branches.holds(line)
        if needs is None:
            return False
        for name in needs:
            if name.startswith(CALLED_ONLY_HERE):
                if self._filled_elsewhere(path, name.removeprefix(CALLED_ONLY_HERE)):
                    return False
            elif self._assigned_elsewhere(path, name):
                return False
        return True

    def _named_elsewhere(self, path: str, name: str) -> bool:
        """The function or class `name` of `path` may be called from out of sight: the
        project can be installed (or is not a whole checkout), or another of its files (code,
        configuration, notebook, launch script or document) names it other than by defining
        its own function or class of that name (`dead_functions.named_in`)."""
        if not self._uninstallable_checkout(path):
            return True
        root = self.root_of(path)
        key = (root, CALLED_ONLY_HERE + name)
        if key not in self._assigned:
            self._assigned[key] = self._named_in_texts(path, name)
        return self._assigned[key]

    def _filled_elsewhere(self, path: str, need: str) -> bool:
        """A public function's parameter (`dead_branches.called_only_here`) may get a value
        out of sight: the project can be installed, or another of its files names the
        function other than in a call that leaves the parameter at its default (D-FINE's
        `dist_utils.warp_model(model, sync_bn=...)` from its solver leaves `dist_mode` at
        `"ddp"`): a non-Python text that names it, a use that is no call, a call that fills
        the parameter or may through `*args` / `**kwargs`, a file that does not parse."""
        parts = read_called_only_here(need)
        if parts is None:
            return self._named_elsewhere(path, need)
        if not self._uninstallable_checkout(path):
            return True
        key = (self.root_of(path), CALLED_ONLY_HERE + need)
        if key not in self._assigned:
            self._assigned[key] = self._filled_in_texts(path, *parts)
        return self._assigned[key]

    def _filled_in_texts(
        self, path: str, function: str, parameter: str, index: int, bound: int
    ) -> bool:
        return any(
            data is None
            or not other.endswith(".py")
            or _fills_in(data, function, parameter, index, bound)
            for other, data in self._texts_naming(path, function)
        )

    def _named_in_texts(self, path: str, name: str) -> bool:
        return next(iter(self._texts_naming(path, name)), None) is not None

    def _texts_naming(self, path: str, name: str) -> Iterator[tuple[str, bytes | None]]:
        """The project's other texts (code, configuration, notebooks, launch texts) that
        name `name` (`named_in`), with their bytes, read lazily: a byte search first (most
        files never hold it), `named_in` only where it does. A file that cannot be read
        comes with None (it may name it), so does the project when it cannot be read."""
        files = self.tree_files_of(path)
        launches = self.launches_for(path)
        configs = launches.config_files
        if files is None or configs is None:
            yield path, None
            return
        own = os.path.abspath(path)
        word = name.encode("utf-8")
        for other in [*files, *configs, *launches.text_files]:
            if os.path.abspath(other) == own:
                continue
            data = read_regular_file(Path(other), self.max_file_bytes)
            if data is None or (word in data and _names(other, data, name)):
                yield other, data

    def in_class_nothing_names(self, path: str, line: int) -> bool:
        """`line` of `path` lies in a method of a class that never runs (`dead_functions`):
        a checkout nobody installs, a module other files of the project import (one loaded
        by path, a test or a server's model file, may be searched for classes), a class no
        decorator or keyword registers, that its file names nowhere outside its own body
        and no other text of the project names, in a project that never scans for classes
        it does not name (`dead_functions.FINDS_CLASSES`). The cheap readings come first:
        most findings stop at the first or second."""
        if not self._uninstallable_checkout(path):
            return False
        key = os.path.abspath(path)
        classes = self._plain_classes.get(key)
        if classes is None:
            classes = self._plain_classes[key] = plain_classes(self._code(path))
        enclosing = [c for c in classes if c.first <= line <= c.last and c.holds_in_a_method(line)]
        if not enclosing:
            return False
        text = _code_text(path, self._code(path) or b"")
        unnamed = [c for c in enclosing if not named_in(text, c.name, (c.first, c.last))]
        if not unnamed:
            return False
        launches = self.launches_for(path)
        if is_test_or_benchmark(os.path.relpath(path, launches.root)):
            return False
        if not self._import_graph(launches).importers_of(path) or self._finds_classes(path):
            return False
        return any(not self._named_elsewhere(path, c.name) for c in unnamed)

    def in_method_nothing_names(self, path: str, line: int) -> bool:
        """`line` of `path` lies in a method that never runs (`dead_functions.unnamed_methods`):
        in a checkout nobody installs, a method of a plain class whose file names it nowhere
        outside its own body, imports no library that may call it by name (each import
        beyond the standard and numeric libraries is a module of the project), and that no
        other text of the project names (`_named_elsewhere`)."""
        if not self._uninstallable_checkout(path):
            return False
        key = os.path.abspath(path)
        methods = self._unnamed_methods.get(key)
        if methods is None:
            methods = self._unnamed_methods[key] = unnamed_methods(self._code(path))
        method = next((m for m in methods if m.first <= line <= m.last), None)
        if method is None:
            return False
        own = self._module_names(path)
        if own is None or any(module not in own for module in method.imports):
            return False  # a library that may call the method by its name
        return not self._named_elsewhere(path, method.name)

    def met_only_through_public_helpers(self, path: str, line: int) -> bool:
        """`line` of `path` lies in a public method of a class (not `forward`) that no other
        text of a checkout nobody installs names (`_named_elsewhere`) and from whose class no
        class derives, and TPL201 no longer flags it once such methods are bound to what
        their callers in the file hand them (`flow_method_bindings`: SimREC's YOLOX head,
        whose `decode_outputs` gets `dtype=xin[0].type()`): every call of it is in sight."""
        if not self._uninstallable_checkout(path):
            return False
        key = os.path.abspath(path)
        if key not in self._public_reading:
            self._public_reading[key] = self._read_public_helpers(path)
        reading = self._public_reading[key]
        if reading is None:
            return False
        methods, met = reading
        method = next((m for m in methods if m[0] <= line <= m[1]), None)
        # The file's own reading first: most findings stay, and then the project's texts
        # need not be searched for the method's name.
        if method is None or line in met:
            return False
        # The values bound come from the class's own methods: a subclass may override them.
        return not self._named_elsewhere(path, method[2]) and not self._subclassed(path, method[3])

    def _read_public_helpers(self, path: str) -> _PublicReading | None:
        """The public methods of the file's classes and the lines TPL201 flags with them
        bound, from one parse of the file; None when it cannot be read or parsed."""
        data = self._code(path)
        ctx = whole_file_context(path, data) if data is not None else None
        if ctx is None:
            return None
        methods = tuple(
            (method.lineno, method.end_lineno or method.lineno, method.name, node.name)
            for node in ast.walk(ctx.tree)
            if isinstance(node, ast.ClassDef)
            for method in node.body
            if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef)
            and not method.name.startswith("_")
            and method.name != "forward"
        )
        if not methods:
            return methods, frozenset()
        return methods, met_with_public_helpers_bound(ctx)

    def _subclassed(self, path: str, name: str) -> bool:
        """A class of the project (in `path` or a text naming `name`) derives from `name`."""
        pattern = re.compile(rb"class\s+\w+\s*\([^)]*\b" + re.escape(name.encode()) + rb"\b")
        own = self._code(path)
        if own is None or pattern.search(own):
            return True
        return any(
            data is None or pattern.search(data) is not None
            for _, data in self._texts_naming(path, name)
        )

    def _module_names(self, path: str) -> frozenset[str] | None:
        """The names the project's own modules may be imported by: every directory and file
        stem on the way to each of its Python files (`from models.backbone import ...`
        where a script puts `lib/` on the path); None when the tree was not read."""
        root = self.root_of(path)
        if root not in self._own_module_names:
            files = self.tree_files_of(path)
            names: frozenset[str] | None = None
            if files is not None:
                top = os.path.abspath(root) if os.path.isdir(root) else os.path.dirname(root)
                names = frozenset(
                    part.removesuffix(".py")
                    for file in files
                    for part in os.path.relpath(os.path.abspath(file), top).split(os.sep)
                )
            self._own_module_names[root] = names
        return self._own_module_names[root]

    def under_cuda_default(self, path: str) -> bool:
        """Every way the project runs `path` sets a CUDA default for new tensors first: each
        file importing it, up through its importers, until a file that sets one
        (`cuda_default.text_sets_cuda_default`); a file on the way that neither sets one nor
        is imported (a script, a test) decides against (`launch_reach.walk_importers`)."""
        key = os.path.abspath(path)
        known = self._under_cuda_default.get(key)
        if known is None:
            known = self._under_cuda_default[key] = self._read_under_cuda_default(path)
        return known

    def _read_under_cuda_default(self, path: str) -> bool:
        launches = self.launches_for(path)
        if not launches.python_files:
            return False
        graph = self._import_graph(launches)

        def end(current: str, code: bytes) -> object | None:
            if text_sets_cuda_default(code.decode("utf-8", "replace")):
                return True
            return UP if graph.importers_of(current) else None

        return walk_importers(os.path.realpath(path), graph, self._code, end) is True

    def bound_by_every_entry_script(self, path: str) -> bool:
        """Every script that runs `path` (up through the files importing it) binds its
        process's GPU at the top of its `__main__` block, before it runs anything of the
        project (`entry_bindings`); a script that other files import also runs their way,
        and a module nothing imports, or a script that does not bind, decides against."""
        launches = self.launches_for(path)
        if not launches.python_files:
            return False
        graph = self._import_graph(launches)
        start = os.path.realpath(path)

        def end(current: str, code: bytes) -> object | None:
            script = self._entry_binding(current, code)
            if script is False:
                return None  # run as a script without binding first
            if graph.importers_of(current):
                return UP
            return True if script and current != start else None

        return walk_importers(start, graph, self._code, end) is True

    def _entry_binding(self, path: str, code: bytes) -> bool | None:
        """None for a file with no `__main__` block; else whether that block binds the
        process's GPU before running the project's code (`entry_bindings`), read once."""
        if path not in self._entry_bindings:
            tree = _parsed(code) if b"__main__" in code else None
            self._entry_bindings[path] = (
                binds_before_running(tree, partial(self._imports_own, path))
                if tree is not None and has_main_block(tree)
                else None
            )
        return self._entry_bindings[path]

    def _imports_own(self, path: str, module: str, level: int) -> bool:
        """Whether `module` (with `level` leading dots), imported by `path`, is a file of
        the project."""
        return bool(resolve_imports(path, [(module, level)], self.root_of(path)))

    def drives_gpus_from_default(self, path: str) -> bool:
        """The file at `path` wraps its model for its node's GPUs from the default one and
        picks no GPU per process (`default_gpu_drivers`), nor does a project module it
        imports (in turn), nor any file up through its importers (a launcher that binds each
        process's GPU before calling it), nor a module one of those imports."""
        key = os.path.abspath(path)
        known = self._default_gpu_drivers.get(key)
        if known is None:
            known = self._default_gpu_drivers[key] = self._read_drives_gpus_from_default(key)
        return known

    def _read_drives_gpus_from_default(self, path: str) -> bool:
        code = self._code(path)
        tree = _parsed(code)
        if code is None or tree is None or not drives_gpus_from_default(tree, code):
            return False
        seen: set[str] = {os.path.abspath(path)}
        if self._imports_a_gpu_pick(path, code, seen):
            return False
        launches = self.launches_for(path)
        if not launches.python_files:
            return True  # code standing alone: nothing else runs it
        graph = self._import_graph(launches)
        start = os.path.realpath(path)

        def end(current: str, code: bytes) -> object | None:
            if current != start and (
                self._file_picks_a_process_gpu(current)
                or self._imports_a_gpu_pick(current, code, seen)
            ):
                return None  # a launcher that binds, itself or through a module it imports
            return UP if graph.importers_of(current) else True

        return walk_importers(start, graph, self._code, end) is True

    def _imports_a_gpu_pick(self, path: str, code: bytes, seen: set[str]) -> bool:
        """A project module `path` imports, or one those import in turn, may pick a GPU per
        process (`default_gpu_drivers`); past `MAX_PICK_FILES` modules read, one may."""
        pending = [(path, code)]
        while pending:
            current, data = pending.pop()
            for file in resolve_imports(current, imported_names_in(data), self.root_of(current)):
                key = os.path.abspath(str(file))
                if key in seen:
                    continue
                seen.add(key)
                if len(seen) > MAX_PICK_FILES or self._file_picks_a_process_gpu(key):
                    return True
                inner = self._code(key)
                if inner is None:
                    return True
                pending.append((key, inner))
        return False

    def _file_picks_a_process_gpu(self, path: str) -> bool:
        key = os.path.abspath(path)
        known = self._picks_a_process_gpu.get(key)
        if known is None:
            code = self._code(key)
            tree = _parsed(code)
            # A file that cannot be read or parsed may pick one.
            known = code is None or tree is None or picks_a_process_gpu(tree, code)
            self._picks_a_process_gpu[key] = known
        return known

    def past_an_unbound_read(self, path: str, line: int) -> bool:
        """`line` of `path` lies after a read of a local name that no path there has bound,
        in the read's block (`unbound_reads`): an `UnboundLocalError` stops the function
        before it."""
        key = os.path.abspath(path)
        spans = self._unbound_spans.get(key)
        if spans is None:
            ctx = self._whole_context(key)  # the one parse of the file the project asks of
            spans = self._unbound_spans[key] = unreachable_spans(ctx.tree) if ctx else []
        return any(first <= line <= last for first, last in spans)

    def only_while_tracing(self, path: str, line: int) -> bool:
        """`line` of `path` lies in a branch that runs only while the model is traced for
        export (`tracing_branches`): one process, not the multi-GPU run."""
        key = os.path.abspath(path)
        spans = self._tracing_spans.get(key)
        if spans is None:
            data = self._code(key) or b""
            tests = b"_tracing" in data or b"is_in_onnx_export" in data  # parse only then
            tree = _parsed(data) if tests else None
            spans = self._tracing_spans[key] = tracing_only_spans(tree) if tree else []
        return any(first <= line <= last for first, last in spans)

    def in_one_process_arm(self, path: str, line: int) -> bool:
        """`line` of `path` lies in the one-process arm of a test of a world size that the
        project keeps under a name of its own (`world_size_names`: DLRM's `if
        ext_dist.my_size > 1: ... else: device = torch.device("cuda", 0)`)."""
        key = os.path.abspath(path)
        spans = self._one_process_arms.get(key)
        if spans is None:
            spans = self._one_process_arms[key] = self._read_one_process_arms(key)
        return any(first <= line <= last for first, last in spans)

    def _read_one_process_arms(self, path: str) -> list[tuple[int, int]]:
        data = self._code(path)
        if data is None or not _COUNT_TEXT.search(data):
            return []
        memo: dict[tuple[str, str, int], Path | None] = {}

        def module_names(module: str, level: int, settled: bool) -> frozenset[str]:
            files = resolve_imports(path, [(module, level)], self.root_of(path), memo)
            if not files:
                return frozenset()
            key = (str(files[0]), settled)
            if key not in self._world_size_names:
                found = module_world_size_names(files[0], self._read, settled)
                self._world_size_names[key] = found
            return self._world_size_names[key]

        try:
            return one_process_arms(tolerant_tree(data), module_names)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return []  # no arm known: the findings stand

    def _read(self, file: Path) -> bytes | None:
        return self._code(str(file))

    def shards_parameters(self, path: str) -> str | None:
        """Where the project of `path` shards its parameters (`SHARDS` in a Python or
        configuration file: `fully_shard`, `FullyShardedDataParallel`, ZeRO stage 3), as
        `` `text` in file``; an unreadable project may. In a monorepo, only the code and
        configuration of the file's own sub-project count (`sub_projects`): another project
        of AdvancedLiterateMachinery shards with ZeRO-3, VLPT-STD trains full replicas; the
        repository's shared code (in no sub-project) counts for every one."""
        own = self._sub_project(path)
        root = self.root_of(path)

        def counts(other: str) -> bool:
            # Its own sub-project's files, and those of no sub-project (the repository's
            # shared code), not another sub-project's.
            return self._sub_project(other, root) in (own, None)

        return self._first_match(path, SHARDS, configs=True, scope=(own or "", counts))

    def _sub_project(self, path: str, root: str | None = None) -> str | None:
        """The sub-project of `path` below `root` (its own project's root by default:
        `sub_projects`), read once per directory and root (a directory with a packaging
        file is a root of its own, and a sub-project of the repository around it)."""
        root = root or self.root_of(path)
        key = (root, os.path.dirname(os.path.abspath(path)))
        if key not in self._sub_projects:
            self._sub_projects[key] = sub_project_of(path, root, self._is_sub_project)
        return self._sub_projects[key]

    def splits_models(self, path: str) -> str | None:
        """Where the project of `path` spreads a model over devices (`SPLITS`, in a Python
        or configuration file), as `` `text` in file``; an unreadable project may."""
        return self._first_match(path, SPLITS, configs=True)

    def loads_model_whole(self, path: str, line: int) -> str | None:
        """Where the project of `path` loads the model class holding `line` itself, when every
        such load keeps it whole (`own_model_loads`), as `` `file:line` ``; tests and
        benchmarks do not count. Each file is parsed once, whatever the findings ask."""
        own = self._file_loads(path)
        name = model_class_at(own, line) if own is not None else None
        files = self.tree_files_of(path)
        if name is None or files is None:
            return None
        root = self.root_of(path)
        if (root, name) not in self._whole_loads:
            found = whole_load(
                name,
                (
                    (os.path.relpath(other, root), loads)
                    for other in files
                    if not is_test_or_benchmark(os.path.relpath(other, root))
                    for loads in [self._file_loads(other)]
                    if loads is not None
                ),
            )
            self._whole_loads[(root, name)] = found
        return self._whole_loads[(root, name)]

    def _file_loads(self, path: str) -> FileLoads | None:
        key = os.path.abspath(path)
        if key not in self._loads:
            data = self._code(path)
            self._loads[key] = read_loads(data) if data is not None else None
        return self._loads[key]

    def documents_split_models(self, path: str) -> str | None:
        """Where a document of the project of `path` (a README, its docs: the launch texts
        in Markdown or reST) spreads a model over devices (`SPLITS`), as `` `text` in
        file``: it tells users to split the project's models."""
        root = self.root_of(path)
        if root not in self._documented_splits:
            found = None
            for text in self.launches_for(path).text_files:
                if not text.endswith((".md", ".rst")):
                    continue
                data = read_regular_file(Path(text), self.max_file_bytes)
                match = SPLITS.search(data) if data is not None else None
                if match is not None:
                    written = match.group(0).decode("utf-8", "replace").strip()
                    found = f"`{written}` in {os.path.relpath(text, root)}"
                    break
            self._documented_splits[root] = found
        return self._documented_splits[root]

    def engine_loader_of(self, path: str) -> str | None:
        """Where the project of `path` builds its models on their GPU under a device context
        (`engine_loaders`: vLLM's loader and its forks'), as `` `file:line` ``, read once per
        project; tests and benchmarks do not count."""
        root = self.root_of(path)
        if root not in self._engine_loaders:
            found = None
            for other in self.tree_files_of(path) or []:
                if is_test_or_benchmark(os.path.relpath(other, root)):
                    continue
                data = self._code(other)
                line = engine_loader_line(data) if data is not None else None
                if line is not None:
                    found = f"`{os.path.relpath(other, root)}:{line}`"
                    break
            self._engine_loaders[root] = found
        return self._engine_loaders[root]

    def _finds_classes(self, path: str) -> bool:
        """Some Python file of the project reaches classes it does not name
        (`dead_functions.FINDS_CLASSES`); an unreadable project may."""
        return self._first_match(path, FINDS_CLASSES, configs=False) is not None

    def _first_match(
        self,
        path: str,
        pattern: re.Pattern[bytes],
        configs: bool,
        scope: tuple[str, Callable[[str], bool]] | None = None,
    ) -> str | None:
        """The first text of `pattern` in the project of `path` (its Python files, and its
        configuration files with `configs`; with `scope`, a name for the files it keeps and
        the test that keeps them), as `` `text` in file``, read once per project, pattern
        and scope; a note when the project or a file cannot be read (it may hold one). In a
        Python file, prose does not count (`code_prose.first_in_code`): speechbrain's `# Handle FSDP
        initialization` shards nothing."""
        key = (self.root_of(path), pattern.pattern, configs, scope[0] if scope else None)
        if key not in self._matches:
            files = self.tree_files_of(path)
            found: str | None = "(the project could not be read)"
            if files is not None:
                found = None
                more = (self.launches_for(path).config_files or []) if configs else []
                for other in [*files, *more]:
                    if scope is not None and not scope[1](other):
                        continue
                    data = self._code(other)
                    if data is None:
                        found = f"({Path(other).name} could not be read)"
                        break
                    match = first_in_code(pattern, data, other.endswith(".py"))
                    if match is not None:
                        text = match.group(0).decode("utf-8", "replace")
                        found = f"`{text}` in {Path(other).name}"
                        break
            self._matches[key] = found
        return self._matches[key]

    def uninstallable_checkout(self, path: str) -> bool:
        """`path` lies in a whole checkout nobody installs (`_uninstallable_checkout`)."""
        return self._uninstallable_checkout(path)

    def code_of(self, path: str) -> bytes | None:
        """The bytes of `path` (the text linted, for a text given to the linter); None when
        it cannot be read."""
        return self._code(path)

    def _uninstallable_checkout(self, path: str) -> bool:
        """`path` lies in a whole checkout (a `.git` directory at its launch root) with no
        `pyproject.toml`, `setup.py` or `setup.cfg` there, nested in no other checkout (a
        submodule's `.git` is a file; a clone inside another repository is its vendored
        code): nobody imports its modules from outside."""
        root = os.path.abspath(self.launches_for(path).root)
        if root not in self._uninstallable:  # asked for every finding: once per root
            self._uninstallable[root] = _uninstallable_checkout_at(root)
        return self._uninstallable[root]

    def _assigned_elsewhere(self, path: str, name: str) -> bool:
        """Another file of the project of `path` (tests and examples included) may assign
        `name`; an unreadable project may."""
        root = self.root_of(path)
        if (root, name) not in self._assigned:
            own = os.path.abspath(path)
            files = self.tree_files_of(path)
            self._assigned[(root, name)] = files is None or any(
                set_elsewhere(name, data)
                for other in files
                if os.path.abspath(other) != own
                for data in [read_regular_file(Path(other), self.max_file_bytes) or b""]
            )
        return self._assigned[(root, name)]

    def bound_by_project_function(self, path: str, line: int) -> bool:
        """The process group on `line` of `path` is bound by a project function called
        right after it (`binding_functions`)."""
        return bound_by_project_function(path, line, self.root_of(path), self._code)

    def bound_after_return(self, path: str, line: int) -> bool:
        """The process group on `line` of `path` is made by a helper that returns before any
        CUDA work, and every caller in the project binds right after it returns
        (`binding_functions.bound_after_return`)."""
        files = self.tree_files_of(path)
        if not files:
            return False
        return bound_after_return(path, line, self.root_of(path), files, self._code)

    def reads_back_safe_project_save(self, path: str, line: int, rank_zero: bool) -> bool:
        """The `torch.load` on `line` of `path` reads a file that saves of the project write
        (`project_saves`: matched by the path's last literal component), and every one of
        them writes a CPU copy, or (with `rank_zero`) the load runs only in rank 0 and so does
        every one of them: onto cuda:0, the GPU rank 0 saved from."""
        ctx = self._whole_context(path)
        if ctx is None:
            return False
        load = next(
            (
                n
                for n in calls_on_line(ctx.tree, line)
                if n.args and ctx.qualified(n.func) == "torch.load"
            ),
            None,
        )
        if load is None:
            return False
        holder = enclosing_function(ctx.tree, line) or ctx.tree
        component = last_component(load.args[0], holder)
        files = self.tree_files_of(path)
        if component is None or not files:
            return False
        key = (self.root_of(path), component)
        if key not in self._matching_saves:  # one read of the project per file name
            self._matching_saves[key] = matching_saves(
                component, files, self._code, self._parse_for_saves
            )
        saves = self._matching_saves[key]
        if not saves:
            return False
        if all(writes_cpu_copy(save) for save in saves):
            return True
        return (
            rank_zero
            and runs_only_on_rank_zero_through_callers(ctx, scope_of(ctx, holder), load)
            and all(saved_only_in_rank_zero(save) for save in saves)
        )

    def global_rank_caller(self, path: str, line: int) -> str | None:
        """Words naming a call, in another file of the project of `path`, of the function
        holding `line` (`CallerIndex.calls_of`) that passes the global rank to its `rank`
        parameter (`passed_global_rank`), in a file the project does not launch only on one
        node; None if there is none."""
        # The rule's own reading of a rank, imported here: importing a rule package when
        # this module loads would load every rule of it first.
        from torchplace.lint.rules.distributed.global_rank_as_device import passed_global_rank

        path = os.path.abspath(path)  # as the project's files are listed
        ctx = self._whole_context(path)
        function = enclosing_function(ctx.tree, line) if ctx is not None else None
        if ctx is None or not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            return None
        key = (path, function.lineno)  # one answer for every device of the function
        if key in self._global_rank_callers:
            return self._global_rank_callers[key]
        found: str | None = None
        callers = self.callers_of(path)
        callers.know_tree(path, ctx.tree)
        for other, call in callers.calls_of(path, line):
            if other == path:
                continue
            code = callers.text_of(other) or b""
            if not _NAMES_A_RANK.search(code):
                continue  # names no rank at all: read no further
            other_ctx = self._whole_context(other)
            same = same_call(other_ctx.tree, call) if other_ctx is not None else None
            argument = _argument_for(function, same, "rank") if same is not None else None
            if other_ctx is None or same is None or argument is None:
                continue
            try:
                source = passed_global_rank(other_ctx, same, argument)
            except RecursionError:
                continue  # a caller nested too deeply to read says nothing
            if source is None or self.one_node_launch(other) is not None:
                continue
            relative = os.path.relpath(other)
            where = other if relative.startswith("..") else relative
            found = (
                f"(`{call_name(call)}(...)` at {where}:{call.lineno} passes "
                f"`{other_ctx.source.segment(source)}`)"
            )
            break
        self._global_rank_callers[key] = found
        return found

    def multi_process_caller(self, path: str, line: int) -> str | None:
        """Words naming a call, in another file of the project of `path`, of the function
        holding `line` (`CallerIndex.calls_of`) that several processes make: its file is
        multi-process code (`multi_process_code`: a process group, a rank, a
        `DistributedSampler`) the project does not launch only as one process, nor drives
        its GPUs from cuda:0 in one process per node, and the call lies on no one-process arm
        (`if not dist.is_initialized():`), nor only in rank 0 in a file that writes its
        checkpoints only from rank 0 (what it resumes comes back onto rank 0's own GPU).
        None if there is none, or where the load reads back what the project saves as CPU
        copies, or only in rank 0 where only rank 0 reads it (`reads_back_safe_project_save`)."""
        path = os.path.abspath(path)  # as the project's files are listed
        own = self._whole_context(path)
        function = enclosing_function(own.tree, line) if own is not None else None
        if own is None or function is None:
            return None
        key = (path, function.lineno)  # one caller for every load of the function
        if key not in self._multi_process_callers:
            callers = self.callers_of(path)
            callers.know_tree(path, own.tree)
            self._multi_process_callers[key] = self._first_multi_process_call(callers, path, line)
        found = self._multi_process_callers[key]
        if found is not None and self.reads_back_safe_project_save(path, line, rank_zero=True):
            return None  # CPU copies, or rank 0's own GPU (`project_saves`)
        return found

    def _first_multi_process_call(self, callers: CallerIndex, path: str, line: int) -> str | None:
        found: str | None = None
        for other, call in callers.calls_of(path, line):
            data = callers.text_of(other)
            if data is None or not multi_process_code(data.decode("utf-8", "replace")):
                continue
            caller = self._whole_context(other)
            same = same_call(caller.tree, call) if caller is not None else None
            if caller is None or same is None:
                continue
            try:
                if not self._run_by_several_processes(other, caller, same):
                    continue
            except RecursionError:
                continue  # a caller nested too deeply to read says nothing
            name = call_name(call) or "it"
            # As the finding's own path is shown: from the working directory when in it.
            relative = os.path.relpath(other)
            where = other if relative.startswith("..") else relative
            found = f"(`{name}` is called at {where}:{call.lineno})"
            break
        return found

    def _run_by_several_processes(self, path: str, ctx: FileContext, call: ast.Call) -> bool:
        """The call, in multi-process code, runs in several processes, each on its own GPU
        (`multi_process_caller`)."""
        holder = enclosing_function(ctx.tree, call.lineno)
        if in_one_process_branch(ctx, call, holder):
            return False  # `if not dist.is_initialized(): load_checkpoint(...)`
        if self.in_one_process_arm(path, call.lineno) or self.drives_gpus_from_default(path):
            return False
        if self.one_process_launch(path) is not None:
            return False  # every launch of the caller is one process
        scope = scope_of(ctx, holder or ctx.tree)
        return not (
            runs_only_on_rank_zero_through_callers(ctx, scope, call)
            and checkpoints_written_by_rank_zero(ctx, ctx.tree)
        )

    def bound_where_set(self, path: str, name: str) -> bool:
        """A method of the project of `path` sets `self.<name>` and binds the GPU or shows
        only the chosen GPUs there (`binding_configs`); an unreadable project does not."""
        root = self.root_of(path)
        if (root, name) not in self._bound_where_set:
            files = self.tree_files_of(path)
            self._bound_where_set[(root, name)] = files is not None and bound_where_set(
                name, root, files, self._code
            )
        return self._bound_where_set[(root, name)]

    def defines_as_local_rank(self, path: str, name: str) -> bool:
        """The project of `path` defines the conventional rank name `name` only as this
        node's rank (`rank_names`); an unreadable project does not."""
        root = self.root_of(path)
        if (root, name) not in self._local_rank_names:
            files = self.tree_files_of(path)
            self._local_rank_names[(root, name)] = files is not None and defines_as_local_rank(
                name, files, self._code
            )
        return self._local_rank_names[(root, name)]

    def never_runs(self, path: str, line: int) -> bool:
        """`line` of `path` lies in a function of a script that neither the script nor any
        other file of the project (code, configuration, notebook, launch text) names
        (`dead_functions`), or, in a checkout nobody installs, in a module's function that
        only functions nothing calls call (`dead_module_functions`). A script inside a
        package of an installable project may be imported by its users (a console entry
        point, `from pkg.tool import f`), and `hubconf.py`'s functions are called by
        `torch.hub` from outside: neither is read as dead."""
        key = os.path.abspath(path)
        if os.path.basename(key) == "hubconf.py":
            return False
        if key not in self._script_spans:  # one parse per file, however many findings ask
            data = self._texts.get(key) or read_regular_file(Path(key), self.max_file_bytes)
            self._script_spans[key] = unused_script_functions(data)
        if not any(first <= line <= last for _, first, last in self._script_spans[key]):
            return self._only_dead_callers(path, line)
        if key in self._texts:
            return True  # code standing as a project of its own: nothing else names it
        if key not in self._mentioned:  # one read of the project per script, not per line
            self._mentioned[key] = self._script_may_be_named(path)
        return not self._mentioned[key] or self._only_dead_callers(path, line)

    def _script_may_be_named(self, path: str) -> bool:
        """Code out of sight may import the script: it lies in a package of a project that
        can be installed; or another file of the project (a Python file, a configuration, a
        notebook, a launch text) names its module; or the tree was not read."""
        key = os.path.abspath(path)
        in_package = os.path.isfile(os.path.join(os.path.dirname(key), "__init__.py"))
        if in_package and not self._uninstallable_checkout(path):
            return True
        files = self.tree_files_of(path)
        launches = self.launches_for(path)
        if files is None or launches.config_files is None:
            return True
        texts = [*files, *launches.text_files, *launches.config_files]
        return mentioned_elsewhere(path, texts, self.max_file_bytes)

    def _only_dead_callers(self, path: str, line: int) -> bool:
        if os.path.abspath(path) in self._texts or not self._uninstallable_checkout(path):
            return False
        launches = self.launches_for(path)
        if launches.config_files is None or not launches.python_files:
            return False  # the tree was not read: a caller may lie anywhere
        root = os.path.abspath(launches.root)
        if root not in self._dead_module_functions:
            graph = self._import_graph(launches)
            texts = [*launches.python_files, *launches.text_files, *(launches.config_files or ())]
            self._dead_module_functions[root] = DeadModuleFunctions(
                root, graph.importers_of, self._code, texts
            )
        return self._dead_module_functions[root].holds(path, line)

    def callers_of(self, path: str) -> CallerIndex:
        """Call sites across the project of `path` (tests, examples and docs left out)."""
        root = self.root_of(path)
        callers = self._callers.get(root)
        if callers is None:
            files = [root] if os.path.isfile(root) else _project_files(root)[0]
            callers = CallerIndex(files, max_file_bytes=self.max_file_bytes)
            self._callers[root] = callers
        return callers


#: Text without which a file passes no global rank (`RANK`, `SLURM_PROCID`, `get_rank()`,
#: `world_rank`, `process_index`, `hvd.rank()`): a cheap test before a caller is parsed.
_NAMES_A_RANK = re.compile(rb"(?i:rank)|PROCID|process_index")


#: Whole-file contexts a project index keeps (`ProjectIndex._whole_context`).
_KEPT_CONTEXTS = 16


def _argument_for(
    function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, parameter: str
) -> ast.expr | None:
    """The argument `call` passes to `parameter` of `function` (by keyword, or by position,
    `self` left out of an `__init__`), or None (not passed, or behind a `*args`)."""
    only_positional = [a.arg for a in function.args.posonlyargs]
    given = next((k.value for k in call.keywords if k.arg == parameter), None)
    if given is not None and parameter not in only_positional:
        return given  # a positional-only one's name given by keyword goes to `**kwargs`
    positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if function.name == "__init__":
        positional = positional[1:]
    if parameter not in positional:
        return None
    position = positional.index(parameter)
    ahead = call.args[: position + 1]
    if len(ahead) <= position or any(isinstance(a, ast.Starred) for a in ahead):
        return None
    return call.args[position]


def _parsed(code: bytes | None) -> ast.Module | None:
    if code is None:
        return None
    try:
        return tolerant_tree(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def _uninstallable_checkout_at(root: str) -> bool:
    """`root` holds a `.git` directory and no packaging file, and no directory above it
    holds a `.git`."""
    marker = os.path.join(root, ".git")
    if not os.path.isdir(marker) or os.path.islink(marker):
        return False
    if any(os.path.lexists(os.path.join(root, m)) for m in MARKERS if m != ".git"):
        return False
    parent = os.path.dirname(root)
    while True:
        if is_shared_directory(parent):
            return True  # a dotfiles `.git` above holds no checkout of this one
        if os.path.lexists(os.path.join(parent, ".git")):
            return False
        if parent == os.path.dirname(parent):
            return True
        parent = os.path.dirname(parent)


#: Parameters sharded across ranks: FSDP (`FullyShardedDataParallel`, FSDP2's `fully_shard`)
#: or DeepSpeed's ZeRO stage 3 (`"stage": 3` in its JSON, `zero_stage=3`, `ZeRO-3`).
SHARDS = re.compile(
    rb"\bfully_shard\b|\bFullyShardedDataParallel\b|\bFSDP\b"
    rb"|[\"']stage[\"']\s*:\s*3\b|\bzero_stage\s*[=:]\s*3\b|\bZeRO-?3\b|\bzero3\b"
)


#: A device map that may spread a model over GPUs: `device_map=` (a keyword, an assignment,
#: an annotated field), `kwargs["device_map"] =`, a `"device_map":` key or a YAML `device_map:`
#: of anything but `None` / `null`, one device (`"cuda:0"`, `f"cuda:{rank}"`, `"cpu"`), a
#: single-entry `{"": ...}` map, a device or rank variable (`device`, `args.local_rank`) or a
#: GPU number; or Accelerate's own dispatch (`infer_auto_device_map`, `dispatch_model`). A map
#: handed on (`device_map=device_map`) may be `"auto"`. `(?![\s=])` after the spaces makes
#: the value checked where it starts (and leaves `device_map == ...` out).
_ONE_DEVICE = (
    rb"(?!None\b|null\b|none\b|~|f?[\"'](?:cuda|cpu|mps|xpu|npu)(?::[^\"'\n]*)?[\"']"
    rb"|\{\s*[\"'][\"']\s*:|[\w.]*(?:device|rank)\b|\d)"
)
SPLITS = re.compile(
    rb"(?:\bdevice_map\s*(?::[^=\n]*)?=|[\"']device_map[\"']\s*\]\s*=|[\"']device_map[\"']\s*:"
    rb"|^[ \t]*device_map[ \t]*:(?![^\n]*=)(?![ \t]*(?:str|dict|Dict|Optional|Union|Any)\b))"
    rb"[ \t]*(?![\s=])" + _ONE_DEVICE + rb"|\binfer_auto_device_map\b|\bdispatch_model\b",
    re.MULTILINE,
)


def _fills_in(data: bytes, function: str, parameter: str, index: int, bound: int) -> bool:
    """Whether Python `data` may give `parameter` of `function` a value: it does not parse,
    names the function other than as a call's callee (passed on, stored), or calls it filling
    the parameter (`dead_branches.fills_parameter`). Its own function of that name counts as
    a use too: which one a call means is not read here."""
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True
    callees: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import) and any(
            a.name.rpartition(".")[2] == function and a.asname for a in node.names
        ):
            return True  # called under another name
        if isinstance(node, ast.Call):
            func = node.func
            if call_name(node) == function:
                callees.add(id(func))
                if fills_parameter(node, parameter, index, bound):
                    return True
    for node in ast.walk(tree):
        named = (isinstance(node, ast.Name) and node.id == function) or (
            isinstance(node, ast.Attribute) and node.attr == function
        )
        if named and id(node) not in callees:
            return True
    return False


def read_facts(root: str, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES) -> ProjectFacts:
    """The facts of the project at `root` (a directory, or a lone file); files larger than
    `max_file_bytes` (the user's `max-file-size`) are not read."""
    if os.path.isfile(root):
        return _facts_of_files(root, [root], True, max_file_bytes)
    files, complete = _project_files(root)
    return _facts_of_files(root, files, complete, max_file_bytes)


def facts_of_text(path: str, text: str) -> ProjectFacts:
    """The facts of one piece of code standing as its own project (`lint_source`)."""
    evidence = _evidence_in(path, text.encode("utf-8", "surrogatepass"))
    if evidence is None:
        return ProjectFacts(path, 1, (), complete=False)
    return ProjectFacts(path, 1, evidence)


def _evidence_in(path: str, data: bytes) -> tuple[Evidence, ...] | None:
    """The GPU bindings in one file's bytes; None when it is nested too deeply to read."""
    try:
        return tuple(_binding_calls(path, data))
    except RecursionError:
        return None


def _project_files(root: str) -> tuple[list[str], bool]:
    files: list[str] = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [
            d
            for d in subdirectories
            if not d.startswith(".") and d != "__pycache__" and d not in _SKIPPED_DIRECTORIES
        ]
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(directory, name)
                if not is_test_or_benchmark(os.path.relpath(path, root)):
                    files.append(path)
        if len(files) > MAX_FILES:
            return files, False
    return files, True


def _facts_of_files(
    root: str, files: Sequence[str], complete: bool, max_file_bytes: int
) -> ProjectFacts:
    """Read until the first binding: one is enough to know a project binds, and a project
    that binds mostly says so early (workers, launchers); a library is read whole."""
    for path in files:
        data = read_regular_file(Path(path), max_file_bytes)
        if data is None:
            # Never a FIFO, device or link (opening one could block), nor a file over the
            # size limit: unread, it may hold a binding, so "binds no GPU" is not known.
            complete = False
            continue
        if not _BINDING_TEXT.search(data):
            continue
        evidence = _evidence_in(path, data)
        if evidence is None:
            complete = False
        elif evidence:
            return ProjectFacts(root, len(files), evidence[:1], complete)
    return ProjectFacts(root, len(files), (), complete)


def _binding_calls(path: str, data: bytes) -> Iterable[Evidence]:
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError):
        return  # a file that does not compile binds nothing (RecursionError: not read)
    scopes: list[ast.AST] = [tree]
    scopes += [n for n in ast.walk(tree) if isinstance(n, _SCOPES)]
    for scope in scopes:
        nodes = list(own_nodes(scope))
        calls = [n for n in nodes if isinstance(n, ast.Call) and binds_gpu(n)]
        if calls and not _guards_and_restores(scope, nodes):
            yield from (Evidence(path, c.lineno, _short(ast.unparse(c))) for c in calls)


def _guards_and_restores(scope: ast.AST, nodes: Sequence[ast.AST]) -> bool:
    """A device guard, not a binding: a context manager (`__enter__`, a generator), or a
    function that reads the current device or sets it twice (save, set, restore)."""
    name = getattr(scope, "name", "")
    if name in {"__enter__", "__exit__"}:
        return True
    if any(isinstance(n, ast.Yield | ast.YieldFrom) for n in nodes):
        return True
    calls = [call_name(n) for n in nodes if isinstance(n, ast.Call)]
    return "current_device" in calls or sum(c in BINDERS for c in calls) > 1


def _short(code: str) -> str:
    return code if len(code) <= 80 else code[:77] + "..."


#: A file that cannot be read or an error of ours: no line of code to judge.
_FILE_PROBLEMS = frozenset({FILE_PROBLEM_CODE, INTERNAL_ERROR_CODE})


def project_conditions(rules: Iterable[type[Rule]]) -> dict[str, str]:
    """Code -> project condition of the rules that have one."""
    return {r.code: r.project_condition for r in rules if r.project_condition is not None}


def apply_project_facts(
    findings: Iterable[Finding],
    conditions: dict[str, str],
    index: ProjectIndex | None = None,
) -> list[Finding]:
    """`findings` less those whose rule's project condition (`conditions`: code -> name in
    :data:`CONDITIONS`) does not hold for the finding's project; the kept ones say why."""
    index = index or ProjectIndex()
    kept = []
    for finding in findings:
        if finding.code not in _FILE_PROBLEMS:
            try:
                if index.in_archived_copy(finding.path):
                    continue  # a kept copy the project does not run (`archived_copies`)
                if index.in_branch_never_taken(finding.path, finding.line):
                    continue  # code that never runs (`dead_branches`)
                if index.in_class_nothing_names(finding.path, finding.line):
                    continue  # a class that never runs (`dead_functions`)
                if index.in_method_nothing_names(finding.path, finding.line):
                    continue  # a method that never runs (`dead_functions`)
                if index.never_runs(finding.path, finding.line):
                    continue  # a function nothing calls (`dead_functions`, `dead_module_functions`)
                if index.past_an_unbound_read(finding.path, finding.line):
                    continue  # code an `UnboundLocalError` stops before (`unbound_reads`)
                if index.only_while_tracing(finding.path, finding.line):
                    continue  # the export path of a traced model (`tracing_branches`)
            except RecursionError:
                pass  # too deep to read: the finding stands
            except Exception as error:
                kept.append(internal_error(finding.path, finding.code, error))
                continue
        condition = conditions.get(finding.code)
        if condition is None:
            kept.append(finding)
            continue
        try:
            said = CONDITIONS[condition](index, finding)
        except RecursionError:
            said = None  # a file nested too deeply to read: no evidence, no finding
        except Exception as error:
            kept.append(internal_error(finding.path, finding.code, error))
            continue
        if said is not None:
            kept.append(replace(finding, message=f"{finding.message} {said}".rstrip()))
    return without_taken_sites(kept)


def without_taken_sites(findings: list[Finding]) -> list[Finding]:
    """`findings` less those at a place where a finding of a rule that takes over their
    rule's sites (`Rule.takes_sites_of`) stands: where both rules run, one line is flagged
    once; where only the first runs, it keeps them all."""
    taken = {r.code: r.takes_sites_of for r in all_rules() if r.takes_sites_of is not None}
    places = {
        (taken[f.code], f.path, f.start.line, f.start.column) for f in findings if f.code in taken
    }
    if not places:
        return findings
    return [f for f in findings if (f.code, f.path, f.start.line, f.start.column) not in places]
