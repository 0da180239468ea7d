"""Checkpoints a file writes only from rank 0 and reads back where every rank may run.

The DDP tutorial's shape, and pi-zero's `save_pretrained` / `load_pretrained` pair: rank 0
(the main process) saves a model's `state_dict()` from its GPU, and a load without
`map_location` reads the same file in code every process runs. Each tensor comes back onto
the device it was saved from, rank 0's GPU, in every process. Read for TPL108 in
multi-process code (`_load_evidence`); a load that itself runs only on rank 0 (in its
function, or where every call of its function does) restores onto rank 0's own GPU: no
hazard.
"""

from __future__ import annotations

import ast
import re
import weakref
from collections import Counter
from dataclasses import dataclass, field

from torchplace.lint.context import (
    FileContext,
    binding_count,
    call_name,
    dotted_name,
    parameter_default,
    parameter_names,
    string_text,
)
from torchplace.lint.rules._helpers import is_self
from torchplace.lint.rules.hardcoded._load_reach import (
    local_assignments,
    local_functions,
    method_classes,
    own_calls,
    rank_zero_properties,
    saves_a_cpu_copy,
    under_rank_zero,
)

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Receivers of `state_dict()` whose state holds no model weights.
_NOT_MODEL = re.compile(
    r"optim|scaler|schedul|sched\b|sampler|rng|random|loader|dataset|meter|stats",
    re.IGNORECASE,
)
#: Calls that only turn a path into another form of the same path.
_PATH_FORMS = frozenset({"str", "fspath", "Path", "PurePath", "abspath", "expanduser"})
#: Calls whose result is a module that may already live on a GPU: a wrapper taken off, a
#: module prepared or wrapped for the ranks, or moved.
_MAY_BE_PLACED = re.compile(
    r"unwrap\w*|prepare\w*|DistributedDataParallel|DDP|FullyShardedDataParallel|FSDP|to|cuda"
)


@dataclass(frozen=True)
class RankZeroSave:
    """The `torch.save` (its line) that writes the file only on rank 0, and the model whose
    weights it holds (`actor` of `actor.state_dict()`)."""

    line: int
    model: str


def rank_zero_save_read_back(
    ctx: FileContext, tree: ast.Module, function: ast.AST, load: ast.Call
) -> RankZeroSave | None:
    """A `torch.save` of the file that writes the path `load` reads, runs only on rank 0 (an
    `if` arm that holds only there, or after `if not self.is_main: return`), and saves a
    model's weights (`model.state_dict()`, directly, through a name, or as an entry of a
    dict) that may live on a GPU: not a CPU copy, not a module moved to the CPU in place
    before, nor one the saver builds and saves unmoved. None where another save of that path
    runs on other ranks too (each may write its own), or where the load runs only on rank 0.

    The path is the same where both name one file (`file_name`: `f"encoder.{n}.pth"` under a
    folder the load reads from its config), or where both read the same attribute of `self`
    (`self.pretrained_actor_path`) that no method but `__init__` assigns; either way in
    methods of one class, or both outside classes: two classes sharing a conventional file
    name (`"pytorch_model.bin"` under two folders) write two files."""
    if not load.args or "save" not in ctx.source.text:
        return None
    flags = rank_zero_properties(tree)
    classes = method_classes(tree)
    owner = classes.get(function)
    if under_rank_zero(function, load, flags) or _called_only_on_rank_zero(
        tree, function, classes, flags
    ):
        return None
    attribute = _path_attribute(load.args[0]) or _parameter_as_attribute(
        tree, function, owner, load.args[0]
    )
    if attribute is not None and owner is not None and _reassigned(owner, attribute):
        attribute = None
    name = file_name(load.args[0], local_assignments(function)) or _parameter_file_name(
        tree, function, classes, load.args[0]
    )
    found: RankZeroSave | None = None
    saves = _torch_saves(ctx, tree)
    by_path = _saves_by_path(saves)
    # Only the saves writing the same file or attribute are read: a pass over every save of
    # the file at each load grows with their product in a long file.
    same = set(by_path.get(("name", name), ())) if name is not None else set()
    if attribute is not None:
        same.update(by_path.get(("attribute", attribute), ()))
    for position in sorted(same):
        holder, call, _, _ = saves[position]
        saver = tree if holder is None else holder
        if classes.get(saver) is not owner:
            continue
        if not under_rank_zero(saver, call, flags) and not (
            holder is not None and _called_only_on_rank_zero(tree, saver, classes, flags)
        ):
            return None  # other ranks write it too: each may restore its own save
        assigned = local_assignments(saver)
        model = _saved_model(call.args[0], assigned, saver)
        if (
            model is None
            or saves_a_cpu_copy(ctx, saver, call.args[0], assigned)
            or _built_unmoved_or_moved_to_cpu(saver, model, call)
        ):
            continue
        found = found or RankZeroSave(call.lineno, model)
    return found


def file_name(path: ast.expr, assigned: dict[str, list[ast.AST]], depth: int = 3) -> str | None:
    """The file a path expression names, as a pattern: its last component with `*` for each
    value an f-string fills (`"encoder.*.pth"` for `folder / f"encoder.{step}.pth"`, `"best.pt"`
    for `os.path.join(out, "best.pt")`), through the names it reads (`depth` assignments
    deep); None when the name is all filled in or only an extension (`f"{name}.pt"`): a folder
    two paths share names no one file."""
    node: ast.AST = path
    while True:
        if isinstance(node, ast.Call) and node.args and call_name(node) in _PATH_FORMS:
            node = node.args[0]
        elif isinstance(node, ast.Call) and node.args and call_name(node) == "join":
            node = node.args[-1]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            node = node.right
        else:
            break
    if isinstance(node, ast.Name) and depth > 0:
        for value in assigned.get(node.id, []):
            if isinstance(value, ast.expr):
                named = file_name(value, assigned, depth - 1)
                if named is not None:
                    return named
        return None
    text = string_text(node, "*")
    if text is None:
        return None
    last = re.split(r"[/\\]", text)[-1]
    stem = re.sub(r"\.\w{1,5}$", "", last).replace("*", "")
    return last if len(stem) >= 3 else None


def _torch_saves(
    ctx: FileContext, tree: ast.Module
) -> list[tuple[ast.AST | None, ast.Call, str | None, str | None]]:
    """Each `torch.save(value, path)` of the file with the function (or module) making it,
    the file its path names (`file_name`) and the attribute of `self` it reads, listed once
    per tree: every load of the file asks."""
    found = _SAVES.get(tree)
    if found is None:
        found = _SAVES[tree] = [
            (
                # None for the module: a value holding its own key would keep the tree alive.
                None if saver is tree else saver,
                call,
                file_name(call.args[1], local_assignments(saver)),
                _path_attribute(call.args[1]),
            )
            for saver in (tree, *local_functions(tree))
            for call in own_calls(saver)
            if len(call.args) >= 2 and ctx.qualified(call.func) == "torch.save"
        ]
    return found


_SAVES: weakref.WeakKeyDictionary[
    ast.AST, list[tuple[ast.AST | None, ast.Call, str | None, str | None]]
] = weakref.WeakKeyDictionary()


def _saves_by_path(
    saves: list[tuple[ast.AST | None, ast.Call, str | None, str | None]],
) -> dict[tuple[str, str], list[int]]:
    """The positions in `saves` of the saves of each file name and each attribute of `self`,
    read once per list of saves."""
    held = _SAVES_BY_PATH.get(id(saves))
    if held is not None and held[0] is saves:
        return held[1]
    index: dict[tuple[str, str], list[int]] = {}
    for position, (_, _, saved_name, saved_attribute) in enumerate(saves):
        if saved_name is not None:
            index.setdefault(("name", saved_name), []).append(position)
        if saved_attribute is not None:
            index.setdefault(("attribute", saved_attribute), []).append(position)
    if len(_SAVES_BY_PATH) >= 16:
        _SAVES_BY_PATH.pop(next(iter(_SAVES_BY_PATH)))
    _SAVES_BY_PATH[id(saves)] = (saves, index)
    return index


#: `_saves_by_path` by the list of saves read (held with it, so that its id is not reused).
_SAVES_BY_PATH: dict[
    int,
    tuple[
        list[tuple[ast.AST | None, ast.Call, str | None, str | None]],
        dict[tuple[str, str], list[int]],
    ],
] = {}


def _called_only_on_rank_zero(
    tree: ast.Module,
    function: ast.AST,
    classes: dict[ast.AST, ast.ClassDef],
    flags: frozenset[str],
    depth: int = 3,
) -> bool:
    """Every call of `function` in the file runs only on rank 0, and there is at least one:
    for a method, every call of an attribute of that name (`self.load_best()`,
    `trainer.load_best()`), where no other class of the file has a method of that name; for a
    function, every call of the name; in functions and in the module's own statements. A call
    runs only on rank 0 on a rank-0 arm of its function, or where every call of that function
    does (`depth` callers up: `train` calls `_evaluate` only under `if self.gpu_id == 0:`, and
    `_evaluate` calls `_load_best`). A function the file also names without calling it (a
    callback, `hooks=[self._save]`) may run anywhere."""
    name = getattr(function, "name", "")
    owner = classes.get(function)
    if owner is not None and _defined_in_another_class(tree, name, owner):
        return False
    calls = _calls_by_name(tree).get((owner is not None, name), [])
    if not calls or _named_otherwise(tree, name, owner is not None, len(calls)):
        return False
    for caller, call in calls:
        holder = tree if caller is None else caller
        if under_rank_zero(holder, call, flags):
            continue
        if caller is None or depth == 0:
            return False
        if not _called_only_on_rank_zero(tree, caller, classes, flags, depth - 1):
            return False
    return True


def _defined_in_another_class(tree: ast.Module, name: str, owner: ast.ClassDef) -> bool:
    """A class of the file other than `owner` defines a method `name`: a call by that name
    may be its."""
    return any(owning is not owner for owning in _names_of(tree).method_classes.get(name, ()))


def _named_otherwise(tree: ast.Module, name: str, method: bool, calls: int) -> bool:
    """The file names `name` (an attribute for a method, a plain name for a function) more
    often than it calls it: a reference handed on (a callback) runs where its taker runs it."""
    return _names_of(tree).named[(method, name)] > calls


@dataclass
class _Names:
    """What the file names, read once per tree: how often each name is read, `(True, attr)`
    for `x.attr`, `(False, name)` for `name`, and the classes defining each method name."""

    named: Counter[tuple[bool, str]] = field(default_factory=Counter)
    method_classes: dict[str, list[ast.ClassDef]] = field(default_factory=dict)


def _names_of(tree: ast.Module) -> _Names:
    found = _NAMES.get(tree)
    if found is None:
        found = _Names()
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                found.named[(True, node.attr)] += 1
            elif isinstance(node, ast.Name):
                found.named[(False, node.id)] += 1
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                        found.method_classes.setdefault(item.name, []).append(node)
        _NAMES[tree] = found
    return found


_NAMES: weakref.WeakKeyDictionary[ast.AST, _Names] = weakref.WeakKeyDictionary()


def _calls_by_name(
    tree: ast.Module,
) -> dict[tuple[bool, str], list[tuple[ast.AST | None, ast.Call]]]:
    """The file's calls by the name they call, read once per tree: `(True, name)` for
    `x.name(...)`, `(False, name)` for `name(...)`, each with the function (or module)
    making it."""
    found = _CALLS.get(tree)
    if found is None:
        found = {}
        for caller in (tree, *local_functions(tree)):
            # None for the module: a value holding its own key would keep the tree alive.
            holder = None if caller is tree else caller
            for call in own_calls(caller):
                func = call.func
                if isinstance(func, ast.Name):
                    found.setdefault((False, func.id), []).append((holder, call))
                elif isinstance(func, ast.Attribute):
                    found.setdefault((True, func.attr), []).append((holder, call))
        _CALLS[tree] = found
    return found


_CALLS: weakref.WeakKeyDictionary[
    ast.AST, dict[tuple[bool, str], list[tuple[ast.AST | None, ast.Call]]]
] = weakref.WeakKeyDictionary()


def _path_attribute(node: ast.expr) -> str | None:
    """An attribute of `self` named as the path (`str(self.ckpt_path)`), else None."""
    while isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        if call_name(node) not in _PATH_FORMS:
            return None
        node = node.args[0]
    name = dotted_name(node)
    return name if name is not None and name.startswith("self.") else None


def _parameter_as_attribute(
    tree: ast.Module, function: ast.AST, owner: ast.ClassDef | None, path: ast.expr
) -> str | None:
    """The attribute of `self` a path parameter of a method always holds: every call of the
    method (`self._load_snapshot(snapshot_path)`, at least one, all in methods of its class,
    read as `_arguments_given` reads them) passes that attribute (`self.snapshot_path`), or a
    name its caller binds once and also stores unchanged as it (`self.snapshot_path =
    snapshot_path`) (the DDP tutorial's `_load_snapshot`). None otherwise."""
    given_by = _arguments_given(tree, function, method_classes(tree), path)
    if owner is None or given_by is None:
        return None
    classes = method_classes(tree)
    found: set[str] = set()
    for caller, call, given in given_by:
        func = call.func
        if caller is None or classes.get(caller) is not owner:
            return None
        if not (isinstance(func, ast.Attribute) and is_self(func.value)):
            return None
        handed = _path_attribute(given) if given is not None else None
        if handed is not None:
            found.add(handed)  # `self._load_snapshot(self.snapshot_path)`
            continue
        if not isinstance(given, ast.Name) or _bound_twice(caller, given.id):
            return None  # a name the caller binds again may hold another path by the call
        stored = {
            dotted_name(target)
            for node in ast.walk(caller)
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Name)
            and node.value.id == given.id
            for target in node.targets
        }
        attributes = {name for name in stored if name is not None and name.startswith("self.")}
        if len(attributes) != 1:
            return None
        found |= attributes
    return found.pop() if len(found) == 1 else None


_Given = list[tuple[ast.AST | None, ast.Call, ast.expr | None]]


def _arguments_given(
    tree: ast.Module,
    function: ast.AST,
    classes: dict[ast.AST, ast.ClassDef],
    path: ast.expr,
) -> _Given | None:
    """`_read_arguments_given`, read once per tree, function and parameter: both the
    attribute and the file-name readings of a load ask it."""
    key = (id(function), path.id if isinstance(path, ast.Name) else None)
    found = _GIVEN.setdefault(tree, {})
    if key not in found:
        found[key] = _read_arguments_given(tree, function, classes, path)
    return found[key]


_GIVEN: weakref.WeakKeyDictionary[ast.AST, dict[tuple[int, str | None], _Given | None]] = (
    weakref.WeakKeyDictionary()
)


def _read_arguments_given(
    tree: ast.Module,
    function: ast.AST,
    classes: dict[ast.AST, ast.ClassDef],
    path: ast.expr,
) -> _Given | None:
    """For a path parameter of `function`: each call of it in the file (by name; for a method,
    as an attribute of that name; for `__init__`, as its class), with the function making it
    (None for the module) and the argument it gives the parameter (None where it leaves the
    default). None where the calls cannot all be read: the parameter is bound again in the
    function (`+=`, a loop, unpacked), the function is a static or class method (its places
    read one off), another class of the file has a method of its name, the file names it other
    than by a call (`mp.spawn(main, ...)`, `partial(main, ...)`, a subclass), `__init__` is
    also reached through `cls(...)` or `type(self)(...)`, a call unpacks (`*args`, `**kw`),
    or there is no call."""
    if not isinstance(path, ast.Name) or not isinstance(function, _Function):
        return None
    if any(dotted_name(d) in ("staticmethod", "classmethod") for d in function.decorator_list):
        return None
    arguments = function.args
    parameters = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if path.id not in parameters or binding_count(function, path.id) > 0:
        return None
    owner = classes.get(function)
    position = parameters.index(path.id) - (1 if owner is not None else 0)
    if owner is not None and function.name == "__init__":
        if _builds_through_cls(owner):
            return None
        called, method = owner.name, False
    elif owner is not None:
        if _defined_in_another_class(tree, function.name, owner):
            return None
        called, method = function.name, True
    else:
        called, method = function.name, False
    calls = _calls_by_name(tree).get((method, called), [])
    if not calls or _named_otherwise(tree, called, method, len(calls)):
        return None
    found: _Given = []
    for caller, call in calls:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords
        ):
            return None  # `*args` / `**kwargs`: the place is not known
        given: ast.expr | None = call.args[position] if 0 <= position < len(call.args) else None
        for keyword in call.keywords:
            if keyword.arg == path.id:
                given = keyword.value
        found.append((caller, call, given))
    return found


def _bound_twice(function: ast.AST, name: str) -> bool:
    """`function` binds `name` more than once, a parameter counting as one binding."""
    parameter = isinstance(function, _Function) and name in parameter_names(function)
    return binding_count(function, name) + parameter > 1


def _copies_entries_to_cpu(saver: ast.AST, name: str) -> bool:
    """`saver` stores a CPU copy into an entry of an entry of `name` (`snapshot["MODEL_STATE"]
    [k] = v.cpu()`, `.to("cpu")`)."""
    for node in ast.walk(saver):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            depth, root = 0, target
            while isinstance(root, ast.Subscript):
                depth, root = depth + 1, root.value
            into_entry = depth >= 2 and isinstance(root, ast.Name) and root.id == name
            if into_entry and any(
                isinstance(call, ast.Call) and _to_the_cpu(call) for call in ast.walk(node.value)
            ):
                return True
    return False


def _parameter_file_name(
    tree: ast.Module,
    function: ast.AST,
    classes: dict[ast.AST, ast.ClassDef],
    path: ast.expr,
    depth: int = 3,
) -> str | None:
    """The file a path parameter always names (`file_name`), read through the calls that fill
    it (`_arguments_given`): the DDP tutorial's `_load_snapshot(self, snapshot_path)`, called
    by `__init__` with its own `snapshot_path`, which `Trainer(...)` gets from `main(...,
    snapshot_path="snapshot.pt")` called without it. Every call (`depth` callers up) must give
    the same file: a literal, a name its function binds once to one, or its own parameter so
    read; a call that leaves the parameter out gives its default, a literal. None otherwise."""
    given_by = _arguments_given(tree, function, classes, path) if depth > 0 else None
    if given_by is None:
        return None
    assert isinstance(function, _Function) and isinstance(path, ast.Name)
    names: set[str] = set()
    for caller, _, given in given_by:
        if given is None:
            default = parameter_default(function, path.id)
            named = file_name(default, {}) if default is not None else None
        else:
            named = _given_file_name(tree, caller, classes, given, depth)
        if named is None:
            return None
        names.add(named)
    return names.pop() if len(names) == 1 else None


def _given_file_name(
    tree: ast.Module,
    caller: ast.AST | None,
    classes: dict[ast.AST, ast.ClassDef],
    given: ast.expr,
    depth: int,
) -> str | None:
    """The file a call's argument names: a literal, a name the caller binds once to one (for
    a call at the module's top, a name the whole file binds once, there), or the caller's own
    path parameter."""
    if not isinstance(given, ast.Name):
        return file_name(given, {})
    if caller is None:
        bound = [
            node.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == given.id for t in node.targets)
        ]
        if binding_count(tree, given.id) != 1 or len(bound) != 1:
            return None
        return file_name(bound[0], {})
    if _bound_twice(caller, given.id):
        return None  # bound twice in the caller: which value reaches the call is not read
    named = file_name(given, local_assignments(caller))
    return named or _parameter_file_name(tree, caller, classes, given, depth - 1)


def _builds_through_cls(owner: ast.ClassDef) -> bool:
    """A method of `owner` builds an instance through `cls(...)` or `type(self)(...)`: its
    `__init__` is then called where no call names the class."""
    for node in ast.walk(owner):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "cls":
                return True
            if isinstance(func, ast.Call) and call_name(func) == "type":
                return True
    return False


def _reassigned(owner: ast.ClassDef, attribute: str) -> bool:
    """A method of `owner` other than `__init__` assigns `attribute` (`self.ckpt_path =
    init_path` before a load): the path may name another file there."""
    for method in owner.body:
        if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if method.name == "__init__":
            continue
        for node in ast.walk(method):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign | ast.AugAssign):
                targets = [node.target]
            if any(dotted_name(t) == attribute for t in targets):
                return True
    return False


def _saved_model(
    value: ast.expr,
    assigned: dict[str, list[ast.AST]],
    saver: ast.AST | None = None,
    depth: int = 2,
) -> str | None:
    """The model whose `state_dict()` the saved value holds: the call itself, either arm of a
    conditional (`m.module.state_dict() if ddp else m.state_dict()`), an entry of a dict
    literal, or a name assigned one of those (`depth` assignments deep) or filled entry by
    entry in the saver (`snapshot = {}` then `snapshot["MODEL_STATE"] = m.state_dict()`)."""
    if isinstance(value, ast.Call) and call_name(value) == "state_dict" and not value.args:
        func = value.func
        receiver = dotted_name(func.value) if isinstance(func, ast.Attribute) else None
        if receiver is not None and not _NOT_MODEL.search(receiver):
            return receiver
        return None
    if isinstance(value, ast.IfExp):
        return _saved_model(value.body, assigned, saver, depth) or _saved_model(
            value.orelse, assigned, saver, depth
        )
    if isinstance(value, ast.Dict):
        for entry in value.values:
            model = _saved_model(entry, assigned, saver, depth)
            if model is not None:
                return model
        return None
    if isinstance(value, ast.Name) and depth > 0:
        for bound in [*assigned.get(value.id, []), *_entries_filled(saver, value.id)]:
            if not isinstance(bound, ast.expr):
                continue
            model = _saved_model(bound, assigned, saver, depth - 1)
            if model is not None:
                return model
    return None


def _entries_filled(saver: ast.AST | None, name: str) -> list[ast.expr]:
    """The values `saver` stores as entries of `name` (`name["MODEL_STATE"] = value`); none
    where it also stores CPU copies into them (`name["MODEL_STATE"][k] = v.cpu()`)."""
    if saver is None or _copies_entries_to_cpu(saver, name):
        return []
    return [
        node.value
        for node in ast.walk(saver)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Subscript)
        and isinstance(target.value, ast.Name)
        and target.value.id == name
    ]


def _built_unmoved_or_moved_to_cpu(saver: ast.AST, model: str, save: ast.Call) -> bool:
    """Before `save`, in the saver: the last move of `model` (`actor.cpu()`,
    `self.actor.to("cpu")` as a statement) goes to the CPU; or `model` is built there (`model
    = Net()`) and never moved, prepared nor wrapped after (also as one of several names a
    call gives: `model, opt = accelerator.prepare(model, opt)`). A module the saver is handed,
    or reads from `self` unmoved, may live on a GPU."""
    events: list[tuple[int, str]] = []
    for node in ast.walk(saver):
        line = getattr(node, "lineno", None)
        if line is None or line >= save.lineno:
            continue
        if isinstance(node, ast.Assign) and any(_binds(t, model) for t in node.targets):
            value = node.value
            name = call_name(value) if isinstance(value, ast.Call) else None
            built = name is not None and not _MAY_BE_PLACED.fullmatch(name)
            events.append((line, "built" if built else "placed"))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr in ("cpu", "to", "cuda")
                and dotted_name(func.value) == model
            ):
                events.append((line, "cpu" if _to_the_cpu(node.value) else "placed"))
    events.sort()
    last = events[-1][1] if events else None
    return last in ("cpu", "built")


def _binds(target: ast.expr, name: str) -> bool:
    if isinstance(target, ast.Tuple | ast.List):
        return any(_binds(element, name) for element in target.elts)
    return dotted_name(target) == name


def _to_the_cpu(call: ast.Call) -> bool:
    if call_name(call) == "cpu":
        return True
    values = [*call.args, *(k.value for k in call.keywords if k.arg == "device")]
    return any(isinstance(v, ast.Constant) and v.value == "cpu" for v in values)
