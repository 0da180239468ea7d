"""The file of a module a linted file imports, when that module is part of the file's own
project: the package tree the file sits in, not another distribution of the same name.

`from pkg.util import x` in `.../pkg/models/net.py` is the project's `.../pkg/util.py` (or
`.../pkg/util/__init__.py`); `from fastchat.constants import x` in
`.../ipex_llm/serving/fastchat/worker.py` names a directory above the file, but no
`constants.py` lies there: it is the outside `fastchat` package. Relative imports are read from
the file's directory. Only the disk is read, never the module's code run. A file outside a
package (a loose script, code linted under a path not on disk, a file copied out of its
repository) has only its path to go by: there a directory of the import's name above it is
taken as the project's package.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.config import DEFAULT_MAX_FILE_BYTES
from torchplace.lint.dead_functions import runs_work_at_top_level


def project_module(path: str, module: str, level: int = 0) -> Path | None:
    """The file of `module` (imported with `level` leading dots from the file at `path`) in the
    file's own package tree, or None."""
    parts = [part for part in module.split(".") if part]
    here = Path(path).resolve().parent
    base: Path | None
    if level:  # `from .x import y`: this directory, `..` its parent
        base = (here, *here.parents)[min(level - 1, len(here.parents))]
    elif parts:  # `pkg.x` with this file under a directory named `pkg`
        base = next((p.parent for p in (here, *here.parents) if p.name == parts[0]), None)
    else:
        base = None
    if base is None or not parts:
        return None
    return _under(str(base), module)


def is_project_module(path: str, module: str, level: int = 0) -> bool:
    """Whether the import of `module` (with `level` leading dots) in the file at `path` is of
    the file's own project: relative; found in its package tree on disk when the file lies in
    a package (`__init__.py` beside it); else, for a loose script or code not on disk, named
    after a directory above the file."""
    if level:
        return True
    if (Path(path).parent / "__init__.py").is_file():
        return project_module(path, module) is not None
    top = module.partition(".")[0]
    return bool(top) and top in Path(path).parts[:-1]


#: The start of an import statement at the beginning of a line (any indentation), with its
#: parenthesised or backslash-continued names: what `imported_names_in` parses alone.
_IMPORT_LINE = re.compile(
    rb"^[ \t]*(?:from[ \t]+\.*[\w.]*[ \t]+import[ \t]*(?:\([^)]*\)|(?:[^\n]*\\\n)*[^\n]*)"
    rb"|import[ \t]+(?:[^\n]*\\\n)*[^\n]*)",
    re.MULTILINE,
)


def imported_names(tree: ast.AST) -> list[tuple[str, int]]:
    """The modules a parsed file imports, anywhere in it, with their relative levels:
    `import a.b` gives `a.b`; `from a import b` gives `a.b` (a submodule, if it is one) and
    `a`."""
    wanted: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            wanted += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names = [alias.name for alias in node.names if alias.name != "*"]
            wanted += [(f"{base}.{n}" if base else n, node.level) for n in names]
            if base:
                wanted.append((base, node.level))
    return wanted


def imported_names_in(data: bytes) -> list[tuple[str, int]]:
    """As `imported_names`, from a file's bytes without parsing the whole file: each import
    statement is found by a line scan and parsed alone (a statement that does not parse, such
    as one quoted in a docstring, is skipped; one quoted there that does parse counts, which
    only adds an importer)."""
    wanted: list[tuple[str, int]] = []
    for match in _IMPORT_LINE.finditer(data):
        try:
            statement = ast.parse(match.group(0).strip())
        except (SyntaxError, ValueError):
            continue
        wanted += imported_names(statement)
    return wanted


def imported_project_files(path: str, tree: ast.Module, root: str | None = None) -> list[Path]:
    """The project files of the modules a file imports (`imported_names`), found as
    `resolve_imports` does."""
    return resolve_imports(path, imported_names(tree), root)


def resolve_imports(
    path: str,
    wanted: list[tuple[str, int]],
    root: str | None = None,
    memo: dict[tuple[str, str, int], Path | None] | None = None,
) -> list[Path]:
    """The project files of the modules `wanted` (name, relative level) imported by the file
    at `path`: in its package tree (`project_module`); for a script outside a package, also
    modules beside it (its directory is on `sys.path`); with `root`, also modules under the
    project's root (run from there, or with it on the path) and under a directory between
    the file and the root that holds a script (run from there); last, for a file of a
    package that runs as a script (`_package_script`), a module beside it that none of those
    finds. `memo` keeps answers by the file's directory, for callers that resolve the imports
    of many files."""
    directory = os.path.dirname(os.path.abspath(path))
    memo = {} if memo is None else memo
    found: list[Path] = []
    for module, level in wanted:
        key = (directory, module, level)
        if key not in memo:
            memo[key] = _resolve(path, module, level, root)
        file = memo[key]
        if file is None and not level and _package_script(path):
            # Not kept in `memo`: the answer holds for this file, not for its directory.
            file = _under(directory, module)
        if file is not None and file not in found and str(file) != os.path.abspath(path):
            found.append(file)
    return found


def _resolve(path: str, module: str, level: int, root: str | None) -> Path | None:
    file = project_module(path, module, level)
    if file is None and not level and not (Path(path).parent / "__init__.py").is_file():
        file = _under(str(Path(path).resolve().parent), module)
    if file is None and root is not None and not level:
        file = _under(root, module)
    if file is None and root is not None and not level:
        file = _beside_a_script_above(path, module, root)
    return file


def _package_script(path: str) -> bool:
    """A file of a package that runs as a script (`runs_work_at_top_level`): run so, its own
    directory is on `sys.path`, and an absolute import found nowhere else is its neighbour
    (LLM-Blender's `gen_fuser/fuse_infer.py`: `from model_utils import
    EncDecModelManager`). A module of the package that only defines is imported, and its
    `from datasets import ...` names the installed library, not a `datasets.py` beside it."""
    if not (Path(path).parent / "__init__.py").is_file():
        return False
    try:
        status = os.stat(path)
    except OSError:
        return False
    key = (path, status.st_mtime_ns, status.st_size)  # an edited file is read again
    answer = _SCRIPTS.get(key)
    if answer is None:
        data = read_regular_file(Path(path), DEFAULT_MAX_FILE_BYTES)
        answer = data is not None and runs_work_at_top_level(data) is True
        _SCRIPTS[key] = answer
    return answer


_SCRIPTS: dict[tuple[str, int, int], bool] = {}


def _beside_a_script_above(path: str, module: str, root: str) -> Path | None:
    """`module` under a directory between the file and the project root that holds a script:
    running that script puts its directory on `sys.path` for every module it imports (DEQ's
    `models/deq_transformer.py` imports `utils.adaptive_embedding` from beside
    `train_transformer.py`, one directory up)."""
    top = Path(root).resolve()
    for directory in Path(path).resolve().parents[1:]:
        if directory == top or top not in directory.parents:
            return None
        if _holds_a_script(directory):
            file = _under(str(directory), module)
            if file is not None:
                return file
    return None


def _holds_a_script(directory: Path) -> bool:
    try:
        return any(
            entry.name.endswith(".py") and entry.name != "__init__.py" and entry.is_file()
            for entry in os.scandir(directory)
        )
    except OSError:
        return False


def _under(directory: str, module: str) -> Path | None:
    """The file of `module` under `directory` (`a/b.py` or `a/b/__init__.py` for `a.b`)."""
    parts = [part for part in module.split(".") if part]
    if not parts:
        return None
    base = Path(directory)
    for candidate in (
        base.joinpath(*parts[:-1], parts[-1] + ".py"),
        base.joinpath(*parts, "__init__.py"),
    ):
        if candidate.is_file():
            return candidate
    return None
