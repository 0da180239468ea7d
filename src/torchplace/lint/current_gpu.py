"""Whether a process's code acts on its current GPU, in its own file or in the files that call it.

A rank that never binds its GPU (no `set_device`) still has cuda:0 as its current device.
That only matters where the code acts on the current device: `.cuda()` without an index,
`"cuda"` as a device, the legacy typed constructors (`torch.cuda.FloatTensor(n)`), pinned
memory (its host buffers register with a CUDA context on the current GPU: the
`pin_memory=True` loaders of stylegan2-ada-pytorch opened a context on GPU 0 in every rank;
not a `pin_memory=True` recorded in a settings object, `DataConfig(pin_memory=True)`, in a
file that builds no loader: the code it hands the settings to pins where it builds one),
and `torch.cuda` calls given no device (`synchronize()`, `current_stream()`, `Stream()` and
`current_device()` act on it; memory statistics report its numbers, GPU 0's, not the rank's,
though they start no CUDA: `lint_cuda_init_facts.md`), and the object collectives
(`all_gather_object`, `broadcast_object_list`: under NCCL they stage the pickled objects in
tensors on the current GPU), and a `barrier()` given no `device_ids` (with a group made
without `device_id=`, torch makes the barrier's dispatch tensor on the current device,
pytorch#149119, though NCCL then reduces on `rank % device_count`: the case is in
`benchmarks/lint_cuda_init_facts.py`, which needs two GPUs). Code that names every device
(`cuda:{rank}`, `.to(local_rank)`, `torch.device("cuda", rank)`) lets NCCL build its
communicators on the tensors' GPU and opens no context on GPU 0. `torch.cuda.empty_cache()`
and the seeding calls act on initialised devices only and are not counted, nor is work inside
`with torch.cuda.device(d):`, whose current GPU is `d` (`DeviceBlocks`).

The code read is the text of the file, comments left out; then of the project's modules it
imports (one step: `from metrics import metric_utils` beside a script, `from .utils import x`),
where the process's work often is (stylegan's `metric_utils` loads with `pin_memory=True`): of
a module whose names only are imported, its top-level code and what those names reach; not
imports inside functions the process never runs;
then of the project's files that import the file and call the function holding the line by
name (a byte search, then the same reading): the process group's set-up often sits in a helper
(`utils/dist.py`) whose callers do the work. A caller that binds its GPU after every call of
the helper, before the use (`set_device(rank)` on the next line, then a barrier), is no
evidence: its work runs on the rank's own GPU. Only the disk is read, never the code run.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.gpu_bindings import binds_after_every_call
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.project_modules import imported_project_files, resolve_imports
from torchplace.lint.rules._helpers import enclosing_call_name, without_comments

CURRENT_GPU_USE = re.compile(
    r"\.cuda\s*\(\s*(?:\)|(?!device\b)\w+\s*=)"
    r"|\bcurrent_device\s*\("
    r"|torch\.cuda\.(?:Float|Double|Half|BFloat16|Byte|Char|Short|Int|Long|Bool)Tensor\s*\("
    r"|(?:\bdevice\s*=\s*|\.to\(\s*|map_location\s*=\s*)[\"']cuda[\"']"
    r"|torch\.device\(\s*[\"']cuda[\"']\s*\)"
    r"|\bpin_memory\s*=\s*True\b|\.pin_memory\s*\(\s*\)"
    r"|torch\.cuda\.(?:synchronize|current_stream|default_stream|Stream|memory_allocated"
    r"|max_memory_allocated|memory_reserved|max_memory_reserved|memory_stats|mem_get_info"
    r"|reset_peak_memory_stats|utilization)\s*\(\s*\)"
    r"|\b(?:all_gather_object|broadcast_object_list|gather_object|scatter_object_list"
    r"|send_object_list|recv_object_list)\s*\("
    r"|\bbarrier\s*\(\s*\)"
)


@dataclass(frozen=True)
class CurrentGpuUse:
    """Where code acts on the current GPU: a file, a line, the code there."""

    path: str
    line: int
    code: str

    def describe(self) -> str:
        return f"`{self.code}` at {Path(self.path).name}:{self.line}"


def current_gpu_use(
    path: str,
    text: str,
    program: bool = False,
    called_in_blocks: frozenset[str] = frozenset(),
    tree: ast.Module | None = None,
    lines: tuple[int, int] | None = None,
    skip: tuple[tuple[int, int], ...] = (),
) -> CurrentGpuUse | None:
    """The first use of the current GPU in a file's code (comments left out; within `lines`,
    first and last, when given) that no
    `with torch.cuda.device(d):` block holds: there the current GPU is `d`. In the file of
    the `program` itself, a function every reference to which in the file is a call inside
    such a block is held too (earth2mip's `lagged_average_simple`, run under `with
    torch.cuda.device(device)` in its `main`); elsewhere the file's own calls say nothing of
    the importer's. In a module the program imports, so is a function named in
    `called_in_blocks` (the program calls it only inside such blocks) that the module itself
    never names, with the private helpers only such functions call. `tree`: the text's
    syntax tree when the caller has it (parsed here otherwise, only if a use is found).
    `skip`: spans (first and last line) whose uses do not count."""
    code = without_comments(text)
    held: list[tuple[int, int]] | None = None
    for found in CURRENT_GPU_USE.finditer(code):
        line = code.count("\n", 0, found.start()) + 1
        if lines is not None and not lines[0] <= line <= lines[1]:
            continue
        if any(first <= line <= last for first, last in skip):
            continue
        if (
            found.group(0).startswith("pin_memory")
            and _in_settings_call(code, found.start())
            and not _LOADER_CALL.search(code)
        ):
            continue  # settings handed to code elsewhere, which builds the loader
        if held is None:
            blocks = DeviceBlocks(tree) if tree is not None else DeviceBlocks.of(text)
            held = blocks.held_spans(called_in_blocks, private=not program)
        if any(first <= line <= last for first, last in held):
            continue
        return CurrentGpuUse(path, line, " ".join(found.group(0).split()))
    return None


#: The name of a class that records settings for later (`DataConfig(pin_memory=True)`,
#: `LoaderArgs`, `TrainingArguments`): it pins nothing; the loader built from it later pins,
#: where it is iterated (molmo's launch scripts bind the GPU first thing in the `train` they
#: hand the config to).
_SETTINGS_CLASS = re.compile(r"(?:Config|Cfg|Conf|Args|Arguments|Options|Params|Settings)$")
#: A loader built in the file itself (`DataLoader(ds, **asdict(cfg))`): it may read the
#: settings' `pin_memory` here, in this process.
_LOADER_CALL = re.compile(r"\b\w*Loader\s*\(")


def _in_settings_call(code: str, keyword: int) -> bool:
    """The keyword at offset `keyword` is an argument of a call to a settings class."""
    name = (enclosing_call_name(code, keyword) or "").rsplit(".", 1)[-1]
    return _SETTINGS_CLASS.search(name) is not None


_Function = ast.FunctionDef | ast.AsyncFunctionDef


class DeviceBlocks:
    """A file's `with torch.cuda.device(d):` blocks (`d` not `None`) and its functions."""

    def __init__(self, tree: ast.Module | None) -> None:
        self.spans: list[tuple[int, int]] = []
        self._defined: dict[str, list[_Function]] = {}
        self._references: dict[str, list[tuple[int, bool]]] = {}
        if tree is None:
            return
        called: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.With | ast.AsyncWith) and any(
                _binds_current_gpu(item.context_expr) for item in node.items
            ):
                self.spans.append((node.body[0].lineno, node.end_lineno or node.lineno))
            elif isinstance(node, _Function):
                self._defined.setdefault(node.name, []).append(node)
            elif isinstance(node, ast.Call):
                called.add(id(node.func))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                name = node.id
            elif isinstance(node, ast.Attribute):
                name = node.attr
            else:
                continue
            self._references.setdefault(name, []).append((node.lineno, id(node) in called))

    @classmethod
    def of(cls, text: str) -> DeviceBlocks:
        try:
            return cls(tolerant_tree(text))
        except (SyntaxError, ValueError, RecursionError):
            return cls(None)

    def _inside(self, line: int, spans: list[tuple[int, int]]) -> bool:
        return any(first <= line <= last for first, last in spans)

    def called_only_in_blocks(self, spans: list[tuple[int, int]]) -> set[str]:
        """Names (of the file's functions or others) the file refers to only by calls that
        lie inside `spans`."""
        return {
            name
            for name, uses in self._references.items()
            if all(is_call and self._inside(line, spans) for line, is_call in uses)
        }

    def held_spans(
        self, seeds: frozenset[str] = frozenset(), private: bool = False
    ) -> list[tuple[int, int]]:
        """The blocks, the spans of the file's functions named in `seeds` that the file itself
        never names, and those of the file's functions it calls only inside all these,
        followed to a fixed point (a helper such a function alone calls); with `private`,
        only functions named `_like_this` are followed: importers may call the others."""
        spans = list(self.spans)
        held: set[str] = set()
        for name in seeds:
            functions = self._defined.get(name, ())
            if len(functions) == 1 and name not in self._references:
                held.add(name)
                spans.append(self._span(functions[0]))
        while spans:
            new = {
                name
                for name in self.called_only_in_blocks(spans)
                if name not in held
                and len(self._defined.get(name, ())) == 1
                and (not private or name.startswith("_"))
            }
            if not new:
                break
            held |= new
            spans += [self._span(self._defined[name][0]) for name in new]
        return spans

    @staticmethod
    def _span(function: _Function) -> tuple[int, int]:
        return (function.lineno, function.end_lineno or function.lineno)


def _binds_current_gpu(node: ast.expr) -> bool:
    """`torch.cuda.device(d)` with a device: the block's current GPU is `d`."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    if isinstance(node.args[0], ast.Constant) and node.args[0].value is None:
        return False
    func = node.func
    if not isinstance(func, ast.Attribute) or func.attr != "device":
        return False
    owner = func.value
    if isinstance(owner, ast.Name):
        return owner.id == "cuda"
    return (
        isinstance(owner, ast.Attribute)
        and owner.attr == "cuda"
        and isinstance(owner.value, ast.Name)
        and owner.value.id == "torch"
    )


def current_gpu_use_by_callers(
    path: str, function: str, files: list[str], max_file_bytes: int
) -> CurrentGpuUse | None:
    """The first use of the current GPU in another file of `files` that calls `function`
    (its name followed by `(`), unless that file binds its GPU after every call of it and
    before the use (`gpu_bindings.binds_after_every_call`): there the use runs on the rank's
    own GPU."""
    called = re.compile(rb"\b" + re.escape(function.encode()) + rb"\s*\(")
    own = os.path.abspath(path)
    for other in files:
        if os.path.abspath(other) == own:
            continue
        data = read_regular_file(Path(other), max_file_bytes)
        if data is None or not called.search(data):
            continue
        try:  # parsed once, for the device blocks and for the caller's binding
            tree: ast.Module | None = tolerant_tree(data)
        except (SyntaxError, ValueError, RecursionError):
            tree = None  # unread: a use found in the text stands
        found = current_gpu_use(other, data.decode("utf-8", "replace"), tree=tree)
        if found is None:
            continue
        if tree is None or not binds_after_every_call(tree, function, found.line):
            return found
    return None


def current_gpu_use_by_imports(
    path: str,
    tree: ast.Module,
    max_file_bytes: int,
    skip: tuple[tuple[int, int], ...] = (),
) -> CurrentGpuUse | None:
    """The first use of the current GPU in a project module the file imports (one step),
    leaving out the functions the file calls only inside `with torch.cuda.device(d):`.
    Imports inside `skip` (functions the process does not run) bring nothing; those at the
    module's top level run in every process that imports it. A module whose names
    the file only imports (`from utils.io import detect_disk`) brings its top-level code, the
    functions and classes named and what they call of the module, not its other functions:
    the process never runs those. A module imported whole (`import utils.io`, `from utils
    import io`) brings all of it."""
    blocks = DeviceBlocks(tree)
    in_blocks = frozenset(blocks.called_only_in_blocks(blocks.held_spans()))
    # An import in `skip` is left out (a function the process does not run, an arm no run
    # takes, the parent's `__main__` block), except at the module's top level outside that
    # block: plain, under `try:` or another `if`, it runs in every process importing the file.
    statements = [
        node
        for statement in tree.body
        for node in ast.walk(statement)
        if isinstance(node, ast.Import | ast.ImportFrom)
        and (
            _runs_at_import(statement)
            or not any(first <= node.lineno <= last for first, last in skip)
        )
    ]
    run = ast.Module(body=list(statements), type_ignores=[])
    named = _names_imported_from(path, statements)
    for module in imported_project_files(path, run):
        data = read_regular_file(module, max_file_bytes)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        names = named.get(os.path.abspath(module))
        unused: tuple[tuple[int, int], ...] = ()
        if names is not None:
            try:
                unused = _unreached_definitions(tolerant_tree(data), names)
            except (SyntaxError, ValueError, RecursionError):
                unused = ()  # unread: the whole module's text stands
        found = current_gpu_use(str(module), text, called_in_blocks=in_blocks, skip=unused)
        if found is not None:
            return found
    return None


def _decorator_name(decorator: ast.expr) -> str | None:
    """`register` of `@register` or `@register("op")`."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return target.id if isinstance(target, ast.Name) else None


def _runs_at_import(statement: ast.stmt) -> bool:
    """A top-level statement every importer of the file runs: not a definition (its body runs
    when called) nor the `if __name__ == "__main__":` block (the program's own start)."""
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return False
    return not (isinstance(statement, ast.If) and "__main__" in ast.unparse(statement.test))


def _names_imported_from(
    path: str, statements: list[ast.Import | ast.ImportFrom]
) -> dict[str, frozenset[str]]:
    """The project modules (absolute paths) the file imports only names from, with those
    names; a module it also imports whole (or `*` from) is left out."""
    named: dict[str, set[str]] = {}
    whole: set[str] = set()
    for node in statements:
        if isinstance(node, ast.Import):
            for file in resolve_imports(path, [(alias.name, 0) for alias in node.names]):
                whole.add(os.path.abspath(file))
            continue
        base = node.module or ""
        for alias in node.names:
            submodule = f"{base}.{alias.name}" if base else alias.name
            for file in resolve_imports(path, [(submodule, node.level)]):
                whole.add(os.path.abspath(file))  # `from utils import io`: a module, whole
        if not base:
            continue
        for file in resolve_imports(path, [(base, node.level)]):
            key = os.path.abspath(file)
            if any(alias.name == "*" for alias in node.names):
                whole.add(key)
            else:
                named.setdefault(key, set()).update(alias.name for alias in node.names)
    return {key: frozenset(names) for key, names in named.items() if key not in whole}


def _unreached_definitions(
    module: ast.Module, names: frozenset[str]
) -> tuple[tuple[int, int], ...]:
    """The spans of the function bodies of the module's top-level functions and classes that
    neither `names` nor what those refer to (by name, through the module's own definitions)
    reach. Only bodies of functions: a class body, a decorator and a default value run at
    import; a definition a decorator of the module's own decorates counts as reached (a
    registry may call it by name)."""
    defined = {
        node.name: node
        for node in module.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    # Top-level code runs at import and may call any definition.
    top = [
        node
        for node in module.body
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    reached: set[str] = set()
    pending = [name for name in names if name in defined]
    # A decorator of the module's own may register what it decorates (`@register`), to be
    # called by name later; torch's and the standard library's (`@torch.no_grad()`,
    # `@dataclass`) call nothing.
    pending += [
        name
        for name, node in defined.items()
        if any(_decorator_name(d) in defined for d in node.decorator_list)
    ]
    pending += [n.id for statement in top for n in ast.walk(statement) if isinstance(n, ast.Name)]
    while pending:
        name = pending.pop()
        if name in reached or name not in defined:
            continue
        reached.add(name)
        pending += [n.id for n in ast.walk(defined[name]) if isinstance(n, ast.Name)]
    spans: list[tuple[int, int]] = []
    for name, node in defined.items():
        if name in reached:
            continue
        functions = [node] if not isinstance(node, ast.ClassDef) else node.body
        spans += [
            (function.body[0].lineno, function.end_lineno or function.lineno)
            for function in functions
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef) and function.body
        ]
    return tuple(spans)
