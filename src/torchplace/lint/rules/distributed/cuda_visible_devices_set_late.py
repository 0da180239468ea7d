"""TPL404 cuda-visible-devices-set-late."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.cache import read_regular_file
from torchplace.lint.config import DEFAULT_MAX_FILE_BYTES
from torchplace.lint.context import FileContext, Located, call_name
from torchplace.lint.correlated_branches import CorrelatedBranches
from torchplace.lint.if_arms import if_arms, on_other_arms
from torchplace.lint.import_cuda import AFTER_PROJECT_IMPORTS, STARTS_CUDA
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.process_indexes import unwrapped
from torchplace.lint.project_modules import imported_project_files, is_project_module
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    code_before,
    is_env_read,
    literal_string,
    scope_nodes,
    without_comments,
)
from torchplace.lint.run_conditions import statements_after
from torchplace.lint.visible_device_writes import (
    is_environ_key,
    sets_variable,
    starts_child,
    written_value,
)
from torchplace.report import Finding

VARIABLE = "CUDA_VISIBLE_DEVICES"
# `device="cuda"` counts as a call's argument (a tensor made there), not as an assignment
# (`device = "cuda"` or a field's default only names the device); what starts CUDA:
# `import_cuda.STARTS_CUDA`.
_INITIALISES = STARTS_CUDA
#: Under `PYTORCH_NVML_BASED_CUDA_CHECK=1`, which `import vllm` sets, `is_available()` asks NVML
#: and starts no CUDA (`benchmarks/results/lint_cuda_init_facts.md`).
_INITIALISES_NVML = re.compile(
    STARTS_CUDA.pattern.replace(r"|device_count\b", r"|device_count\b|is_available\b", 1)
)
assert _INITIALISES_NVML.pattern != STARTS_CUDA.pattern, "STARTS_CUDA no longer names device_count"


class CudaVisibleDevicesSetLate(Rule):
    """## What it does
    Flags an assignment to `os.environ["CUDA_VISIBLE_DEVICES"]` (or `os.environ.update`,
    `.setdefault`, `os.putenv`) that runs after code that may have initialised CUDA or fixed
    the visible GPUs: `torch.cuda.*()` calls (`is_available`, `set_device`, ...; not
    `device_count()`, which counts through NVML before CUDA starts, nor `is_available()`
    where the program turned on torch's NVML-based check above it (`import vllm` does, in
    the file or a project module it imports at its top level), nor `empty_cache()` and
    the memory statistics, which do nothing then, nor the seeds, `manual_seed_all()`, which
    torch queues until CUDA starts), `.cuda()`, a call given
    `device="cuda..."`, `.to("cuda...")`, `init_process_group(...)`; or, at module level,
    after `import torch` and an import of the project's own modules (relative, or from a
    package the file lives in) that may ask CUDA when imported: what an import runs is read
    on disk (the module's import-time code, its parent packages, the project modules it
    imports in turn); one not found there may. A late write
    still meant for child processes is left alone: the function starts processes after it
    (`subprocess`, `Process`, `spawn`), or it hides every GPU (`""`, `"-1"`) and no CUDA use
    can follow it in the function (in the rest of the file, for a write at module level),
    or it puts back the value the function saved from the
    same variable, or it names the GPU the process bound just before
    (`set_device(gpu)`, then the variable set to that GPU for the processes it starts, or
    through a name the function assigned from it: `gpu_num = gpu.index`).
    Code on another arm of an `if` than the write does not run before it, nor code on the
    opposite arm of an earlier `if` on the same flag (`if cfg.distributed:` the group, then
    `if cfg.distributed: ... else:` the write).

    ## Why is this bad?
    CUDA reads `CUDA_VISIBLE_DEVICES` once, when the runtime first initialises; PyTorch also
    caches the device count. Setting it afterwards changes nothing in this process: the
    program still sees (and uses) every GPU, usually GPU 0, while the code believes it
    restricted itself to another one.

    ## Example
    ```python
    if torch.cuda.is_available():
        os.environ["CUDA_VISIBLE_DEVICES"] = args.gpus
    ```

    Use instead:
    ```python
    # in the launcher: CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc-per-node 2 train.py
    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank)
    ```
    If it must be set in Python, do it first thing, before `torch` touches CUDA.

    ## Fix safety
    No automatic fix.

    ## References
    - https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-environment-variables
    """

    code = "TPL404"
    # Preview: at first look on fresh-6 (8,108 files) TRUE on 0 of 1 (the write and the
    # binding are on two arms of an `if`), on fresh-7 and fresh-12 1 of 7 (a write naming
    # the GPU the process had just bound; project imports that start no CUDA). The code
    # before a write now leaves out the other arms, a write naming the bound GPU is left, and
    # what a project import runs is read on disk; on fresh-32 TRUE on 0 of 1 (a write after
    # `manual_seed_all()`, which torch queues until CUDA starts: seeds now start nothing);
    # on fresh-65 on 0 of 1 (an import chain through `from . import utils`, read as a module
    # not found, now read); on fresh-90 TRUE on 1 of 2 (KernelBench's write naming the GPU it
    # had bound through another name, now read) (benchmarks/results/lint_precision_unseen.md).
    preview = True
    name = "cuda-visible-devices-set-late"
    contexts = (
        "program start-up: `CUDA_VISIBLE_DEVICES` set after CUDA is initialized; not writes"
        " for child processes started after them, masks hiding every GPU with no CUDA after,"
        " or a saved value put back"
    )
    summary = "CUDA_VISIBLE_DEVICES set after CUDA may be initialised: it has no effect"
    pattern = "cuda-visible-devices-misuse"
    candidate = AnyOf(VARIABLE)
    file_gate = (VARIABLE,)
    project_condition = "imports-may-start-cuda"

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        writes: list[tuple[ast.AST, Located]] = []
        for located in ctx.assignments:
            node = located.node
            targets = node.targets if isinstance(node, ast.Assign) else []
            writes += [(t, located) for t in targets if is_environ_key(ctx, t)]
        for call, located in self.located_calls(ctx, "update", "setdefault", "putenv"):
            if sets_variable(ctx, call):
                writes.append((call, located))
        reads = _Reads(ctx)
        for node, located in writes:
            line = getattr(node, "lineno", 1)
            if _meant_for_children(ctx, node, located, reads) or _names_bound_gpu(
                ctx, node, located, reads.bindings
            ):
                continue
            before = code_before(ctx, located.scope, line)
            match = reads.starts.search(before)
            if match and _starts_only_on_other_arms(ctx, located, node, line, reads):
                continue  # SimpleClick: the group in `if distributed:`, the write in its `else`
            if match:
                message = f"{VARIABLE} set after `{match.group(0).strip()}`: it has no effect"
                yield self.finding(ctx, node, message)
            elif located.scope.function is None:
                imported = _project_import_before(ctx, line)
                if imported is not None:
                    message = (
                        f"{AFTER_PROJECT_IMPORTS} `{imported}`, which may touch CUDA when "
                        "imported: set it before the imports"
                    )
                    yield self.finding(ctx, node, message)


def nvml_checked(ctx: FileContext) -> bool:
    """The program turns on torch's NVML-based CUDA check before the file's first
    `is_available()`: a top-level statement above it imports vllm (whose `env_override` sets
    `PYTORCH_NVML_BASED_CUDA_CHECK=1` whenever vllm is imported), itself or through a project
    module that imports it at its own top level (two steps deep, `_MAX_NVML_FILES` files at
    most), or sets the variable to "1". Read from the syntax tree, never from the text."""
    tree = ctx.whole_tree()
    if tree is None:
        return False
    calls = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "is_available"
    ]
    if not calls:
        return False
    line = min(calls)
    budget = [_MAX_NVML_FILES]
    for statement in tree.body:
        if statement.lineno >= line:
            break
        if _turns_check_on(statement) or _brings_vllm(ctx.source.path, statement, 0, budget):
            return True
    return False


def _turns_check_on(statement: ast.stmt) -> bool:
    """`import vllm`, `from vllm.x import y`, or the variable set to exactly "1"
    (`os.environ["PYTORCH_NVML_BASED_CUDA_CHECK"] = "1"`, `os.environ.setdefault(...)`)."""
    if isinstance(statement, ast.Import):
        return any(_is_vllm(alias.name) for alias in statement.names)
    if isinstance(statement, ast.ImportFrom):
        return statement.level == 0 and _is_vllm(statement.module or "")
    if isinstance(statement, ast.Assign) and _is_one(statement.value):
        return any(
            isinstance(t, ast.Subscript) and _names_check(t.slice) for t in statement.targets
        )
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        call = statement.value
        setdefault = isinstance(call.func, ast.Attribute) and call.func.attr == "setdefault"
        return (
            setdefault
            and len(call.args) == 2
            and _names_check(call.args[0])
            and _is_one(call.args[1])
        )
    return False


def _is_vllm(module: str) -> bool:
    return module == "vllm" or module.startswith("vllm.")


def _names_check(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == "PYTORCH_NVML_BASED_CUDA_CHECK"


def _is_one(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == "1"


def _brings_vllm(path: str, statement: ast.stmt, depth: int, budget: list[int]) -> bool:
    """A top-level import of a project module whose own top level imports vllm (or sets the
    variable), `_NVML_DEPTH` steps deep; each module's answer kept for the run."""
    if not isinstance(statement, ast.Import | ast.ImportFrom) or depth >= _NVML_DEPTH:
        return False
    top = ast.Module(body=[statement], type_ignores=[])
    for file in imported_project_files(path, top):
        key = str(file)
        if key not in _VLLM_MODULES:
            if budget[0] <= 0:
                return False  # too many modules read: not known to turn the check on
            budget[0] -= 1
            data = read_regular_file(file, DEFAULT_MAX_FILE_BYTES)
            try:
                module = tolerant_tree(data) if data is not None else None
            except (SyntaxError, ValueError, RecursionError):
                module = None
            body = module.body if module is not None else []
            _VLLM_MODULES[key] = any(_turns_check_on(s) for s in body) or any(
                _brings_vllm(key, s, depth + 1, budget) for s in body
            )
        if _VLLM_MODULES[key]:
            return True
    return False


#: How many steps of project imports are read for vllm, and how many files at most per file.
_NVML_DEPTH = 2
_MAX_NVML_FILES = 40
#: Per project module read: whether its import turns the NVML-based check on.
_VLLM_MODULES: dict[str, bool] = {}


class _Reads:
    """What the writes of one file share, read once for all of them (many writes in one
    function would otherwise read the statements around each again): each function's binding
    calls and branches, and per statement whether it starts a child process, whether what it
    runs itself may start CUDA (`_heads`), and whether its text may."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self._starts_pattern: re.Pattern[str] | None = None
        self.bindings: dict[int, list[ast.Call]] = {}
        self.branches: dict[int, CorrelatedBranches] = {}
        self._children: dict[int, bool] = {}
        self._heads: dict[int, bool] = {}
        self._texts: dict[tuple[int, bool], bool] = {}
        self._module_before: dict[int, bool] = {}
        self._starts: dict[int, list[tuple[ast.AST, bool]]] = {}

    @property
    def starts(self) -> re.Pattern[str]:
        """What may start CUDA in this file (`is_available()` not, under the NVML check):
        read once, only for a file with a write to judge."""
        if self._starts_pattern is None:
            checked = "is_available" in self.ctx.source.text and nvml_checked(self.ctx)
            self._starts_pattern = _INITIALISES_NVML if checked else _INITIALISES
        return self._starts_pattern

    def starts_child(self, statement: ast.AST) -> bool:
        if id(statement) not in self._children:
            self._children[id(statement)] = starts_child(self.ctx, [statement])
        return self._children[id(statement)]

    def head_starts_cuda(self, statement: ast.AST) -> bool:
        if id(statement) not in self._heads:
            segments = (self.ctx.source.segment(h) for h in _heads(statement))
            self._heads[id(statement)] = any(self.starts.search(t) for t in segments)
        return self._heads[id(statement)]

    def text_starts_cuda(self, statement: ast.AST, comments: bool = False) -> bool:
        """The statement's text may start CUDA; `comments`: read as written (a definition's
        text), else with comments taken out."""
        key = (id(statement), comments)
        if key not in self._texts:
            text = self.ctx.node_text(statement)
            found = self.starts.search(text if comments else without_comments(text))
            self._texts[key] = found is not None
        return self._texts[key]

    def cuda_starts(self, function: ast.AST) -> list[tuple[ast.AST, bool]]:
        """The statements of `function` that may start CUDA: those whose own code does
        (`head_starts_cuda`), and definitions whose text does (`True`: a definition runs
        nothing by itself, but a later call of it may start CUDA where no arm shows it)."""
        if id(function) not in self._starts:
            found: list[tuple[ast.AST, bool]] = []
            pending: list[ast.AST] = list(getattr(function, "body", []))
            while pending:
                statement = pending.pop()
                if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    if self.text_starts_cuda(statement, comments=True):
                        found.append((statement, True))
                    continue
                if self.head_starts_cuda(statement):
                    found.append((statement, False))
                for field in ("body", "orelse", "finalbody", "handlers"):
                    pending += getattr(statement, field, [])
            self._starts[id(function)] = found
        return self._starts[id(function)]

    def module_starts_cuda_before(self, line: int) -> bool:
        if line not in self._module_before:
            before = code_before(self.ctx, self.ctx.module_scope, line)
            self._module_before[line] = self.starts.search(before) is not None
        return self._module_before[line]


def _starts_only_on_other_arms(
    ctx: FileContext,
    located: Located,
    node: ast.AST,
    line: int,
    reads: _Reads,
) -> bool:
    """Every statement of the write's function before it that may start CUDA lies on an arm
    no run that makes the write takes (`correlated_branches`: `if cfg.distributed:
    init_process_group(...)`, then `if cfg.distributed: ... else: os.environ[...] = ...`), and
    no module-level code before the function does."""
    function = located.scope.function
    if function is None:
        return False
    top = getattr(function.node, "lineno", line)
    if reads.module_starts_cuda_before(top):
        return False
    if id(function.node) not in reads.branches:
        reads.branches[id(function.node)] = CorrelatedBranches(function.node)
    branches = reads.branches[id(function.node)]
    for statement, definition in reads.cuda_starts(function.node):
        if getattr(statement, "lineno", line) >= line:
            continue
        if definition or not branches.exclusive(statement, node):
            return False
    return True


def _heads(statement: ast.AST) -> list[ast.AST]:
    """What a statement runs itself, not its nested blocks: a simple statement whole, an `if`
    or loop's test or iterator, a `with`'s items."""
    if isinstance(statement, ast.If | ast.While):
        return [statement.test]
    if isinstance(statement, ast.For | ast.AsyncFor):
        return [statement.iter]
    if isinstance(statement, ast.With | ast.AsyncWith):
        return [item.context_expr for item in statement.items]
    if isinstance(statement, ast.Try | ast.ExceptHandler):
        return []
    return [statement]


def _meant_for_children(ctx: FileContext, node: ast.AST, located: Located, reads: _Reads) -> bool:
    """A late write that still does what it is for: the function starts child processes after
    it (they read the variable when their CUDA starts), or it hides every GPU (`""`, `"-1"`)
    and this function uses no CUDA after it (the process has left CUDA; what it launches
    later must not see the GPUs). At module level (a test module that hides the GPUs to run
    on the CPU), the rest of the file is what comes after it."""
    if located.scope.function is None:
        end = getattr(node, "end_lineno", None) or getattr(node, "lineno", 0)
        rest = without_comments("".join(ctx.source.lines[end:]))
        return _hides_every_gpu(ctx, node) and not reads.starts.search(rest)
    if _restores_saved_value(ctx, node, located):
        return True
    following = statements_after(ctx, located.scope, node)
    if any(reads.starts_child(statement) for statement in following):
        return True
    return _hides_every_gpu(ctx, node) and not any(map(reads.text_starts_cuda, following))


def _names_bound_gpu(
    ctx: FileContext, node: ast.AST, located: Located, bindings_of: dict[int, list[ast.Call]]
) -> bool:
    """The write names the GPU the process bound just before: `set_device(gpu)` then
    `os.environ["CUDA_VISIBLE_DEVICES"] = str(visible[gpu])` (nequip's pytest-xdist set-up).
    This process runs on that GPU by its binding, not by the variable, which is left for
    the processes it starts."""
    value = _value_written(ctx, node)
    if value is None:
        return False
    line = getattr(node, "lineno", 0)
    # The scope's own nodes, not `ctx.calls`: that holds only calls on candidate lines.
    if id(located.scope.node) not in bindings_of:
        bindings_of[id(located.scope.node)] = [
            call
            for call in scope_nodes(ctx, located.scope)
            if isinstance(call, ast.Call) and call_name(call) == "set_device"
        ]
    bindings = [call for call in bindings_of[id(located.scope.node)] if call.lineno < line]
    if not bindings:
        return False
    # The value's names, and what the function copied them from (`device_num =
    # device.index`): the binding and the write may name one GPU by two names.
    written = _with_sources(
        ctx, located, {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    )
    arms = if_arms(located.scope.node)
    for call in bindings:
        if on_other_arms(arms.get(id(call), ()), arms.get(id(node), ())):
            continue
        bound = {n.id for arg in call.args for n in ast.walk(arg) if isinstance(n, ast.Name)}
        if bound & written:
            return True
    return False


def _with_sources(ctx: FileContext, located: Located, names: set[str]) -> set[str]:
    """The names, and the names they were copied from in the scope: `device_num = device`,
    `device.index`, `int(device)`, where the scope never rebinds `device` (KernelBench's
    evaluation, `set_device(device)` then the variable set to `str(device_num)`); not a name
    computed from another (`peer = (rank + 1) % world` names another GPU)."""
    nodes = list(scope_nodes(ctx, located.scope))
    rebound = {n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    sources: set[str] = set()
    for statement in nodes:
        if not isinstance(statement, ast.Assign):
            continue
        if not any(isinstance(t, ast.Name) and t.id in names for t in statement.targets):
            continue
        source = _copied_name(statement.value)
        if source is not None and source not in rebound:
            sources.add(source)
    return names | sources


def _copied_name(value: ast.expr) -> str | None:
    """`x`, `x.index`, `int(x)`, `str(x)`: the name `x`."""
    value = unwrapped(value)
    if isinstance(value, ast.Attribute) and value.attr == "index":
        value = value.value
    return value.id if isinstance(value, ast.Name) else None


def _restores_saved_value(ctx: FileContext, node: ast.AST, located: Located) -> bool:
    """`os.environ["CUDA_VISIBLE_DEVICES"] = saved` where the function read `saved` from the
    same variable (`saved = os.environ.get("CUDA_VISIBLE_DEVICES")`): it puts back what the
    process started with, after setting it for children (lmms-eval's spawn loop)."""
    value = _value_written(ctx, node)
    function = located.scope.function
    if not isinstance(value, ast.Name) or function is None:
        return False
    reads = [
        statement.value
        for statement in ast.walk(function.node)
        if isinstance(statement, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == value.id for t in statement.targets)
    ]
    return bool(reads) and all(is_env_read(ctx, read, VARIABLE) for read in reads)


def _value_written(ctx: FileContext, node: ast.AST) -> ast.expr | None:
    if isinstance(node, ast.Subscript):
        parent = next(
            (
                located.node
                for located in ctx.assignments
                if isinstance(located.node, ast.Assign) and node in located.node.targets
            ),
            None,
        )
        return parent.value if parent is not None else None
    if isinstance(node, ast.Call):
        return written_value(node)
    return None


def _hides_every_gpu(ctx: FileContext, node: ast.AST) -> bool:
    """The write's value is an empty mask (`""`, `"-1"`): no GPU visible."""
    value = _value_written(ctx, node)
    text = literal_string(value) if value is not None else None
    return text is not None and text.strip() in ("", "-1")


def _project_import_before(ctx: FileContext, line: int) -> str | None:
    """A module of the file's own project imported at module level before `line`, after
    `import torch`: the project's modules run at import and often ask CUDA (a module-level
    `torch.cuda.is_available()`), fixing the visible GPUs before the write. A relative import
    is the project's; an absolute one when its module lies in the file's own package tree
    (`project_modules`: on disk; for code not on disk, a directory of that name above it):
    `fastchat.constants` imported from `ipex_llm/serving/fastchat/` is the outside `fastchat`
    package."""
    torch_seen = False
    for statement in ctx.tree.body:
        if statement.lineno >= line:
            break
        imported: list[tuple[str, int]] = []
        if isinstance(statement, ast.Import):
            imported = [(alias.name, 0) for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom):
            imported = [(statement.module or "", statement.level)]
        for name, level in imported:
            if name == "torch" or name.startswith("torch."):
                torch_seen = True
            elif torch_seen and is_project_module(ctx.source.path, name, level):
                return "." * level + name
    return None
