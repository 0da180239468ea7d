"""Whether a module runs only under the project's one-node launches, through the files importing it.

`launch_commands` says how the project launches its scripts. The code a finding sits in is
often not a launched script but a module those scripts import: `gpt_oss/torch/utils.py`,
imported by `gpt_oss/generate.py`, which the README runs with `torchrun --nproc-per-node=4
-m gpt_oss.generate`. Such a module runs on one node when every file of the project that
imports it runs only on one node in turn: a script every launch of which keeps it on one
node, a test or benchmark the project does not launch (a test runner runs it on one
machine), or a module whose own importers all do; for a one-node answer, also a script
nothing launches or imports, beside scripts of its directory the project launches, each only
on one node and one of them as several processes (or an unsaid number), when the script is
no module of a package without a `__main__` block, submits no cluster job and launches
itself on no more nodes in its comments: it is run as they are (distrifuser's
`sd_example.py` beside the `sdxl_example.py` its README runs). Any other file the project
neither launches nor imports (a script with no launch written anywhere, an entry point of an
installed package) may run in any way, and so may everything it reaches; so may a module
whose code names a multi-node setting. The same walk says whether every way the project runs
a module shows it one GPU (`CUDA_VISIBLE_DEVICES=0 python run.py`). Imports are read from
the files' code
(`import a.b`, `from a import b`, relative imports, a loader call naming a module whole,
`import_module("a.b")`, a script's neighbours, modules under the
project root or beside a script in a directory above the importing file; importing a module
also runs the `__init__.py` of each package above it, and a package's `__init__.py` that
imports its directory's modules by a loop over it imports each), never run; the walk stops
after a bounded number of files, and an unfinished walk counts as unknown.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.context import call_name, is_test_or_benchmark
from torchplace.lint.launch_commands import (
    Launch,
    LaunchIndex,
    names_multi_node_setting,
    own_comment_launches,
    runs_several_processes,
    sets_visible_devices,
    takes_rank_modulo_gpus,
)
from torchplace.lint.node_evidence import SAYS_SEVERAL_NODES
from torchplace.lint.project_modules import imported_names_in, resolve_imports

#: Files visited for one answer at most: past this the answer is unknown.
MAX_VISITED = 400


class ImportGraph:
    """Which project files import which, read once for a project (lazily, on first use)."""

    def __init__(self, root: str, python_files: list[str], max_file_bytes: int) -> None:
        self.root = root
        self.python_files = python_files
        self.max_file_bytes = max_file_bytes
        self._importers: dict[str, list[str]] | None = None
        #: Whether some Python file could not be read: its imports are unknown.
        self.unread = False
        #: The files importing a module runs (it and its packages' `__init__.py`), by module.
        self._runs: dict[str, list[str]] = {}
        #: Every directory name and file stem on the paths of the project's Python files.
        self._names = {
            Path(part).stem
            for path in python_files
            for part in Path(os.path.relpath(path, root)).parts
        }

    def any_unread(self) -> bool:
        """Whether some Python file could not be read (its imports are unknown): the graph is
        read first if it was not yet."""
        if self._importers is None:
            self._importers = self._read()
        return self.unread

    def importers_of(self, path: str) -> list[str]:
        if self._importers is None:
            self._importers = self._read()
        return self._importers.get(_key(path), [])

    def _read(self) -> dict[str, list[str]]:
        """Each file's import statements, found by a line scan (not a parse of the whole
        file: this reads every file of the project once), and the modules its loader calls
        name whole (`import_module("models.big")`: the few files naming a loader are parsed),
        resolved with answers shared by the files of one directory."""
        importers: dict[str, list[str]] = {}
        memo: dict[tuple[str, str, int], Path | None] = {}
        for path in self.python_files:
            data = read_regular_file(Path(path), self.max_file_bytes)
            if data is None:
                self.unread = True
                continue
            if b"import" not in data:
                continue
            # An absolute import whose first name is no file or directory of the project
            # (`torch`, `numpy`) cannot be one of its modules: not looked up on disk.
            wanted = [
                (name, level)
                for name, level in imported_names_in(data)
                if level or name.partition(".")[0] in self._names
            ]
            if _LOADS_BY_NAME.search(data) is not None:
                # `import_module("models.big")`: an import written as a call.
                wanted += [
                    (name, 0)
                    for name in modules_loaded_by_literal_name(data)
                    if name.partition(".")[0] in self._names
                ]
            modules = resolve_imports(path, wanted, self.root, memo)
            if Path(path).name == "__init__.py" and imports_its_directory(data):
                modules += _package_modules(Path(path))
            for module in modules:
                for run in self._files_run_by(module):
                    importers.setdefault(run, []).append(_key(path))
        return importers

    def _files_run_by(self, module: Path) -> list[str]:
        key = str(module)
        if key not in self._runs:
            self._runs[key] = [_key(str(f)) for f in _files_run_by_import(module, self.root)]
        return self._runs[key]


#: A package `__init__.py` importing every module of its own directory by a loop:
#: `for _, name, _ in iter_modules([package_dir]): import_module(f"{__name__}.{name}")`
#: (OpenGait's model registry), or over `os.listdir` / `glob` / `Path.iterdir` of its folder.
_LISTS_ITS_DIRECTORY = re.compile(rb"\b(?:iter_modules|listdir|scandir|iterdir|glob)\s*\(")
_IMPORTS_BY_NAME = re.compile(rb"\b(?:import_module|__import__)\s*\(")


#: A loader of modules by a name or a path built at run time, beside `import` statements
#: (`importlib.import_module`, `spec_from_file_location`, `runpy`): called, or passed on.
_LOADS_BY_NAME = re.compile(
    rb"\b(?:import_module|__import__|spec_from_file_location|run_path|run_module"
    rb"|SourceFileLoader|load_source|load_module)\b"
)


def loads_modules_by_name(path: str, data: bytes) -> bool:
    """Whether the file loads modules the import graph cannot see: by a name built at run time
    or by a path (`run_path`, `spec_from_file_location`), or through a loader it renames
    or passes on. A package's `__init__.py` importing its own directory by a loop is
    read by the graph (`imports_its_directory`), and so is a module named whole in the
    call (`import_module("models.big")`: `modules_loaded_by_literal_name`); nor is it
    such a load to re-import the module an object in hand came from
    (`import_module(cls.__module__)`, D-FINE's config registry): it is loaded already."""
    if _LOADS_BY_NAME.search(data) is None:
        return False
    if path.endswith("__init__.py") and imports_its_directory(data):
        return False
    nodes = _parsed_nodes(data)
    if nodes is None:
        return True  # unread: it may load anything
    # A loader called with a module known (above) loads it; any other reference to a loader
    # (a call with a built name or a path, or the loader passed on uncalled, `load =
    # import_module`, whose calls are not read) may load anything.
    known = {
        id(node.func)
        for node in nodes
        if isinstance(node, ast.Call)
        and (_literal_module(node) is not None or _reloads_a_loaded_module(node))
    }
    return any(
        (
            isinstance(node, ast.Name | ast.Attribute)
            and _loader_named(node)
            and id(node) not in known
        )
        # `from importlib import import_module as load`: its calls go by another name.
        or (isinstance(node, ast.alias) and node.asname is not None and node.name in _LOADERS)
        for node in nodes
    )


def modules_loaded_by_literal_name(data: bytes) -> list[str]:
    """The modules the file's loader calls name whole: `import_module("models.big")`,
    `runpy.run_module("tools.train")` (and a package's `__main__.py`, which it runs),
    `__import__("models")` (alone: a `fromlist` imports more). Not a relative name
    (`import_module(".big", package)`), nor a path."""
    if _LOADS_BY_NAME.search(data) is None:
        return []
    nodes = _parsed_nodes(data)
    if nodes is None:
        return []
    found: list[str] = []
    for node in nodes:
        name = _literal_module(node) if isinstance(node, ast.Call) else None
        if name is None or not isinstance(node, ast.Call):
            continue
        found.append(name)
        if _called_loader(node) == "run_module":
            found.append(f"{name}.__main__")  # a package runs its `__main__.py`
    return found


def _parsed_nodes(data: bytes) -> list[ast.AST] | None:
    try:
        return list(ast.walk(ast.parse(data)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


#: The loaders `_LOADS_BY_NAME` finds, by the name they are called by.
_LOADERS = frozenset(
    {
        "import_module",
        "__import__",
        "spec_from_file_location",
        "run_path",
        "run_module",
        "SourceFileLoader",
        "load_source",
        "load_module",
    }
)
#: Loaders whose first argument is a dotted module name.
_NAME_LOADERS = frozenset({"import_module", "__import__", "run_module"})
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def _loader_named(node: ast.Name | ast.Attribute) -> bool:
    """`node` reads a loader (`import_module`, `importlib.import_module`), not one assigned."""
    if isinstance(node.ctx, ast.Store):
        return False
    return (node.id if isinstance(node, ast.Name) else node.attr) in _LOADERS


def _called_loader(call: ast.Call) -> str | None:
    name = call_name(call)
    return name if name in _LOADERS else None


def _literal_module(call: ast.Call) -> str | None:
    """The absolute dotted module a loader call names whole, else None."""
    loader = _called_loader(call)
    if loader not in _NAME_LOADERS or not call.args or isinstance(call.args[0], ast.Starred):
        return None
    if loader == "__import__" and (len(call.args) > 1 or call.keywords):
        return None
    if any(keyword.arg is None for keyword in call.keywords):
        return None  # `**options`: unread
    first = call.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    return first.value if _DOTTED.fullmatch(first.value) else None


def _reloads_a_loaded_module(call: ast.Call) -> bool:
    """`import_module(cls.__module__)`: the module an object in hand came from."""
    return (
        _called_loader(call) in ("import_module", "__import__")
        and len(call.args) == 1
        and not call.keywords
        and isinstance(call.args[0], ast.Attribute)
        and call.args[0].attr == "__module__"
    )


def imports_its_directory(data: bytes) -> bool:
    """Whether a package's `__init__.py` imports the modules of its directory by a loop over
    it (a registry filled at import): each of them is imported with the package."""
    return (
        _LISTS_ITS_DIRECTORY.search(data) is not None
        and _IMPORTS_BY_NAME.search(data) is not None
        and b"__file__" in data
    )


def _package_modules(init: Path) -> list[Path]:
    """The modules beside a package's `__init__.py` (not the subpackages: a loop over
    `iter_modules` also yields them, but imports only their own `__init__.py`)."""
    return sorted(p for p in init.parent.glob("*.py") if p.name != "__init__.py" and p.is_file())


def _files_run_by_import(module: Path, root: str) -> list[Path]:
    """The module and the `__init__.py` of each package above it, inside `root`: importing
    `pkg.sub.mod` runs `pkg/__init__.py` and `pkg/sub/__init__.py` first."""
    files = [module]
    top = Path(os.path.realpath(root))
    directory = Path(os.path.realpath(module)).parent
    while directory != top and top in directory.parents:
        package = directory / "__init__.py"
        if not package.is_file():
            break
        if package != module:
            files.append(package)
        directory = directory.parent
    return files


def _key(path: str) -> str:
    return os.path.realpath(path)


def one_node_through_importers(
    path: str,
    launches: LaunchIndex,
    graph: ImportGraph,
    code_of: Callable[[str], bytes | None],
    never_runs: Callable[[str], bool] | None = None,
) -> Launch | None:
    """A one-node launch that reaches `path` through the files importing it, when every way
    the project runs `path` keeps it on one node (module docs); None otherwise. A test, run
    by a test runner on one machine (its multi-GPU cases spawn processes there), ends its
    branch as a one-node run, and so does a script nothing launches that is written for no
    launcher (`runs_alone_as_script`): `python script.py` is one process
    (DiffusionTextGeneration's experiment scripts, `config.ddp = False`, beside the trainer
    its `#SBATCH --nodes=1` job runs)."""
    return _through_importers(
        path,
        launches,
        graph,
        code_of,
        launches.one_node_launch,
        names_multi_node_setting,
        True,
        scripts_run_alone=True,
        scripts_beside=True,
        never_runs=never_runs,
    )


def one_process_through_importers(
    path: str,
    launches: LaunchIndex,
    graph: ImportGraph,
    code_of: Callable[[str], bytes | None],
    several: Callable[[bytes], bool] = runs_several_processes,
    never_runs: Callable[[str], bool] | None = None,
) -> Launch | None:
    """A one-process launch that reaches `path` through the files importing it, when every
    way the project runs `path` runs it in one process that starts no others: every file on
    the way is imported only by such scripts, and none starts processes or reads a
    launcher's variables (nor holds anything else `several` finds). A test ends nothing
    here: a test runner may spawn ranks."""

    def launched(current: str, code: bytes | None) -> Launch | None:
        return launches.one_process_launch(current, code, several)

    return _through_importers(
        path,
        launches,
        graph,
        code_of,
        launched,
        several,
        False,
        scripts_run_alone=True,
        never_runs=never_runs,
    )


#: A script written for a launcher or a distributed framework, or for the ranks or nodes of a
#: job: one nobody launches in writing may still be run under `torchrun` or a scheduler.
_WRITTEN_FOR_SEVERAL = re.compile(
    rb"distributed|ddp|fsdp|\b(?:\w+_)?rank\b|world_size|set_device|process_group"
    rb"|deepspeed|accelerat|horovod|strategy\s*=|submitit|slurm|mpi4py|\bray\b"
    # Lightning as code (`import lightning`, `pytorch_lightning`, `lightning_fabric`,
    # `lightning_lite`, `lightning.pytorch`, `LightningCLI` and the other classes a trainer
    # takes, a project's `ProjectLightningCLI`), not a checkpoint's name
    # (`Qwen-Image-Edit-2511-Lightning/...`), a model (`LightningDiT`), a step count
    # (`lightning_steps`), a URL (`lightning.ai`) or lightning attention's kernels.
    rb"|pytorch_lightning|\blightning_(?:lite|fabric|utilities)\b"
    rb"|\b(?:import|from)\s+lightning\b|\blightning\.(?:pytorch|fabric|lite)\b"
    rb"|(?-i:Lightning(?:CLI|Module|DataModule|Lite|Fabric)\b)",
    re.IGNORECASE,
)
#: A setting that switches a distributed mode off (DiffusionTextGeneration's experiment
#: scripts' `config.ddp = False`, `use_ddp=False`, `"distributed": False`): the words it
#: holds say the script runs without one. Only a switch's own name (`ddp`, `use_ddp`,
#: `is_distributed`; not `ddp_rank` nor `ddp_find_unused_parameters`), only a value that
#: ends the statement or argument (not `0 if single else 1`), and only the name itself is
#: taken out (`slurm_job.distributed = False` keeps `slurm`). Any other mention counts.
_SWITCHED_OFF = re.compile(
    rb"""(?i)(?<![\w])["']?(?:(?:use|is|enable|with|do)_)?(?:ddp|distributed|fsdp|deepspeed)"""
    rb"""["']?[ \t]*[=:][ \t]*(?:False|None|0)(?=[ \t]*(?:[,)}\]#;\r\n]|$))"""
)
_MAIN_GUARD = re.compile(rb"^if\s+__name__\s*==\s*[\"']__main__[\"']\s*:", re.MULTILINE)


def runs_alone_as_script(code: bytes) -> bool:
    """A script (`if __name__ == "__main__":` at its top level) whose code names nothing of
    a launcher, a distributed framework, ranks or nodes (`_WRITTEN_FOR_SEVERAL`): with no
    launch written for it, the one way to run it is `python script.py`, one process (CPC's
    `build_zeroSpeech_features.py`, a feature tool of a project that trains with
    `DataParallel`). A setting that switches a distributed mode off (`config.ddp = False`)
    names none. What it starts itself is read by the walk's own test."""
    if _MAIN_GUARD.search(code) is None:
        return False
    return not _WRITTEN_FOR_SEVERAL.search(_SWITCHED_OFF.sub(b"", code))


def launched_like_neighbours(
    path: str,
    code: bytes,
    launches: LaunchIndex,
    code_of: Callable[[str], bytes | None],
    launched: Callable[[str, bytes | None], Launch | None],
) -> Launch | None:
    """A launch of a neighbour of the script `path`, which nothing launches in writing or
    imports, when the project launches other scripts of its directory, `launched` accepts
    every one of them, and one is launched as several processes on a node (or an unsaid
    number: `torchrun --nproc_per_node=$N_GPUS`): distrifuser's `scripts/sd_example.py`, the
    twin of the `scripts/sdxl_example.py` its README runs so, is run the way its neighbours
    are. A module of a package (beside an `__init__.py`) must be a script (`if __name__ ==
    "__main__":`); None when a neighbour is launched otherwise, when its own comments
    launch it on several nodes, or when its name or text says it is meant for several nodes
    or machines (Blaizzy's `train_ddp_multi_node_main_process.py` beside the one-node
    `train_ddp.py`), or takes a rank modulo the GPU count (more ranks than GPUs). A script
    that submits cluster jobs itself (`submitit`) names a multi-node setting: the walk
    refuses it before it gets here."""
    in_package = os.path.isfile(os.path.join(os.path.dirname(path), "__init__.py"))
    if in_package and _MAIN_GUARD.search(code) is None:
        return None
    relative = os.path.relpath(path, launches.root).replace(os.sep, "/")
    if any(not launch.one_node for launch in own_comment_launches(path, relative, code)):
        return None  # its own comments launch it on several nodes (`# srun -N 4 ...`)
    name = os.path.basename(path).encode("utf-8", "replace")
    if SAYS_SEVERAL_NODES.search(name) or SAYS_SEVERAL_NODES.search(code):
        return None  # written for several nodes: not its one-node neighbours' twin
    if takes_rank_modulo_gpus(code):
        return None  # more ranks than GPUs expected, and no launch of its own says where
    found: Launch | None = None
    for neighbour in launches.launched_beside(path):
        if launched(neighbour, code_of(neighbour)) is None:
            return None
        # A neighbour run as one process (`python preprocessing.py`) says nothing of how a
        # script of several processes beside it is run (tdfo's trainer, run with torchx).
        several = (launch for launch in launches.launches_of(neighbour) if launch.per_node != 1)
        found = found or next(several, None)
    return found


def one_gpu_through_importers(
    path: str,
    launches: LaunchIndex,
    graph: ImportGraph,
    code_of: Callable[[str], bytes | None],
    never_runs: Callable[[str], bool] | None = None,
) -> Launch | None:
    """A launch showing one GPU that reaches `path` through the files importing it, when
    every way the project runs `path` shows its processes one GPU and no file on the way
    sets `CUDA_VISIBLE_DEVICES` itself. A test ends nothing here: a test runner shows the
    machine's GPUs."""
    return _through_importers(
        path,
        launches,
        graph,
        code_of,
        launches.one_gpu_launch,
        sets_visible_devices,
        False,
        never_runs=never_runs,
    )


def _through_importers(
    path: str,
    launches: LaunchIndex,
    graph: ImportGraph,
    code_of: Callable[[str], bytes | None],
    launched: Callable[[str, bytes | None], Launch | None],
    refused: Callable[[bytes], bool],
    tests_end: bool,
    *,
    scripts_run_alone: bool = False,
    scripts_beside: bool = False,
    never_runs: Callable[[str], bool] | None = None,
) -> Launch | None:
    """A launch reaching `path` through its importers, when every way the project runs it
    is one that `launched` accepts; None otherwise.

    The files that may run `path` are walked up its importers (`walk_importers`); a launched
    script (or, with `tests_end`, a test; with `scripts_run_alone`, a script that nothing
    launches or imports and that is written for no launcher: `runs_alone_as_script`; with
    `scripts_beside`, a script nothing launches or imports beside scripts the project
    launches: `launched_like_neighbours`) ends its branch (`launched` decides it); any other
    file must have importers of its own. A file `never_runs` finds (a module of definitions
    nothing launches, imports or names, in a checkout nobody installs:
    `ProjectIndex._never_runs_in_walk`) is no way of running: a package's `__init__.py` leads
    up to every module of the package, since importing any of them runs it, and a module of
    the package nothing uses says nothing of how the others run. Code that `refused` holds,
    anywhere on the way, decides against."""
    if launches.unread_spanning is not None or not launches.launches_any():
        return None
    root = os.path.realpath(launches.root)

    def end(current: str, code: bytes) -> Launch | object | None:
        if refused(code):
            return None
        if launches.launches_of(current):
            return launched(current, code)
        if tests_end and is_test_or_benchmark(os.path.relpath(current, root)):
            return Launch(current, 0, "a test run", None, False, True, False)
        if graph.importers_of(current):
            return UP
        if never_runs is not None and never_runs(current):
            return NEVER_RUNS
        if scripts_run_alone and runs_alone_as_script(code):
            return Launch(current, 0, "python (no text launches it)", None, False, True, True)
        if scripts_beside:
            return launched_like_neighbours(current, code, launches, code_of, launched)
        return None  # neither launched nor imported here: run in ways not written

    found = walk_importers(_key(path), graph, code_of, end)
    return found if isinstance(found, Launch) else None


#: What `walk_importers`' reading of a file gives to go on to the file's importers.
UP = object()
#: What it gives for a file that never runs: its branch ends and adds nothing.
NEVER_RUNS = object()


def walk_importers(
    path: str,
    graph: ImportGraph,
    code_of: Callable[[str], bytes | None],
    end: Callable[[str, bytes], object | None],
) -> object | None:
    """The first value `end` gives to end a branch, when every file that may run `path` (the
    file, then up through its importers) ends its branch or goes on to importers of its own
    (`end` gives `UP`); None when `end` decides against a file (None), a file cannot be read,
    or the walk passes `MAX_VISITED` files. An import cycle adds no way of running: a walk
    whose every branch loops back ends nothing and gives None."""
    found: object | None = None
    seen: set[str] = set()
    pending = [path]
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        if len(seen) > MAX_VISITED:
            return None
        code = code_of(current)
        if code is None:
            return None
        value = end(current, code)
        if value is None:
            return None
        if value is UP:
            pending += graph.importers_of(current)
            continue
        if value is not NEVER_RUNS:
            found = found or value
    return found
