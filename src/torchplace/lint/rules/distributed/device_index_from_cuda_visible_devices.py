"""TPL405 device-index-from-cuda-visible-devices."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator

from torchplace.lint.context import (
    FileContext,
    Located,
    Scope,
    dotted_name,
    int_literal,
    keyword_value,
)
from torchplace.lint.dead_functions import is_main_guard
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.replica_ids import replica_ids
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    DeviceSite,
    all_calls,
    calls_in_scope,
    device_sites,
    is_env_read,
    peel,
    scope_bindings,
    scope_nodes,
    sites_of,
    trace,
    traced_names,
)
from torchplace.lint.visible_device_writes import is_environ_key, sets_variable
from torchplace.report import Finding

VARIABLE = "CUDA_VISIBLE_DEVICES"
#: `torch.cuda` functions whose first argument is a device index.
_QUERIES = frozenset(
    (
        "get_device_capability",
        "get_device_properties",
        "get_device_name",
        "mem_get_info",
        "memory_allocated",
        "memory_reserved",
        "max_memory_allocated",
        "max_memory_reserved",
        "memory_stats",
        "memory_summary",
        "reset_peak_memory_stats",
        "synchronize",
    )
)
# Not NVML's readings (`utilization`, `temperature`, ...): a wrong GPU's figure in a log
# places nothing and chooses nothing (nos's profiler, FALSE for both judges of fresh-118).


class DeviceIndexFromCudaVisibleDevices(Rule):
    """## What it does
    Flags a device index parsed out of `CUDA_VISIBLE_DEVICES`
    (`int(os.environ["CUDA_VISIBLE_DEVICES"])`, `...split(",")[i]`, a string literal before it,
    `"cuda:" + ...`, the default of another variable's read (`os.environ.get("GPU",
    os.environ.get("CUDA_VISIBLE_DEVICES"))`), a local name holding one (also where a rebinding
    keeps it or a constant, `gpu = -1 if cpu else gpu`), a module-level one read in a function
    that binds no name of that spelling, or the loop variable of a comprehension over its
    entries) and used as a device: `f"cuda:{...}"`, `set_device(...)`, `torch.cuda.device(...)`
    (not one built alone, as a statement of its own: no `with` enters it, so it selects nothing),
    `torch.set_default_device(...)`, `torch.device(...)` (also `index=`), `.to(...)`,
    `.cuda(...)`, `device=`, or the index of a `torch.cuda` query (`get_device_capability(i)`,
    `get_device_properties`, `mem_get_info`, ...). The entries
    converted one by one (`[int(x) for x in visible.split(",")]`, `list(map(int, ...))`) are
    the same ids: flagged as the `device_ids` of torch's `DataParallel` or DDP and where one
    is read back; a count or position (`range(len(...))`, `enumerate`) is not an id.

    Not flagged: the variable's value used as a string, whole or split, stripped, as a choice
    (`.to(os.environ[...])`, `device=os.environ[...].split(",")[0]`): only a device string the
    program stored there itself (`"cuda:1"`) places anything, as an id in a string is no device
    at all (`Invalid device string`). Nor `device_ids=` of functions not torch's (a launcher
    may take physical ids). Nor the variable read (directly or through names) where its
    function (or the script's top level) wrote it first, in a statement of its own body ahead
    of the read, and only ever to a list of GPUs 0 to n-1 (`os.environ[...] = "0"` just
    above, or the numbers of a `range(n)` joined): each entry is then the same GPU's index
    among the visible ones.

    ## Why is this bad?
    `CUDA_VISIBLE_DEVICES` lists *physical* GPU ids (or UUIDs); inside the process the
    visible GPUs are renumbered from 0. With `CUDA_VISIBLE_DEVICES=2,3`, the process has
    cuda:0 and cuda:1, so `cuda:2` is `invalid device ordinal` (`torch.AcceleratorError`)
    or, with more GPUs visible, silently another rank's GPU.

    ## Example
    ```python
    gpu = int(os.environ["CUDA_VISIBLE_DEVICES"].split(",")[0])
    torch.cuda.set_device(gpu)
    ```

    Use instead:
    ```python
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    torch.cuda.set_device(local_rank)  # a logical index among the visible GPUs
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars
    - https://pytorch.org/docs/stable/notes/cuda.html#cuda-environment-variables
    """

    code = "TPL405"
    # Preview: its first looks on real code, each on repositories chosen by its text, were
    # fresh-114 21 of 24, fresh-115 2 of 3 (after it learned module-level names) and fresh-116
    # 7 of 28 (after it learned lists of entries): 20 FALSE in FixBi, which stores its own
    # "cuda:N" in the variable once CUDA has started and places on the value whole (left
    # since: a whole value is no physical id). It was in the default set until fresh-116; it
    # returns there on first looks of 90% after its last change that added findings
    # (benchmarks/results/lint_precision_unseen.md): on fresh-117, the first since, 5 of 7
    # (FALSE: CNN-for-ASI's ids after its own `",".join(str(x) for x in range(n))`, left
    # since). Its readings of templates, rebindings, other variables' defaults and
    # `torch.set_default_device` (missed on fresh-117) restarted that record: fresh-118 51 of
    # 57 (89.5%; FALSE: a backup copy no script runs; 4 split).
    preview = True
    name = "device-index-from-cuda-visible-devices"
    contexts = "device arguments anywhere"
    summary = "Device index read from CUDA_VISIBLE_DEVICES: a physical id, not a torch ordinal"
    pattern = "cuda-visible-devices-misuse"
    candidate = AnyOf(VARIABLE)
    file_gate = (VARIABLE,)
    # Functions that place tensors, where the index may come from the module's top (a
    # module-level name): kept whole with no candidate line, in the files naming the variable.
    context_hint = re.compile(
        r"\.to\(|\.cuda\(|device(?:_ids)?\s*=|set_(?:default_)?device\(|\.device\("
        r"|DataParallel\(" + "".join(f"|{name}\\(" for name in sorted(_QUERIES))
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        def is_visible_devices(node: ast.AST) -> bool:
            return is_env_read(ctx, node, VARIABLE) is not None

        scopes = {id(loc.scope.node): loc.scope for loc in ctx.assignments}
        # Module-level names holding an entry (V-dock's `n_gpu = "cuda:" + os.environ[...]`)
        # read in the file's functions and methods that do not bind the name themselves.
        module_names = traced_names(ctx, ctx.module_scope, is_visible_devices, _peel_index)
        if module_names:
            for function in _functions_of(ctx.module_scope):
                scopes.setdefault(id(function.node), function)

        reading = _Reading(ctx, is_visible_devices)
        found = [(site, set[str]()) for site in device_sites(ctx)]
        found += [(site, set[str]()) for site in _query_sites(ctx, all_calls(ctx))]
        found += [(site, set[str]()) for site in _replica_list_sites(ctx, all_calls(ctx))]
        for scope in scopes.values():
            names = traced_names(ctx, scope, is_visible_devices, _peel_index)
            if module_names and scope.kind == "function":
                names |= module_names - reading.local_names(scope)
            if names:
                calls = list(calls_in_scope(ctx, scope))
                located = [Located(call, scope) for call in calls]
                found += [
                    (site, names)
                    for call, at in zip(calls, located, strict=True)
                    for site in sites_of(ctx, call, at)
                ]
                found += [(site, names) for site in _query_sites(ctx, located)]
                found += [(site, names) for site in _replica_list_sites(ctx, located)]
            found += _comprehension_sites(ctx, scope, names, is_visible_devices)
        seen: set[int] = set()
        for site, names in found:
            if id(site.value) in seen or site.where == "map_location=":
                continue
            if not _placed_by_torch(ctx, site):
                continue
            if reading.reads_an_id(site, names):
                seen.add(id(site.value))
                yield self.finding(ctx, site.value)


class _Reading:
    """Whether a device argument holds an id read out of the variable, per file."""

    def __init__(self, ctx: FileContext, is_source: Callable[[ast.AST], bool]) -> None:
        self.ctx = ctx
        self.is_source = is_source
        self.literal_writes = _LiteralWrites(ctx)
        self._raw: dict[int, set[str]] = {}
        self._locals: dict[int, set[str]] = {}
        self._bindings: dict[int, list[tuple[str, ast.AST]]] = {}
        self.module_raw = self._raw_names(ctx.module_scope)

    def reads_an_id(self, site: DeviceSite, names: set[str]) -> bool:
        source = trace(site.value, self.is_source, names, _peel_index)
        if source is None or self._whole_value(site):
            return False
        scope = site.located.scope
        reads = [source]
        if isinstance(source, ast.Name):
            if source.id not in self.local_names(scope):
                scope = self.ctx.module_scope  # a module-level name read in a function
            reads = self._reads_behind(scope, source.id)
        # Fix3D's `os.environ[...] = "0"` just above: cuda:0 is that GPU's own index.
        return not (reads and all(self.literal_writes.shows_identity(scope, r) for r in reads))

    def _whole_value(self, site: DeviceSite) -> bool:
        """The variable's value used whole as a device (`.to(os.environ[...])`, `device=`),
        directly or through names: only a device string (`"cuda:1"`) the program stored there
        itself places anything (a GPU list a launcher sets is `Invalid device string`), so
        the value is no physical id (FixBi keeps `f"cuda:{args.gpu}"` in it)."""
        scope = site.located.scope
        raw = self._raw_names(scope)
        if scope.kind == "function":
            raw |= self.module_raw - self.local_names(scope)
        return trace(site.value, self.is_source, raw, _peel_string) is not None

    def _raw_names(self, scope: Scope) -> set[str]:
        key = id(scope.node)
        if key not in self._raw:
            self._raw[key] = traced_names(self.ctx, scope, self.is_source, _peel_string)
        return set(self._raw[key])

    def local_names(self, scope: Scope) -> set[str]:
        """The names a function binds (`_bound_in`), read once per scope."""
        key = id(scope.node)
        if key not in self._locals:
            self._locals[key] = _bound_in(scope)
        return self._locals[key]

    def _reads_behind(self, scope: Scope, name: str) -> list[ast.AST]:
        """The reads of the variable held by the bindings of `name` in `scope`, through the
        other names those bindings read."""
        key = id(scope.node)
        if key not in self._bindings:
            self._bindings[key] = scope_bindings(self.ctx, scope)
        bindings = self._bindings[key]
        reads: list[ast.AST] = []
        pending, done = [name], set[str]()
        while pending:
            current = pending.pop()
            done.add(current)
            for value in (v for n, v in bindings if n == current):
                for inner in ast.walk(value):
                    if self.is_source(inner):
                        reads.append(inner)
                    elif isinstance(inner, ast.Name) and inner.id not in done:
                        pending.append(inner.id)
        return reads


def _peel_string(node: ast.AST) -> ast.AST | None:
    """One step that keeps the value a string: a choice (`os.environ[...] if cuda else
    "cpu"`), `str(...)`, `.strip()`, `.split(",")` and an entry of it; not `int(...)`, nor a
    prefix or an f-string, which make an id a device."""
    if isinstance(node, ast.IfExp):
        return node.orelse if _constant(node.body) else node.body
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _bare(node.left):
        return node.right  # `"%s" % value`
    if not isinstance(node, ast.Call):
        return None
    if _formats_one(node) and _bare(getattr(node.func, "value", None)):
        return node.args[0]  # `"{}".format(value)`
    if isinstance(node.func, ast.Name) and node.func.id == "str" and len(node.args) == 1:
        return node.args[0]
    if _default_of_another_read(node) is not None:
        return node.args[1]
    if isinstance(node.func, ast.Attribute) and node.func.attr in ("split", "strip"):
        return node.func.value
    return None


def _peel_index(node: ast.AST) -> ast.AST | None:
    """`peel`, the entry after a literal prefix (`"cuda:" + os.environ[...]`, `%` or
    `.format` of a template), the value a rebinding keeps, the default of another variable's
    read, and the entries themselves, converted one by one (`[int(x) for x in
    visible.split(",")]`, `list(map(int, visible.split(",")))`): a list of entries holds the
    same physical ids."""
    if (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Add | ast.Mod)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, str)
    ):
        return node.right  # `"cuda:" + entry`, `"cuda:%s" % entry`
    if _formats_one(node):
        assert isinstance(node, ast.Call)
        return node.args[0]  # `"cuda:{}".format(entry)`
    if isinstance(node, ast.IfExp) and _constant(node.body):
        return node.orelse  # `-1 if cpu else gpu`: the other arm holds the value
    return _entries_source(node) or _default_of_another_read(node) or peel(node)


def _formats_one(node: ast.AST) -> bool:
    """`"cuda:{}".format(x)`: a literal template given one value."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
        and len(node.args) == 1
        and not node.keywords
    )


def _constant(node: ast.AST) -> bool:
    """A literal, signed or not (`-1`, `None`, `"cpu"`)."""
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant)


#: How a read of the environment is spelled (as written: the rule's readings take no file).
_ENVIRONMENT_READS = frozenset(("os.environ.get", "environ.get", "os.getenv", "getenv"))


def _default_of_another_read(node: ast.AST) -> ast.AST | None:
    """The default of a read of another variable (`os.environ.get("GPU", default)`,
    `os.getenv("GPU", default)`): the value wherever that one is not set."""
    if not (isinstance(node, ast.Call) and len(node.args) == 2 and not node.keywords):
        return None
    return node.args[1] if dotted_name(node.func) in _ENVIRONMENT_READS else None


def _bare(template: ast.AST | None) -> bool:
    """A template that is only its one value (`"%s"`, `"{}"`): the value as a string."""
    return isinstance(template, ast.Constant) and template.value in ("%s", "{}")


def _named(name: str) -> Callable[[ast.AST], bool]:
    """A test for the name `name` (a comprehension's loop variable)."""
    return lambda node: isinstance(node, ast.Name) and node.id == name


def _entries_source(node: ast.AST) -> ast.AST | None:
    """What a comprehension, `map(int, ...)`, `list(...)` or `tuple(...)` runs over, when
    each element it gives is an element of it, converted (`int(x)`, `x.strip()`); `len`,
    `range` and `enumerate` give counts and positions, not entries."""
    if (
        isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp)
        and len(node.generators) == 1
    ):
        loop = node.generators[0]
        if isinstance(loop.target, ast.Name):
            element = trace(node.elt, _named(loop.target.id), set(), _peel_index)
            return loop.iter if element is not None else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        function, given = node.func.id, node.args
        if function in ("list", "tuple") and len(given) == 1:
            return given[0]
        if function == "map" and len(given) == 2 and isinstance(given[0], ast.Name):
            return given[1] if given[0].id in ("int", "str") else None
    return None


class _LiteralWrites:
    """Per scope (the function, or the module's top level), whether it shows the variable
    an identity list before a read: its first write is a statement of the scope's own body
    (not under an `if` or a loop, not in a nested function) ahead of the read's statement,
    and every write of it there is a literal listing GPUs 0 to n-1 in order (`"0"`,
    `"0,1"`): each entry read back is then the index of the same GPU among the visible ones.
    Any other write (`= args.gpu`, `+= ",3"`, `os.environ.update(...)`) leaves the value
    open. Read once per scope."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self._first: dict[int, int | None] = {}

    def shows_identity(self, scope: Scope, read: ast.AST) -> bool:
        key = id(scope.node)
        if key not in self._first:
            self._first[key] = self._first_identity_write(scope)
        first = self._first[key]
        if first is None:
            return False
        line = getattr(read, "lineno", 0)
        covering = [
            s for s in _run_in_order(scope) if s.lineno <= line <= (s.end_lineno or s.lineno)
        ]
        # The innermost: a `__main__` block's statement, not the block itself.
        statement = max(covering, key=lambda s: s.lineno, default=None)
        return statement is not None and first < statement.lineno

    def _first_identity_write(self, scope: Scope) -> int | None:
        """The line of the scope's first write when it shows an identity list; else None."""
        bound: dict[str, list[ast.AST]] = {}
        for name, value in scope_bindings(self.ctx, scope):
            bound.setdefault(name, []).append(value)
        for name in _given_from_outside(scope):
            bound.setdefault(name, []).append(ast.Name(name))  # a caller's value as well
        writes: list[tuple[int, bool]] = []
        for node in own_nodes(scope.node):
            if isinstance(node, ast.Assign) and any(
                is_environ_key(self.ctx, t) for t in node.targets
            ):
                writes.append((node.lineno, _identity_list(node.value, bound)))
            elif _writes_otherwise(self.ctx, node):
                writes.append((getattr(node, "lineno", 0), False))
        if not writes or not all(identity for _, identity in writes):
            return None
        first = min(line for line, _ in writes)
        at_top = any(isinstance(s, ast.Assign) and s.lineno == first for s in _run_in_order(scope))
        return first if at_top else None


def _run_in_order(scope: Scope) -> list[ast.stmt]:
    """The statements of a scope that run one after another: its own body, and at a
    script's top level the body of its `if __name__ == "__main__":` block too."""
    body = getattr(scope.node, "body", [])
    statements = list(body) if isinstance(body, list) else []  # a lambda's body is one expression
    if scope.kind == "module":
        for statement in scope.body:
            if isinstance(statement, ast.If) and is_main_guard(statement):
                statements += statement.body
    return statements


def _writes_otherwise(ctx: FileContext, node: ast.AST) -> bool:
    """`os.environ[...] += ...`, an annotated write, or `os.environ.update(...)`,
    `setdefault`, `os.putenv` naming the variable: a write that is no plain literal."""
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return is_environ_key(ctx, node.target)
    return isinstance(node, ast.Call) and sets_variable(ctx, node)


def _identity_list(value: ast.AST, bound: dict[str, list[ast.AST]]) -> bool:
    """A string naming GPUs 0, 1, ..., n-1 in order: a literal (`"0,1"`), or the numbers of a
    `range(n)` joined (`",".join(str(i) for i in range(n))`, through a name the scope binds
    once to `list(range(n))`, as CNN-for-ASI's `DEVICE_IDS`)."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        entries = [entry.strip() for entry in value.value.split(",")]
        return bool(entries) and entries == [str(i) for i in range(len(entries))]
    joined = _joined_numbers(value)
    return joined is not None and _counts_from_zero(joined, bound)


def _joined_numbers(value: ast.AST) -> ast.AST | None:
    """What `",".join(...)` of numbers written as strings runs over: `str(i) for i in X`,
    `map(str, X)`; else None."""
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "join"
        and isinstance(value.func.value, ast.Constant)
        and value.func.value.value == ","
        and len(value.args) == 1
    ):
        return None
    given = value.args[0]
    if isinstance(given, ast.ListComp | ast.GeneratorExp) and len(given.generators) == 1:
        loop, element = given.generators[0], given.elt
        if _str_of(element) and isinstance(loop.target, ast.Name) and not loop.ifs:
            assert isinstance(element, ast.Call)
            return loop.iter if _named(loop.target.id)(element.args[0]) else None
    if isinstance(given, ast.Call) and isinstance(given.func, ast.Name) and given.func.id == "map":
        mapped = given.args
        is_str = len(mapped) == 2 and isinstance(mapped[0], ast.Name) and mapped[0].id == "str"
        return mapped[1] if is_str else None
    return None


def _str_of(node: ast.AST) -> bool:
    """`str(x)`."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "str"
        and len(node.args) == 1
    )


def _counts_from_zero(numbers: ast.AST, bound: dict[str, list[ast.AST]]) -> bool:
    """`range(n)`, `range(0, n)`, `list(...)` of one, or a name bound once to one."""
    if isinstance(numbers, ast.Name):
        values = bound.get(numbers.id, [])
        return len(values) == 1 and _counts_from_zero(values[0], {})
    if not (isinstance(numbers, ast.Call) and isinstance(numbers.func, ast.Name)):
        return False
    given = numbers.args
    if any(isinstance(argument, ast.Starred) for argument in given):
        return False
    if numbers.func.id == "list" and len(given) == 1:
        return _counts_from_zero(given[0], bound)
    if numbers.func.id != "range" or numbers.keywords:
        return False
    return len(given) == 1 or (len(given) == 2 and int_literal(given[0]) == 0)


def _given_from_outside(scope: Scope) -> set[str]:
    """Names whose value may come from outside the scope's own bindings: its parameters, and
    the names it declares `global` or `nonlocal`."""
    names = _parameters(scope.node)
    for inner in own_nodes(scope.node):
        if isinstance(inner, ast.Global | ast.Nonlocal):
            names.update(inner.names)
    return names


def _parameters(node: ast.AST) -> set[str]:
    """A function's (or lambda's) parameters, `*args` and `**kwargs` included."""
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return set()
    arguments = node.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    return {a.arg for a in every}


def _methods(owner: Scope) -> Iterator[Scope]:
    """The methods of a class, as scopes of their own."""
    for statement in owner.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            yield Scope("function", statement.name, statement, owner)


def _functions_of(module: Scope) -> Iterator[Scope]:
    """The module's functions and its classes' methods, as scopes of their own."""
    yield from _methods(module)
    for statement in module.body:
        if isinstance(statement, ast.ClassDef):
            yield from _methods(Scope("class", statement.name, statement, module))


def _bound_in(function: Scope) -> set[str]:
    """The names a function binds itself, or a function, lambda or handler inside it does:
    parameters and every name assigned, looped over, caught, matched, imported or declared
    `global` (a global it rebinds is no longer the module's). Read broadly: a name bound
    anywhere in it is not read as the module's."""
    node = function.node
    bound = _parameters(node)
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and not isinstance(inner.ctx, ast.Load):
            bound.add(inner.id)
        elif isinstance(inner, ast.arg):
            bound.add(inner.arg)  # a nested function's or lambda's parameter
        elif isinstance(inner, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and inner.name:
            bound.add(inner.name)
        elif isinstance(inner, ast.MatchMapping) and inner.rest:
            bound.add(inner.rest)
        elif isinstance(inner, ast.Global | ast.Nonlocal):
            bound.update(inner.names)
        elif isinstance(inner, ast.Import | ast.ImportFrom):
            bound.update((a.asname or a.name).partition(".")[0] for a in inner.names)
    return bound


def _query_sites(ctx: FileContext, calls: Iterable[Located]) -> Iterator[DeviceSite]:
    """The index argument of `torch.cuda` queries (`get_device_capability(i)`), and the
    device of `torch.set_default_device(...)`."""
    for located in calls:
        call = located.node
        if not (isinstance(call, ast.Call) and call.args) or isinstance(call.args[0], ast.Starred):
            continue
        qualified = ctx.qualified(call.func) or ""
        module, _, function = qualified.rpartition(".")
        if module == "torch.cuda" and function in _QUERIES:
            yield DeviceSite(call, call.args[0], "query", located)
        elif qualified == "torch.set_default_device":
            yield DeviceSite(call, call.args[0], "set_default_device", located)


def _replica_list_sites(ctx: FileContext, calls: Iterable[Located]) -> Iterator[DeviceSite]:
    """The ids given to torch's `DataParallel` or `DistributedDataParallel`: each entry of a
    list written out as the second argument (`sites_of` reads `device_ids=[a, b]`), or the
    list given whole (`device_ids=ids`)."""
    for located in calls:
        call = located.node
        if not isinstance(call, ast.Call):
            continue
        ids = replica_ids(ctx, call)
        if not isinstance(ids, ast.List | ast.Tuple):
            if ids is not None:
                yield DeviceSite(call, ids, "device_ids=", located)
        elif keyword_value(call, "device_ids") is None:
            yield from (DeviceSite(call, entry, "device_ids=", located) for entry in ids.elts)


def _placed_by_torch(ctx: FileContext, site: DeviceSite) -> bool:
    """Device ids go to torch (`DataParallel`, `DDP`, `dist.barrier`); another function's
    `device_ids=` may take physical ids (a launcher, a monitor)."""
    if site.where != "device_ids=":
        return True
    return (ctx.qualified(site.call.func) or "").startswith("torch.")


def _comprehension_sites(
    ctx: FileContext, scope: Scope, names: set[str], is_source: Callable[[ast.AST], bool]
) -> list[tuple[DeviceSite, set[str]]]:
    """Device arguments inside a comprehension whose loop runs over the variable's entries
    (`get_device_capability(int(i)) for i in visible.split(",")`)."""
    found: list[tuple[DeviceSite, set[str]]] = []
    for node in scope_nodes(ctx, scope):
        if not isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            continue
        targets = {g.target.id for g in node.generators if isinstance(g.target, ast.Name)}
        own = {
            g.target.id
            for g in node.generators
            if isinstance(g.target, ast.Name) and trace(g.iter, is_source, names) is not None
        }
        if not own:
            continue
        inner = (names - targets) | own
        calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)]
        located = [Located(call, scope) for call in calls]
        found += [(site, inner) for site in _query_sites(ctx, located)]
        found += [
            (s, inner) for c, at in zip(calls, located, strict=True) for s in sites_of(ctx, c, at)
        ]
    return found
