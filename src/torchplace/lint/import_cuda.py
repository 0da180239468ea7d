"""Whether importing a module of the project may start CUDA.

`CUDA_VISIBLE_DEVICES` written at module level after `from pkg.models import Net` is too late
when importing `pkg.models` already asked CUDA (a module-level `torch.cuda.is_available()`,
a tensor made on `"cuda"`). What an import runs is on disk: the module's own import-time code
(its statements, and class bodies, not function bodies nor an `if __name__ == "__main__":`
block, which runs only when the file is the script), the `__init__.py` of each package
above it, and, in turn, the modules of the project those import at module level. Only the
disk is read, never the code run. An import is taken as starting no CUDA only when every file
it runs inside the project was found and read and none of their import-time code starts CUDA;
a module not found, not readable or not parsable may start it. Imports of other distributions
(`transformers`, `fastchat`) are not followed: importing them starts no CUDA.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.config import DEFAULT_MAX_FILE_BYTES
from torchplace.lint.dead_functions import is_main_guard
from torchplace.lint.parse_around import tolerant_tree
from torchplace.lint.project_modules import is_project_module, project_module

#: Code that starts CUDA or fixes the visible GPUs when it runs: `torch.cuda.*()` calls other
#: than those that return early before CUDA starts (`is_initialized`, `empty_cache`, the memory
#: statistics, read on torch 2.13: `if not is_initialized(): return {}`), the seeds and RNG
#: state setters, which torch queues until CUDA starts (`manual_seed`, `manual_seed_all`,
#: `seed`, `seed_all`, `set_rng_state`, `set_rng_state_all`: `_lazy_call`), and
#: `device_count()`, which counts through NVML (a later `CUDA_VISIBLE_DEVICES` still hides GPUs;
#: `is_available()` does fix them; measured on an H200 with torch 2.11:
#: benchmarks/lint_cuda_init_facts.py), `.cuda()`, a call given `device="cuda..."`,
#: `.to("cuda...")`, `init_process_group(...)`.
STARTS_CUDA = re.compile(
    r"torch\.cuda\.(?!is_initialized\b|empty_cache\b|memory_stats\w*\b|memory_allocated\b"
    r"|memory_reserved\b|max_memory_allocated\b|max_memory_reserved\b|device_count\b"
    r"|manual_seed(?:_all)?\b|seed(?:_all)?\b|set_rng_state(?:_all)?\b)\w+\s*\("
    r"|\.cuda\s*\(|(?:[(,]\s*device\s*=\s*|\.to\(\s*)f?[\"']cuda|init_process_group\s*\("
)
_COMMENT = re.compile(r"#[^\n]*")
#: Files read for one import at most: a larger import graph is not known to start no CUDA.
MAX_FILES = 200


def import_starts_no_cuda(path: str, module: str, level: int = 0) -> bool:
    """Whether importing `module` (with `level` leading dots) from the file at `path` is known
    to start no CUDA: see the module's docstring."""
    first = _files_run_by(path, module, level)
    if first is None:
        return False
    seen: set[Path] = set()
    pending = list(first)
    while pending:
        file = pending.pop()
        if file in seen:
            continue
        seen.add(file)
        if len(seen) > MAX_FILES:
            return False
        read = _import_time_code(file)
        if read is None:
            return False
        code, imports = read
        if STARTS_CUDA.search(code):
            return False
        for name, import_level in imports:
            files = _files_run_by(str(file), name, import_level)
            if files is None:
                return False
            pending += files
    return True


def _files_run_by(path: str, module: str, level: int) -> list[Path] | None:
    """The project files an import of `module` runs: the module and the `__init__.py` of the
    packages above it; [] for another distribution's module; None when a module of the
    project is not found on disk."""
    if not is_project_module(path, module, level):
        return []
    found = project_module(path, module, level)
    if found is None:
        return None
    files = [found]
    # `pkg.sub.mod` runs `pkg/__init__.py` and `pkg/sub/__init__.py` first.
    parts = [part for part in module.split(".") if part]
    for end in range(1, len(parts)):
        package = project_module(path, ".".join(parts[:end]), level)
        if package is not None and package.name == "__init__.py":
            files.append(package)
    return files


def _import_time_code(file: Path) -> tuple[str, list[tuple[str, int]]] | None:
    """The code of `file` that runs when it is imported (comments stripped), and the modules
    it imports then."""
    data = read_regular_file(file, DEFAULT_MAX_FILE_BYTES)
    if data is None:
        return None
    text = data.decode("utf-8", "replace")
    try:
        tree = tolerant_tree(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    lines = text.splitlines(keepends=True)
    pieces: list[str] = []
    imports: list[tuple[str, int]] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        statement = pending.pop()
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if isinstance(statement, ast.ClassDef):
            pending += statement.body
            continue
        if is_main_guard(statement):
            # `if __name__ == "__main__":` runs only when the file is the script, never
            # on import; its `else` does run.
            assert isinstance(statement, ast.If)
            pending += statement.orelse
            continue
        if isinstance(statement, ast.Import):
            imports += [(alias.name, 0) for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom):
            base = statement.module or ""
            if base or not statement.level:
                # `from . import utils` names no module of its own: the packages above the
                # file ran before it did; only the submodules it names run now (below).
                imports.append((base, statement.level))
            # `from pkg import sub` imports the submodule `pkg.sub` when one is on disk.
            for alias in statement.names:
                name = f"{base}.{alias.name}" if base else alias.name
                if alias.name != "*" and project_module(str(file), name, statement.level):
                    imports.append((name, statement.level))
        nested = [
            child
            for field in ("body", "orelse", "finalbody", "handlers")
            for child in getattr(statement, field, ())
            if isinstance(child, ast.stmt | ast.excepthandler)
        ]
        if nested:  # `if`, `try`, `with` at module level: their statements run too
            for child in nested:
                if isinstance(child, ast.ExceptHandler):
                    pending += child.body
                elif isinstance(child, ast.stmt):
                    pending.append(child)
            header_end = min(getattr(n, "lineno", 0) for n in nested) - 1
            pieces += lines[statement.lineno - 1 : max(header_end, statement.lineno)]
            continue
        pieces += lines[statement.lineno - 1 : statement.end_lineno or statement.lineno]
    return _COMMENT.sub("", "".join(pieces)), imports


#: How TPL404 begins a finding made only by imports of the project before the write.
AFTER_PROJECT_IMPORTS = "CUDA_VISIBLE_DEVICES set after importing torch and this project's"


def imports_before_start_no_cuda(path: str, line: int) -> bool:
    """Whether every module-level import of the file at `path` before `line` is known to start
    no CUDA (`import_starts_no_cuda`): the file read again from disk, as a project fact."""
    data = read_regular_file(Path(path), DEFAULT_MAX_FILE_BYTES)
    if data is None:
        return False
    try:
        tree = tolerant_tree(data.decode("utf-8", "replace"))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    for statement in tree.body:
        if statement.lineno >= line:
            break
        if isinstance(statement, ast.Import):
            imported = [(alias.name, 0) for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom):
            imported = [(statement.module or "", statement.level)]
        else:
            continue
        if not all(import_starts_no_cuda(path, name, level) for name, level in imported):
            return False
    return True
