"""Where a `torch.load` runs, and what it reads, as far as its file tells (for TPL106/TPL108).

- Multi-process code: the file names a process group, a launcher, a rank or a rank-0 guard;
  a bare `local_rank` option is not one.
- Dead code of a script: a top-level function of a loose script (no `__init__.py` beside it,
  run as `__main__`) that nothing in the file names, and that no script beside it imports.
- A file whose every `torch.save` writes a CPU copy loads its own CPU data back.
- A fixed published file: a literal URL, or `hf_hub_download` of a literal repository and file
  name. Its bytes are the same for every user and were not saved by this program's ranks.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable

from torchplace.lint.context import FileContext, call_name

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Names of a process group, a launcher or a rank, and rank-0 guards (`if local_rank <= 0:`).
#: A bare `local_rank` is not one: a one-process script takes it as an option to pick its GPU
#: (`cuda:{local_rank}`, or the CPU when it is -1).
MULTI_PROCESS = re.compile(
    r"LOCAL_RANK|get_rank\s*\(|DistributedDataParallel|init_process_group"
    r"|process_index|\bDDP\s*\(|\.spawn\s*\("
    r"|local_rank\s*(?:<=|==|<)\s*0\b|local_rank\s+in\s*[\[(]\s*-1\s*,\s*0\b"
)
_CPU_COPY_TEXT = re.compile(r"\.cpu\(\)|['\"]cpu['\"]")
_URL = re.compile(r"^(?:https?|gs|s3)://")
_HUB = {"hf_hub_download"}
#: A script with more sibling files than this is not searched for importers.
_MAX_SIBLINGS = 200


def _top_level_at(
    tree: ast.Module, line: int
) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | None:
    for statement in tree.body:
        if isinstance(statement, _Function | ast.ClassDef) and (
            statement.lineno <= line <= (statement.end_lineno or statement.lineno)
        ):
            return statement
    return None


def dead_in_script(ctx: FileContext, tree: ast.Module, line: int) -> bool:
    """The statement at `line` is in a top-level function of a loose script that nothing in
    the file names and no script beside it imports."""
    top = _top_level_at(tree, line)
    if not isinstance(top, _Function) or not _is_script(ctx, tree):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == top.name:
            return False
        if isinstance(node, ast.Attribute) and node.attr == top.name:
            return False
    return not _imported_beside(ctx.source.path)


def _is_script(ctx: FileContext, tree: ast.Module) -> bool:
    """Run as `__main__`, and not a module of a package (no `__init__.py` beside it)."""
    directory = os.path.dirname(ctx.source.path)
    if directory and os.path.isfile(os.path.join(directory, "__init__.py")):
        return False
    return any(
        isinstance(s, ast.If) and "__main__" in ctx.source.segment(s.test) for s in tree.body
    )


def _imported_beside(path: str) -> bool:
    """A script in the same directory imports this one (`from train import load`)."""
    directory = os.path.dirname(path)
    if not directory:
        return False
    stem = os.path.splitext(os.path.basename(path))[0]
    importing = re.compile(rf"(?:^|\s)(?:from|import)\s+{re.escape(stem)}\b", re.MULTILINE)
    try:
        siblings = [n for n in os.listdir(directory) if n.endswith(".py")]
    except OSError:
        return True  # unknown: take it as imported
    if len(siblings) > _MAX_SIBLINGS:
        return True
    for name in siblings:
        if name == os.path.basename(path):
            continue
        try:
            with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as f:
                if importing.search(f.read(1_000_000)):
                    return True
        except OSError:
            return True
    return False


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


def saves_only_cpu_copies(ctx: FileContext, full: Callable[[], ast.Module]) -> bool:
    """Every `torch.save` of the file writes a CPU copy (`x.cpu()`, `x.to("cpu")`, or a name
    bound to one): what the file loads back is its own CPU data (an offload cache)."""
    if "save" not in ctx.source.text or not _CPU_COPY_TEXT.search(ctx.source.text):
        return False
    tree = full()
    saves = 0
    for function in local_functions(tree):
        assigned = local_assignments(function)
        for call in (n for n in ast.walk(function) if isinstance(n, ast.Call)):
            if ctx.qualified(call.func) != "torch.save" or not call.args:
                continue
            saves += 1
            value = call.args[0]
            values = assigned.get(value.id, []) if isinstance(value, ast.Name) else [value]
            if not values or not all(_is_cpu_copy(ctx, v) for v in values):
                return False
    return saves > 0


def _is_cpu_copy(ctx: FileContext, value: ast.AST) -> bool:
    """`x.cpu()`, `x.to("cpu")`, or a call given the CPU as its device (`to_device(x, "cpu")`,
    `move(x, device="cpu")`)."""
    if not isinstance(value, ast.Call):
        return False
    if isinstance(value.func, ast.Attribute) and value.func.attr == "cpu":
        return True
    targets = [*value.args[1:], *(k.value for k in value.keywords if k.arg == "device")]
    if isinstance(value.func, ast.Attribute) and value.func.attr == "to":
        targets = value.args[:1]
    return any(_CPU_COPY_TEXT.search(ctx.source.segment(target)) for target in targets)


def local_assignments(function: ast.AST) -> dict[str, list[ast.AST]]:
    found: dict[str, list[ast.AST]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.withitem) and isinstance(node.optional_vars, ast.Name):
            found.setdefault(node.optional_vars.id, []).append(node.context_expr)
    return found


def local_functions(where: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(where) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
