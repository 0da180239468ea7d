"""Whether a script binds its process's GPU before it runs any of the project's code.

A process group made deep in a project's training code (FunCodec's `distributed_utils.py`,
three calls below the task's `main`) is bound when the script that starts the process binds
first: `os.environ["CUDA_VISIBLE_DEVICES"] = str(args.gpu_id)` or
`torch.cuda.set_device(args.gpu_id)` in its `if __name__ == "__main__":` block, or in the
function of the script that block calls (`main()`), before anything that could make the
group. Those statements are read in order, without running them. Before the binding they may
do anything that calls none of the project's own functions (the script's functions, names
imported from the project's modules) and nothing named for a process group or distributed
set-up, in assignments, `if`s, `for` loops and `with` blocks (`with open(cfg) as f:`);
project helpers named for arguments, configuration, logging or seeding
(`get_commandline_args()`, `parse_args()`) may run, as may the script's own functions that
do only such things (bddm's `dict_hash_5char(config)`) and torch's seeding calls, which start
no CUDA (`torch.cuda.manual_seed_all`). The binding must be a statement of the
block or function itself, not one inside a branch or loop. A value shown as
`CUDA_VISIBLE_DEVICES` counts when `project_callers.shows_one_gpu` reads it as one GPU per
process (`str(args.gpu_id)`, `gpus[rank]`; not a literal, nor several, `args.gpus`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from torchplace.lint.context import call_name
from torchplace.lint.dead_functions import is_main_guard
from torchplace.lint.gpu_bindings import binds_gpu
from torchplace.lint.project_callers import shows_one_gpu

#: Project helpers that may run before the binding: named for arguments, configuration,
#: logging or seeding, they reach no process group.
_PREPARES = re.compile(
    r"(?:^|_)(?:parse|parser|args?|argv|config|cfg|conf|options?|opts|log|logger|logging|seed"
    r"|print|mkdirs?|makedirs|paths?|dirs?)(?:_|$)",
    re.IGNORECASE,
)
#: Calls named for a process group or distributed set-up: never preparation.
_GROUP_WORDS = re.compile(r"dist|process_group|rank|world|barrier|launch|spawn", re.IGNORECASE)
#: How many functions the reading follows from the `__main__` block (`main()`, then no more).
_DEPTH = 2


def binds_before_running(tree: ast.Module, is_project_module: Callable[[str, int], bool]) -> bool:
    """The module's `if __name__ == "__main__":` block (or the function of the module it
    calls) binds the process's GPU before it runs the project's code (see the module's
    docstring). `is_project_module(module, level)` says whether an import is the project's."""
    block = _main_block(tree)
    if block is None:
        return False
    # Plain functions only: a decorator or `async` changes what calling one runs.
    functions = {
        s.name: s.body for s in tree.body if isinstance(s, ast.FunctionDef) and not s.decorator_list
    }
    own = _project_names(tree, is_project_module)
    own |= {s.name for s in tree.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
    # The script's own helpers that only prepare (bddm's `dict_hash_5char(config)`) may run
    # before the binding: called, they run nothing of the project either.
    helpers = frozenset(
        name for name, body in functions.items() if all(_prepares(s, own) for s in body)
    )
    own -= helpers
    # The module's own top-level code runs first (imports of the project run its modules).
    for statement in tree.body:
        if statement is _main_if(tree):
            break
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(statement, ast.Import | ast.ImportFrom):
            continue  # the project's imports are read by the import graph, not here
        if not _prepares(statement, own, helpers):
            return False
    return _binds_in(block, functions, own, _DEPTH, is_project_module, helpers)


def has_main_block(tree: ast.Module) -> bool:
    return _main_block(tree) is not None


def _binds_in(
    block: list[ast.stmt],
    functions: dict[str, list[ast.stmt]],
    own: set[str],
    depth: int,
    is_project_module: Callable[[str, int], bool],
    helpers: frozenset[str] = frozenset(),
) -> bool:
    for statement in block:
        if _binds(statement):
            return True
        called = _called_function(statement, functions)
        if called is not None and depth > 1 and called not in helpers:
            # `main()`: the script's work starts there; what follows it runs after. Its
            # arguments run before it.
            call = statement.value  # type: ignore[attr-defined]
            given = [*call.args, *(k.value for k in call.keywords)]
            if not all(_prepares_in(argument, own, helpers) for argument in given):
                return False
            return _binds_in(
                functions[called], functions, own, depth - 1, is_project_module, helpers
            )
        if isinstance(statement, ast.Import | ast.ImportFrom) and _imports_project(
            statement, is_project_module
        ):
            return False  # importing a project module runs its code
        if not _prepares(statement, own, helpers):
            return False
    return False


def _imports_project(
    statement: ast.Import | ast.ImportFrom, is_project_module: Callable[[str, int], bool]
) -> bool:
    if isinstance(statement, ast.ImportFrom):
        return is_project_module(statement.module or "", statement.level)
    return any(is_project_module(alias.name, 0) for alias in statement.names)


def _called_function(statement: ast.stmt, functions: dict[str, list[ast.stmt]]) -> str | None:
    """`main()` or `main(args)` as a statement, of a function of the module."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        if isinstance(func, ast.Name) and func.id in functions:
            return func.id
    return None


def _project_names(tree: ast.Module, is_project_module: Callable[[str, int], bool]) -> set[str]:
    names: set[str] = set()
    for statement in ast.walk(tree):
        if isinstance(statement, ast.ImportFrom):
            module = statement.module or ""
            if is_project_module(module, statement.level):
                names |= {alias.asname or alias.name for alias in statement.names}
        elif isinstance(statement, ast.Import):
            for alias in statement.names:
                if is_project_module(alias.name, 0):
                    names.add((alias.asname or alias.name).partition(".")[0])
    return names


def _main_block(tree: ast.Module) -> list[ast.stmt] | None:
    found = _main_if(tree)
    return found.body if found is not None else None


def _main_if(tree: ast.Module) -> ast.If | None:
    for statement in tree.body:
        if is_main_guard(statement):
            assert isinstance(statement, ast.If)
            return statement
    return None


def _binds(statement: ast.stmt) -> bool:
    if shows_one_gpu(statement):
        return True
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Call)
        and binds_gpu(statement.value)
    )


def _prepares(statement: ast.stmt, own: set[str], helpers: frozenset[str] = frozenset()) -> bool:
    """The statement runs none of the project's code and nothing of a process group: an
    assignment, a call, a `return`, or an `if`, a `for` or a `with` (`with open(path) as f:`)
    made of such statements."""
    if isinstance(statement, ast.Import | ast.ImportFrom | ast.Pass):
        return True
    parts: list[ast.AST]
    if isinstance(statement, ast.If):
        parts, body = [statement.test], [*statement.body, *statement.orelse]
    elif isinstance(statement, ast.For):
        parts, body = [statement.target, statement.iter], [*statement.body, *statement.orelse]
    elif isinstance(statement, ast.With):
        parts, body = [item.context_expr for item in statement.items], statement.body
    else:
        if not isinstance(
            statement, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr | ast.Return
        ):
            return False
        return _prepares_in(statement, own, helpers)
    return all(_prepares_in(p, own, helpers) for p in parts) and all(
        _prepares(s, own, helpers) for s in body
    )


def _prepares_in(node: ast.AST, own: set[str], helpers: frozenset[str] = frozenset()) -> bool:
    """Every call in `node` prepares: a builtin or a helper named for arguments,
    configuration, logging or seeding (`parse_args()`), a method of the kind that reads
    arguments, strings and paths (`parser.add_argument`, `args.gpus.split`), or a call of a
    module that is not the project's and not torch (`os.makedirs`, `logging.basicConfig`);
    nothing named for a process group, nothing of torch (`torch.zeros(1).cuda()` starts
    CUDA before the binding), no other call of the project's code or of an object it made."""
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        name = call_name(call) or ""
        if _GROUP_WORDS.search(name) or name in _STARTS_CUDA:
            return False
        prepares = _PREPARES.search(name) is not None
        if isinstance(call.func, ast.Name):
            if not (prepares or name in _BUILTINS or name in _PARSER_CLASSES or name in helpers):
                return False
            continue
        root = _root_name(call.func)
        if root == "torch" and call.func.attr in _SEEDS:  # type: ignore[attr-defined]
            continue  # seeding starts no CUDA (`lint_cuda_init_facts`)
        if root == "torch" or (root in own and not prepares):
            return False
        if not (root in _OUTSIDE_MODULES or name in _METHODS or prepares):
            return False
    return True


#: Builtins that run no project code.
_BUILTINS = frozenset(
    {"print", "int", "str", "float", "bool", "len", "vars", "dict", "list", "tuple", "set"}
    | {"range", "sorted", "getattr", "hasattr", "isinstance", "min", "max", "open", "repr"}
)
_PARSER_CLASSES = frozenset({"ArgumentParser", "Path"})
#: Methods that read or shape arguments, strings, paths and dictionaries.
_METHODS = frozenset(
    {"add_argument", "add_argument_group", "parse_args", "parse_known_args", "set_defaults"}
    | {"split", "strip", "join", "format", "replace", "lower", "upper", "startswith"}
    | {"endswith", "get", "pop", "items", "keys", "values", "append", "extend", "update"}
    | {"exists", "mkdir", "makedirs", "info", "warning", "debug", "error", "setLevel"}
    | {"getenv", "setdefault", "basicConfig", "getLogger", "isdir", "isfile"}
    | {"encode", "decode", "hexdigest", "digest"}
)
#: Modules a script's preparation calls that are neither the project's nor torch.
_OUTSIDE_MODULES = frozenset(
    {"os", "sys", "argparse", "logging", "json", "yaml", "random", "time", "datetime"}
    | {"pathlib", "shutil", "warnings", "numpy", "np", "socket", "platform", "getpass"}
    | {"hashlib"}
)
#: torch's seeding calls (`torch.manual_seed`, `torch.cuda.manual_seed_all`), which start no
#: CUDA: measured on a GPU (`benchmarks/results/lint_cuda_init_facts.md`).
_SEEDS = frozenset({"manual_seed", "manual_seed_all", "seed", "seed_all"})
#: Calls that may start CUDA or bind a device other than by the readings above.
_STARTS_CUDA = frozenset({"cuda", "to", "device", "is_available", "current_device"})


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None
