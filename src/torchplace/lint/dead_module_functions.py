"""Whether a line lies in a module's function that only code nothing calls can reach.

In a checkout nobody installs, a module's top-level function runs only when the project's own
code calls it: its module, or a file that imports the module. When every reference to the
function lies inside functions that are themselves never referenced, it never runs
(AgentTuning's `slow_agent/local_llm.load`, called only by `eval_utils.load_model`, which
nothing calls). References are read through the imports: `local_llm.load` where an importer
binds the module (`from slow_agent import local_llm`), the name an importer takes with
`from slow_agent.local_llm import load`, the bare name in the module itself; a method of
another class of the same name (`self.load_model()`) is no reference.

Taken as reachable: a decorated function (a registry may call it), a name in the module's
`__all__`, a name the module or an importer quotes (`getattr(module, "load")`), every
function of a module an importer looks up by a name known at run time (`getattr(module,
cfg["launcher"])`), a `module.name` any other text of the project writes (a configuration's
target), an import of the module's name the resolver cannot place (`from dist_utils import
init` after `sys.path.insert`, `from myproj.utils.distributed import init` naming the
checkout's own directory; not `import torch.distributed`, whose first part is no directory
or module of the project), a module or importer that exposes its functions to a command
line (`fire.Fire()`) or evaluates names (`eval`, `exec`, `vars()[...]`), a star import of
the module, every function of a module an importer loads by a call (`m =
import_module("pkg.module")`: `m` may call any of them), and any reference outside a
top-level function (the module's own body, a class, a `__main__` block). An importer that
takes the name itself (a package's `__init__.py`, a facade module) hands it to whatever
takes it from there: its importers are read as the module's are (ToolBench's
`toolbench.model.load_model`, re-exported and never taken), unless it lists the name in
`__all__` or quotes it, a package uses it itself, another text names `importer.name` or
quotes the importer's dotted name (a bare one too, in a file that imports by name), or the
importer is a `hubconf.py`, whose names `torch.hub` calls. `import pkg.sub` binds `pkg`:
`pkg.name` there reads the package. Only the disk is read, never the code run.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from torchplace.lint.dead_functions import exposes_functions
from torchplace.lint.launch_reach import modules_loaded_by_literal_name
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.project_modules import resolve_imports

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: How many callers deep a chain of dead functions is followed (the function, its callers).
DEPTH = 2


class DeadModuleFunctions:
    """Answers for one project: `importers(path)` lists the files importing a module,
    `read(path)` gives a file's bytes (None when unreadable)."""

    def __init__(
        self,
        root: str,
        importers: Callable[[str], list[str]],
        read: Callable[[str], bytes | None],
        texts: Sequence[str] = (),
    ) -> None:
        self.root = root
        self._importers = importers
        self._read = read
        #: Every file of the project whose quoting of a name may call it: its Python files,
        #: configurations and launch texts.
        self._texts = list(texts)
        self._trees: dict[str, ast.Module | None] = {}
        self._dead: dict[tuple[str, str, int], bool] = {}
        self._quoted: dict[str, bool] = {}
        self._names: frozenset[str] | None = None
        self._names_by_file: dict[str, dict[str, list[ast.Name]]] = {}
        self._exposing: dict[str, bool] = {}

    def holds(self, path: str, line: int) -> bool:
        """`line` of `path` lies in a top-level function of the module that is never called
        but from functions nothing calls."""
        tree = self._tree(path)
        if tree is None:
            return False
        function = next(
            (
                node
                for node in tree.body
                if isinstance(node, _Function)
                and node.lineno <= line <= (node.end_lineno or node.lineno)
            ),
            None,
        )
        return function is not None and self._never_called(path, function.name, DEPTH)

    def _tree(self, path: str) -> ast.Module | None:
        key = str(Path(path).resolve())
        if key not in self._trees:
            data = self._read(key)
            tree: ast.Module | None = None
            if data is not None:
                try:
                    tree = tolerant_tree(data)
                except (SyntaxError, ValueError, RecursionError):
                    tree = None
            self._trees[key] = tree
        return self._trees[key]

    def _exposes(self, path: str, data: bytes) -> bool:
        """The file hands its functions to a command line or evaluates names
        (`dead_functions.exposes_functions`): read once per file."""
        key = str(Path(path).resolve())
        if key not in self._exposing:
            self._exposing[key] = exposes_functions(data)
        return self._exposing[key]

    def _names_in(self, path: str, tree: ast.Module) -> dict[str, list[ast.Name]]:
        """The file's `Name` nodes by identifier: one walk per file, however many of its
        functions are asked about."""
        key = str(Path(path).resolve())
        if key not in self._names_by_file:
            found: dict[str, list[ast.Name]] = {}
            for node in ast.walk(tree):
                if isinstance(node, ast.Name):
                    found.setdefault(node.id, []).append(node)
            self._names_by_file[key] = found
        return self._names_by_file[key]

    def _never_called(self, path: str, name: str, depth: int) -> bool:
        key = (str(Path(path).resolve()), name, depth)
        return self._remembered(key, lambda: self._decide(path, name, depth))

    def _remembered(self, key: tuple[str, str, int], decide: Callable[[], bool]) -> bool:
        """`decide()`, once per key; a cycle of calls or re-exports back to a key being
        decided is taken as reachable."""
        if key not in self._dead:
            self._dead[key] = False
            self._dead[key] = decide()
        return self._dead[key]

    def _decide(self, path: str, name: str, depth: int) -> bool:
        tree = self._tree(path)
        data = self._read(path)
        if tree is None or data is None or self._exposes(path, data):
            return False
        definitions = [n for n in tree.body if isinstance(n, _Function) and n.name == name]
        if len(definitions) != 1 or definitions[0].decorator_list:
            return False
        if name in _exported(tree) or _quotes(data, name) or self._named_elsewhere(path, name):
            return False
        own = self._names_in(path, tree).get(name, [])
        if not self._all_in_dead_callers(path, tree, own, depth, definitions[0]):
            return False
        return self._importers_call_only_from_dead(path, name, depth)

    def _importers_call_only_from_dead(self, module: str, name: str, depth: int) -> bool:
        """Every file importing `module` refers to its `name` only from dead functions."""
        for importer in self._importers(module):
            try:
                if not self._importer_calls_only_from_dead(importer, module, name, depth):
                    return False
            except RecursionError:
                return False  # too deep to read: taken as reachable
        return True

    def _importer_calls_only_from_dead(
        self, importer: str, module: str, name: str, depth: int
    ) -> bool:
        tree = self._tree(importer)
        data = self._read(importer)
        if tree is None or data is None or self._exposes(importer, data):
            return False
        if Path(importer).name == "hubconf.py":
            return False  # `torch.hub.load(repo, "load")` calls its names by name
        if _quotes(data, name):
            return False  # `getattr(module, "load")`
        target = Path(module).resolve()
        loaded = modules_loaded_by_literal_name(data)
        if any(self._resolves(importer, dotted, 0, target) for dotted in loaded):
            return False  # `m = import_module("pkg.module")`: `m` may call any function
        aliases: set[str] = set()  # names bound to the module: `alias.name` is a reference
        dotted: set[str] = set()  # `import a.b.module`: `a.b.module.name`
        names: set[str] = set()  # names bound to the function itself
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if self._resolves(importer, alias.name, 0, target):
                        if alias.asname:
                            aliases.add(alias.asname)
                        else:
                            dotted.add(alias.name)
                    elif not alias.asname:
                        # `import pkg.sub` binds `pkg` too: `pkg.name` reads the package.
                        parts = alias.name.split(".")
                        dotted.update(
                            ".".join(parts[:end])
                            for end in range(1, len(parts))
                            if self._resolves(importer, ".".join(parts[:end]), 0, target)
                        )
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                for alias in node.names:
                    whole = f"{base}.{alias.name}" if base else alias.name
                    if alias.name == "*":
                        if self._resolves(importer, base, node.level, target):
                            return False
                    elif self._resolves(importer, whole, node.level, target):
                        aliases.add(alias.asname or alias.name)
                    elif alias.name == name and self._resolves(importer, base, node.level, target):
                        # Others may take the name from the importer in turn (a package's
                        # `__init__.py`, a facade module): its importers are read as the
                        # module's are.
                        if not self._never_taken_from(importer, alias.asname or name, depth):
                            return False
                        if Path(importer).name != "__init__.py":
                            names.add(alias.asname or name)
        if any(_looked_up_by_value(node, aliases | dotted) for node in ast.walk(tree)):
            return False  # `getattr(dist_utils, cfg["launcher"])`: any function may run
        references: list[ast.AST] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in names:
                references.append(node)
            elif isinstance(node, ast.Attribute) and node.attr == name:
                owner = node.value
                bound = isinstance(owner, ast.Name) and owner.id in aliases
                if bound or (dotted and ast.unparse(owner) in dotted):
                    references.append(node)
        return self._all_in_dead_callers(importer, tree, references, depth, None)

    def _never_taken_from(self, module: str, name: str, depth: int) -> bool:
        """`module` imports the function as `name` (a package's `__init__.py`, a facade
        module), and no code of the project but functions nothing calls takes it from there:
        the module names it in no `__all__` and no string; a package uses it in none of its
        own code (a module's own uses are read as references by its importer's reading); no
        other text writes `module.name`, quotes the module's dotted name (or its bare name,
        in a file that imports by name) or imports it past the resolver; and every file
        importing the module refers to it only from dead functions (ToolBench's
        `toolbench.model.load_model`, re-exported and never called)."""
        key = (str(Path(module).resolve()), f"{name} (re-exported)", depth)
        return self._remembered(key, lambda: self._decide_taken(module, name, depth))

    def _decide_taken(self, module: str, name: str, depth: int) -> bool:
        tree = self._tree(module)
        data = self._read(module)
        if tree is None or data is None or self._exposes(module, data):
            return False
        if name in _exported(tree) or _quotes(data, name):
            return False
        if Path(module).name == "__init__.py" and self._names_in(module, tree).get(name):
            return False
        if self._named_elsewhere(module, name, bare_quotes=False):
            return False
        return self._importers_call_only_from_dead(module, name, depth)

    def _all_in_dead_callers(
        self,
        path: str,
        tree: ast.Module,
        references: Sequence[ast.AST],
        depth: int,
        own: _Function | None,
    ) -> bool:
        """Every reference lies in a top-level function of the file (other than `own`, the
        function itself, whose recursion runs nothing new) that is never called."""
        spans = [
            (node, node.lineno, node.end_lineno or node.lineno)
            for node in tree.body
            if isinstance(node, _Function)
        ]
        for reference in references:
            line = getattr(reference, "lineno", 0)
            holder = next((f for f, first, last in spans if first <= line <= last), None)
            if holder is None:
                return False  # the module's body, a class, a `__main__` block: it runs
            if holder is own:
                continue
            if depth <= 1 or not self._never_called(path, holder.name, depth - 1):
                return False
        return True

    def _named_elsewhere(self, path: str, name: str, bare_quotes: bool = True) -> bool:
        """A file of the project other than the module and its importers names the function
        as `module.name` (a configuration's `_target_: pkg.eval_utils.load_model`, a
        string, a reference through a package), quotes the module's name (a dynamic
        import) or imports a module of its name that the resolver did not place (a
        directory put on `sys.path`); an unreadable one may. A package (`__init__.py`) goes
        by its directory's name; with `bare_quotes` off, only a dotted quote of it counts
        (`"pkg.model"`, not the word `"model"` any configuration holds), or a bare one in a
        file that imports modules by name."""
        module = Path(path).parent.name if Path(path).name == "__init__.py" else Path(path).stem
        key = f"{Path(path).resolve()}:{name}:{bare_quotes}"
        if key not in self._quoted:
            # `pkg.module.name` anywhere, or the module's dotted name quoted alone (a dynamic
            # import: `importlib.import_module("pkg.module")`).
            dotted = re.compile(rb"\b" + re.escape(f"{module}.{name}".encode()) + rb"\b")
            quoted = re.compile(rb"[\"']((?:[\w.]*\.)?" + re.escape(module.encode()) + rb")[\"']")
            # An import by the module's name that the resolver did not follow to this file
            # (`from dist_utils import init` after `sys.path.insert(0, "../common")`).
            imported = re.compile(
                rb"\b(?:from|import)\s+((?:[\w.]*\.)?" + re.escape(module.encode()) + rb")\b"
            )
            skipped = {str(Path(f).resolve()) for f in (path, *self._importers(path))}
            self._quoted[key] = any(
                data is None
                or dotted.search(data) is not None
                or any(
                    self._may_be_this_module(m.group(1))
                    for m in quoted.finditer(data)
                    if bare_quotes or b"." in m.group(1) or _IMPORTS_BY_NAME.search(data)
                )
                or any(self._may_be_this_module(m.group(1)) for m in imported.finditer(data))
                for file in self._texts
                if str(Path(file).resolve()) not in skipped
                for data in (self._read(file),)
            )
        return self._quoted[key]

    def _may_be_this_module(self, dotted: bytes) -> bool:
        """A module name ending in the module's own may name it: a bare name, or a dotted one
        whose first part is a directory or module of the project. `torch.distributed` is
        not the project's `utils/distributed.py`."""
        first = dotted.split(b".", 1)[0].decode("ascii", "replace")
        return b"." not in dotted or first in self._project_names()

    def _project_names(self) -> frozenset[str]:
        """The names of the directories and modules the project's Python files lie in."""
        if self._names is None:
            names: set[str] = {Path(self.root).resolve().name}  # `myproj.utils.x` on sys.path
            for file in self._texts:
                if not file.endswith(".py"):
                    continue
                try:
                    parts = Path(file).resolve().relative_to(Path(self.root).resolve()).parts
                except ValueError:
                    continue
                names.update(parts[:-1])
                names.add(Path(parts[-1]).stem if parts else "")
            self._names = frozenset(names)
        return self._names

    def _resolves(self, importer: str, module: str, level: int, target: Path) -> bool:
        if not module and not level:
            return False
        found = resolve_imports(importer, [(module, level)], self.root)
        return any(Path(f).resolve() == target for f in found)


#: A file that imports modules by a name in a string (`importlib.import_module("slow_agent")`).
_IMPORTS_BY_NAME = re.compile(rb"\bimport_module\b|\b__import__\b|\bimportlib\b")


def _exported(tree: ast.Module) -> set[str]:
    """The names of the module's `__all__` (a literal list or tuple of strings)."""
    for node in tree.body:
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.List | ast.Tuple):
            continue
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return {
                e.value
                for e in node.value.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            }
    return set()


def _quotes(data: bytes, name: str) -> bool:
    """The name stands alone in a string (`"load"`), or ends a dotted one (`"mod.load"`)."""
    quoted = re.compile(rb"[\"'](?:[\w.]*\.)?" + re.escape(name.encode()) + rb"[\"']")
    return quoted.search(data) is not None


def _looked_up_by_value(node: ast.AST, aliases: set[str]) -> bool:
    """`getattr(module, name)` with a name known only at run time, on a name bound to the
    module."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id in aliases
        and not isinstance(node.args[1], ast.Constant)
    )
