"""TPL303 model-moved-after-device-map."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, Scope, keyword
from torchplace.lint.correlated_branches import CorrelatedBranches
from torchplace.lint.device_maps import dispatches, keeps_the_model, returns_dispatched, spreads
from torchplace.lint.if_arms import IfArms, if_arms
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import (
    calls_in_scope,
    scope_nodes,
)
from torchplace.report import Finding

_DTYPE = re.compile(r"dtype|^torch\.(?:b?float\d*|half|double)$")


class ModelMovedAfterDeviceMap(Rule):
    """## What it does
    Flags `model.to(...)` / `model.cuda()` on a model that the same function loaded with a
    multi-device `device_map` (`"auto"`, `"balanced"`, `"sequential"`, or a map of several
    entries, or a name the function sets to `infer_auto_device_map(...)`) or dispatched with
    `dispatch_model` / `load_checkpoint_and_dispatch`, also in the same expression
    (`from_pretrained(path, device_map="auto").cuda()`), through a function of the file that
    loads so and returns the model (`load(path).to(device)`), or by a method of the class
    called before the move (`self._load(path)`, then `self.model.to(device)`).

    ## Why is this bad?
    A dispatched model is spread over several GPUs (and maybe the CPU or disk), with
    accelerate hooks that move activations between the pieces. Moving it afterwards either
    fails (`You can't move a model that has some modules offloaded to cpu or disk.`),
    or piles every layer onto one GPU (out of memory) while the hooks still send
    activations to the devices of the old map.

    A move on the other arm of an `if` than the loading (`if fp16: model =
    from_pretrained(path, device_map="auto")` ... `if not fp16: model.to(device)`, the same
    flag tested twice and not changed between) never meets the dispatched model.

    Not raised in a program the project launches only with one GPU visible
    (`CUDA_VISIBLE_DEVICES=0 python eval.py` in every shell script and README command that
    runs it, or that runs a file importing it; for a file no text launches, in every launch
    its own comments give: `# CUDA_VISIBLE_DEVICES=7 gradio demo.py`), where the map has one
    GPU to spread over, nor in code that never runs (a script's function nothing names; in a
    checkout nobody installs, a function only functions nothing calls reach).

    ## Example
    ```python
    model = AutoModelForCausalLM.from_pretrained(path, device_map="auto")
    model.to("cuda")
    ```

    Use instead:
    ```python
    model = AutoModelForCausalLM.from_pretrained(path, device_map="auto")
    inputs = inputs.to(model.device)  # move the inputs, not the model
    ```
    For one GPU per rank, load there directly:
    `device_map={"": int(os.environ["LOCAL_RANK"])}`.

    ## Fix safety
    No automatic fix.

    ## References
    - https://github.com/huggingface/accelerate/issues/1613
    - https://github.com/huggingface/transformers/pull/41032
    - https://github.com/evalplus/evalplus/issues/280
    """

    code = "TPL303"
    # Preview: at first look on fresh-6 (8,108 files) TRUE on 0 of 2: the move sat on the
    # arm of an `if` that does not dispatch. Moves then answered only to the assignments that
    # reach them; at first look on fresh-14 and fresh-18 TRUE on 2 of 2, and it joined the
    # default set; then on fresh-22 on 4 of 6 (2 FALSE: a move under `if self.device ==
    # "cpu":` after `self.device = torch.device(...)`, a test that is never true, now read as
    # a branch that never runs), so it is back in preview. Reading a move in the loading
    # expression then added findings, which restarts its record: 1 of 1 on fresh-24, 3 of 7
    # on fresh-27 (FALSE: a move under a second test of the flag that chose the map, now read
    # as the other arm; a module whose every launch shows one GPU, through a path the launch
    # text no longer matches); on fresh-28 to fresh-36 on 1 of 1 (Open-Assistant's CLI moving
    # an 8-bit `device_map="auto"` model); on fresh-37 on 0 of 2 (a Gradio demo whose own
    # comment launches it with one GPU, now read; a loader only a function nothing calls
    # reaches); on fresh-57 on 1 of 1 (an MMLU script moving a `device_map="auto"` model to
    # GPU 0); on fresh-62 on 1 of 2 (FALSE: a loader nothing in the repository calls); none
    # on fresh-93, chosen by its text (1,371 files: moves to a dtype, moves on the other arm
    # of the test that chose the map, submodules loaded after the map). Following a loading
    # into the file's own functions (39081be) added findings and restarted the record: none
    # on fresh-100, 2 of 2 on fresh-101 (maestro's `device_map="auto"` loads moved whole to
    # the device), so it is back in the default set, which needs 90% on two first looks at
    # least (benchmarks/results/lint_precision_unseen.md).
    preview = False
    name = "model-moved-after-device-map"
    contexts = (
        "code that loads a model with `device_map`; not programs the project launches only"
        " with one GPU visible (`CUDA_VISIBLE_DEVICES=0 python eval.py`)"
    )
    # The launch texts of the project decide whether the map has several GPUs to spread over.
    project_condition = "may-see-several-gpus"
    summary = "Model loaded with a multi-GPU device_map is moved with `.to()`/`.cuda()`"
    pattern = "offloaded-module-used-outside-scope"
    # A move of `self.model` or of a call's result is a candidate too: the loading may be in
    # another function (`returns_dispatched`, `_moved_after_a_loading_method`).
    candidate = AnyOf(
        r"device_map\s*=",
        r"dispatch_model",
        r"load_checkpoint_and_dispatch",
        r"(?:self\.\w+|\))\.(?:to|cuda)\(",
    )
    file_gate = ("device_map",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return self.moves(ctx, wrapped=False)

    def moves(self, ctx: FileContext, wrapped: bool) -> Iterator[Finding]:
        """The moves of dispatched models (TPL303's), or with `wrapped` only those of a model
        that keeps one (a PEFT model over it) and of one spread under the test that then
        moves it (TPL304's): one pass each, and no move reported by both."""
        if wrapped:
            yield from self._wrapped_moves(ctx)
            return
        # Moved in the same expression: `from_pretrained(..., device_map="auto").cuda()`.
        for located in ctx.calls("to", "cuda"):
            call = located.node
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
                continue
            loaded = call.func.value
            if (
                isinstance(loaded, ast.Call)
                and _dispatched(ctx, loaded, located.scope)
                and _moves_device(ctx, call)
            ):
                message = "the model is dispatched over several devices and moved at once"
                yield self.finding(ctx, call, message)
        dispatched = _dispatched_names(ctx)
        yield from (f for f, kept in self._dispatched_moves(ctx, dispatched, {}) if not kept)
        yield from self._moved_after_a_loading_method(ctx, dispatched)

    def _wrapped_moves(self, ctx: FileContext) -> Iterator[Finding]:
        dispatched = _dispatched_names(ctx)
        carried = _carried_models(ctx, dispatched)
        seen: set[tuple[int, int]] = set()
        for finding, kept in self._dispatched_moves(ctx, dispatched, carried):
            if kept:
                seen.add((finding.line, finding.column))
                yield finding
        for finding in self._moved_under_the_maps_test(ctx):
            if (finding.line, finding.column) not in seen:
                yield finding

    def _dispatched_moves(
        self,
        ctx: FileContext,
        dispatched: dict[tuple[int, str], Scope],
        carried: dict[int, set[int]],
    ) -> Iterator[tuple[Finding, bool]]:
        """Each move of a name some dispatching assignment reaches (False beside it), or,
        among `carried`, an assignment keeping such a model (True)."""
        read: dict[int, tuple[dict[int, IfArms], CorrelatedBranches]] = {}
        rebinds: dict[ast.AST, dict[str, list[tuple[int, ast.AST]]]] = {}
        for (_, name), scope in dispatched.items():
            # A move answers to the assignments of the name that reach it: a model loaded
            # again without a device map may be moved.
            assignments: list[ast.stmt | ast.expr] = [
                node
                for node in scope_nodes(ctx, scope)
                if (
                    isinstance(node, ast.Assign)
                    and len(node.targets) == 1
                    and ctx.source.segment(node.targets[0]) == name
                )
                or (
                    isinstance(node, ast.AnnAssign)
                    and node.value is not None
                    and ctx.source.segment(node.target) == name
                )
            ]
            # Other bindings of the name replace the model too (`for model in models:`,
            # `model, tok = load()`, `with ctx() as model:`): none of them dispatches.
            if scope.node not in rebinds:
                rebinds[scope.node] = _by_name(_bindings(ctx, scope))
            assignments += [
                node
                for _, node in rebinds[scope.node].get(name, [])
                if isinstance(node, ast.stmt | ast.expr)
                and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and all(node is not other for other in assignments)
            ]
            if id(scope.node) not in read:  # once per scope, however many names it moves
                read[id(scope.node)] = (if_arms(scope.node), CorrelatedBranches(scope.node))
            arms, flags = read[id(scope.node)]
            for call in calls_in_scope(ctx, scope):
                if not _moves(ctx, call, name):
                    continue
                # The assignments that reach the move: not on the other arm of an `if`
                # (`if several: model = dispatch_model(...) else: model.to(device)`), or of
                # another `if` testing the same flag (`correlated_branches`), and not
                # replaced before it by a later one that always runs on the way to it.
                call_arms = arms.get(id(call), ())
                earlier = sorted(
                    (
                        node
                        for node in assignments
                        if (node.end_lineno or node.lineno) < call.lineno
                    ),
                    key=lambda n: n.end_lineno or n.lineno,
                )
                reaching = [
                    node
                    for index, node in enumerate(earlier)
                    if not flags.exclusive(node, call)
                    and not any(
                        _always_before(arms.get(id(later), ()), call_arms)
                        for later in earlier[index + 1 :]
                    )
                ]
                models = carried.get(id(scope.node), set())
                if any(
                    isinstance(node, ast.Assign | ast.AnnAssign)
                    and node.value is not None
                    and _dispatched(ctx, node.value, scope)
                    for node in reaching
                ):
                    message = f"`{name}` was dispatched over several devices; do not move it"
                    yield self.finding(ctx, call, message), False
                    continue
                keeping = [n for n in reaching if id(n) in models]
                if keeping:
                    message = (
                        f"`{name}` holds a model dispatched over several devices (line "
                        f"{keeping[-1].lineno}); do not move it"
                    )
                    yield self.finding(ctx, call, message), True

    def _moved_under_the_maps_test(self, ctx: FileContext) -> Iterator[Finding]:
        """`device_map="auto" if device == "cuda" else None`, then, under `if device ==
        "cuda":`, a move of that model (or of one that keeps it: a PEFT model over it): the
        test that spread the model is the test that moves it (soup-cli's MoLE loader). Under
        any other test the move may be on the run that did not spread it, and a test whose
        names are bound again in between may say something else: both left alone."""
        for located in ctx.assignments:
            node = located.node
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            test = _spreading_test(node.value)
            if test is None:
                continue
            scope = located.scope
            bindings = _bindings(ctx, scope)
            by_name = _by_name(bindings)
            arms = if_arms(scope.node)
            keeping = {id(node)}
            models = {ctx.source.segment(node.targets[0])}
            for line, target, bound in bindings:
                if line <= node.lineno or not isinstance(bound, ast.Assign):
                    continue
                read = {
                    ctx.source.segment(n)
                    for n in ast.walk(bound.value)
                    if isinstance(n, ast.Name | ast.Attribute)
                } & models
                kept = [
                    name
                    for name in read
                    if keeps_the_model(bound.value, {name})
                    and any(id(r) in keeping for r in _reaching(by_name[name], bound, line, arms))
                ]
                if kept:
                    keeping.add(id(bound))
                    models.add(target)
            for call in calls_in_scope(ctx, scope):
                if call.lineno <= node.lineno or not isinstance(call.func, ast.Attribute):
                    continue
                name = ctx.source.segment(call.func.value)
                if name not in models or not _moves(ctx, call, name):
                    continue
                reaching = _reaching(by_name.get(name, []), call, call.lineno, arms)
                if not any(id(r) in keeping for r in reaching):
                    continue  # bound again to something else before the move
                if any(
                    isinstance(r, ast.Assign) and _dispatched(ctx, r.value, scope) for r in reaching
                ):
                    continue  # a model dispatched whatever the test: TPL303's
                guard = _under_test(scope.node, call, test)
                if guard is None or _rebinds_between(bindings, test[0], node.lineno, guard):
                    continue
                message = (
                    f"`{name}` was dispatched over several devices under the test that "
                    "moves it; do not move it"
                )
                yield self.finding(ctx, call, message)

    def _moved_after_a_loading_method(
        self, ctx: FileContext, dispatched: dict[tuple[int, str], Scope]
    ) -> Iterator[Finding]:
        """`self.model` dispatched by a method of the class that this one calls first
        (OpenICL's `__init__`: `self.__init_model(...)`, which loads with a device map when
        model parallel, then `self.model.to(self.device)`), not set again between the call
        and the move."""
        loaders: dict[tuple[int, str], set[str]] = {}  # (class, attribute) -> methods
        for (_, name), scope in dispatched.items():
            owner = scope.method_class
            function = scope.function
            if owner is None or function is not scope or not name.startswith("self."):
                continue
            loaders.setdefault((id(owner.node), name), set()).add(function.name)
        if not loaders:
            return
        for located in ctx.calls("to", "cuda"):
            call, scope = located.node, located.scope
            owner = scope.method_class
            if owner is None or not isinstance(call, ast.Call):
                continue
            if not isinstance(call.func, ast.Attribute) or not _moves_device(ctx, call):
                continue
            name = ctx.source.segment(call.func.value)
            methods = loaders.get((id(owner.node), name))
            if not methods or (id(scope.node), name) in dispatched:
                continue  # the function's own loading is read above
            nodes = list(scope_nodes(ctx, scope))
            flags = CorrelatedBranches(scope.node)
            loads = [
                node
                for node in nodes
                if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "self"
                and node.func.attr in methods
                and node.lineno < call.lineno
                # Not on the other arm of an `if` than the move, nor under a test of a flag
                # the loading method is given (`if not model_parallel: self.model.to(...)`).
                and not flags.exclusive(node, call)
                and not _guarded_by_arguments(scope.node, call, node)
            ]
            if not loads:
                continue
            last = max(load.lineno for load in loads)
            replaced = any(
                isinstance(node, ast.Assign)
                and any(ctx.source.segment(t) == name for t in node.targets)
                and last < node.lineno < call.lineno
                for node in nodes
            )
            if not replaced:
                message = (
                    f"`{name}` was dispatched over several devices by a method called before;"
                    " do not move it"
                )
                yield self.finding(ctx, call, message)


def _dispatched_names(ctx: FileContext) -> dict[tuple[int, str], Scope]:
    """The names (by scope) that an assignment binds to a dispatched model."""
    dispatched: dict[tuple[int, str], Scope] = {}
    for located in ctx.assignments:
        node = located.node
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        if _dispatched(ctx, node.value, located.scope):
            name = ctx.source.segment(node.targets[0])
            dispatched[(id(located.scope.node), name)] = located.scope
    return dispatched


def _carried_models(
    ctx: FileContext, dispatched: dict[tuple[int, str], Scope]
) -> dict[int, set[int]]:
    """By scope, the assignments (node ids) that bind a model keeping a dispatched one
    (`model = PeftModel.from_pretrained(base_model, path)`, `model = base.eval()`), where
    some binding of the kept name that reaches them (`_reaching`: not replaced on every way
    there) is a dispatching or keeping assignment; their targets are added to `dispatched`
    too. A scope's own statements are read, not those of functions nested in it."""
    carried: dict[int, set[int]] = {}
    scopes = {id(scope.node): scope for scope in dispatched.values()}
    for scope_id, scope in scopes.items():
        bindings = _bindings(ctx, scope)
        by_name = _by_name(bindings)
        arms = if_arms(scope.node)
        keeping: set[int] = set()
        for line, target, node in bindings:
            if not isinstance(node, ast.Assign):
                continue
            if _dispatched(ctx, node.value, scope):
                keeping.add(id(node))
                continue
            named = {
                ctx.source.segment(n)
                for n in ast.walk(node.value)
                if isinstance(n, ast.Name | ast.Attribute)
            } & by_name.keys()
            for name in named:
                if not keeps_the_model(node.value, {name}):
                    continue
                reaching = _reaching(by_name.get(name, []), node, line, arms)
                if any(id(r) in keeping for r in reaching):
                    keeping.add(id(node))
                    dispatched.setdefault((scope_id, target), scope)
                    break
        carried[scope_id] = keeping
    return carried


def _by_name(bindings: list[tuple[int, str, ast.AST]]) -> dict[str, list[tuple[int, ast.AST]]]:
    """The bindings of each name, by line."""
    found: dict[str, list[tuple[int, ast.AST]]] = {}
    for line, name, node in bindings:
        found.setdefault(name, []).append((line, node))
    return found


def _reaching(
    bindings: list[tuple[int, ast.AST]], use: ast.AST, line: int, arms: dict[int, IfArms]
) -> list[ast.AST]:
    """The bindings (of one name, by line) before `line` that may reach `use`: each not
    followed, before `use`, by another that always runs on the way to it (`if a: x = f()
    else: x = g()` then a use of `x`: both reach it; `x = f()` then `x = g()`: only the
    second)."""
    use_arms = arms.get(id(use), ())
    reaching: list[ast.AST] = []
    # From the last binding back: the first that always runs on the way to `use` hides all
    # those before it.
    for node in reversed([node for at, node in bindings if at < line]):
        reaching.append(node)
        if _always_before(arms.get(id(node), ()), use_arms):
            break
    return reaching[::-1]


def _bindings(ctx: FileContext, scope: Scope) -> list[tuple[int, str, ast.AST]]:
    """Every binding of a name or attribute in the scope's own code, by line: assignments
    (annotated ones too), loop and `with` targets, the function's parameters."""
    function = scope.function
    root = function.node if function is not None and function is scope else None
    nodes = list(own_nodes(root)) if root is not None else list(scope_nodes(ctx, scope))
    found: list[tuple[int, str, ast.AST]] = []
    if isinstance(root, ast.FunctionDef | ast.AsyncFunctionDef):
        arguments = root.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        found += [(root.lineno, a.arg, root) for a in every]
    for node in nodes:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif (
            isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None
        ) or isinstance(node, ast.For | ast.AsyncFor):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        for target in targets:
            # A `with` item has no line of its own, and a loop's lines hold its body: the
            # target stands for either.
            holder = target if isinstance(node, ast.withitem | ast.For | ast.AsyncFor) else node
            for inner in ast.walk(target):
                if isinstance(inner, ast.Name | ast.Attribute) and not isinstance(
                    inner.ctx, ast.Load
                ):
                    line = getattr(holder, "lineno", 0)
                    found.append((line, ctx.source.segment(inner), holder))
    return sorted(found, key=lambda item: item[0])


def _spreading_test(value: ast.expr) -> tuple[ast.expr, bool] | None:
    """The test of `device_map="auto" if test else None` in a loading call, with whether
    the spreading map is its true arm; None for any other map."""
    if not isinstance(value, ast.Call):
        return None
    argument = keyword(value, "device_map")
    if argument is None or not isinstance(argument.value, ast.IfExp):
        return None
    choice = argument.value
    if spreads(choice.body) and not spreads(choice.orelse):
        return choice.test, True
    if spreads(choice.orelse) and not spreads(choice.body):
        return choice.test, False
    return None


def _under_test(root: ast.AST, call: ast.Call, test: tuple[ast.expr, bool]) -> ast.If | None:
    """The `if` holding `call` on the arm `test` says (the true arm for a map spread when the
    test holds, the `else` arm for one spread when it fails), its test written the same."""
    condition, truth = test
    text = ast.unparse(condition)
    for node in ast.walk(root):
        if not isinstance(node, ast.If) or ast.unparse(node.test) != text:
            continue
        arm = node.body if truth else node.orelse
        if any(inner is call for statement in arm for inner in ast.walk(statement)):
            return node
    return None


def _rebinds_between(
    bindings: list[tuple[int, str, ast.AST]], test: ast.expr, first: int, guard: ast.If
) -> bool:
    """A name the test reads (`device` of `device == "cuda"`) is bound after the loading
    and before the `if` that moves."""
    read = {ast.unparse(n) for n in ast.walk(test) if isinstance(n, ast.Name | ast.Attribute)}
    return any(name in read and first < line < guard.lineno for line, name, _ in bindings)


def _guarded_by_arguments(function: ast.AST, move: ast.Call, load: ast.Call) -> bool:
    """The move sits under an `if` (or a conditional expression) that holds it but not the
    loading call, whose test reads a name or attribute the loading call is given (not the
    move's own device): the flag that may have chosen the map (`if not model_parallel:`)."""
    moved_to = {ast.unparse(a) for a in [*move.args, *(k.value for k in move.keywords)]}
    given = {
        ast.unparse(argument)
        for argument in [*load.args, *(k.value for k in load.keywords)]
        if isinstance(argument, ast.Name | ast.Attribute)
    } - moved_to
    if not given:
        return False
    for node in ast.walk(function):
        if not isinstance(node, ast.If | ast.IfExp | ast.While):
            continue
        held = [m for m in ast.walk(node) if m is not node.test]
        if not any(m is move for m in held) or any(m is load for m in held):
            continue
        read = {
            ast.unparse(n) for n in ast.walk(node.test) if isinstance(n, ast.Name | ast.Attribute)
        }
        if read & given:
            return True
    return False


def _dispatched(ctx: FileContext, value: ast.expr, scope: Scope) -> bool:
    """`value` loads or dispatches a model over several devices, itself or through a
    function of the file that does and returns it (`device_maps.returns_dispatched`)."""
    if dispatches(ctx, value):
        return True
    owner = scope.method_class
    node = owner.node if owner is not None else None
    return returns_dispatched(ctx, value, node if isinstance(node, ast.ClassDef) else None)


def _always_before(assignment: IfArms, call: IfArms) -> bool:
    """Whether every run that reaches the call ran the assignment: its arms are the call's."""
    return call[: len(assignment)] == assignment


def _moves(ctx: FileContext, call: ast.Call, name: str) -> bool:
    func = call.func
    if not isinstance(func, ast.Attribute) or ctx.source.segment(func.value) != name:
        return False
    return _moves_device(ctx, call)


def _names_a_dtype(ctx: FileContext, value: ast.expr) -> bool:
    """`torch.float16`, `dtype`, or a choice between dtypes (`torch.bfloat16 if bf16 else
    torch.float16`)."""
    if isinstance(value, ast.IfExp):
        return _names_a_dtype(ctx, value.body) and _names_a_dtype(ctx, value.orelse)
    return _DTYPE.search(ctx.source.segment(value)) is not None


def _moves_device(ctx: FileContext, call: ast.Call) -> bool:
    """`.cuda()`, or `.to(...)` given a device (not only a dtype)."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("to", "cuda"):
        return False
    if func.attr == "to":
        if not call.args:
            return keyword(call, "device") is not None
        return not _names_a_dtype(ctx, call.args[0])
    return True
