"""TPL206 tensor-left-behind-by-move."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from torchplace.lint.context import FileContext
from torchplace.lint.flow_classes import is_module_class, unstubbed_init
from torchplace.lint.flow_facts import casts_dtype_only
from torchplace.lint.rule import Rule
from torchplace.report import Finding
from torchplace.torch_names import TENSOR_FACTORIES

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Methods whose whole job is to put the object on a device.
_MOVE_METHODS = frozenset({"to", "cuda", "to_device", "move_to", "move_to_device"})
#: Ways a method may move attributes without naming each one: no evidence of a gap then.
_GENERIC = re.compile(r"__dict__|\bvars\(|\bsetattr\(|\bgetattr\(|_apply\(|super\(\)\.(?:to|cuda)")


class TensorLeftBehindByMove(Rule):
    """## What it does
    Flags a method that moves an object's tensors to a device one attribute at a time
    (`self.absmax = self.absmax.to(device)`) and leaves one of them out: a tensor that
    `__init__` sets (from a `torch` factory or an argument declared `Tensor`) and that the
    object's `to()` / `cuda()` never moves, or a field it moves on a nested state of the
    same shape (`self.state2.code = self.state2.code.to(device)`) but not on the object
    itself.

    ## Why is this bad?
    A plain object (a quantization state, a cache, a scheduler) is not an `nn.Module`:
    nothing moves its tensors but its own `to()`. A tensor it forgets stays on the old
    device while the others move, and the next op that uses both fails with `Expected all
    tensors to be on the same device` (bitsandbytes' `QuantState.to` left `code` behind:
    4-bit layers moved to a second GPU failed to dequantize). Not flagged: methods that
    move attributes through `setattr`, `__dict__` or `_apply` (no attribute is named),
    attributes named as CPU or host copies, tensors that nothing in the file reads
    outside `__init__` (used there to build other state), tensors `__init__` makes without
    a device beside moved ones it makes on a device it names (kept on the CPU on purpose:
    a counter read by Python beside scales on 'cuda'), and the `__init__` tensors of a
    module (an `nn.Module`, or a class whose base comes from another file and may be one):
    its move is `nn.Module.to()`, and a method of its own that moves a few plain tensors
    after it says nothing of the others (TPL203 reads those).

    ## Example
    ```python
    def to(self, device):
        self.absmax = self.absmax.to(device)
        if self.nested:
            self.state2.absmax = self.state2.absmax.to(device)
            self.state2.code = self.state2.code.to(device)
    ```

    Use instead:
    ```python
    def to(self, device):
        self.code = self.code.to(device)
        self.absmax = self.absmax.to(device)
        if self.nested:
            self.state2.absmax = self.state2.absmax.to(device)
            self.state2.code = self.state2.code.to(device)
    ```

    ## Fix safety
    No automatic fix: the left-out tensor may be meant to stay (say why in a comment and
    suppress the finding).

    ## References
    - https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1527
    """

    code = "TPL206"
    # Preview: before the fixes made against them its first looks on unseen package sets
    # were TRUE on 0 of 1; then it raised nothing at first look on fresh-4 to fresh-49 and
    # on the 15,588 files of the precision corpus, and stayed in the default set; at first
    # look on fresh-50 TRUE on 0 of 1 (dist-kge's module whose own `to_device` moves its
    # optimizer state after `model.to()`; modules are now left alone, a change that only
    # drops findings and so keeps the record), so it left the default set
    # (benchmarks/results/lint_precision_unseen.md). Recall: bitsandbytes#1527.
    preview = True
    # A test's object lives on the one device its test picks: skipped in tests, as the rest of
    # the forward family is.
    in_tests = False
    name = "tensor-left-behind-by-move"
    summary = "An object's `to()` moves its tensors one by one and leaves one behind"
    contexts = (
        "methods that move a plain object's tensor attributes one by one (`to`, `cuda`); "
        "not modules"
    )
    candidate = re.compile(r"self\.[\w.]+\s*=\s*self\.[\w.]+\.(?:to|cuda)\(")
    file_gate = ("torch",)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        seen: set[int] = set()
        for located in ctx.assignments:
            function, owner = located.scope.function, located.scope.method_class
            if function is None or owner is None or id(function.node) in seen:
                continue
            seen.add(id(function.node))
            method, cls = function.node, owner.node
            assert isinstance(cls, ast.ClassDef)
            if not isinstance(method, _Function) or not method.args.args:
                continue
            moves = _Moves.of(method, method.args.args[0].arg)
            if not moves.own or _GENERIC.search(ctx.node_text(method)):
                continue
            yield from self._mirrored(ctx, method, moves)
            if method.name in _MOVE_METHODS and not is_module_class(ctx, owner):
                # A module's move is `nn.Module.to()`; a method of its own that moves a few
                # plain tensors after it (dist-kge's `to_device`, "call after model.to") says
                # nothing of the others, which TPL203 reads.
                yield from self._from_init(ctx, cls, method, moves)

    def _mirrored(self, ctx: FileContext, method: _Function, moves: _Moves) -> Iterator[Finding]:
        """Fields moved on a nested state that shares a moved field with the object."""
        for nested, fields in moves.nested.items():
            if not fields.keys() & moves.own.keys():
                continue
            for name, statement in fields.items():
                if name in moves.touched or _kept_on_host(name):
                    continue
                shared = ", ".join(f"`{f}`" for f in sorted(fields.keys() & moves.own.keys()))
                message = (
                    f"`{method.name}()` moves `self.{nested}.{name}` (line {statement.lineno}) "
                    f"but not `self.{name}`, the same field of this object (both move "
                    f"{shared}): it stays on its old device"
                )
                yield self.finding(ctx, method, message)

    def _from_init(
        self, ctx: FileContext, cls: ast.ClassDef, method: _Function, moves: _Moves
    ) -> Iterator[Finding]:
        init = unstubbed_init(ctx, cls) or next(
            (s for s in cls.body if isinstance(s, _Function) and s.name == "__init__"), None
        )
        if init is None:
            return
        moved = ", ".join(f"`self.{name}`" for name in moves.own)
        placed = _placed_in_init(ctx, init)
        # `__init__` made every moved tensor on a device it named and this one without:
        # kept on the CPU on purpose (MS-AMP's scaling meta: `scale` on 'cuda', its int32
        # `amax_counter`, read by Python, on the CPU), and a move of the others keeps that.
        deliberate = bool(moves.own) and all(name in placed for name in moves.own)
        for name, line in _init_tensors(ctx, init).items():
            if name in moves.touched or _kept_on_host(name) or deliberate:
                continue
            if not _read_after_init(ctx, init, name):
                continue  # only `__init__` reads it (to build other state): left behind unread
            message = (
                f"`{method.name}()` moves {moved} but not `self.{name}` (a tensor set at line "
                f"{line} in `__init__`): it stays on its old device"
            )
            yield self.finding(ctx, method, message)


@dataclass
class _Moves:
    """The attributes of `self` a method moves (`self.x = self.x.to(d)`), by statement."""

    own: dict[str, ast.Assign] = field(default_factory=dict)
    nested: dict[str, dict[str, ast.Assign]] = field(default_factory=dict)
    #: Attributes of `self` the method assigns or moves in any way.
    touched: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, method: _Function, self_name: str) -> _Moves:
        found = cls()
        for node in ast.walk(method):
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    path = _self_path(target, self_name)
                    if len(path) == 1:
                        found.touched.add(path[0])
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                path = _self_path(node.func.value, self_name)
                if path and len(path) == 1 and node.func.attr in ("to", "cuda", "copy_"):
                    found.touched.add(path[0])  # `self.x.to(d)` of a module: in place
            if isinstance(node, ast.Assign) and _is_move(node):
                path = _self_path(node.targets[0], self_name) or ()
                if len(path) == 1:
                    found.own[path[0]] = node
                elif len(path) == 2:
                    found.nested.setdefault(path[0], {})[path[1]] = node
        return found


def _is_move(node: ast.Assign) -> bool:
    """`a.b = a.b.to(device)` / `.cuda()`: the same attribute, moved (not only cast)."""
    value = node.value
    if len(node.targets) != 1 or not isinstance(value, ast.Call):
        return False
    func = value.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("to", "cuda"):
        return False
    if func.attr == "to" and (casts_dtype_only(value) or not (value.args or value.keywords)):
        return False
    return ast.unparse(func.value) == ast.unparse(node.targets[0])


def _self_path(node: ast.expr, self_name: str) -> tuple[str, ...]:
    """`self.a.b` -> ("a", "b"); () for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id == self_name and parts:
        return tuple(reversed(parts))
    return ()


def _init_tensors(ctx: FileContext, init: ast.AST) -> dict[str, int]:
    """Attributes `__init__` sets to a tensor: a `torch` factory call without `device=`, or
    an argument declared `Tensor`."""
    function = next((n for n in ast.walk(init) if isinstance(n, _Function)), None)
    if function is None:
        return {}
    arguments = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
    declared = {
        a.arg for a in arguments if a.annotation is not None and _names_tensor(a.annotation)
    }
    self_name = arguments[0].arg if arguments else "self"
    found: dict[str, int] = {}
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
            continue
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target
        path = _self_path(target, self_name)
        if len(path) == 1 and _is_tensor(ctx, node.value, declared):
            found.setdefault(path[0], node.lineno)
    return found


def _placed_in_init(ctx: FileContext, init: ast.AST) -> set[str]:
    """Attributes `__init__` sets to a value holding a `torch` factory given `device=`
    (`scale if scale is not None else torch.ones((), device="cuda")`)."""
    found: set[str] = set()
    for node in ast.walk(init):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0]
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
            continue
        if any(_factory_placed(ctx, call) for call in ast.walk(node.value)):
            found.add(target.attr)
    return found


def _is_tensor(ctx: FileContext, value: ast.expr, declared: set[str]) -> bool:
    if isinstance(value, ast.Name):
        return value.id in declared
    if isinstance(value, ast.Call):
        return _factory(ctx, value) and not _factory_placed(ctx, value)
    return False


def _factory(ctx: FileContext, node: ast.AST) -> bool:
    """A call of a `torch` tensor factory."""
    if not isinstance(node, ast.Call):
        return False
    qualified = ctx.qualified(node.func) or ""
    return qualified.startswith("torch.") and qualified.removeprefix("torch.") in TENSOR_FACTORIES


def _factory_placed(ctx: FileContext, node: ast.AST) -> bool:
    """A `torch` factory given `device=`: a device chosen on purpose."""
    return (
        _factory(ctx, node)
        and isinstance(node, ast.Call)
        and any(k.arg == "device" for k in node.keywords)
    )


def _names_tensor(annotation: ast.expr) -> bool:
    """`Tensor`, `torch.Tensor`; not `Optional[Tensor]` (often None) nor containers."""
    text = ast.unparse(annotation)
    return text in ("Tensor", "torch.Tensor")


def _read_after_init(ctx: FileContext, init: ast.AST, name: str) -> bool:
    """Whether the file reads `.<name>` outside `__init__` (in a method, or of the object from
    outside: `state.code`). A tensor only `__init__` reads (to build other state) meets
    nothing where a move left it."""
    uses = re.compile(rf"\.{re.escape(name)}\b(?!\s*=[^=])")
    first: int = getattr(init, "lineno", 0)
    last: int = getattr(init, "end_lineno", None) or first
    return any(
        not first <= number <= last and uses.search(line)
        for number, line in enumerate(ctx.source.lines, start=1)
    )


def _kept_on_host(name: str) -> bool:
    lowered = name.lower()
    return "cpu" in lowered or "host" in lowered or "pinned" in lowered
