"""Whether a value is a process's index (0, 1, 2, ...), not a GPU id someone gave the program.

A worker process, a rank or a loop over GPUs numbers itself from 0: the spawn index
(`mp.spawn(run, nprocs=n)` calls `run(i, ...)`), `LOCAL_RANK` / `RANK` / `SLURM_LOCALID`,
`dist.get_rank()`, `args.local_rank`, the variable of `for i in range(n)` or the position
`enumerate` gives (from 0), and a parameter that every hand-off in the file fills with one of
those: a call, `Process(target=work, args=(i,))` or `kwargs=`, a pool's `map` / `starmap` /
`apply_async` / `submit` (over `range(n)`, `enumerate(...)`, `zip(..., range(n))` or a
comprehension), through `functools.partial` too, with the arguments written in the call or
held by a name given them once (`a = (split, i)`, `args=a`); a lambda's parameter the call
it is written in fills (`pool.map(lambda i: work(i), range(n))`); an entry of a list of
indexes (`range(n)`, or an option whose default is one: `add_argument("--gpus",
default=list(range(torch.cuda.device_count())))`, indexes whenever the option is not given).
A value picked out of another list (`visible[i]`), a user's option (`args.gpu`), a range
from another start (`range(first, last)`), an attribute of `self` or any other name holds no
known index: a name alone says nothing (`local_rank` may be filled with a physical id).

Read from one file's syntax, never run: a function handed on in any other way (stored,
returned, passed to a function of another file, called from a lambda stored for later) has
parameters whose values are unknown.
"""

from __future__ import annotations

import ast
from collections import Counter, defaultdict
from collections.abc import Callable

from torchplace.lint.context import FileContext, call_name, keyword_value, parameter_names
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rank_names import GLOBAL_RANK_VARIABLES, LOCAL_RANK_VARIABLES
from torchplace.lint.rules._helpers import is_env_read, literal_string
from torchplace.lint.spawn_ranks import spawns_processes

#: Environment variables launchers set to this process's rank or local rank.
_RANK_VARIABLES = (*LOCAL_RANK_VARIABLES, *GLOBAL_RANK_VARIABLES)
#: Attributes of an object other than `self` that launchers fill with a rank.
_RANK_ATTRIBUTES = frozenset({"local_rank", "rank", "process_index", "local_process_index"})
#: Calls that return one: `dist.get_rank()`, `get_local_rank()`.
_RANK_CALLS = frozenset({"get_rank", "get_local_rank", "get_global_rank", "local_rank"})
_POOL_MAPS = frozenset({"map", "imap", "imap_unordered", "map_async"})
_POOL_STARMAPS = frozenset({"starmap", "starmap_async"})
_POOL_APPLIES = frozenset({"apply", "apply_async"})
_Function = ast.FunctionDef | ast.AsyncFunctionDef
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
#: How deep names are followed into their values and hand-offs.
_DEPTH = 4


class IndexReader:
    """Reads one file's tree: which values are process indexes. Built once per file; each
    function's hand-offs are found once."""

    def __init__(self, ctx: FileContext, tree: ast.Module, parents: dict[int, ast.AST]):
        self.ctx = ctx
        self.tree = tree
        self.parents = parents
        self._references: dict[str, list[ast.AST]] | None = None
        self._filled: dict[tuple[int, int], str | None] = {}
        self._bound: dict[int, dict[str, list[ast.expr | str]]] = {}
        self._module_functions: dict[str, int] | None = None
        self._options: dict[str, tuple[str, str]] | None = None
        self._uses: dict[int, tuple[Counter[str], Counter[str], dict[str, ast.expr]]] = {}
        self._parsed: set[str] | None = None
        self._lists: dict[tuple[int, str], str | None] = {}

    def process_index(self, value: ast.expr, function: ast.AST | None) -> str | None:
        """The index `value` (written in `function`, None at module level) holds, in words,
        when it is a process's index; None otherwise."""
        return self._index(value, function, 0)

    # -- values ------------------------------------------------------------------------------
    def _index(self, value: ast.expr, function: ast.AST | None, depth: int) -> str | None:
        value = unwrapped(value)
        if isinstance(value, ast.NamedExpr):
            value = value.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod):
            return self._index(value.left, function, depth)
        if isinstance(value, ast.Attribute):
            owner = value.value
            is_self = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            if value.attr in _RANK_ATTRIBUTES and not is_self:
                return f"`{ast.unparse(value)}`"
            return None
        if isinstance(value, ast.Call | ast.Subscript):
            if isinstance(value, ast.Call) and not value.args and call_name(value) in _RANK_CALLS:
                return f"`{ast.unparse(value)}`"
            if isinstance(value, ast.Call):
                joined = _joined_entries(value)
                listed = self._index_list(joined, function, depth) if joined else None
                if listed is not None:
                    return f"`{ast.unparse(value)}` (the entries of {listed})"
            if isinstance(value, ast.Subscript) and not isinstance(value.slice, ast.Slice):
                listed = self._index_list(value.value, function, depth)
                if listed is not None:
                    return f"`{ast.unparse(value)}` (an entry of {listed})"
            read = next((v for v in _RANK_VARIABLES if is_env_read(self.ctx, value, v)), None)
            return f"`{read}`" if read is not None else None
        if isinstance(value, ast.Name) and depth < _DEPTH:
            return self._name_index(value, function, depth)
        return None

    def _name_index(self, name: ast.Name, function: ast.AST | None, depth: int) -> str | None:
        """A name every binding of which (in its function, or the module's own code) gives an
        index: an assignment of one, a `range(n)` / `enumerate` loop; a parameter no binding
        replaces, filled with indexes by every hand-off in the file."""
        lambda_ = _binding_lambda(name, self.parents)
        if lambda_ is not None:
            return self._lambda_parameter_index(lambda_, name.id, depth)
        found: list[str | None] = []
        for binding in self._bindings(function).get(name.id, []):
            if isinstance(binding, str):
                found.append(None if binding == "unknown" else binding)
            else:
                found.append(self._index(binding, function, depth + 1))
        loop = _loop_index(
            name, self.parents, lambda iterated: self._index_list(iterated, function, depth)
        )
        if loop is not None:
            # The loop's own binding is read as an index above only when it is one.
            found = [f for f in found if f != "loop"] + [loop]
        if found:
            return found[0] if all(found) and "loop" not in found else None
        if not isinstance(function, _Function):
            return None
        return self._parameter_index(function, name.id, depth)

    def _bindings(self, function: ast.AST | None) -> dict[str, list[ast.expr | str]]:
        holder = function if function is not None else self.tree
        if id(holder) not in self._bound:
            self._bound[id(holder)] = _all_bindings(holder)
        return self._bound[id(holder)]

    def _index_list(self, value: ast.expr, function: ast.AST | None, depth: int) -> str | None:
        """`value` is a list of indexes from 0, in words: `range(n)` / `list(range(n))`, a name
        every binding of which gives one, or a command-line option whose default is one
        (`parser.add_argument("--gpus", default=list(range(torch.cuda.device_count())))`:
        the indexes are used whenever the option is not given)."""
        if range_from_zero(value):
            return f"`{ast.unparse(value)}`"
        if isinstance(value, ast.Name) and depth < _DEPTH:
            if _binding_lambda(value, self.parents) is not None:
                return None  # a lambda's parameter
            key = (id(function), value.id)
            if key not in self._lists:
                self._lists[key] = None  # a cycle of names reads as no list
                self._lists[key] = self._name_index_list(value.id, function, depth)
            return self._lists[key]
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
            if value.value.id not in self._parsed_names():
                return None  # not what the file's parser gave (`cfg.gpus` of a config file)
            option = self._option_defaults().get(value.attr)
            if option is not None:
                flag, default = option
                return f"`{flag}`, whose default is `{default}`"
        return None

    def _name_index_list(self, name: str, function: ast.AST | None, depth: int) -> str | None:
        """Every binding of the name in the function's own scope gives a list of indexes
        (read once per function and name)."""
        bindings = self._bindings(function).get(name, [])
        if not bindings:
            return None
        if isinstance(function, _Function) and name in _parameter_names(function):
            # A parameter: its callers may give anything, but where none is given the
            # function's own fallback holds (`if not gpu_ids: gpu_ids = list(range(n))`).
            return self._fallback_index_list(function, name, depth)
        found = [
            None if isinstance(b, str) else self._index_list(b, function, depth + 1)
            for b in bindings
        ]
        return found[0] if all(found) else None

    def _fallback_index_list(self, function: _Function, name: str, depth: int) -> str | None:
        """A list of indexes the function gives its parameter `name` where the caller gave
        none, when every assignment of the parameter in the function's own code is such a
        fallback: on the arm of an `if` that runs where no ids were given (`if not gpu_ids:`,
        `if gpu_ids is None:`, the `else` of `if gpu_ids:`), or `gpu_ids = gpu_ids or
        list(range(n))` (`... if gpu_ids else ...`). Any other assignment (a renumbering
        where ids were given, a mapping onto physical ids) may hold something else."""
        found: str | None = None
        for node in own_nodes(function):
            if not isinstance(node, ast.Assign):
                continue
            if not any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                continue
            fallback = _fallback_value(node.value, name)
            if fallback is None and self._on_no_ids_arm(function, node, name):
                fallback = node.value
            listed = (
                self._index_list(fallback, function, depth + 1) if fallback is not None else None
            )
            if listed is None:
                return None
            found = found or listed
        return (
            None
            if found is None
            else f"`{name}`, which falls back to {found} where no ids are given"
        )

    def _on_no_ids_arm(self, function: _Function, assignment: ast.Assign, name: str) -> bool:
        """`assignment` is a statement of the arm of an `if` (of the function's own code) that
        runs where the parameter `name` holds no ids."""
        for node in own_nodes(function):
            if not isinstance(node, ast.If):
                continue
            given = _tests_ids_given(node.test, name)
            if given is None:
                continue
            arm = node.orelse if given else node.body
            if any(statement is assignment for statement in arm):
                return True
        return False

    def _option_defaults(self) -> dict[str, tuple[str, str]]:
        """The file's command-line options whose default is a list of indexes from 0, by the
        attribute they fill: `add_argument("-g", "--gpus", default=list(range(n)))` ->
        `gpus`. An attribute two options fill is left out."""
        if self._options is None:
            found: dict[str, list[tuple[str, str] | None]] = defaultdict(list)
            for node in ast.walk(self.tree):
                if not (isinstance(node, ast.Call) and call_name(node) == "add_argument"):
                    continue
                flags = [literal_string(a) or "" for a in node.args]
                destination = keyword_value(node, "dest")
                if destination is not None:
                    attribute = literal_string(destination)
                else:
                    long = [f for f in flags if f.startswith("--")]
                    named = long[0] if long else (flags[0] if flags else "")
                    attribute = named.lstrip("-").replace("-", "_")
                if not attribute:
                    continue
                default = keyword_value(node, "default")
                flag = next((f for f in flags if f.startswith("--")), attribute)
                if default is not None and range_from_zero(default):
                    found[attribute].append((flag, ast.unparse(default)))
                else:
                    found[attribute].append(None)
            # An option the program sets itself (`args.gpus = [visible[g] for g in ...]`,
            # `parser.set_defaults(gpus=...)`) holds what it set, not the default.
            assigned = {
                node.attr
                for node in ast.walk(self.tree)
                if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load)
            } | {
                keyword.arg or ""
                for node in ast.walk(self.tree)
                if isinstance(node, ast.Call) and call_name(node) == "set_defaults"
                for keyword in node.keywords
            }
            self._options = {
                attribute: entries[0]
                for attribute, entries in found.items()
                if len(entries) == 1 and entries[0] is not None and attribute not in assigned
            }
        return self._options

    def _parsed_names(self) -> set[str]:
        """The names the file binds to what its parser gives (`args = parser.parse_args()`,
        `args, rest = parser.parse_known_args()`), in any function."""
        if self._parsed is None:
            parsed: set[str] = set()
            for node in ast.walk(self.tree):
                if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
                    continue
                if call_name(node.value) not in ("parse_args", "parse_known_args"):
                    continue
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        parsed.add(target.id)
                    elif isinstance(target, ast.Tuple) and target.elts:
                        first = target.elts[0]
                        parsed.update([first.id] if isinstance(first, ast.Name) else [])
            self._parsed = parsed
        return self._parsed

    def _literal(self, given: ast.expr | None) -> ast.expr | None:
        """A tuple, list or dictionary handed on, or the one such value a name of the
        function was given (`a = (split, i)` ... `Process(target=work, args=a)`), where the
        name is neither a parameter (of the function or a lambda around the hand-off) nor
        read anywhere but here: a name changed in place (`a[1] = gpus[i]`, `kw.update(...)`)
        or handed on twice may hold something else."""
        if not isinstance(given, ast.Name):
            return given
        function = enclosing_function_of(given, self.parents)
        if _binding_lambda(given, self.parents) is not None:
            return None
        if isinstance(function, _Function) and given.id in _parameter_names(function):
            return None
        stored, loaded, values = self._name_uses(function)
        value = values.get(given.id)
        if stored[given.id] != 1 or loaded[given.id] != 1:
            return None
        return value if isinstance(value, ast.Tuple | ast.List | ast.Dict) else None

    def _name_uses(
        self, function: ast.AST | None
    ) -> tuple[Counter[str], Counter[str], dict[str, ast.expr]]:
        """How often the holder's code stores and reads each name, and the value of an
        assignment to it, found in one walk per holder."""
        holder = function if function is not None else self.tree
        if id(holder) not in self._uses:
            stored: Counter[str] = Counter()
            loaded: Counter[str] = Counter()
            values: dict[str, ast.expr] = {}
            for node in ast.walk(holder):
                if isinstance(node, ast.Name):
                    (loaded if isinstance(node.ctx, ast.Load) else stored)[node.id] += 1
                elif isinstance(node, ast.Assign):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            values[target.id] = node.value
            self._uses[id(holder)] = (stored, loaded, values)
        return self._uses[id(holder)]

    # -- parameters --------------------------------------------------------------------------
    def _lambda_parameter_index(
        self, lambda_: ast.Lambda, parameter: str, depth: int
    ) -> str | None:
        """A lambda's parameter, filled by the one hand-off the lambda is written in
        (`pool.map(lambda i: work(splits[i], i), range(n))`)."""
        positional = [a.arg for a in (*lambda_.args.posonlyargs, *lambda_.args.args)]
        keyword_only = {a.arg for a in lambda_.args.kwonlyargs}
        if parameter not in positional and parameter not in keyword_only:
            return None  # `*args`, `**kwargs`
        if any(
            isinstance(node, ast.NamedExpr) and node.target.id == parameter
            for node in ast.walk(lambda_.body)
        ):
            return None  # `(i := int(gpus[i]))`: rebound in the lambda
        position = positional.index(parameter) if parameter in positional else None
        given = self._handed(lambda_, position, parameter)
        if given is None or depth >= _DEPTH:
            return None
        if isinstance(given, str):
            return f"`{parameter}` ({given})"
        found = self._index(given, enclosing_function_of(given, self.parents), depth + 1)
        return None if found is None else f"`{parameter}` ({found})"

    def _parameter_index(self, function: _Function, parameter: str, depth: int) -> str | None:
        key = (id(function), hash(parameter))
        if key not in self._filled:
            self._filled[key] = None  # a hand-off cycle reads as unknown
            self._filled[key] = self._filled_with_indexes(function, parameter, depth)
        return self._filled[key]

    def _filled_with_indexes(self, function: _Function, parameter: str, depth: int) -> str | None:
        """Every hand-off of `function` in the file fills `parameter` with an index (at least
        one hand-off; any other use of the function's name: unknown)."""
        positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        method = isinstance(self.parents.get(id(function)), ast.ClassDef)
        static = any(
            isinstance(d, ast.Name) and d.id == "staticmethod" for d in function.decorator_list
        )
        if method and not static and positional[:1] in (["self"], ["cls"]):
            positional = positional[1:]
        keyword_only = [a.arg for a in function.args.kwonlyargs]
        if parameter not in positional and parameter not in keyword_only:
            return None
        position = positional.index(parameter) if parameter in positional else None
        references = self._references_of(function, method)
        if not references:
            return None
        found: list[str | None] = []
        for reference in references:
            given = self._handed(reference, position, parameter)
            if given is None:
                return None
            if isinstance(given, str):
                found.append(given)
            else:
                holder = enclosing_function_of(given, self.parents)
                found.append(self._index(given, holder, depth + 1))
            if found[-1] is None:
                return None
        return f"`{parameter}` ({found[0]} at each hand-off)"

    def _references_of(self, function: _Function, method: bool) -> list[ast.AST]:
        """The loads of the function's name: `name` for a module's function, `self.name` /
        `Class.name` for a method (any attribute of that name: the object is not followed)."""
        if self._references is None:
            references: dict[str, list[ast.AST]] = defaultdict(list)
            for node in ast.walk(self.tree):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    references["name:" + node.id].append(node)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                    references["attribute:" + node.attr].append(node)
            self._references = references
        if self._defined_twice(function.name):
            return []  # which definition a name reaches is not read
        if method:
            owner = self.parents.get(id(function))
            holders = {"self", "cls", getattr(owner, "name", "")}
            return [
                node
                for node in self._references.get("attribute:" + function.name, [])
                if isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in holders
            ]
        return self._references.get("name:" + function.name, [])

    def _defined_twice(self, name: str) -> bool:
        """More than one function of the file, at any depth, has this name."""
        if self._module_functions is None:
            counts: dict[str, int] = defaultdict(int)
            for node in ast.walk(self.tree):
                if isinstance(node, _Function):
                    counts[node.name] += 1
            self._module_functions = counts
        return self._module_functions.get(name, 0) > 1

    def _handed(
        self, reference: ast.AST, position: int | None, parameter: str
    ) -> ast.expr | str | None:
        """What the hand-off holding `reference` gives the parameter (at `position` among the
        positional ones, or by name): an expression, words ("the spawn index"), or None."""
        call = self.parents.get(id(reference))
        if isinstance(call, ast.keyword):  # `Process(target=work, ...)`
            call = self.parents.get(id(call))
        if not isinstance(call, ast.Call):
            return None
        if call.func is reference:
            return _given(call.args, call.keywords, position, parameter)
        name = call_name(call) or ""
        first = call.args[:1] == [reference]
        if first and name == "partial":
            bound = len(call.args) - 1
            by_name = next((k.value for k in call.keywords if k.arg == parameter), None)
            if by_name is not None:
                return by_name
            if position is not None and position < bound:
                return call.args[1 + position]
            shifted = None if position is None else position - bound
            return self._handed(call, shifted, parameter)
        if first and spawns_processes(self.ctx, call):
            if position == 0:
                return "the spawn index"
            arguments = keyword_value(call, "args") or (
                call.args[1] if len(call.args) > 1 else None
            )
            return _entry(self._literal(arguments), None if position is None else position - 1)
        if any(k.arg == "target" and k.value is reference for k in call.keywords):
            given = _entry(self._literal(keyword_value(call, "args")), position)
            if given is not None:
                return given
            return _mapped(self._literal(keyword_value(call, "kwargs")), parameter)
        if first and name in _POOL_MAPS and position is not None and len(call.args) > 1 + position:
            return _element(call.args[1 + position], None)
        if first and name in _POOL_STARMAPS and len(call.args) > 1 and position is not None:
            return _element(call.args[1], position)
        if first and name in _POOL_APPLIES and len(call.args) > 1:
            given = _entry(self._literal(call.args[1]), position)
            if given is not None:
                return given
            return _mapped(self._literal(keyword_value(call, "kwds")), parameter)
        if first and name == "submit":
            return _given(call.args[1:], call.keywords, position, parameter)
        if name == "run_in_executor" and call.args[1:2] == [reference]:
            return _given(call.args[2:], [], position, parameter)
        return None


def unwrapped(value: ast.expr) -> ast.expr:
    """`str(x)`, `int(x)`, `repr(x)`, `f"{x}"`, `"%d" % x`, `"{}".format(x)` (nothing else
    in the string): `x`."""
    while True:
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in ("str", "int", "repr")
            and len(value.args) == 1
            and not value.keywords
        ):
            value = value.args[0]
        elif (
            isinstance(value, ast.JoinedStr)
            and len(value.values) == 1
            and isinstance(value.values[0], ast.FormattedValue)
        ):
            value = value.values[0].value
        elif (
            isinstance(value, ast.BinOp)
            and isinstance(value.op, ast.Mod)
            and literal_string(value.left) in ("%d", "%s", "%i")
        ):
            value = value.right
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "format"
            and literal_string(value.func.value) == "{}"
            and len(value.args) == 1
        ):
            value = value.args[0]
        else:
            return value


def _all_bindings(holder: ast.AST) -> dict[str, list[ast.expr | str]]:
    """What binds each name in the holder's code, in one walk: assigned values, "loop" for a
    `for` or comprehension variable (read by `_loop_index`), "unknown" for anything else (an
    augmented assignment, `with ... as`, a tuple target, an import, `del`)."""
    found: dict[str, list[ast.expr | str]] = defaultdict(list)
    for node in ast.walk(holder):
        if isinstance(node, ast.Global | ast.Nonlocal):
            for name in node.names:  # a nested function's write of the holder's name
                found[name].append("unknown")
    # The holder's own scope: a nested function's, class's or lambda's names are its own.
    for node in own_nodes(holder):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id].append(node.value)
                else:
                    for name in _stored_names(target):
                        found[name].append("unknown")
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr):
            if isinstance(node.target, ast.Name):
                found[node.target.id].append(node.value if node.value is not None else "unknown")
        elif isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name):
                found[node.target.id].append("unknown")
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            for name in _stored_names(node.target):
                found[name].append("loop")
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            for name in _stored_names(node.optional_vars):
                found[name].append("unknown")
    return found


def _binding_lambda(name: ast.Name, parents: dict[int, ast.AST]) -> ast.Lambda | None:
    """The innermost lambda holding `name` that binds it as a parameter (not where a
    comprehension inside it, or a function, binds it first)."""
    child: ast.AST = name
    node: ast.AST | None = parents.get(id(name))
    while node is not None and not isinstance(node, _Function):
        if isinstance(node, _COMPREHENSIONS) and any(
            name.id in _stored_names(g.target) for g in node.generators
        ):
            return None
        # A name in a lambda's defaults is read where the lambda is made, outside it.
        if (
            isinstance(node, ast.Lambda)
            and child is node.body
            and name.id in _parameter_names(node)
        ):
            return node
        child, node = node, parents.get(id(node))
    return None


def _parameter_names(function: _Function | ast.Lambda) -> set[str]:
    """Every parameter's name, `*args` and `**kwargs` too."""
    arguments = function.args
    starred = {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
    return parameter_names(function) | starred


def _stored_names(target: ast.AST) -> list[str]:
    """The names a target binds (`a, name = ...`), not those it only reads (`table[i] = ...`)."""
    return [
        n.id for n in ast.walk(target) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    ]


def _loop_index(
    name: ast.Name, parents: dict[int, ast.AST], index_list: Callable[[ast.expr], str | None]
) -> str | None:
    """`name` is the variable of an enclosing `for` or comprehension over `range(n)` (or
    `range(0, n)`) or another list of indexes (`index_list`), or the position
    `enumerate(...)` gives from 0."""
    node: ast.AST | None = parents.get(id(name))
    while node is not None:
        loops: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, ast.For | ast.AsyncFor):
            loops = [(node.target, node.iter)]
        elif isinstance(node, _COMPREHENSIONS):
            loops = [(g.target, g.iter) for g in node.generators]
        for target, iterated in reversed(loops):
            if isinstance(target, ast.Name) and target.id == name.id:
                if range_from_zero(iterated):
                    return f"`{name.id}` (a `range` loop's variable)"
                listed = index_list(iterated)
                return None if listed is None else f"`{name.id}` (an entry of {listed})"
            if (
                isinstance(target, ast.Tuple)
                and target.elts
                and isinstance(target.elts[0], ast.Name)
                and target.elts[0].id == name.id
            ):
                counts = _counts_from_zero(iterated)
                return f"`{name.id}` (the position `enumerate` gives)" if counts else None
            if name.id in _stored_names(target):
                return None  # the innermost loop binding it gives something else
        if isinstance(node, _Function | ast.Lambda):
            return None
        node = parents.get(id(node))
    return None


def _joined_entries(value: ast.Call) -> ast.expr | None:
    """The list a `",".join(...)` writes out entry by entry: `L` of `",".join(map(str, L))` or
    of `",".join(str(i) for i in L)` (`f"{i}"` too); None for any other call."""
    if not (isinstance(value.func, ast.Attribute) and value.func.attr == "join"):
        return None
    if len(value.args) != 1 or value.keywords:
        return None
    joined = value.args[0]
    if isinstance(joined, ast.Call) and call_name(joined) == "map" and len(joined.args) == 2:
        converts = isinstance(joined.args[0], ast.Name) and joined.args[0].id == "str"
        return joined.args[1] if converts else None
    if isinstance(joined, ast.GeneratorExp | ast.ListComp) and len(joined.generators) == 1:
        loop = joined.generators[0]
        element = unwrapped(joined.elt)
        if (
            not loop.ifs
            and isinstance(loop.target, ast.Name)
            and isinstance(element, ast.Name)
            and element.id == loop.target.id
        ):
            return loop.iter
    return None


def _tests_ids_given(test: ast.expr, name: str) -> bool | None:
    """True when `test` holds where the parameter `name` holds ids (`gpu_ids`, `gpu_ids is
    not None`, `len(gpu_ids)`, `len(gpu_ids) > 0`), False where it holds none (`not gpu_ids`,
    `gpu_ids is None`, `len(gpu_ids) == 0`); None for any other test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _tests_ids_given(test.operand, name)
        return None if inner is None else not inner
    if _is_name(test, name) or _length_of(test, name):
        return True
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, op, right = test.left, test.ops[0], test.comparators[0]
        if _is_name(left, name) and isinstance(right, ast.Constant) and right.value is None:
            if isinstance(op, ast.Is | ast.Eq):
                return False
            if isinstance(op, ast.IsNot | ast.NotEq):
                return True
        if _length_of(left, name) and isinstance(right, ast.Constant) and right.value == 0:
            if isinstance(op, ast.Eq | ast.LtE):
                return False
            if isinstance(op, ast.Gt | ast.NotEq):
                return True
    return None


def _fallback_value(value: ast.expr, name: str) -> ast.expr | None:
    """The list `name = name or LIST`, `name = name if name else LIST` or `name = LIST if name
    is None else name` falls back to; None for any other value."""
    if (
        isinstance(value, ast.BoolOp)
        and isinstance(value.op, ast.Or)
        and len(value.values) == 2
        and _is_name(value.values[0], name)
    ):
        return value.values[1]
    if isinstance(value, ast.IfExp):
        given = _tests_ids_given(value.test, name)
        if given is True and _is_name(value.body, name):
            return value.orelse
        if given is False and _is_name(value.orelse, name):
            return value.body
    return None


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _length_of(node: ast.expr, name: str) -> bool:
    return (
        isinstance(node, ast.Call)
        and call_name(node) == "len"
        and len(node.args) == 1
        and _is_name(node.args[0], name)
    )


def range_from_zero(iterated: ast.expr) -> bool:
    """`range(n)`, `range(0, n)`, `list(range(n))`: the numbers 0, 1, ... (not
    `range(*span)`, from where unknown)."""
    if isinstance(iterated, ast.Call) and call_name(iterated) == "list" and iterated.args:
        iterated = iterated.args[0]
    if not (isinstance(iterated, ast.Call) and call_name(iterated) == "range"):
        return False
    arguments = iterated.args
    if any(isinstance(a, ast.Starred) for a in arguments):
        return False
    if any("nvml" in ast.unparse(a).lower() for a in arguments):
        return False  # NVML counts every physical GPU: its numbers are physical ids
    if len(arguments) == 1:
        return True
    start = arguments[0] if arguments else None
    return isinstance(start, ast.Constant) and start.value == 0 and len(arguments) == 2


def _counts_from_zero(iterated: ast.expr) -> bool:
    """`enumerate(x)` with no start, or from 0."""
    if not (isinstance(iterated, ast.Call) and call_name(iterated) == "enumerate"):
        return False
    start = keyword_value(iterated, "start") or (
        iterated.args[1] if len(iterated.args) > 1 else None
    )
    return start is None or (isinstance(start, ast.Constant) and start.value == 0)


def _given(
    args: list[ast.expr], keywords: list[ast.keyword], position: int | None, parameter: str
) -> ast.expr | None:
    """A call's argument for the parameter: by name, else at `position` (no `*args` before)."""
    by_name = next((k.value for k in keywords if k.arg == parameter), None)
    if by_name is not None or position is None:
        return by_name
    if any(isinstance(a, ast.Starred) for a in args[: position + 1]):
        return None
    return args[position] if position < len(args) else None


def _entry(given: ast.expr | None, position: int | None) -> ast.expr | None:
    if position is None or not isinstance(given, ast.Tuple | ast.List):
        return None
    if any(isinstance(e, ast.Starred) for e in given.elts[: position + 1]):
        return None
    return given.elts[position] if position < len(given.elts) else None


def _mapped(given: ast.expr | None, parameter: str) -> ast.expr | None:
    """A `kwargs={"gpu_id": i}` dictionary's value for the parameter."""
    if not isinstance(given, ast.Dict):
        return None
    pairs = zip(given.keys, given.values, strict=True)
    return next((v for k, v in pairs if k is not None and literal_string(k) == parameter), None)


def _element(iterable: ast.expr, position: int | None) -> ast.expr | str | None:
    """What each call gets from a pool's iterable (its entry at `position` for `starmap`):
    `range(n)`'s values, `enumerate(...)`'s positions, `zip(...)`'s entries, a
    comprehension's element."""
    if position is None and range_from_zero(iterable):
        return "a `range`'s values"
    if isinstance(iterable, ast.ListComp | ast.GeneratorExp):
        element = iterable.elt
        return element if position is None else _entry(element, position)
    if position is not None and isinstance(iterable, ast.Call):
        if position == 0 and _counts_from_zero(iterable):
            return "the position `enumerate` gives"
        if call_name(iterable) == "zip" and position < len(iterable.args):
            return _element(iterable.args[position], None)
    return None


def enclosing_function_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    """The innermost function holding `node`, by the tree's child-to-parent map; None at
    module level."""
    current = parents.get(id(node))
    while current is not None and not isinstance(current, _Function):
        current = parents.get(id(current))
    return current
