"""A process group bound by a function of the project called right after it.

`binding_callees` reads the calls between an `init_process_group` and the function's first
CUDA work for a library object that binds the GPU when built (`PartialState()`,
`TrainingArguments`, `HfArgumentParser(...).parse_args_into_dataclasses()`), or that binds it
itself (`torch.cuda.set_device(local_rank)`). Projects often do either in a helper of their
own, or in the constructor of a class of their own, in the same file or in another module:

    dist.init_process_group(backend="nccl")
    model_args, training_args, ptq_args = process_args_ptq()  # utils/process_args.py
    torch.distributed.barrier()

where `process_args_ptq` parses `TrainingArguments` with `HfArgumentParser`, whose
`__post_init__` builds accelerate's `PartialState`, which calls `set_device(local_rank)`.
The parser may be built right there too, given the project's own subclass of
`TrainingArguments` from another module (VLM2Vec's `from src.arguments import
TrainingArguments`): that module's class is read for its base.
A helper that only makes the group and returns leaves the binding to its callers, which bind
right after it returns (OpenNMT's and PreSumm's `multi_init`, then `train_single(args,
device_id)`, which calls `set_device(device_id)` first): `bound_after_return` reads every call
of such a helper across the project the same way.
This follows each such call one step: to a function defined at the top level of the same file,
or imported from a module of the project (`from utils.process_args import process_args_ptq`,
resolved as Python would: the package tree, the script's directory, the project's root), and
asks whether that function's own body builds such an object or binds the GPU, itself or
through one more top-level function of its file (for a class, its `__init__`). Read in the
project phase, when a finding asks: the callee's file is parsed, never run.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from torchplace.lint.binding_callees import (
    DATACLASS_PARSES,
    builds_a_binder,
    calls_before_cuda_work,
    first_cuda_work,
    library_name,
    names_training_arguments,
    value_of,
)
from torchplace.lint.context import FileContext, whole_file_context
from torchplace.lint.gpu_bindings import binds_gpu
from torchplace.lint.if_arms import if_arms, on_other_arms
from torchplace.lint.project_modules import resolve_imports
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rules._helpers import enclosing_function, without_comments
from torchplace.lint.run_conditions import parent_map

_Function = ast.FunctionDef | ast.AsyncFunctionDef
Read = Callable[[str], "bytes | None"]


def bound_by_project_function(path: str, line: int, root: str | None, read: Read) -> bool:
    """Whether the `init_process_group` call on `line` of `path` is followed, before its
    function's first CUDA work, by a call of a project function that builds a binder."""
    found = _group_at(path, line, read)
    if found is None:
        return False
    ctx, group, function = found
    imported = _imported_names(ctx.tree)
    return _binds_before_work(
        ctx,
        function,
        group,
        lambda call: _calls_a_project_binder(ctx, path, call, imported, root, read),
    )


def _binds_before_work(
    ctx: FileContext,
    function: _Function | ast.Module,
    anchor: ast.Call,
    binds: Callable[[ast.Call], bool],
) -> bool:
    """Whether a call that `binds` follows `anchor` in `function` before any CUDA work, read
    in the order Python runs the calls (a call's arguments before it: `train(local_rank,
    setup_device(local_rank))` binds first): written work (`calls_before_cuda_work`), or a
    call of a top-level function of the file whose body does CUDA work (`warmup()` before
    `train()`, on any arm a run that made the group may take), comes first otherwise. A
    binding on an arm of an `if` that `anchor` is not on counts when the `if` tests that the
    group exists (`_tests_the_group`) or that CUDA is there (`if torch.cuda.is_available():`,
    with no `else`), repeats a test `anchor` is under, or binds on its other arm too before
    any work there; not when a run may take another way (`if args.hf: train_hf() else:
    train_plain()`, `if dist.get_rank() == 0:`)."""
    arms = if_arms(function)
    held = set(arms.get(id(anchor), ()))
    ifs = {id(node): node for node in ast.walk(function) if isinstance(node, ast.If)}
    guards = [ast.dump(ifs[key].test) for key, arm in held if key in ifs and arm == 0]
    made = _made_names(function, anchor)
    order = _evaluation_order(function)
    calls = sorted(calls_before_cuda_work(ctx, function, anchor), key=lambda c: order.get(id(c), 0))
    for call in calls:
        on = arms.get(id(call), ())
        if on_other_arms(on, tuple(held)):
            continue  # a run that made the group does not take this arm
        extra = set(on) - held
        if binds(call) and all(
            _arm_binds(ctx, ifs[key], arm, made, guards, binds) for key, arm in extra if key in ifs
        ):
            return True
        if _does_cuda_work(ctx, call):
            return False
    return False


def _arm_binds(
    ctx: FileContext,
    branch: ast.If,
    arm: int,
    made: frozenset[str],
    guards: list[str],
    binds: Callable[[ast.Call], bool],
) -> bool:
    """A binding on `arm` of `branch` holds for a run that made the group (see
    `_binds_before_work`)."""
    if arm == 0 and (
        _tests_the_group(branch.test, made)
        or ast.dump(branch.test) in guards
        or (not branch.orelse and _tests_cuda(branch.test))
    ):
        return True
    other = branch.orelse if arm == 0 else branch.body
    order = _evaluation_order(branch)
    for statement in other:
        calls = sorted(
            (n for n in ast.walk(statement) if isinstance(n, ast.Call)),
            key=lambda c: order.get(id(c), 0),
        )
        for call in calls:
            if binds(call):
                return True
            if _does_cuda_work(ctx, call) or first_cuda_work(
                without_comments(ctx.source.segment(call))
            ):
                return False
    return False


def _tests_cuda(test: ast.expr) -> bool:
    """`torch.cuda.is_available()` (or `device_count() > 0`): true in every run that uses a
    GPU."""
    text = ast.unparse(test)
    return "is_available()" in text or "device_count()" in text


def _evaluation_order(function: ast.AST) -> dict[int, int]:
    """The order in which Python runs the calls of `function`: statements in turn, and within
    one, the callee and the arguments of a call before the call (a post-order walk, in the
    fields' order)."""
    order: dict[int, int] = {}
    stack: list[tuple[ast.AST, bool]] = [(function, False)]
    while stack:
        node, seen = stack.pop()
        if seen:
            order[id(node)] = len(order)
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(list(ast.iter_child_nodes(node))))
    return order


def _made_names(function: _Function | ast.Module, anchor: ast.Call) -> frozenset[str]:
    """The names bound to the group call's result (`rank = maybe_init_dist()`), and flags
    bound to its being made (`use_tp = rank is not None`)."""
    names: set[str] = set()
    assigns = [n for n in ast.walk(function) if isinstance(n, ast.Assign)]
    for node in assigns:
        if node.value is anchor:
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in assigns:
        if names and _tests_the_group(node.value, frozenset(names)):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return frozenset(names)


def _tests_the_group(test: ast.expr, made: frozenset[str]) -> bool:
    """`test` holds exactly when the group exists: `dist.is_initialized()`, `rank is not
    None` of the helper's result, or a flag bound to that (gpt-fast's `if use_tp:
    torch.cuda.set_device(rank)`, SLAM-LLM's `if torch.distributed.is_initialized():`)."""
    if isinstance(test, ast.Call):
        func = test.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return name == "is_initialized" and not test.args
    if isinstance(test, ast.Name):
        return test.id in made
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id in made
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.IsNot)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _does_cuda_work(ctx: FileContext, call: ast.Call) -> bool:
    """`call` calls, by its bare name, a top-level function of the file whose body does CUDA
    work (`CUDA_WORK`)."""
    if not isinstance(call.func, ast.Name):
        return False
    for node in ctx.tree.body:
        if isinstance(node, _Function) and node.name == call.func.id:
            # The body only: a `device=None` default of the signature is no work.
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]  # the docstring
            if not body:
                return False
            # The statements' own text: a one-line `def f(x, device=None): return g(x)` too.
            text = "\n".join(ctx.source.segment(statement) for statement in body)
            return first_cuda_work(without_comments(text)) is not None
    return False


def _calls_a_project_binder(
    ctx: FileContext,
    path: str,
    call: ast.Call,
    imported: dict[str, tuple[str, int, str]],
    root: str | None,
    read: Read,
) -> bool:
    """`call` calls, by name, a function of the file or one imported from the project that
    builds a binder or binds the GPU (`_binder_in`); or parses, with an `HfArgumentParser`,
    a class imported from the project that subclasses `TrainingArguments`
    (`_parses_project_training_arguments`)."""
    if _parses_project_training_arguments(ctx, path, call, imported, root, read):
        return True
    if not isinstance(call.func, ast.Name):
        return False
    name = call.func.id
    if name not in imported:
        return _binder_in(ctx, name)
    module, level, original = imported[name]
    files = resolve_imports(path, [(module, level)], root)
    return bool(files) and _defines_a_binder(str(files[0]), original, read)


def _parses_project_training_arguments(
    ctx: FileContext,
    path: str,
    call: ast.Call,
    imported: dict[str, tuple[str, int, str]],
    root: str | None,
    read: Read,
) -> bool:
    """`parser.parse_args_into_dataclasses()` (or another parse that builds them) of `parser =
    HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))` where one of the
    classes is imported from a module of the project that defines it as a subclass of
    transformers' `TrainingArguments` (or a TRL config): VLM2Vec's `eval.py` parses
    `src.arguments.TrainingArguments`, whose `__post_init__` binds the GPU through
    accelerate's `PartialState`."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in DATACLASS_PARSES):
        return False
    function = enclosing_function(ctx.tree, call.lineno) or ctx.tree
    parser = value_of(function, func.value)
    if not isinstance(parser, ast.Call) or library_name(ctx, function, parser.func)[1] != (
        "HfArgumentParser"
    ):
        return False
    for node in ast.walk(parser):
        if not isinstance(node, ast.Name) or node.id not in imported:
            continue
        module, level, original = imported[node.id]
        files = resolve_imports(path, [(module, level)], root)
        found = _context(str(files[0]), read) if files else None
        if found is not None and names_training_arguments(found, found.tree, ast.Name(original)):
            return True
    return False


def bound_after_return(
    path: str, line: int, root: str | None, files: list[str], read: Read
) -> bool:
    """Whether the `init_process_group` call on `line` of `path` lies in a top-level function
    that does no CUDA work after it (it makes the group and returns), and every call of that
    function in the project's `files` (at least one; by its name, imported by name, through
    its package or by a star import, or as an attribute of its module,
    `distributed.multi_init(...)`) is preceded by a binding in the caller's own code,
    or followed, before the caller's first CUDA work, by a binding: `set_device` of a
    per-process device, a library object that binds, or a project function that does (as
    `bound_by_project_function` reads them; in the code's order, on no arm of an `if` the call
    is not on, with no call of a file's function that does CUDA work first:
    `_binds_before_work`). A call among a module's own statements (a `__main__` block:
    ml-ferret's `init_distributed_mode(); train()`) is read in the module's order. Any other
    use of the name (handed on, stored) leaves its callers unknown: no."""
    found = _group_at(path, line, read)
    if found is None:
        return False
    ctx, group, function = found
    if function not in ctx.tree.body or not _returns_before_cuda_work(ctx, function, group):
        return False
    name = function.name
    needle = re.compile(rb"(?<![\w])" + re.escape(name.encode()) + rb"(?![\w])")
    calls = 0
    for other in files:
        data = read(other)
        if data is None or needle.search(data) is None:
            continue
        caller = whole_file_context(other, data)
        if caller is None:
            return False
        names = _module_names(caller.tree, other, path, root)
        imported = _same_file(other, path) or _imports_helper(
            caller.tree, other, path, name, root, read
        )
        uses = _uses_of(caller.tree, name, names, imported)
        for use in uses:
            if use is None:
                return False  # the function is handed on: its callers are unknown
            holder, call = use
            if holder is None and not _in_module_code(caller.tree, call):
                return False
            # A call among the module's own statements (a `__main__` block: ml-ferret's
            # `init_distributed_mode(); train()`) is read in the module's order.
            scope = holder if holder is not None else caller.tree
            if not _bound_before(scope, call) and not _bound_after(
                caller, other, scope, call, root, read
            ):
                return False
            calls += 1
    return calls > 0


def _same_file(first: str, second: str) -> bool:
    return os.path.abspath(first) == os.path.abspath(second)


def _returns_before_cuda_work(ctx: FileContext, function: _Function, group: ast.Call) -> bool:
    """No CUDA work in `function` after `group`, to its end."""
    start = group.end_lineno or group.lineno
    last = function.end_lineno or start
    return first_cuda_work(without_comments(ctx.source.lines_text(start + 1, last))) is None


def _module_names(tree: ast.Module, caller: str, path: str, root: str | None) -> frozenset[str]:
    """The names the file `caller` (its `tree`) calls the module at `path` by: its own name
    (`distributed`), and the aliases an import of that very file gives (`from llava.utils
    import distributed as dist`: VILA's eval scripts call its `init()` as `dist.init()`),
    never those of another module of the same name (`from torch import distributed as
    dist`)."""
    stem = Path(path).stem
    names = {stem}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name == stem and alias.asname:
                    dotted = f"{node.module}.{stem}" if node.module else stem
                    if _resolves_to(caller, dotted, node.level, path, root):
                        names.add(alias.asname)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                ends = alias.name.rpartition(".")[2] == stem and alias.asname
                if ends and _resolves_to(caller, alias.name, 0, path, root):
                    names.add(str(alias.asname))
    return frozenset(names)


def _resolves_to(caller: str, module: str, level: int, path: str, root: str | None) -> bool:
    """The import of `module` (relative at `level`) in `caller` names the file at `path`."""
    found = resolve_imports(caller, [(module, level)], root)
    return bool(found) and _same_file(str(found[0]), path)


def _imports_helper(
    tree: ast.Module, caller: str, path: str, name: str, root: str | None, read: Read
) -> bool:
    """`caller` imports the function `name` of the module at `path` under its own name:
    from that module, or from a package of the project whose `__init__.py` re-exports it
    from there (`from vit.utils import dist_init`, `vit/utils/__init__.py` holding `from
    .dist import dist_init`)."""
    if _star_imports(tree, caller, path, name, root, read):
        return True
    stem = Path(path).stem
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if not any(alias.name == name and alias.asname is None for alias in node.names):
            continue
        module = node.module or ""
        if module.rpartition(".")[2] == stem:
            return True
        found = (
            resolve_imports(caller, [(module, node.level)], root) if module or node.level else []
        )
        if not found:
            continue
        if _same_file(str(found[0]), path):
            return True
        if found[0].name == "__init__.py" and _re_exports(found[0], path, name, root, read):
            return True
    return False


def _star_imports(
    tree: ast.Module, caller: str, path: str, name: str, root: str | None, read: Read
) -> bool:
    """`caller` gets the function `name` of the module at `path` through `from module import
    *` at its top level: that module exports it (no `__all__` leaving it out, no leading
    underscore), the file defines no `name` of its own, and no later star import of the
    project's modules defines it too (the last one wins: DS3Lab's `comm_utils` imports its
    cupy backend, then its torch backend, each defining `default_init`)."""
    stars = [
        node
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)
    ]
    if not stars or name.startswith("_") or _defines(tree, name):
        return False
    for node in reversed(stars):
        if not (node.module or node.level):
            continue
        found = resolve_imports(caller, [(node.module or "", node.level)], root)
        if not found:
            continue  # an outside module: a project's helper is not among its names
        module = _context(str(found[0]), read)
        if module is None:
            return False
        if _same_file(str(found[0]), path):
            return _exports(module.tree, name)
        if _may_define(module.tree, name):
            return False  # a later module's `name` may be the one the caller sees
    return False


def _defines(tree: ast.Module, name: str) -> bool:
    """The module binds `name` at its top level: a function, a class, an assignment, an
    import."""
    for node in tree.body:
        if isinstance(node, _Function | ast.ClassDef) and node.name == name:
            return True
        if isinstance(node, ast.Assign | ast.AnnAssign) and any(
            isinstance(target, ast.Name) and target.id == name
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        ):
            return True
        if isinstance(node, ast.Import | ast.ImportFrom) and any(
            (alias.asname or alias.name.partition(".")[0]) == name for alias in node.names
        ):
            return True
    return False


def _may_define(tree: ast.Module, name: str) -> bool:
    """The module may bind `name` for a star import of it: anywhere in its code (under a
    `try`, an `if`), or through a star import of its own, whose names it passes on."""
    for node in ast.walk(tree):
        if isinstance(node, _Function | ast.ClassDef) and node.name == name:
            return True
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.Import | ast.ImportFrom) and any(
            alias.name == "*" or (alias.asname or alias.name.partition(".")[0]) == name
            for alias in node.names
        ):
            return True
    return False


def _exports(tree: ast.Module, name: str) -> bool:
    """`from module import *` brings `name`: the module's `__all__`, when it lists its names
    as literals, holds it; without one, every public name."""
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            and isinstance(node.value, ast.List | ast.Tuple)
        ):
            listed = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
            return name in listed
    return True


def _re_exports(package: Path, path: str, name: str, root: str | None, read: Read) -> bool:
    """The package's `__init__.py` imports `name` from the module at `path`."""
    ctx = _context(str(package), read)
    return ctx is not None and any(
        isinstance(node, ast.ImportFrom)
        and any(alias.name in (name, "*") for alias in node.names)
        and _resolves_to(str(package), node.module or "", node.level, path, root)
        for node in ctx.tree.body
    )


def _uses_of(
    tree: ast.Module, name: str, modules: frozenset[str], imported: bool
) -> Iterator[tuple[_Function | None, ast.Call] | None]:
    """Each use of the function `name` in `tree` (`modules`: the names the tree calls its
    module by; `imported`: the bare name is the function, in its own file or imported from
    its module): (the innermost function holding the call, the call), or None for a use that
    is not a call."""
    parents = parent_map({}, tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            if not imported:
                continue
        elif isinstance(node, ast.Attribute) and node.attr == name:
            if not (isinstance(node.value, ast.Name) and node.value.id in modules):
                continue
        else:
            continue
        parent = parents.get(id(node))
        if not (isinstance(parent, ast.Call) and parent.func is node):
            yield None
            continue
        yield enclosing_function(tree, parent.lineno), parent


def _in_module_code(tree: ast.Module, call: ast.Call) -> bool:
    """`call` is among the module's own statements (also in their `if` and `with` blocks),
    not in a class body nor a function: it runs once, in order, when the module runs."""
    return any(node is call for node in own_nodes(tree))


def _bound_before(function: _Function | ast.Module, call: ast.Call) -> bool:
    """`function` binds its process's GPU before `call`, in its own code (not in a function
    it defines, nor on another arm of an `if` than the call): fms-fsdp's speculator trainer
    calls `set_device(local_rank)` and then the group helper its other scripts bind right
    after."""
    arms = if_arms(function)
    stack: list[ast.AST] = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if (
            isinstance(node, ast.Call)
            and node.lineno < call.lineno
            and not on_other_arms(arms.get(id(node), ()), arms.get(id(call), ()))
            and binds_gpu(node)
        ):
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def _bound_after(
    ctx: FileContext,
    path: str,
    function: _Function | ast.Module,
    call: ast.Call,
    root: str | None,
    read: Read,
) -> bool:
    imported = _imported_names(ctx.tree)
    return _binds_before_work(
        ctx,
        function,
        call,
        lambda after: (
            binds_gpu(after)
            or builds_a_binder(ctx, function, after)
            or _calls_a_project_binder(ctx, path, after, imported, root, read)
        ),
    )


def _group_at(path: str, line: int, read: Read) -> tuple[FileContext, ast.Call, _Function] | None:
    """The file's context, the `init_process_group` call on `line` and its function."""
    ctx = _context(path, read)
    located = _group_and_function(ctx.tree, line) if ctx is not None else None
    if ctx is None or located is None:
        return None
    return ctx, *located


def _context(path: str, read: Read) -> FileContext | None:
    data = read(path)
    return None if data is None else whole_file_context(path, data)


def _group_and_function(tree: ast.Module, line: int) -> tuple[ast.Call, _Function] | None:
    """The `init_process_group` call on `line` and the innermost function holding it."""
    function = enclosing_function(tree, line)
    if function is None:
        return None
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and node.lineno == line:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "init_process_group":
                return node, function
    return None


def _imported_names(tree: ast.Module) -> dict[str, tuple[str, int, str]]:
    """Names bound by the module's `from X import f [as g]`: g -> (X, level, f)."""
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    names[alias.asname or alias.name] = (node.module or "", node.level, alias.name)
    return names


def _defines_a_binder(path: str, name: str, read: Read) -> bool:
    ctx = _context(path, read)
    return ctx is not None and _binder_in(ctx, name)


def _binder_in(ctx: FileContext, name: str, depth: int = 0) -> bool:
    """A top-level function `name` of the file whose own body builds a binder or binds a GPU
    itself (`gpu_bindings.binds_gpu`: `set_device(local_rank)`), directly or through one more
    top-level function of the file; or a top-level class `name` whose `__init__` does
    (spiritlm's `Spiritlm(...)`, whose `__init__` calls `_set_device_and_return()`, which
    calls `set_device(local_rank)`)."""
    for node in ctx.tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            init = next(
                (s for s in node.body if isinstance(s, _Function) and s.name == "__init__"), None
            )
            return init is not None and _binds(ctx, init, depth)
        if isinstance(node, _Function) and node.name == name:
            return _binds(ctx, node, depth)
    return False


def _binds(ctx: FileContext, function: _Function, depth: int) -> bool:
    for call in ast.walk(function):
        if not isinstance(call, ast.Call):
            continue
        if builds_a_binder(ctx, function, call) or binds_gpu(call):
            return True
        if (
            depth < 1
            and isinstance(call.func, ast.Name)
            and _binder_in(ctx, call.func.id, depth + 1)
        ):
            return True
    return False
