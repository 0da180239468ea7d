"""TPL305 device-map-used-as-device."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from torchplace.lint.context import FileContext, keyword
from torchplace.lint.device_maps import spreads
from torchplace.lint.rank_flow import own_nodes
from torchplace.lint.rule import AnyOf, Rule
from torchplace.lint.rules._helpers import enclosing_function
from torchplace.report import Finding

_Function = ast.FunctionDef | ast.AsyncFunctionDef


class DeviceMapUsedAsDevice(Rule):
    """## What it does
    Flags `x.to(V)` where `V`, a name or `self.<name>` spelled with `device_map`, is given as
    `device_map=` to a loader in the same function (for `self.<name>`, the same class) and
    holds a map that spreads: a parameter defaulting to `"auto"`, `"balanced"`,
    `"balanced_low_0"`, `"sequential"` or a map of several devices, or a name the function
    sets to one. For `self.<name>`, every assignment of it in the class must be such a
    parameter (not bound again before) or literal.

    ## Why is this bad?
    A device map says where each layer goes; it is no device. `tensor.to("auto")` raises
    `RuntimeError: Expected one of cpu, cuda, ... device type at start of device string:
    auto`, and a map is no device at all: the code only runs when a user passes a single
    device (`device_map="cuda:0"`), and breaks on the multi-GPU setting its own default asks
    for. Not flagged: a value bound any other way too (a tuple target, a loop, `with ... as`,
    a walrus, `setattr`, a comprehension's or lambda's own name); a move after or under a
    test that tells a map from a device (`if device_map != "auto":`, `isinstance(...)`,
    `match device_map:`, or such a test kept in a name).

    ## Example
    ```python
    def classify(self, images, device_map="auto"):
        self.device_map = device_map
        model = AutoModel.from_pretrained(name, device_map=self.device_map)
        inputs = {k: v.to(self.device_map) for k, v in batch.items()}
    ```

    Use instead:
    ```python
    def classify(self, images, device_map="auto"):
        self.device_map = device_map
        model = AutoModel.from_pretrained(name, device_map=self.device_map)
        inputs = {k: v.to(model.device) for k, v in batch.items()}
    ```
    `model.device` is the device of the first layers, where the inputs go; accelerate's hooks
    move them on from there.

    ## Fix safety
    No automatic fix.

    ## References
    - https://huggingface.co/docs/accelerate/concept_guides/big_model_inference
    - https://pytorch.org/docs/stable/tensor_attributes.html#torch.device
    """

    code = "TPL305"
    # Preview: written from geniusrise-vision's bulk classifiers (fresh-104), whose default
    # `device_map="auto"` reaches `.to(self.device_map)`; its first look, on the 103 other
    # unseen sets, raised nothing.
    preview = True
    name = "device-map-used-as-device"
    contexts = "code that hands a value to a loader as `device_map=` and moves tensors to it"
    summary = 'A device map that spreads by default is used as a device: `.to("auto")` raises'
    pattern = None
    candidate = AnyOf(r"\.to\(\s*(?:self\.)?\w*device_map\b")
    file_gate = ("device_map",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        tree = ctx.whole_tree()
        if tree is None:
            return
        maps = _maps_given_to_loaders(ctx, tree)
        if not maps:
            return
        parents = {id(c): n for n in ast.walk(tree) for c in ast.iter_child_nodes(n)}
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            target = _move_target(call)
            if target is None:
                continue
            text = ctx.source.segment(target)
            if text not in maps or _shadowed(call, text, parents):
                continue
            function = enclosing_function(tree, call.lineno)
            if not isinstance(function, _Function):
                continue
            # The same value: a name given to a loader in this function, `self.<name>` in
            # this class.
            scope = _owner(tree, function) if text.startswith("self.") else function
            if scope is None or text not in _maps_given_to_loaders(ctx, scope):
                continue
            spread = _spreading_value(tree, function, text, call.lineno)
            if spread is None or _tested(function, text, call, parents):
                continue
            value, line = spread
            message = (
                f"`{text}` holds a device map (`{value}`, line {line}) that this file gives a "
                "loader as `device_map=`: moving a tensor to it raises for a map that spreads; "
                "move to `model.device` instead"
            )
            yield self.finding(ctx, target, message)


#: A name or `self.<name>` spelled as the rule's candidate lines find it.
_MAP_NAME = re.compile(r"(?:self\.)?\w*device_map")


def _maps_given_to_loaders(ctx: FileContext, tree: ast.AST) -> set[str]:
    """The texts of names and `self.<name>` passed as `device_map=` to a call in `tree`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            argument = keyword(node, "device_map")
            value = argument.value if argument is not None else None
            if isinstance(value, ast.Name | ast.Attribute):
                text = ctx.source.segment(value)
                if _MAP_NAME.fullmatch(text):  # the spelling the rule's lines are found by
                    found.add(text)
    return found


def _move_target(call: ast.Call) -> ast.expr | None:
    """The device of a move, `x.to(d)` (its first argument)."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "to" and call.args:
        first = call.args[0]
        return first if isinstance(first, ast.Name | ast.Attribute) else None
    return None


def _shadowed(call: ast.Call, text: str, parents: dict[int, ast.AST]) -> bool:
    """The move lies in a lambda or a comprehension that binds the name itself
    (`[x.to(device_map) for device_map in gpus]`)."""
    node: ast.AST | None = parents.get(id(call))
    while node is not None and not isinstance(node, _Function):
        bound: list[ast.AST] = []
        if isinstance(node, ast.Lambda):
            bound = [ast.Name(id=a.arg) for a in (*node.args.args, *node.args.kwonlyargs)]
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            bound = [n for g in node.generators for n in ast.walk(g.target)]
        if any(isinstance(b, ast.Name) and b.id == text for b in bound):
            return True
        node = parents.get(id(node))
    return False


def _spreading_value(
    tree: ast.Module, function: ast.FunctionDef | ast.AsyncFunctionDef, text: str, line: int
) -> tuple[str, int] | None:
    """The spreading map (its text and line) the value `text` holds at `line` of `function`:
    a parameter's default, or a literal every assignment of the name before `line` gives it;
    for `self.<name>`, what every assignment of it in the class gives it, each a spreading
    literal or a parameter of its method that defaults to one and is not bound again before.
    None where the name is bound any other way (a tuple target, a loop, `with ... as`, a
    walrus, `setattr`): it may then hold anything."""
    if text.startswith("self."):
        owner = _owner(tree, function)
        if owner is None or _bound_otherwise(owner, text) or _set_by_name(owner, text):
            return None
        found: tuple[str, int] | None = None
        for method in (m for m in ast.walk(owner) if isinstance(m, _Function)):
            for store, value in _assigned(method, text, None):
                if isinstance(value, ast.Name) and _assigned(method, value.id, store):
                    return None  # the parameter is bound again before it is stored
                spread = _spreading_expression(method, value)
                if spread is None:
                    return None  # set otherwise somewhere: not always a spreading map
                found = found or spread
        return found
    if _bound_otherwise(function, text):
        return None
    values = [value for _, value in _assigned(function, text, line)]
    if not values:
        return _spreading_expression(function, ast.Name(id=text))
    spreads_all = [_spreading_expression(function, v) for v in values]
    if any(spread is None for spread in spreads_all) or any(
        isinstance(v, ast.Name) for v in values
    ):
        return None  # bound to something else on some path
    return spreads_all[-1]


def _bound_otherwise(where: ast.AST, text: str) -> bool:
    """`text` is a target of a binding that is no plain assignment of it alone: a tuple or
    list target, a `for` loop, `with ... as`, a walrus, an `except ... as`, an import."""
    plain: set[int] = set()
    for node in ast.walk(where):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            plain.update(id(t) for t in targets)
    for node in ast.walk(where):
        stored = isinstance(node, ast.Name | ast.Attribute) and isinstance(node.ctx, ast.Store)
        if stored and id(node) not in plain and ast.unparse(node) == text:
            return True
    return False


def _set_by_name(owner: ast.ClassDef, text: str) -> bool:
    """`setattr(self, "device_map", ...)` in the class."""
    attribute = text.removeprefix("self.")
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "setattr"
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and node.args[1].value == attribute
        for node in ast.walk(owner)
    )


def _assigned(
    function: ast.FunctionDef | ast.AsyncFunctionDef, text: str, line: int | None
) -> list[tuple[int, ast.expr]]:
    """The lines and values the function's own statements bind `text` to (before `line`, when
    given), in source order; an augmented or annotated-only binding counts as an unknown
    value."""
    found: list[tuple[int, ast.expr]] = []
    for node in own_nodes(function):
        if not isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            continue
        if line is not None and node.lineno >= line:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(ast.unparse(t) == text for t in targets):
            value = node.value if not isinstance(node, ast.AugAssign) else None
            found.append((node.lineno, value if value is not None else ast.Constant(None)))
    return sorted(found, key=lambda item: item[0])


def _spreading_expression(
    function: ast.FunctionDef | ast.AsyncFunctionDef, value: ast.expr
) -> tuple[str, int] | None:
    """A spreading literal, or a parameter of `function` whose default is one."""
    if isinstance(value, ast.Constant | ast.Dict):
        return (ast.unparse(value), value.lineno) if spreads(value) else None
    if not isinstance(value, ast.Name):
        return None
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(
        zip(
            [a.arg for a in positional[len(positional) - len(arguments.defaults) :]],
            arguments.defaults,
            strict=True,
        )
    )
    defaults.update(
        {
            a.arg: d
            for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
            if d is not None
        }
    )
    default = defaults.get(value.id)
    if default is None or not spreads(default):
        return None
    return ast.unparse(default), default.lineno


def _owner(tree: ast.Module, function: ast.AST) -> ast.ClassDef | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(m is function for m in node.body):
            return node
    return None


def _tested(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    text: str,
    call: ast.Call,
    parents: dict[int, ast.AST],
) -> bool:
    """The function tells a map from a device for the value before the move, or in a test
    holding it (`if device_map != "auto":`, `x.to(device_map) if isinstance(device_map, str)
    else x`, `match device_map:`), or keeps such a test in a name (`single = device_map not
    in ("auto", "balanced")`): the author knows it may be a map. A test of truth or of `None`
    (`if not device_map:`) tells nothing of the kind."""
    holding: set[int] = set()
    node: ast.AST | None = call
    while node is not None:
        holding.add(id(node))
        node = parents.get(id(node))
    for node in own_nodes(function):
        before = getattr(node, "lineno", call.lineno) < call.lineno or id(node) in holding
        if not before:
            continue
        if isinstance(node, ast.Match) and any(
            ast.unparse(n) == text for n in ast.walk(node.subject)
        ):
            return True
        test = getattr(node, "test", None)
        tests = isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert)
        if tests and isinstance(test, ast.expr) and _tells_map_from_device(test, text):
            return True
        if isinstance(node, ast.Assign) and _tells_map_from_device(node.value, text):
            return True
    return False


def _tells_map_from_device(test: ast.expr, text: str) -> bool:
    for node in ast.walk(test):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(ast.unparse(side) == text for side in sides) and not all(
                isinstance(op, ast.Is | ast.IsNot) for op in node.ops
            ):
                return True
        elif isinstance(node, ast.Call):
            func = node.func
            checked = isinstance(func, ast.Name) and func.id == "isinstance" and node.args
            if checked and ast.unparse(node.args[0]) == text:
                return True
            if isinstance(func, ast.Attribute) and ast.unparse(func.value) == text:
                return True  # `device_map.startswith("cuda")`
    return False
