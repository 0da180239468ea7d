"""Whether every caller of a function, across its project, holds a device guard around the call.

A kernel library often keeps its launches in helper modules (`kernels_4bit.py`) and guards
them one call up (`with torch.cuda.device(A.device): kernels_4bit.dequantize(...)` in
`ops.py`): the launch itself is unguarded, but it only ever runs under its callers' guard.
This module answers that question for one function, by name: it reads the project's files
that hold the name (a byte search first, a parse only of those), and looks at every place the
name is used. A call inside a device context (`with torch.cuda.device(...)`, an alias or
helper of one) or in a function that binds a device is guarded, as is a function started as
a child process (`Process(target=f)`) after its parent showed that child one GPU through
`CUDA_VISIBLE_DEVICES`; any other use that is not a call (the function handed to a registry,
stored, returned) leaves its callers unknown, so the answer is no. An alias (`impl =
kernels_optim.update`) is followed one step.
"""

from __future__ import annotations

import ast
import os
import re
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import cast

from torchplace.lint.cache import read_regular_file
from torchplace.lint.config import DEFAULT_MAX_FILE_BYTES
from torchplace.lint.context import assigns_key, call_name
from torchplace.lint.if_arms import if_arms, on_other_arms
from torchplace.lint.parse_around import tolerant_tree

#: A device context: `torch.cuda.device(i)`, `torch.accelerator.device_index`, `device_of(x)`,
#: a backend module's `.device(x)`, or a project's own alias of one (`torch_gpu_device(x)`,
#: `cuda_device_guard(x)`, `_triton_device_context(x)`).
#: The name is matched as a whole word: `current_device(`, `get_device(` and
#: `lock_for_device(` read or lock a device, they set none. Nor does `with torch.device(d):`
#: (torch's `DeviceContext` only gives factories a default device; the current GPU, which
#: `.cuda()`, kernels and NCCL use, stays as it was).
DEVICE_GUARD = re.compile(
    r"(?<!torch\.)\b(?!\w*(?:current|get|for)_device\b)(?:\w+_)?device"
    r"(?:_index|_of|_guard|_context|_ctx)?\s*\(|\bDeviceGuard\s*\("
)
BINDS_DEVICE = re.compile(r"set_device\s*\(")
_ALIAS_DEPTH = 1


class CallerIndex:
    """Call sites of functions across one project's files, parsed at most once each."""

    def __init__(
        self,
        files: Sequence[str],
        texts: dict[str, bytes] | None = None,
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    ) -> None:
        self.files = sorted(files)  # the same first caller on every machine
        self.max_file_bytes = max_file_bytes
        self._data: dict[str, bytes | None] = dict(texts or {})
        self._trees: dict[str, ast.Module | None] = {}
        self._answers: dict[tuple[str, str], bool] = {}
        self._names: frozenset[str] | None = None
        self._parent_maps: dict[int, dict[int, ast.AST]] = {}
        self._load_maps: dict[int, dict[str, list[ast.AST]]] = {}
        self._import_froms: dict[int, list[ast.ImportFrom]] = {}
        self._calls: dict[tuple[str, str], list[tuple[str, ast.Call]]] = {}
        self._named: dict[str, list[tuple[str, ast.Module]]] = {}
        self._paths: frozenset[Path] | None = None
        self._top_names: dict[int, frozenset[str]] = {}
        self._binds: dict[tuple[int, int], bool] = {}
        self._functions: dict[
            str, list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str | None]]
        ] = {}
        #: Files read only in part: statements this Python cannot parse were cut.
        self._partial: set[str] = set()
        #: Names some unread or partly read file names.
        self._named_in_partial: set[str] = set()
        self._only_called: dict[tuple[str, str], bool] = {}
        self._outside: dict[int, tuple[ast.Module, frozenset[str]]] = {}
        self._looked_up: dict[str, bool] = {}

    def guarded_by_callers(self, path: str, line: int) -> bool:
        """Whether the function holding `path:line` is called somewhere in the project, and
        always under a device guard (or a device binding)."""
        name = self._function_at(path, line)
        if name is None or name.startswith("__"):
            return False  # module code, or a dunder the interpreter calls
        module = Path(path).stem
        answer = self._answers.get((name, module))
        if answer is None:
            verdicts = list(self._uses(name, _ALIAS_DEPTH, module=module))
            answer = bool(verdicts) and all(verdicts)
            self._answers[(name, module)] = answer
        return answer

    def _function_at(self, path: str, line: int) -> str | None:
        """The name the callers of the innermost function holding `line` use: its own, or
        its class's for `__init__` (a constructor is called by the class name); None for
        module code and for other methods (`forward` of an autograd Function is called
        through `.apply`, and any method through an object: their callers are not found by
        name)."""
        functions = self._functions.get(path)
        if functions is None:
            tree = self._tree(path)
            functions = _functions_of(tree) if tree is not None else []
            self._functions[path] = functions
        holding = [f for f in functions if f[0].lineno <= line <= (f[0].end_lineno or 0)]
        if not holding:
            return None
        function, owner = max(holding, key=lambda item: item[0].lineno)
        if owner is None:
            return function.name
        return owner if function.name == "__init__" else None

    def calls_of(self, path: str, line: int) -> Iterator[tuple[str, ast.Call]]:
        """Each call, in the project's other files, of the function holding `path:line`
        (its name, or its class's for `__init__`), with the file it is in: where the file
        imports it from the defining module, or from a package holding that module (which may
        re-export it), under its name or another (`import ... as restore`), or calls it on a
        project module it imports (`ckpt.load_checkpoint(...)`). Not a function of the same
        name imported from elsewhere (`from mmcv.runner.checkpoint import load_checkpoint`,
        another project module) or defined in the file. None for module code, a dunder or a
        method other than `__init__`."""
        name = self._function_at(path, line)
        if name is None or name.startswith("__"):
            return
        yield from self._calls_named(path, name)

    def _calls_named(self, path: str, name: str) -> list[tuple[str, ast.Call]]:
        key = (path, name)
        if key not in self._calls:  # both loads of one helper ask
            self._calls[key] = list(self._calls_of(path, name))
        return self._calls[key]

    def only_called(self, path: str, line: int) -> bool:
        """Whether every use of the function holding `path:line`, in the project's files
        (its own file too), is a call of it that `calls_of` finds: not handed on (`target=f`,
        a registry, an alias, a decorator that may file it), whose callers would be unknown,
        nor called inside its own file, whose callers would be that file's other code, nor
        called where `calls_of` does not follow (`from utils import *`, `pkg.f()` through a
        package re-exporting it), nor reached by a name built at run time (`getattr(utils,
        f"resume_{kind}")`) or in a file not read whole (a statement this Python cannot parse,
        or a file it cannot parse at all). False for module code, a dunder or a method."""
        name = self._function_at(path, line)
        if name is None or name.startswith("__"):
            return False
        key = (path, name)
        if key not in self._only_called:
            self._only_called[key] = self._every_use_followed(path, name)
        return self._only_called[key]

    def _every_use_followed(self, path: str, name: str) -> bool:
        tree = self._tree(path)
        if tree is None or path in self._partial:
            return False
        if any(f.name == name and f.decorator_list for f, _ in _functions_of(tree)):
            return False  # a decorator may register it: called by a name not read here
        module = Path(path).stem
        uses = 0
        for other, other_tree in self._files_using(name, module):
            parents = self._parents(other_tree)
            for node in self._loads_of(other_tree).get(name, ()):
                parent = parents.get(id(node))
                if other == path or not (isinstance(parent, ast.Call) and parent.func is node):
                    return False
                uses += 1
        if self._named_partly(name) or self._named_partly(module):
            return False
        if any(self._reached_unseen(other_tree, name) for _, other_tree in self._naming(name)):
            return False
        if self._module_looked_up_at_run_time(path, module):
            return False
        return uses == len(self._calls_named(path, name))

    def _named_partly(self, name: str) -> bool:
        """A file naming `name` as a word was not read whole (`_partial`)."""
        self._naming(name)
        return name in self._named_in_partial

    def looked_up_at_run_time(self, path: str) -> bool:
        """A file of the project binds the module of `path` and looks a member of it up by
        a name it builds at run time (`getattr(utils, name)`, `vars(utils)[name]`)."""
        return self._module_looked_up_at_run_time(path, Path(path).stem)

    def _module_looked_up_at_run_time(self, path: str, module: str) -> bool:
        """A file naming the module of `path` looks a member of it up by a built name
        (`_looked_up_at_run_time`); read once per module, whichever of its functions asks."""
        if path not in self._looked_up:
            self._looked_up[path] = any(
                self._looked_up_at_run_time(path, other, tree)
                for other, tree in self._naming(module)
            )
        return self._looked_up[path]

    def _looked_up_at_run_time(self, path: str, other: str, tree: ast.Module) -> bool:
        """`other` binds the module of `path` and looks a member of it up by a name it builds
        at run time: `getattr(utils, name)`, `vars(utils)[name]`, `utils.__dict__[name]`."""
        modules = _module_names(
            tree, Path(path).with_suffix(""), Path(other), self._project_names(), self._file_set()
        )
        if not modules:
            return False
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                if ast.unparse(node.args[0]) not in modules:
                    continue
                if node.func.id == "vars" or (
                    node.func.id == "getattr"
                    and len(node.args) > 1
                    and not isinstance(node.args[1], ast.Constant)
                ):
                    return True
            elif (
                isinstance(node, ast.Attribute)
                and node.attr == "__dict__"
                and ast.unparse(node.value) in modules
            ):
                return True
        return False

    def _reached_unseen(self, tree: ast.Module, name: str) -> bool:
        """The file reaches `name` in a way the call index does not follow: as a member of
        something other than a project module it imports (`import_module("utils").setup()`,
        `getattr(m, ...)` aside), or by a string that is the name or ends a dotted path
        (`getattr(utils, "setup")`, `"utils.setup"`)."""
        indexed = {id(node) for node in self._loads_of(tree).get(name, ())}
        suffix = "." + name
        outside = self._outside_modules(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                if (
                    node.attr == name
                    and id(node) not in indexed
                    and isinstance(node.ctx, ast.Load)
                    and _root_name(node) not in outside
                ):
                    return True
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and (node.value == name or node.value.endswith(suffix))
            ):
                return True
        return False

    def _outside_modules(self, tree: ast.Module) -> frozenset[str]:
        """The names a file binds only by importing a module from outside the project
        (`import torch.nn.functional as F`, `import torch`): `F.mse_loss` is torch's, not
        the project's `mse_loss` (DiffusionTextGeneration's loss helpers). Or only to
        instances of a class. Read once per file."""
        held = self._outside.get(id(tree))
        if held is None or held[0] is not tree:
            held = self._outside[id(tree)] = (tree, self._read_outside_modules(tree))
        return held[1]

    def _read_outside_modules(self, tree: ast.Module) -> frozenset[str]:
        imported: set[str] = set()
        stored: set[str] = set()
        instances: dict[str, bool] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import) and not self._from_project(node):
                imported.update((a.asname or a.name).partition(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not self._from_project(node):
                imported.update(a.asname or a.name for a in node.names if a.name != "*")
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                stored.add(node.id)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                stored.update((a.asname or a.name).partition(".")[0] for a in node.names)
            if isinstance(node, ast.Assign):
                made = _instance_made(node.value)
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        instances[target.id] = instances.get(target.id, True) and made
        # A name bound only to instances of a class (`diffusion = DiffusionRunner(...)`)
        # holds no module: `diffusion.mse_loss` is its method.
        objects = {n for n, made in instances.items() if made and n not in imported}
        return frozenset((imported - stored) | objects)

    def _calls_of(self, path: str, name: str) -> Iterator[tuple[str, ast.Call]]:
        defining = Path(path).with_suffix("")
        files = self._file_set()
        for other, tree in self._naming(name):
            if other == path:
                continue
            froms = self._import_froms[id(tree)]
            caller = Path(other)
            local = _local_names(froms, name, defining, caller, self._project_names(), files)
            modules = _module_names(tree, defining, caller, self._project_names(), files)
            parents = self._parents(tree)
            for node in self._loads_of(tree).get(name, ()):
                # `ckpt.load_checkpoint(...)`, `pkg.ckpt.load_checkpoint(...)`: only on the
                # defining module, as the file binds it (not `other.prepare(...)`).
                receiver = node.value if isinstance(node, ast.Attribute) else None
                if receiver is None or ast.unparse(receiver) not in modules:
                    continue
                parent = parents.get(id(node))
                if isinstance(parent, ast.Call) and parent.func is node:
                    yield other, parent
            for alias in local:
                for node in self._loads_of(tree).get(alias, ()):
                    parent = parents.get(id(node))
                    if not isinstance(parent, ast.Call) or parent.func is not node:
                        continue
                    if isinstance(node, ast.Name):
                        yield other, parent

    def _file_set(self) -> frozenset[Path]:
        """Where an import's module may be found: the project's modules (their paths without
        `.py`) and every directory above them."""
        if self._paths is None:
            known: set[Path] = set()
            for file in self.files:
                module = Path(file).with_suffix("")
                if module in known:
                    continue
                known.add(module)
                for parent in module.parents:
                    if parent in known:
                        break
                    known.add(parent)
            self._paths = frozenset(known)
        return self._paths

    def know_tree(self, path: str, tree: ast.Module) -> None:
        """Take `tree` as the parse of `path` (the project's own parse of it), unless the file
        was parsed here already."""
        self._trees.setdefault(path, tree)

    def text_of(self, path: str) -> bytes | None:
        """The bytes of a project file (read once)."""
        return self._read(path)

    def _uses(
        self,
        name: str,
        depth: int,
        followed: frozenset[int] = frozenset(),
        module: str | None = None,
    ) -> Iterator[bool]:
        """One verdict per use of `name` in the project: True for a guarded call."""
        for _, tree in self._files_using(name, module):
            yield from self._uses_in(tree, name, depth, followed)

    def _files_using(self, name: str, module: str | None) -> Iterator[tuple[str, ast.Module]]:
        """The project's files whose code names `name`, parsed. A file that imports a `name`
        from another module than `module` (the defining file's: setuptools' `setup` in
        `setup.py`, not `train_utils.setup`), or defines its own, uses another function."""
        for path, tree in self._naming(name):
            froms = self._import_froms[id(tree)]
            if module is not None and _imports_from_elsewhere(
                froms, name, module, self._project_names()
            ):
                continue
            if (
                module is not None
                and os.path.splitext(os.path.basename(path))[0] != module
                and name in self._top_names[id(tree)]
                and not _imports(froms, name)
            ):
                continue  # FFB6D's `train_ycb.py` calls its own `load_checkpoint`, not demo's
            yield path, tree

    def _naming(self, name: str) -> list[tuple[str, ast.Module]]:
        """The project's files whose text names `name` as a word, parsed and indexed: found
        once per name (a byte search first), however many functions of that name ask."""
        if name not in self._named:
            needle = name.encode()
            word = re.compile(rb"(?<![\w])" + re.escape(needle) + rb"(?![\w])")
            found = []
            for path in self.files:
                data = self._read(path)
                if data is None:
                    self._named_in_partial.add(name)  # unread: it may name it
                    continue
                if needle not in data or word.search(data) is None:
                    continue
                tree = self._tree(path)
                if tree is None or path in self._partial:
                    self._named_in_partial.add(name)
                if tree is not None:
                    self._index(tree)
                    found.append((path, tree))
            self._named[name] = found
        return self._named[name]

    def _uses_in(
        self, tree: ast.Module, name: str, depth: int, followed: frozenset[int]
    ) -> Iterator[bool]:
        parents = self._parents(tree)
        for node in self._loads_of(tree).get(name, ()):
            parent = parents.get(id(node))
            if isinstance(parent, ast.Call) and parent.func is node:
                yield _guarded(parent, parents, self._binds)
            elif isinstance(parent, ast.Assign) and parent.value is node:
                if id(parent) in followed or _rebinds_itself(parent, name):
                    continue  # the alias being followed, or `update = update`
                targets = [t.id for t in parent.targets if isinstance(t, ast.Name)]
                if depth == 0 or len(targets) != 1:
                    yield False
                    continue
                aliased = list(self._uses(targets[0], depth - 1, followed | {id(parent)}))
                yield from aliased or [False]
            elif isinstance(parent, ast.keyword) and parent.arg == "target":
                yield _child_shown_one_gpu(parent, parents)
            else:
                yield False  # handed on: its callers are unknown

    def _from_project(self, node: ast.Import | ast.ImportFrom) -> bool:
        """The import may bring a module of the project: a relative one, or one whose first
        name is a directory or module of the project (`from llava.utils import ...`), not
        `from torch import distributed` nor `import wandb`."""
        names = self._project_names()
        if isinstance(node, ast.ImportFrom):
            return node.level > 0 or (node.module or "").partition(".")[0] in names
        return any(alias.name.partition(".")[0] in names for alias in node.names)

    def _project_names(self) -> frozenset[str]:
        """The names a module of the project may start with: its files' directories and
        module names."""
        if self._names is None:
            self._names = frozenset(
                part.removesuffix(".py") for path in self.files for part in Path(path).parts
            )
        return self._names

    def _parents(self, tree: ast.Module) -> dict[int, ast.AST]:
        self._index(tree)
        return self._parent_maps[id(tree)]

    def _loads_of(self, tree: ast.Module) -> dict[str, list[ast.AST]]:
        """Every name read in a file: `name`, and `module.name` where the file imports
        `module` from the project (not `self.setup()` or `d.setup()`, a method of some object:
        fms-fsdp's `setup()` helper is not its datasets' `setup` methods; nor `dist.init()`
        where `dist` is torch's `distributed`, or `wandb.init()`: VILA's `init()` helper is
        called as `dist.init()` only through `from llava.utils import distributed as
        dist`)."""
        self._index(tree)
        return self._load_maps[id(tree)]

    def _index(self, tree: ast.Module) -> None:
        """One walk per file: each node's parent, and the nodes that read each name."""
        if id(tree) in self._parent_maps:
            return
        parents: dict[int, ast.AST] = {}
        loads: dict[str, list[ast.AST]] = {}
        members: list[ast.Attribute] = []
        imported: set[str] = set()
        froms: list[ast.ImportFrom] = []
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
            if isinstance(node, ast.ImportFrom):
                froms.append(node)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                loads.setdefault(node.id, []).append(node)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                members.append(node)
            elif isinstance(node, ast.Import | ast.ImportFrom) and self._from_project(node):
                imported.update((a.asname or a.name).partition(".")[0] for a in node.names)
        for member in members:
            if _root_name(member) in imported:
                loads.setdefault(member.attr, []).append(member)
        self._parent_maps[id(tree)] = parents
        self._load_maps[id(tree)] = loads
        self._import_froms[id(tree)] = froms
        self._top_names[id(tree)] = frozenset(
            n.name
            for n in tree.body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        )

    def _read(self, path: str) -> bytes | None:
        if path not in self._data:
            self._data[path] = read_regular_file(Path(path), self.max_file_bytes)
        return self._data[path]

    def _tree(self, path: str) -> ast.Module | None:
        """The file's tree, with the statements this Python cannot parse cut; a file with
        cuts is noted in `_partial` (its calls are not all read)."""
        if path not in self._trees:
            data = self._read(path)
            try:
                self._trees[path] = None if data is None else _whole_tree(data)
            except SyntaxError:
                self._partial.add(path)
                try:
                    self._trees[path] = tolerant_tree(data or b"")
                except (SyntaxError, ValueError, RecursionError):
                    self._trees[path] = None
            except (ValueError, RecursionError):
                self._trees[path] = None
        return self._trees[path]


def _whole_tree(data: bytes) -> ast.Module:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning of the project's own code
        return ast.parse(data)


def _rebinds_itself(assign: ast.Assign, name: str) -> bool:
    return isinstance(assign.value, ast.Name) and [
        t.id for t in assign.targets if isinstance(t, ast.Name)
    ] == [name]


def _functions_of(
    tree: ast.Module,
) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str | None]]:
    """Every function of a file, and the class whose body defines it (None: not a method)."""
    found = []
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((child, node.name if isinstance(node, ast.ClassDef) else None))
    return found


def _local_names(
    froms: list[ast.ImportFrom],
    name: str,
    defining: Path,
    caller: Path,
    project: frozenset[str],
    files: frozenset[Path],
) -> set[str]:
    """The names under which the file `caller` (its `from ... import` statements: `froms`)
    imports `name` from the module of `defining` (its path without `.py`) or from a package
    holding it."""
    found: set[str] = set()
    for node in froms:
        for alias in node.names:
            if alias.name == name and _reaches(node, defining, caller, project, files):
                found.add(alias.asname or alias.name)
    return found


def _module_names(
    tree: ast.Module, defining: Path, caller: Path, project: frozenset[str], files: frozenset[Path]
) -> set[str]:
    """How the file spells the defining module itself, as a call's receiver: `ckpt` after
    `from pkg import checkpointing as ckpt` or `import pkg.checkpointing as ckpt`,
    `checkpointing` after `from pkg import checkpointing` or `import checkpointing`,
    `pkg.checkpointing` after `import pkg.checkpointing`."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                dotted = ".".join(p for p in (node.module, alias.name) if p)
                module = ast.ImportFrom(module=dotted, names=[], level=node.level)
                if _reaches(module, defining, caller, project, files, exact=True):
                    found.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                module = ast.ImportFrom(module=alias.name, names=[], level=0)
                if _reaches(module, defining, caller, project, files, exact=True):
                    found.add(alias.asname or alias.name)
    return found


def _reaches(
    node: ast.ImportFrom,
    defining: Path,
    caller: Path,
    project: frozenset[str],
    files: frozenset[Path],
    exact: bool = False,
) -> bool:
    """`from <module> import ...` names the module of `defining`, or (unless `exact`) a
    package that holds it: relative to `caller`, or absolute under a name of the project,
    found as Python finds it, from the caller's directory up: the first directory holding a
    module or package of the first name decides (PointContrast's `semseg/ddp_main.py` imports
    its own `semseg/lib/train.py` by `from lib.train import ...`, a script its sibling
    `helpers.py` by `from helpers import ...`)."""
    parts = [p for p in (node.module or "").split(".") if p]

    # A package's own `__init__.py` is the package: `import pkg`.
    module = defining.parent if defining.name == "__init__" else defining

    def names(target: Path) -> bool:
        return module == target or (not exact and target in defining.parents)

    if node.level > 0:
        base = caller.parent
        for _ in range(node.level - 1):
            base = base.parent
        return names(base.joinpath(*parts) if parts else base)
    if not parts or parts[0] not in project:
        return False
    for base in caller.parents:
        if base / parts[0] in files:  # a module or package of that name here
            return names(base.joinpath(*parts))
    return False


def _imports(froms: list[ast.ImportFrom], name: str) -> bool:
    """One of the file's `from ... import` statements binds `name`."""
    return any((alias.asname or alias.name) == name for node in froms for alias in node.names)


def _imports_from_elsewhere(
    froms: list[ast.ImportFrom], name: str, module: str, project_names: frozenset[str]
) -> bool:
    """The file (its `from ... import` statements: `froms`) binds `name` only by `from x
    import name` of modules outside the project (`from setuptools import setup`): not its
    `module`, not a relative import, not a package of the project that may re-export it (`from
    efficientvit.apps.utils import dist_init`)."""
    sources = [node for node in froms if any((a.asname or a.name) == name for a in node.names)]
    return bool(sources) and all(
        node.level == 0
        and (node.module or "").rpartition(".")[2] != module
        and (node.module or "").partition(".")[0] not in project_names
        for node in sources
    )


def _instance_made(value: ast.expr) -> bool:
    """`value` builds an instance of a class by its name (`Runner(...)`, `models.Runner(...)`:
    a capitalized callee), not a module a loader returns."""
    return isinstance(value, ast.Call) and (call_name(value) or "")[:1].isupper()


def _root_name(node: ast.Attribute) -> str | None:
    """The name `utils.setup` and `pkg.utils.setup` start with; None for `d.x()[0].y`."""
    value: ast.expr = node.value
    while isinstance(value, ast.Attribute):
        value = value.value
    return value.id if isinstance(value, ast.Name) else None


def _guarded(
    call: ast.Call, parents: dict[int, ast.AST], binds: dict[tuple[int, int], bool]
) -> bool:
    """Inside a device context, or in a function that binds a device (`binds`: memo of the
    latter, by node identity and line; the nodes live as long as the memo's owner), or in a
    file that shows each process one GPU at import (module-level `CUDA_VISIBLE_DEVICES`), or
    in a script's block that binds (`if __name__ == "__main__":` calling a function of the
    file that calls `set_device`)."""
    node: ast.AST | None = parents.get(id(call))
    top: ast.AST = call
    while node is not None:
        if isinstance(node, ast.With | ast.AsyncWith) and any(
            DEVICE_GUARD.search(ast.unparse(item.context_expr)) for item in node.items
        ):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            if isinstance(node, ast.Lambda):
                return False
            key = (id(node), call.lineno)
            if key not in binds:
                binds[key] = _binds(node, call)
            if binds[key]:
                return True
            while node is not None and not isinstance(node, ast.Module):
                node = parents.get(id(node))  # only the module's own code is left to look at
            if node is None:
                return False
            top = call  # not module code: its block is not the caller
        if isinstance(node, ast.Module):
            if (id(node), 0) not in binds:
                binds[(id(node), 0)] = _moduleshows_one_gpu(node)
            return binds[(id(node), 0)] or (top is not call and _block_binds(node, top, call))
        top = node
        node = parents.get(id(node))
    return False


def _child_shown_one_gpu(target: ast.keyword, parents: dict[int, ast.AST]) -> bool:
    """`Process(target=f, ...)` (multiprocessing's, or a context's `ctx.Process`) made and
    started in a loop whose body first sets the parent's `CUDA_VISIBLE_DEVICES` to one GPU per
    pass (Oobleck's agent: `os.environ["CUDA_VISIBLE_DEVICES"] = str(gpu_index)`, then
    `ctx.Process(target=worker_main, ...)`): each child inherits the environment it is
    started with, sees one GPU, and its cuda:0 is that GPU. A thread shares its parent's
    environment and CUDA context, and a value set outside the loop is every child's alike."""
    call = parents.get(id(target))
    if not isinstance(call, ast.Call) or not _is_process(call.func):
        return False
    node = parents.get(id(call))
    while node is not None and not isinstance(
        node, ast.For | ast.AsyncFor | ast.While | ast.FunctionDef | ast.AsyncFunctionDef
    ):
        node = parents.get(id(node))
    if not isinstance(node, ast.For | ast.AsyncFor | ast.While):
        return False
    shown = any(
        isinstance(statement, ast.Assign)
        and statement.lineno < call.lineno
        and shows_one_gpu(statement)
        for statement in node.body  # every pass: not under an `if` of its own
    )
    return shown and _started_in(node, call, parents)


def _started_in(
    loop: ast.For | ast.AsyncFor | ast.While, call: ast.Call, parents: dict[int, ast.AST]
) -> bool:
    """The child made by `call` starts in the same pass of the loop, while the environment
    is the one set for it (a child inherits the environment as it is at `start()`):
    `ctx.Process(...).start()`, or `p = ctx.Process(...)` then `p.start()` in the loop's
    body. Children kept in a list and started after the loop all see the last value."""
    parent = parents.get(id(call))
    if isinstance(parent, ast.Attribute) and parent.attr == "start":
        return True
    if not (
        isinstance(parent, ast.Assign)
        and len(parent.targets) == 1
        and isinstance(parent.targets[0], ast.Name)
    ):
        return False
    name = parent.targets[0].id
    return any(
        isinstance(inner, ast.Call)
        and isinstance(inner.func, ast.Attribute)
        and inner.func.attr == "start"
        and isinstance(inner.func.value, ast.Name)
        and inner.func.value.id == name
        and inner.lineno > call.lineno
        for statement in loop.body
        for inner in ast.walk(statement)
    )


def _is_process(func: ast.expr) -> bool:
    """`Process`, `mp.Process`, `ctx.Process`, `multiprocessing.get_context(...).Process`."""
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name == "Process"


def _block_binds(module: ast.Module, top: ast.AST, call: ast.Call) -> bool:
    """A top-level statement (a script's `__main__` block) calls `set_device`, or another
    function of the file that does, before it makes `call`. The called function binding in
    its own body is not its caller binding first: mattersim's `main()` creates its process
    group, then binds."""
    called = call.func.id if isinstance(call.func, ast.Name) else None
    binders = {
        f.name
        for f in module.body
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        and f.name != called
        and _calls_set_device(f)
    }
    return _calls_set_device(top, before=call) or any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in binders
        and (n.lineno, n.col_offset) < (call.lineno, call.col_offset)
        for n in ast.walk(top)
    )


def _calls_set_device(where: ast.AST, before: ast.Call | None = None) -> bool:
    """`where` calls `set_device` (before the call `before`, when given: then not in a
    function it defines, which may run later, nor on another arm of an `if` than that
    call's)."""
    nodes = ast.walk(where) if before is None else _own_nodes(where)
    arms = if_arms(where) if before is not None else {}
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        if before is not None and (
            node.lineno >= before.lineno
            or on_other_arms(arms.get(id(node), ()), arms.get(id(before), ()))
        ):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name == "set_device":
            return True
    return False


def _own_nodes(where: ast.AST) -> list[ast.AST]:
    """The nodes of `where`, less the bodies of the functions and lambdas it defines."""
    found: list[ast.AST] = []
    stack = list(ast.iter_child_nodes(where))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def _binds(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> bool:
    """Whether the function calls `set_device` (its text is not at hand: names only), or
    sets `CUDA_VISIBLE_DEVICES` to a per-process value, before `call` (before any CUDA work
    of the call: the process then sees one GPU, its cuda:0), not on another `if` arm. A
    binding after the call binds nothing the call did: DeepCAM's `comm.init()` makes its group
    and runs a barrier before `main` calls `set_device`."""
    if _calls_set_device(function, before=call):
        return True
    line = call.lineno
    return any(
        isinstance(node, ast.Assign) and node.lineno < line and shows_one_gpu(node)
        for node in ast.walk(function)
    )


def _moduleshows_one_gpu(tree: ast.Module) -> bool:
    """A statement of the module's own code (not in a function or class) sets
    `CUDA_VISIBLE_DEVICES` per process: at import, before the program's CUDA work."""
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if shows_one_gpu(node):
            return True
        pending += [c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt)]
        pending += [h for h in getattr(node, "handlers", ())]
    return False


def shows_one_gpu(node: ast.AST) -> bool:
    """`os.environ["CUDA_VISIBLE_DEVICES"] = value` in the process's own environment (not a
    copy made for a child), the value not a literal (a literal is the same GPU for every
    process) and naming one GPU: a per-process entry (`str(args.gpu_id)`, `f"{local_rank}"`,
    `devices[rank]`, `os.environ["SLURM_LOCALID"]`), not several (`args.gpus`, a `",".join`
    of ids, `sys.argv[1]`: processes started next share them, each on the first)."""
    if not assigns_visible_devices(node):
        return False
    assignment = cast(ast.Assign, node)
    own = any(
        isinstance(t, ast.Subscript) and _ENVIRON.search(ast.unparse(t.value)) is not None
        for t in assignment.targets
    )
    return own and not isinstance(assignment.value, ast.Constant) and _one_gpu(assignment.value)


#: The process's own environment: `os.environ`, or `environ` imported from `os`.
_ENVIRON = re.compile(r"(?:^|\.)environ$")
#: A name that holds several GPUs (`args.gpus`, `device_ids`, `gpu_list`).
_SEVERAL = re.compile(r"(?:gpus|devices|ids|list|s)$", re.IGNORECASE)
#: A per-process index or environment entry (`LOCAL_RANK`, `SLURM_LOCALID`, `rank`, `gpu_id`).
_PER_PROCESS_KEY = re.compile(r"rank|local|procid|gpu_?id|device_?id|proc", re.IGNORECASE)


def _one_gpu(value: ast.expr) -> bool:
    """The value names one GPU (see `shows_one_gpu`)."""
    if isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Name) and func.id == "str" and len(value.args) == 1:
            return _one_gpu(value.args[0])
        if isinstance(func, ast.Attribute) and func.attr == "join":
            return False  # several ids joined
        return names_a_process_index(value)  # `hvd.local_rank()`, `devices[rank].split(":")[-1]`
    if isinstance(value, ast.JoinedStr):
        holes = [v for v in value.values if isinstance(v, ast.FormattedValue)]
        texts = "".join(str(v.value) for v in value.values if isinstance(v, ast.Constant))
        return len(holes) == 1 and "," not in texts and _one_gpu(holes[0].value)
    if isinstance(value, ast.Subscript):
        return names_a_process_index(value)  # `gpus[rank]`, `os.environ["SLURM_LOCALID"]`
    last = value.attr if isinstance(value, ast.Attribute) else getattr(value, "id", None)
    return isinstance(last, str) and _SEVERAL.search(last) is None


def names_a_process_index(node: ast.expr) -> bool:
    """The expression reads a per-process index or entry somewhere (`rank`, `LOCAL_RANK`,
    `SLURM_LOCALID`, `gpu_id`): one item picked per process, not `sys.argv[1]`."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            text = inner.value
        elif isinstance(inner, ast.Name | ast.Attribute):
            text = inner.id if isinstance(inner, ast.Name) else inner.attr
        else:
            continue
        if _PER_PROCESS_KEY.search(text):
            return True
    return False


def assigns_visible_devices(node: ast.AST) -> bool:
    """`<mapping>["CUDA_VISIBLE_DEVICES"] = ...`."""
    return assigns_key(node, "CUDA_VISIBLE_DEVICES")
