"""TPL411 visible-devices-set-from-a-process-index."""

from __future__ import annotations

import ast
import itertools
import re
from collections import defaultdict
from collections.abc import Iterator

from torchplace.lint.context import FileContext, call_name
from torchplace.lint.import_cuda import STARTS_CUDA
from torchplace.lint.process_indexes import (
    IndexReader,
    enclosing_function_of,
    range_from_zero,
    unwrapped,
)
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import is_env_read, literal_string, without_comments
from torchplace.lint.run_conditions import EXITS, parent_map
from torchplace.lint.visible_device_writes import (
    VARIABLE,
    is_environ_key,
    sets_variable,
    starts_child,
    writes_own_environment,
    written_value,
)
from torchplace.report import Finding


class VisibleDevicesSetFromProcessIndex(Rule):
    """## What it does
    Flags `os.environ["CUDA_VISIBLE_DEVICES"] = str(i)` (or `f"{i}"`, `.update`, `putenv`,
    a child's environment: an `os.environ` copy and its `update`, `dict(os.environ, ...)`,
    `{**os.environ, ...}`, `os.environ | {...}`, a command string
    `f"CUDA_VISIBLE_DEVICES={i} python ..."`) where `i` is a process's index, 0, 1, 2, ...
    (`process_indexes`: the spawn index, `LOCAL_RANK` / `RANK` / `SLURM_LOCALID`,
    `dist.get_rank()`, `args.local_rank`, a `range(n)` loop's variable, the position
    `enumerate` gives, an entry of an option whose default is `range(n)`, or a parameter
    every hand-off in the file fills with one), or a join of such indexes (`",".join(str(i)
    for i in gpu_ids)` where the function falls back to `gpu_ids = list(range(n))` when its
    caller gives none), in a file
    that expects to be given a list of GPUs: it splits, counts or measures the variable, or
    counts the GPUs it sees (`torch.cuda.device_count()`, which a given list narrows).
    Not flagged: a value picked out of that list (`visible.split(",")[i]`), a GPU id the user
    gives (`args.gpu`), a name alone (`self.rank` may hold a physical id), a write only where
    the variable is unset (`if "CUDA_VISIBLE_DEVICES" not in os.environ:`, `setdefault`), a
    list the program set itself to GPUs from 0 (`"0,1,2,3"`) before it reads or counts it.

    ## Why is this bad?
    `CUDA_VISIBLE_DEVICES` holds physical GPU ids. A program started with
    `CUDA_VISIBLE_DEVICES=4,5,6,7` that writes its worker's index there sends worker 0 to
    physical GPU 0, worker 1 to GPU 1, ...: onto GPUs it was not given (another user's, or
    another job's), while GPUs 4 to 7 stay idle. Nothing fails: the jobs only collide.

    ## Example
    ```python
    def work(split, gpu_id):
        os.environ["CUDA_VISIBLE_DEVICES"] = str(gpu_id)
        ...

    num_gpus = os.environ["CUDA_VISIBLE_DEVICES"].count(",") + 1
    pool.starmap(work, [(s, i) for i, s in enumerate(splits)])
    ```

    Use instead:
    ```python
    def work(split, gpu_id, visible):
        os.environ["CUDA_VISIBLE_DEVICES"] = visible[gpu_id]
        ...

    visible = os.environ["CUDA_VISIBLE_DEVICES"].split(",")
    pool.starmap(work, [(s, i, visible) for i, s in enumerate(splits)])
    ```

    ## Fix safety
    No automatic fix.

    ## References
    - https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars
    """

    code = "TPL411"
    name = "visible-devices-set-from-a-process-index"
    # New, with no first look on code it was not written against yet: in preview until one.
    preview = True
    in_tests = False
    contexts = (
        "writes of CUDA_VISIBLE_DEVICES (own, a child's environment, a command string) in a"
        " file that reads it as a list or counts the visible GPUs; not a value picked out of"
        " the list, a GPU id the user gives, nor a write only where it is unset"
    )
    summary = (
        "CUDA_VISIBLE_DEVICES set to a process's index: a physical GPU id, not the GPU at"
        " that place in the list the program was given"
    )
    pattern = "cuda-visible-devices-misuse"
    candidate = AnyOf(VARIABLE)
    file_gate = (VARIABLE,)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        tree = ctx.whole_tree()
        if tree is None:
            return
        parents = parent_map({}, tree)
        facts = _VisibleFacts(ctx, tree, parents)
        if facts.refuses_a_list:
            return  # it stops where a list is given: its indexes are the GPUs' ids
        own_lists = _OwnLists(ctx, parents)
        given = next(
            (
                evidence
                for evidence in (*facts.list_reads, *_counts_of_visible_gpus(ctx, tree))
                if not own_lists.written_before(evidence)
            ),
            None,
        )
        if given is None:
            return  # no sign the program is given a list of GPUs
        reader = IndexReader(ctx, tree, parents)
        seen: set[int] = set()
        for node, value in _writes(ctx, tree, parents):
            if id(value) in seen:
                continue  # `update({**os.environ, ...})`: one write, read twice
            seen.add(id(value))
            if facts.only_where_unset(node):
                continue  # only where no list was given: then an index is the GPU's id
            if _too_late_for_this_process(ctx, node, parents):
                continue  # TPL404's ground: this process's GPUs are fixed, none started after
            index = reader.process_index(value, enclosing_function_of(node, parents))
            if index is None:
                continue
            how = "counts" if isinstance(given, ast.Call) and not given.args else "reads"
            message = (
                f"{VARIABLE} set to {index}, {_WHAT_IT_HOLDS[' (the entries of ' in index]} "
                f"in the list of visible GPUs the program {how} "
                f"(line {getattr(given, 'lineno', 0)}); given `{VARIABLE}=4,5,6,7`, its "
                "workers use GPUs 0 to 3"
            )
            yield self.finding(ctx, node, message)


#: What the written value is, by whether it joins a list of indexes (`",".join(...)`).
_WHAT_IT_HOLDS = {
    False: "a process's index (0, 1, ...): a physical GPU id, not the GPU at that place",
    True: "indexes counted from 0 (0, 1, ...): physical GPU ids, not the GPUs at those places",
}


class _VisibleFacts:
    """What one file does with the variable: where it reads it, the names each function holds
    it in, whether it reads it as a list of GPUs, whether it refuses one (stops where it is
    set)."""

    def __init__(self, ctx: FileContext, tree: ast.Module, parents: dict[int, ast.AST]):
        self.ctx = ctx
        self.parents = parents
        self.reads: list[ast.AST] = []
        #: Per function (None: module code), the names assigned a read of the variable.
        self.holders: dict[int, set[str]] = defaultdict(set)
        for node in ast.walk(tree):
            if is_env_read(ctx, node, VARIABLE) is None:
                continue
            if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
                continue
            self.reads.append(node)
            holder = parents.get(id(node))
            if isinstance(holder, ast.Assign) and holder.value is node:
                scope = id(enclosing_function_of(node, parents))
                self.holders[scope].update(_target_names(holder))
        #: Per function, the names it splits or counts (`_used_as_a_list`), found once.
        self._list_names: dict[int, set[str]] = {}
        #: Per block and function, positions of statements and of the first guard that
        #: leaves where the variable is set (`only_where_unset`), found once.
        self._position = _BlockPositions()
        self._first_guard: dict[tuple[int, int], int | None] = {}
        self.list_reads = [r for r in self.reads if self._read_as_a_list(r)]
        self.refuses_a_list = any(
            isinstance(node, ast.If)
            and self.tests_unset(node.test, node) is False
            and _ends_the_program(node.body)
            for node in ast.walk(tree)
        )

    def _read_as_a_list(self, read: ast.AST) -> bool:
        """The program splits or counts the variable's entries, itself or through a name
        holding it in the same function (not a read that only tests, logs or restores it)."""
        if _used_as_a_list(read, self.parents):
            return True
        holder = self.parents.get(id(read))
        if not (isinstance(holder, ast.Assign) and holder.value is read):
            return False
        names = set(_target_names(holder))
        function = enclosing_function_of(read, self.parents)
        scope = function if function is not None else holder
        if id(scope) not in self._list_names:
            self._list_names[id(scope)] = {
                node.id
                for node in ast.walk(scope)
                if isinstance(node, ast.Name) and _used_as_a_list(node, self.parents)
            }
        return bool(names & self._list_names[id(scope)])

    def only_where_unset(self, node: ast.AST) -> bool:
        """The write runs only where the variable is unset or empty: in the arm of an `if`
        that says so, or after an `if` that says it is set and leaves the block (`if
        visible: ...; return`)."""
        child: ast.AST = node
        parent = self.parents.get(id(node))
        while parent is not None:
            if isinstance(parent, ast.If) and child is not parent.test:
                unset_when = self.tests_unset(parent.test, parent)
                if unset_when is not None and (child in parent.body) == unset_when:
                    return True
            block = _block_holding(parent, child)
            if block is not None:
                guard = self._guard_in(block, child)
                if guard is not None and guard < self._position(block, child):
                    return True
            child, parent = parent, self.parents.get(id(parent))
        return False

    def _guard_in(self, block: list[ast.stmt], at: ast.AST) -> int | None:
        """The position of the block's first `if` that holds where the variable is set and
        leaves (`if visible: ...; return`), read with the names of the function holding the
        block (`at`, one of its statements)."""
        key = (id(block), id(enclosing_function_of(at, self.parents)))
        if key not in self._first_guard:
            self._first_guard[key] = next(
                (
                    i
                    for i, statement in enumerate(block)
                    if isinstance(statement, ast.If)
                    and self.tests_unset(statement.test, at) is False
                    and _stops(statement.body)
                ),
                None,
            )
        return self._first_guard[key]

    def tests_unset(self, test: ast.expr, at: ast.AST) -> bool | None:
        """True when the test holds exactly where the variable is unset or empty, False when
        it holds exactly where it is set, None when it does not say."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self.tests_unset(test.operand, at)
            return None if inner is None else not inner
        if isinstance(test, ast.BoolOp):
            parts = [self.tests_unset(value, at) for value in test.values]
            if isinstance(test.op, ast.And) and True in parts:
                return True  # `X not in os.environ and n > 0`: true only where unset
            if isinstance(test.op, ast.Or) and parts and all(p is True for p in parts):
                return True  # `visible is None or visible == ""`
            if isinstance(test.op, ast.Or) and False in parts:
                return False
            return None
        if self._names_the_variable(test, at):
            return False  # `if visible:`
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            return self._compares(test.left, test.ops[0], test.comparators[0], at)
        return None

    def _compares(self, left: ast.expr, op: ast.cmpop, right: ast.expr, at: ast.AST) -> bool | None:
        if literal_string(left) == VARIABLE and ast.unparse(right).endswith(
            ("environ", "environ.keys()")
        ):
            return isinstance(op, ast.NotIn) if isinstance(op, ast.In | ast.NotIn) else None
        measured = left
        if (
            isinstance(left, ast.Call)
            and isinstance(left.func, ast.Name)
            and left.func.id == "len"
            and left.args
        ):
            measured = left.args[0]
            if isinstance(right, ast.Constant) and right.value == 0:
                right = ast.Constant(value="")
        if not self._names_the_variable(measured, at):
            return None
        empty = isinstance(right, ast.Constant) and right.value in (None, "")
        if isinstance(right, ast.Tuple | ast.List | ast.Set):
            empty_set = all(
                isinstance(e, ast.Constant) and e.value in (None, "") for e in right.elts
            )
            if empty_set and isinstance(op, ast.In | ast.NotIn):
                return isinstance(op, ast.In)
            return None
        if empty and isinstance(op, ast.Is | ast.Eq):
            return True
        if empty and isinstance(op, ast.IsNot | ast.NotEq | ast.Gt):
            return False
        return None

    def _names_the_variable(self, node: ast.expr, at: ast.AST) -> bool:
        """A read of the variable, or a name its function (the one holding `at`) assigned one
        (`visible = os.environ.get(...)`): a parameter of the same name elsewhere is not it."""
        if is_env_read(self.ctx, node, VARIABLE) is not None:
            return True
        if not isinstance(node, ast.Name):
            return False
        return node.id in self.holders.get(id(enclosing_function_of(at, self.parents)), set())


def _target_names(assign: ast.Assign) -> list[str]:
    return [t.id for t in assign.targets if isinstance(t, ast.Name)]


def _stops(body: list[ast.stmt]) -> bool:
    """The block leaves its function or program at its end (`return`, `raise`, `continue`,
    `break`, `sys.exit`)."""
    last = body[-1] if body else None
    return isinstance(last, EXITS) or _exits_the_program(last)


def _exits_the_program(statement: ast.stmt | None) -> bool:
    """`sys.exit(...)`, `exit()`, `os._exit(...)`, `quit()`."""
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Call)
        and (call_name(statement.value) or "") in ("exit", "_exit", "quit")
    )


def _ends_the_program(body: list[ast.stmt]) -> bool:
    """The block only reports and stops the program (`sys.exit("unset CUDA_VISIBLE_DEVICES")`,
    `raise`): what follows runs only where the test failed."""
    last = body[-1] if body else None
    ends = isinstance(last, ast.Raise) or _exits_the_program(last)
    return ends and all(isinstance(statement, ast.Expr) for statement in body[:-1])


class _BlockPositions:
    """A statement's position in its block, the block's map made once."""

    def __init__(self) -> None:
        self._maps: dict[int, dict[int, int]] = {}

    def __call__(self, block: list[ast.stmt], child: ast.AST) -> int:
        if id(block) not in self._maps:
            self._maps[id(block)] = {id(s): i for i, s in enumerate(block)}
        return self._maps[id(block)][id(child)]


def _block_holding(parent: ast.AST, child: ast.AST) -> list[ast.stmt] | None:
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if isinstance(block, list) and child in block:
            return block
    return None


def _writes(
    ctx: FileContext, tree: ast.Module, parents: dict[int, ast.AST]
) -> Iterator[tuple[ast.AST, ast.expr]]:
    """The writes of the variable and their values: into this process's environment
    (`os.environ[...] =`, `.update`, `putenv`; `setdefault` writes only where it is unset),
    or into a child's (`env[...] =` or `env.update(...)` on a copy of `os.environ` its
    function made, `{**os.environ, ...: v}`, `dict(os.environ, ...=v)`, `os.environ | {...:
    v}`, a command string)."""
    copies = _environment_copies(tree, parents)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            scope = id(enclosing_function_of(node, parents))
            for target in node.targets:
                if is_environ_key(ctx, target) or _copy_key(target, copies.get(scope, set())):
                    yield node, node.value
        elif isinstance(node, ast.Call) and sets_variable(ctx, node):
            value = written_value(node)
            if value is not None and not (
                isinstance(node.func, ast.Attribute) and node.func.attr == "setdefault"
            ):
                yield node, value
        elif isinstance(node, ast.Call) and _writes_a_copy(node, parents, copies):
            value = written_value(node)
            if value is not None:
                yield node, value
        elif isinstance(node, ast.BinOp) and _merged_into_environ(node):
            yield from _dict_writes(node, node.right)  # type: ignore[arg-type]
        elif isinstance(node, ast.JoinedStr):
            yield from _command_string_writes(node)
        elif isinstance(node, ast.Dict) and any(
            key is None and ast.unparse(value).endswith("environ")
            for key, value in zip(node.keys, node.values, strict=True)
        ):
            yield from _dict_writes(node, node)


def _dict_writes(node: ast.AST, entries: ast.Dict) -> Iterator[tuple[ast.AST, ast.expr]]:
    for key, value in zip(entries.keys, entries.values, strict=True):
        if key is not None and literal_string(key) == VARIABLE:
            yield node, value


def _writes_a_copy(
    call: ast.Call, parents: dict[int, ast.AST], copies: dict[int, set[str]]
) -> bool:
    """A child's environment made or changed by a call: `dict(os.environ,
    CUDA_VISIBLE_DEVICES=str(i))`, or `env.update(...)` on a copy of the environment that
    the call's function made (`env = os.environ.copy()`)."""
    func = call.func
    if isinstance(func, ast.Name) and func.id == "dict":
        return bool(call.args) and ast.unparse(call.args[0]).endswith("environ")
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "update"
        and isinstance(func.value, ast.Name)
        and func.value.id in copies.get(id(enclosing_function_of(call, parents)), set())
    )


def _merged_into_environ(node: ast.BinOp) -> bool:
    """`os.environ | {"CUDA_VISIBLE_DEVICES": str(i)}`: a child's environment, merged."""
    return (
        isinstance(node.op, ast.BitOr)
        and isinstance(node.right, ast.Dict)
        and ast.unparse(node.left).endswith(("environ", "environ.copy()"))
    )


#: A shell command's prefix setting the variable: `CUDA_VISIBLE_DEVICES=` at a word's start.
_COMMAND_PREFIX = re.compile(r"(?:^|[\s;&|(])" + VARIABLE + r"=$")


def _command_string_writes(node: ast.JoinedStr) -> Iterator[tuple[ast.AST, ast.expr]]:
    """`f"CUDA_VISIBLE_DEVICES={gpu} python train.py"`: a command string a shell runs with
    the variable set to the formatted value for the command after it (DomainBed's and
    SubpopBench's launchers); not one that sets it and runs nothing (`os.system(f"CUDA_
    VISIBLE_DEVICES={rank}")`: the shell exits)."""
    parts = node.values
    for index, (before, after) in enumerate(itertools.pairwise(parts)):
        text = before.value if isinstance(before, ast.Constant) else None
        if not (
            isinstance(text, str)
            and isinstance(after, ast.FormattedValue)
            and _COMMAND_PREFIX.search(text)
        ):
            continue
        rest = parts[index + 2 :]
        following = rest[0] if rest else None
        spaced = isinstance(following, ast.Constant) and str(following.value)[:1] in " \t"
        if spaced and (len(rest) > 1 or str(following.value).strip()):  # type: ignore[union-attr]
            yield node, after.value


def _too_late_for_this_process(
    ctx: FileContext, node: ast.AST, parents: dict[int, ast.AST]
) -> bool:
    """A write into this process's own environment after its function started CUDA
    (`torch.cuda.set_device(rank)` just before: TabPFN), with no child process started after
    it (`starts_child`, TPL404's reading): it changes no GPU (TPL404 says so where it
    matters)."""
    if not _own_environment(ctx, node):
        return False
    function = enclosing_function_of(node, parents)
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    line = getattr(node, "lineno", 0)
    end = getattr(node, "end_lineno", line) or line
    before = without_comments(ctx.source.lines_text(function.lineno, line - 1))
    for alias, module in ctx.aliases.items():
        # `import torch as th`: `th.cuda.is_available()` starts CUDA as `torch.cuda...` does.
        if module == "torch" and alias != "torch":
            before = re.sub(rf"\b{re.escape(alias)}\.cuda\.", "torch.cuda.", before)
    return STARTS_CUDA.search(before) is not None and not starts_child(ctx, [function], end)


def _own_environment(ctx: FileContext, node: ast.AST) -> bool:
    """The write goes to `os.environ` (`update`, `setdefault`, `putenv`), not to a child's
    environment (`dict(os.environ, ...)`, a copy's `update`)."""
    if isinstance(node, ast.Assign):
        return any(
            isinstance(t, ast.Subscript) and ast.unparse(t.value).endswith("environ")
            for t in node.targets
        )
    return isinstance(node, ast.Call) and sets_variable(ctx, node)


def _counts_of_visible_gpus(ctx: FileContext, tree: ast.Module) -> Iterator[ast.Call]:
    """`torch.cuda.device_count()`: the program counts the GPUs it sees, which a
    `CUDA_VISIBLE_DEVICES` given to it narrows (DomainBed's launcher before its fix)."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and not node.args
            and (ctx.qualified(node.func) or "").endswith("cuda.device_count")
        ):
            yield node


class _OwnLists:
    """Whether the program set the variable itself to GPUs numbered from 0 (`"0,1,2,3"`,
    `",".join(map(str, range(n)))`) before a read or a count: then what it reads or counts is
    its own list, where an index is a GPU's id, not a list it was given. Only a write that
    runs whenever the evidence does counts: a statement before it in a block holding it (its
    function's or, for module code, the module's), with no other write of the variable
    between (a list put back, a write under an `if`); a write only where the variable is
    unset, or on another arm, does not."""

    def __init__(self, ctx: FileContext, parents: dict[int, ast.AST]):
        self.ctx = ctx
        self.parents = parents
        #: Per block: for each position and its end, the last write of the variable before it
        #: (True: a list from 0, False: another, None: none), found once.
        self._states: dict[int, list[bool | None]] = {}
        self._position = _BlockPositions()

    def written_before(self, evidence: ast.AST) -> bool:
        child: ast.AST = evidence
        parent = self.parents.get(id(evidence))
        while parent is not None:
            block = _block_holding(parent, child)
            if block is not None:
                state = self._states_of(block)[self._position(block, child)]
                if state is not None:
                    return state
            if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                return False  # the function may run after any write of the module
            child, parent = parent, self.parents.get(id(parent))
        return False

    def _states_of(self, block: list[ast.stmt]) -> list[bool | None]:
        if id(block) not in self._states:
            states: list[bool | None] = [None]
            for statement in block:
                written = self._writes(statement)
                states.append(states[-1] if written is None else written)
            self._states[id(block)] = states
        return self._states[id(block)]

    def _writes(self, statement: ast.stmt) -> bool | None:
        """True when the statement sets this process's variable to a list from 0, False when
        it may set it otherwise (anywhere inside it: an arm, a loop, `update`), None when it
        does not set it."""
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            return None  # defined here, run later
        if isinstance(statement, ast.With | ast.AsyncWith):
            return self._states_of(statement.body)[-1]  # the body runs
        if isinstance(statement, ast.Try):
            others = [*statement.handlers, *statement.orelse, *statement.finalbody]
            if any(writes_own_environment(self.ctx, node) for node in others):
                return False
            return self._states_of(statement.body)[-1]
        if (
            isinstance(statement, ast.Assign)
            and any(is_environ_key(self.ctx, target) for target in statement.targets)
            and _numbers_from_zero(statement.value)
        ):
            return True
        return False if writes_own_environment(self.ctx, statement) else None


def _numbers_from_zero(value: ast.expr) -> bool:
    """`"0,1,2,3"` (0, 1, ... in order), or a join of `range(n)` / `range(0, n)` itself:
    `",".join(map(str, range(n)))`, `",".join(str(i) for i in range(n))`."""
    text = literal_string(value)
    if text is not None:
        entries = [entry.strip() for entry in text.split(",")]
        return entries == [str(number) for number in range(len(entries))]
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
        return False
    if value.func.attr != "join" or len(value.args) != 1:
        return False
    joined = value.args[0]
    if isinstance(joined, ast.Call) and call_name(joined) == "map" and len(joined.args) == 2:
        converts = isinstance(joined.args[0], ast.Name) and joined.args[0].id == "str"
        return converts and range_from_zero(joined.args[1])
    if isinstance(joined, ast.GeneratorExp | ast.ListComp) and len(joined.generators) == 1:
        loop = joined.generators[0]
        element = unwrapped(joined.elt)  # `str(i)`, `f"{i}"`, `"%d" % i`
        return (
            not loop.ifs
            and isinstance(loop.target, ast.Name)
            and isinstance(element, ast.Name)
            and element.id == loop.target.id
            and range_from_zero(loop.iter)
        )
    return False


def _environment_copies(tree: ast.Module, parents: dict[int, ast.AST]) -> dict[int, set[str]]:
    """Per function (by id; None's for module code), the names it binds to a copy of the
    environment (`env = os.environ.copy()`, `dict(os.environ)`, `copy.deepcopy(os.environ)`)."""
    names: dict[int, set[str]] = defaultdict(set)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        copied = (
            isinstance(call.func, ast.Attribute)
            and call.func.attr == "copy"
            and ast.unparse(call.func.value).endswith("environ")
        ) or any(ast.unparse(a).endswith("environ") for a in call.args[:1])
        if copied:
            names[id(enclosing_function_of(node, parents))].update(_target_names(node))
    return names


def _copy_key(target: ast.AST, copies: set[str]) -> bool:
    return (
        isinstance(target, ast.Subscript)
        and isinstance(target.value, ast.Name)
        and target.value.id in copies
        and literal_string(target.slice) == VARIABLE
    )


def _used_as_a_list(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`x.split(",")` (its entries), `x.count(",")`, through `.strip()` / `.replace(...)`;
    not `len(x)`, the string's length, a test of whether it is set."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.Attribute) and parent.value is node:
        call = parents.get(id(parent))
        if not (isinstance(call, ast.Call) and call.func is parent):
            return False
        if parent.attr in ("split", "count"):
            return True
        if parent.attr in ("strip", "replace", "rstrip", "lstrip"):
            return _used_as_a_list(call, parents)
    return False
