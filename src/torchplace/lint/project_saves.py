"""The project's own saves of the file a `torch.load` reads, in any of its files.

TPL108 reads a load's evidence in the load's own file, but what it restores is often written
by another file of the project, and that file says which devices the tensors come back on:
- EmotiVoice's `prepare_for_training.py` writes `ckpt/pretrained_generator` from a checkpoint
  it loaded with `map_location="cpu"`, in a function that names no GPU: the training script
  that reads it back gets CPU tensors, whatever its ranks;
- PVDM's trainer writes `model_last.pth` only in rank 0 (`if rank == 0:`), from cuda:0, and
  the script that resumes from it reads it only in rank 0: onto cuda:0, that process's own GPU.

A save matches a load when the last literal component of the load's path (after its final
separator: `"model_last.pth"` in `os.path.join(folder, "model_last.pth")`, `"pretrained_generator"`
in an f-string; five characters at least, read through the load's function's assignments) is
the last literal component of the save's path too. A load no save of the project matches (a
model to fine-tune from another run) may hold tensors of any GPU. Files are searched as bytes
for the name first; only those are parsed, and nothing in them is run.

A save writes a CPU copy when its value is one as the file's own saves are read
(`_load_reach.saves_a_cpu_copy`: `x.cpu()`, `{k: v.cpu() ...}`, a join of CPU copies), or when
its value is built in its function from nothing handed in (no parameter, `self` or global: a
model handed in may live on a GPU) and no call of the project's own functions (`create_model()`
may move what it builds), the function names no GPU at all (no `cuda`, `.to(`, `device`,
`device_map`) and every `torch.load` in it maps to the CPU: every tensor it holds was made or
restored there. A file name handed to a function of the project (`save_checkpoint(...,
filename="checkpoint.pth")`, YOLOP's trainer) is saved where that function, defined once in
the project, ends a `torch.save` path in the parameter it fills; the call of the helper says
in which ranks that save runs. A file name the project also writes in any other string (a
copy's target, an option's default, a helper that does not end a save's path in it) may be
written by code not read here: nothing is dropped then.
"""

from __future__ import annotations

import ast
import bisect
import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from torchplace.lint.context import FileContext, Scope, is_path_join, whole_file_context
from torchplace.lint.rules.hardcoded._load_reach import (
    local_assignments,
    local_functions,
    own_calls,
    saves_a_cpu_copy,
)
from torchplace.lint.run_conditions import runs_only_on_rank_zero_through_callers

#: The shortest last component that names a file well enough to match it across files.
_SHORTEST = 5
_SEPARATORS = re.compile(r"[/\\]+")
_NAMES_GPU = re.compile(r"cuda|\.to\s*\(|device")
#: Builtins that make no tensors on a device of their own.
_PLAIN_CALLS = frozenset({"dict", "list", "tuple", "zip", "len", "range", "int", "float", "str"})
_CPU_MAP = re.compile(r"""["']cpu["']|storage""")


@dataclass(frozen=True)
class Save:
    """One `torch.save` of the project: its file's context, the function (or module) that
    makes it and the call."""

    ctx: FileContext
    holder: ast.AST
    call: ast.Call
    #: For a save made by a helper handed the file's name (`save_checkpoint(...,
    #: filename="checkpoint.pth")`), the call of the helper: its file's context, holder and
    #: call, which say in which ranks the save runs.
    site: tuple[FileContext, ast.AST, ast.Call] | None = None


def last_component(path: ast.expr, holder: ast.AST) -> str | None:
    """The last literal component of a path expression (see the module's docstring), None
    when it has none of `_SHORTEST` characters."""
    assigned = local_assignments(holder)
    node: ast.AST = path
    for _ in range(3):
        if isinstance(node, ast.Name) and len(assigned.get(node.id, [])) == 1:
            node = assigned[node.id][0]
    last = _last_literal(node)
    if last is None:
        return None
    component = _final_component(last)
    return component if len(component) >= _SHORTEST else None


def _final_component(text: str) -> str:
    """What follows a path's last separator."""
    return _SEPARATORS.split(text.strip())[-1]


def _path_end(node: ast.AST) -> ast.AST:
    """The part that ends a path: the last part of an f-string (the expression of its last
    hole) or of a `+` chain, the last argument of `os.path.join`, the node itself."""
    while True:
        if isinstance(node, ast.JoinedStr) and node.values:
            last = node.values[-1]
            node = last.value if isinstance(last, ast.FormattedValue) else last
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            node = node.right
        elif isinstance(node, ast.Call) and node.args and is_path_join(node.func):
            node = node.args[-1]
        else:
            return node


def _last_literal(node: ast.AST) -> str | None:
    """The string literal that ends a path (`_path_end`), if it ends in one."""
    end = _path_end(node)
    return end.value if isinstance(end, ast.Constant) and isinstance(end.value, str) else None


def matching_saves(
    component: str,
    files: Iterable[str],
    read: Callable[[str], bytes | None],
    parse: Callable[[str, bytes], FileContext | None] = whole_file_context,
) -> list[Save] | None:
    """Every `torch.save` of the project whose path ends in `component`; None when a file
    holding the name cannot be read or parsed (its saves are unknown). `parse` reads a file
    (the project phase keeps each parse for the other names it asks about)."""
    needle = component.encode()
    found: list[Save] = []
    handed: list[tuple[FileContext, ast.AST, ast.Call, str | int]] = []
    for path in files:
        data = read(path)
        if data is None:
            return None
        if needle not in data or b"save" not in data:
            continue
        ctx = parse(path, data)
        if ctx is None:
            return None
        calls = _file_calls(ctx)
        # The literals inside the paths of saves and of arguments naming the file, besides
        # those of loads' paths. Only the saves and arguments of this name are read, and the
        # strings only where the file's text of strings holds it: a pass over all of them
        # for each name a file's loads ask about grows with their product.
        accounted: set[int] = set()
        for holder, call, _, path_nodes in calls.saves_by_name.get(component, ()):
            found.append(Save(ctx, ctx.tree if holder is None else holder, call))
            accounted.update(path_nodes)
        for holder, call, slot, argument, _ in calls.arguments_by_name.get(component, ()):
            if _project_function(ctx, call):
                handed.append((ctx, ctx.tree if holder is None else holder, call, slot))
                accounted.add(id(argument))
        strings = _strings(ctx.tree)
        if any(
            id(strings[i][0]) not in accounted and id(strings[i][0]) not in calls.load_path_nodes
            for i in _strings_holding(calls, component)
        ):
            # The name is written elsewhere too (a copy's target, a default of an option):
            # who writes the file is not known.
            return None
    for site_ctx, site_holder, site_call, slot in handed:
        helper_saves = _helper_saves(site_call, slot, files, read)
        if not helper_saves:
            return None  # a helper that does more than save the name, or none found
        found += [
            Save(ctx, holder, call, (site_ctx, site_holder, site_call))
            for ctx, holder, call in helper_saves
        ]
    return found


@dataclass(frozen=True)
class _FileCalls:
    """What `matching_saves` reads of one file, whatever the file name asked about: each
    `torch.save` with its holder, the last component of its path and the nodes of the path;
    the nodes of every `torch.load`'s path; each literal argument of a call with the last
    component it names."""

    saves_by_name: dict[str | None, list[tuple[ast.AST | None, ast.Call, str | None, list[int]]]]
    load_path_nodes: frozenset[int]
    arguments_by_name: dict[str, list[tuple[ast.AST | None, ast.Call, str | int, ast.expr, str]]]
    #: The file's string literals joined by NULs, and where each starts in it: the strings
    #: holding a name are found by searching it, not by a pass over all of them.
    string_text: str
    string_starts: list[int]


def _strings_holding(calls: _FileCalls, component: str) -> set[int]:
    """The positions (in `_strings`) of the string literals that hold `component`."""
    found: set[int] = set()
    at = calls.string_text.find(component)
    while at >= 0:
        found.add(bisect.bisect_right(calls.string_starts, at) - 1)
        at = calls.string_text.find(component, at + 1)
    return found


def _file_calls(ctx: FileContext) -> _FileCalls:
    found = _FILE_CALLS.get(ctx.tree)
    if found is None:
        saves: list[tuple[ast.AST | None, ast.Call, str | None, list[int]]] = []
        loads: list[int] = []
        arguments: list[tuple[ast.AST | None, ast.Call, str | int, ast.expr, str]] = []
        for holder in (ctx.tree, *local_functions(ctx.tree)):
            # None for the module: a value holding its own key would keep the tree alive.
            kept = None if holder is ctx.tree else holder
            for call in own_calls(holder):
                qualified = ctx.qualified(call.func)
                if qualified == "torch.load" and call.args:
                    loads.extend(id(n) for n in ast.walk(call.args[0]))
                if qualified == "torch.save" and len(call.args) >= 2:
                    named = last_component(call.args[1], holder)
                    saves.append((kept, call, named, [id(n) for n in ast.walk(call.args[1])]))
                for slot, argument in _arguments(call):
                    if isinstance(argument, ast.Constant | ast.JoinedStr):
                        last = _last_literal(argument)
                        if last is not None:
                            arguments.append((kept, call, slot, argument, _final_component(last)))
        saves_by_name: dict[
            str | None, list[tuple[ast.AST | None, ast.Call, str | None, list[int]]]
        ]
        saves_by_name = {}
        for save in saves:
            saves_by_name.setdefault(save[2], []).append(save)
        arguments_by_name: dict[
            str, list[tuple[ast.AST | None, ast.Call, str | int, ast.expr, str]]
        ]
        arguments_by_name = {}
        for entry in arguments:
            arguments_by_name.setdefault(entry[4], []).append(entry)
        starts, offset = [], 0
        for _, value in _strings(ctx.tree):
            starts.append(offset)
            offset += len(value) + 1
        string_text = "\0".join(value for _, value in _strings(ctx.tree))
        found = _FILE_CALLS[ctx.tree] = _FileCalls(
            saves_by_name, frozenset(loads), arguments_by_name, string_text, starts
        )
    return found


_FILE_CALLS: weakref.WeakKeyDictionary[ast.AST, _FileCalls] = weakref.WeakKeyDictionary()


def _strings(tree: ast.Module) -> list[tuple[ast.Constant, str]]:
    """The string literals of a tree, listed once per tree (each file name asks)."""
    found = _STRINGS.get(tree)
    if found is None:
        found = _STRINGS[tree] = [
            (n, n.value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        ]
    return found


_STRINGS: weakref.WeakKeyDictionary[ast.AST, list[tuple[ast.Constant, str]]] = (
    weakref.WeakKeyDictionary()
)


def _arguments(call: ast.Call) -> list[tuple[str | int, ast.expr]]:
    """The call's arguments by keyword or position (not `*args` / `**kwargs`)."""
    positional: list[tuple[str | int, ast.expr]] = [
        (index, arg) for index, arg in enumerate(call.args) if not isinstance(arg, ast.Starred)
    ]
    return positional + [(k.arg, k.value) for k in call.keywords if k.arg is not None]


def _project_function(ctx: FileContext, call: ast.Call) -> bool:
    """A call of a plain function by name (`save_checkpoint(...)`, `utils.save_checkpoint`),
    not of a library's (`torch.save`, `shutil.copy`) nor a method of an object."""
    qualified = ctx.qualified(call.func) or ""
    if qualified.split(".")[0] in {"torch", "os", "shutil", "pathlib", "np", "numpy"}:
        return False
    return isinstance(call.func, ast.Name) or (
        isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)
    )


def _helper_saves(
    site: ast.Call, slot: str | int, files: Iterable[str], read: Callable[[str], bytes | None]
) -> list[tuple[FileContext, ast.AST, ast.Call]]:
    """The `torch.save` calls of the one project function named like `site`'s callee whose
    path ends in the parameter `slot` fills (`os.path.join(output_dir, filename)`); none when
    the name is defined more than once or not at all, or no save of it ends in that
    parameter."""
    func = site.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    needle = f"def {name}(".encode()
    definitions: list[tuple[FileContext, ast.FunctionDef | ast.AsyncFunctionDef]] = []
    for path in files:
        data = read(path)
        if data is None or needle not in data:
            continue
        ctx = whole_file_context(path, data)
        if ctx is None:
            return []
        definitions += [(ctx, f) for f in local_functions(ctx.tree) if f.name == name]
    if len(definitions) != 1:
        return []
    ctx, function = definitions[0]
    parameters = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if isinstance(slot, int):
        if parameters[:1] == ["self"] or slot >= len(parameters):
            return []
        slot = parameters[slot]
    if slot not in parameters and slot not in [a.arg for a in function.args.kwonlyargs]:
        return []
    return [
        (ctx, function, call)
        for call in own_calls(function)
        if ctx.qualified(call.func) == "torch.save"
        and len(call.args) >= 2
        and _ends_in_name(call.args[1], slot)
    ]


def _ends_in_name(path: ast.expr, name: str) -> bool:
    """The path's last part is the name itself: `os.path.join(folder, name)`, `folder + name`,
    `f"{folder}/{name}"`, `name`."""
    end = _path_end(path)
    return isinstance(end, ast.Name) and end.id == name


def writes_cpu_copy(save: Save) -> bool:
    """The save writes CPU tensors only (see the module's docstring)."""
    value = save.call.args[0]
    if saves_a_cpu_copy(save.ctx, save.holder, value, local_assignments(save.holder)):
        return True
    if isinstance(save.holder, ast.Module) or not _built_here(save.ctx, save.holder, value):
        return False
    text = save.ctx.node_text(save.holder)
    if _NAMES_GPU.search(text):
        return False
    for call in (n for n in ast.walk(save.holder) if isinstance(n, ast.Call)):
        if save.ctx.qualified(call.func) == "torch.load":
            mapped = [k.value for k in call.keywords if k.arg == "map_location"] + call.args[1:2]
            if not mapped or not _CPU_MAP.search(save.ctx.source.segment(mapped[0]) or ""):
                return False
    return True


def _built_here(ctx: FileContext, holder: ast.AST, value: ast.expr) -> bool:
    """Every name the saved value reads, through the function's assignments, is bound by an
    assignment of the function: nothing handed in (a parameter, `self`, a global model) that
    may live on a GPU. Names inside a `torch.load(...)` (its path) and the callees' own names
    (`torch`, `os`) are not the value's data."""
    assigned = local_assignments(holder)
    seen: set[str] = set()
    pending: list[ast.AST] = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Call):
            qualified = ctx.qualified(node.func) or ""
            if qualified == "torch.load":
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id not in _PLAIN_CALLS:
                return False  # a function of the project's may build on a GPU
            pending += [*node.args, *(k.value for k in node.keywords)]
            if isinstance(func, ast.Attribute) and not qualified.startswith("torch."):
                pending.append(func.value)  # a method of a value: `x.clone()`
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id in seen:
                continue
            seen.add(node.id)
            values = assigned.get(node.id)
            if not values and node.id != "torch":
                return False
            pending += values or []
            continue
        pending += list(ast.iter_child_nodes(node))
    return True


def saved_only_in_rank_zero(save: Save) -> bool:
    """The save runs only in rank 0 (global or local), read through its script's callers;
    for a helper's save, where the helper is called."""
    ctx, holder, call = save.site or (save.ctx, save.holder, save.call)
    return runs_only_on_rank_zero_through_callers(ctx, scope_of(ctx, holder), call)


def scope_of(ctx: FileContext, holder: ast.AST) -> Scope:
    """The scope of a top-level function or method (or the module) of the file."""
    module = Scope("module", "<module>", ctx.tree)
    if isinstance(holder, ast.Module):
        return module
    for node in ctx.tree.body:
        if node is holder:
            assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            return Scope("function", node.name, node, module)
        if isinstance(node, ast.ClassDef) and any(m is holder for m in node.body):
            owner = Scope("class", node.name, node, module)
            name = getattr(holder, "name", "")
            return Scope("function", name, holder, owner)
    name = getattr(holder, "name", "")
    return Scope("function", name, holder, module)
