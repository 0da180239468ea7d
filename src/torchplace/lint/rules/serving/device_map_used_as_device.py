"""TPL305 device-map-used-as-device."""

from __future__ import annotations

import ast
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
    Flags a move to a value the same file hands to a loader as its `device_map=`
    (`from_pretrained(..., device_map=self.device_map)`, then `x.to(self.device_map)`),
    where that value spreads by default: a parameter whose default is `"auto"`,
    `"balanced"`, `"balanced_low_0"`, `"sequential"` or a map of several devices, or a
    name the function sets to one. For `self.<name>`, every assignment of it in the class
    must be such a parameter or literal.

    ## Why is this bad?
    A device map says where each layer goes; it is no device. With the default,
    `tensor.to("auto")` raises `RuntimeError: Expected one of cpu, cuda, ... device type at
    start of device string: auto`, and a map of several devices is no device at all: the
    code only runs when a user happens to pass a single device (`device_map="cuda:0"`), and
    breaks on the multi-GPU setting its own default asks for. Not flagged: a move under a
    test of the value (`if device_map != "auto":`, `if isinstance(device_map, str):`) or
    after one that returns, nor after the name is set again.

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
    candidate = AnyOf(
        r"\.to\(\s*(?:self\.)?\w*device_map\b", r"device\s*=\s*(?:self\.)?\w*device_map\b"
    )
    file_gate = ("device_map",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        tree = ctx.whole_tree()
        if tree is None:
            return
        maps = _maps_given_to_loaders(ctx, tree)
        if not maps:
            return
        for call in (n for n in ast.walk(ctx.tree) if isinstance(n, ast.Call)):
            target = _move_target(call)
            if target is None:
                continue
            text = ctx.source.segment(target)
            if text not in maps:
                continue
            function = enclosing_function(ctx.tree, call.lineno)
            whole = enclosing_function(tree, call.lineno)
            if not isinstance(whole, _Function) or not isinstance(function, _Function):
                continue
            spread = _spreading_value(tree, whole, text, call.lineno)
            if spread is None or _tested(whole, text, call.lineno):
                continue
            value, line = spread
            message = (
                f"`{text}` is a device map (`{value}` by default, line {line}), handed to a "
                "loader as `device_map=`: moving to it raises for a map that spreads; move to "
                "`model.device` instead"
            )
            yield self.finding(ctx, target, message)


def _maps_given_to_loaders(ctx: FileContext, tree: ast.Module) -> set[str]:
    """The texts of names and `self.<name>` the file passes as `device_map=` to a call."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            argument = keyword(node, "device_map")
            if argument is not None and isinstance(argument.value, ast.Name | ast.Attribute):
                found.add(ctx.source.segment(argument.value))
    return found


def _move_target(call: ast.Call) -> ast.expr | None:
    """The device of `x.to(d)` (first argument) or of a `device=d` keyword."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "to" and call.args:
        first = call.args[0]
        return first if isinstance(first, ast.Name | ast.Attribute) else None
    given = keyword(call, "device")
    if given is not None and isinstance(given.value, ast.Name | ast.Attribute):
        return given.value
    return None


def _spreading_value(
    tree: ast.Module, function: ast.FunctionDef | ast.AsyncFunctionDef, text: str, line: int
) -> tuple[str, int] | None:
    """The spreading default (its text and line) the value `text` holds at `line` of
    `function`: a parameter's default, or a literal every assignment of the name before
    `line` gives it; for `self.<name>`, what every assignment of it in the class gives it,
    each a spreading literal or a parameter of its method defaulting to one."""
    if text.startswith("self."):
        owner = _owner(tree, function)
        if owner is None:
            return None
        found: tuple[str, int] | None = None
        for method in (m for m in ast.walk(owner) if isinstance(m, _Function)):
            for value in _assigned(method, text, None):
                spread = _spreading_expression(method, value)
                if spread is None:
                    return None  # set otherwise somewhere: not always a spreading map
                found = found or spread
        return found
    values = _assigned(function, text, line)
    if not values:
        return _spreading_expression(function, ast.Name(id=text))
    spreads_all = [_spreading_expression(function, v) for v in values]
    if any(spread is None for spread in spreads_all) or any(
        isinstance(v, ast.Name) for v in values
    ):
        return None  # bound to something else on some path
    return spreads_all[-1]


def _assigned(
    function: ast.FunctionDef | ast.AsyncFunctionDef, text: str, line: int | None
) -> list[ast.expr]:
    """The values the function's own statements bind `text` to (before `line`, when given),
    in source order; an augmented or annotated-only binding counts as an unknown value."""
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
    return [value for _, value in sorted(found, key=lambda item: item[0])]


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


def _tested(function: ast.FunctionDef | ast.AsyncFunctionDef, text: str, line: int) -> bool:
    """Before `line`, the function tests the value in a way that tells a map from a device
    (`if device_map != "auto":`, `isinstance(device_map, str)`, `"cuda" in device_map`,
    `device_map.startswith("cuda")`), whatever the branch: the author knows it may be a map.
    A test of truth or of `None` (`if not device_map:`) tells nothing of the kind."""
    for node in own_nodes(function):
        if getattr(node, "lineno", line) >= line:
            continue
        test = getattr(node, "test", None)
        tests = isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert)
        if tests and isinstance(test, ast.expr) and _tells_map_from_device(test, text):
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
