"""Arms that no one run takes both of: the two arms of one `if`, and opposite arms of separate
`if` statements that test the same flag.

Scripts often pick a way of loading on one `if` and act on it in another that tests the same
flag again (lm-watermarking's `load_model`):

    if args.load_fp16:
        model = from_pretrained(path, device_map="auto")
    else:
        model = from_pretrained(path)
    if args.load_fp16:
        pass
    else:
        model = model.to(device)

The dispatched model never reaches the move: both tests read one flag, and a run that takes
the first `if`'s body takes the second's too. An arm that ends in `return` (with no loop
around its `if`) excludes the code after that `if` in the same way (ai-dynamo's
`load_vision_model` builds a vLLM engine and returns in one arm, and loads a `device_map`
model after it). A flag here is a dotted attribute
(`args.load_fp16`, `self.use_fp16`) or a name the function binds itself (a parameter, a
local), perhaps under `not`; a module-level name is not one (any call may set it through
`global`). Two tests of a flag agree when nothing may change it between them: no statement
from the first test to the second assigns the flag or the names it hangs from (`args =
...`), nor hands one of them to a call (`configure(args)`), nor calls a method on them
(`args.update(...)`, `self.configure()`), nor does so anywhere inside a loop around either
test (a change after the second test comes after both arms were chosen when the flag hangs
from an object the function makes itself, each call anew; not one handed in, a parameter or
`self`, which the next call finds as this one left it); and the object is never reached
another way (`alias = args`, `vars(args)`, `args.__dict__`, `setattr`). Other
tests (comparisons, calls) are not read: they may change.
"""

from __future__ import annotations

import ast

from torchplace.lint.context import dotted_name

_Function = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
_Loop = ast.For | ast.AsyncFor | ast.While
#: Marks the arms of an `if` whose test is no flag: only its own two arms exclude each other.
_ONE_IF = "#"
_Targeted = ast.AugAssign | ast.AnnAssign | ast.NamedExpr | ast.For | ast.AsyncFor


def flag_of(test: ast.expr) -> tuple[str, int] | None:
    """The flag a test reads and which arm is its true arm (`not flag` swaps them)."""
    swapped = 0
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, swapped = test.operand, 1 - swapped
    if not isinstance(test, ast.Name | ast.Attribute):
        return None
    text = dotted_name(test)
    return None if text is None else (text, swapped)


def _assigned_names(target: ast.expr) -> list[str]:
    """The dotted names a target sets (`args.fp16`, both of `a, self.b`): an assignment to
    `self.model` sets `self.model`, not `self`."""
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _assigned_names(element)]
    if isinstance(target, ast.Starred):
        return _assigned_names(target.value)
    if isinstance(target, ast.Name | ast.Attribute):
        text = dotted_name(target)
        return [] if text is None else [text]
    return []


class CorrelatedBranches:
    """For one function (or module), which nodes sit on arms that no one run takes both of."""

    def __init__(self, root: ast.AST) -> None:
        #: For each node, the arms that hold it: (flag, or `_ONE_IF` + the `if`'s id for a
        #: test that is no flag; arm; the `if`'s line; the `if`'s id).
        self._arms: dict[int, tuple[tuple[str, int, int, int], ...]] = {}
        #: Lines at which each name (a flag, or an object flags hang from) is assigned or may
        #: be set by a call.
        self._changes: dict[str, list[int]] = {}
        #: Names reached another way (`alias = args`, `vars(args)`, `args.__dict__`).
        self._escaped: set[str] = set()
        #: Names the function binds itself (its parameters and locals).
        self._locals: set[str] = set()
        #: The line spans of the loops.
        self._loops: list[tuple[int, int]] = []
        #: For each node, the `if` arms that hold it, as (the `if`'s id, arm 0 or 1).
        self._inside: dict[int, frozenset[tuple[int, int]]] = {}
        #: Arms that end in `return`, of `if`s with no loop around them: (the `if`'s id, arm,
        #: the `if`'s last line).
        self._returning: list[tuple[int, int, int]] = []
        #: The function's parameters: objects that outlive one call of it.
        self._parameters: set[str] = set()
        if isinstance(root, _Function):
            arguments = root.args
            self._parameters.update(
                a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
            )
            for extra in (arguments.vararg, arguments.kwarg):
                if extra is not None:
                    self._parameters.add(extra.arg)
            self._locals.update(self._parameters)
        self._in_function = isinstance(root, _Function)
        Path = tuple[tuple[str, int, int, int], ...]
        Inside = frozenset[tuple[int, int]]
        pending: list[tuple[ast.AST, Path, Inside, bool]] = [(root, (), frozenset(), False)]
        while pending:
            node, path, inside, looped = pending.pop()
            self._arms[id(node)] = path
            self._inside[id(node)] = inside
            self._note_changes(node)
            if isinstance(node, _Loop):
                self._loops.append((node.lineno, node.end_lineno or node.lineno))
                looped = True
            elif isinstance(node, _Function) and node is not root:
                looped = True  # a nested function runs at its callers' times
            if isinstance(node, ast.If):
                pending.append((node.test, path, inside, looped))
                key, swapped = flag_of(node.test) or (f"{_ONE_IF}{id(node)}", 0)
                for arm, statements in enumerate((node.body, node.orelse)):
                    inner = (*path, (key, arm ^ swapped, node.lineno, id(node)))
                    within = inside | {(id(node), arm)}
                    pending += [(statement, inner, within, looped) for statement in statements]
                    if statements and isinstance(statements[-1], ast.Return) and not looped:
                        end = node.end_lineno or node.lineno
                        self._returning.append((id(node), arm, end))
            else:
                pending += [(child, path, inside, looped) for child in ast.iter_child_nodes(node)]

    def _note_changes(self, node: ast.AST) -> None:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
            if isinstance(node.value, ast.Name | ast.Attribute):
                self._escape(node.value)  # `alias = args`: changed through the alias
        elif isinstance(node, _Targeted):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        elif isinstance(node, ast.Attribute) and node.attr == "__dict__":
            self._escape(node.value)
        elif isinstance(node, ast.Call):
            # A method of the flag's object may set it (`args.update(...)`,
            # `self.configure()`); so may any call handed the object.
            receivers = [node.func.value] if isinstance(node.func, ast.Attribute) else []
            targets = [*receivers, *node.args, *(k.value for k in node.keywords)]
            if isinstance(node.func, ast.Name) and node.func.id in ("vars", "setattr"):
                for argument in node.args[:1]:
                    self._escape(argument)
        line = getattr(node, "lineno", 0)
        for target in targets:
            for text in _assigned_names(target):
                self._changes.setdefault(text, []).append(line)
                if "." not in text and not isinstance(node, ast.Call):
                    self._locals.add(text)

    def _escape(self, node: ast.expr) -> None:
        text = dotted_name(node)
        if text is not None:
            self._escaped.add(text)

    def exclusive(self, first: ast.AST, second: ast.AST) -> bool:
        """Whether `first` and `second` sit on the two arms of one `if`, or on opposite arms
        of tests of one flag that nothing may change from the first test on (module docs)."""
        if self._returned_before(first, second) or self._returned_before(second, first):
            return True
        arms_first = self._arms.get(id(first), ())
        arms_second = self._arms.get(id(second), ())
        for flag, arm, line, test in arms_first:
            for other_flag, other_arm, other_line, other_test in arms_second:
                if flag != other_flag or arm == other_arm:
                    continue
                if test == other_test:
                    return True  # the two arms of one `if`
                if self._stable(flag, min(line, other_line), max(line, other_line)):
                    return True
        return False

    def _returned_before(self, inside: ast.AST, after: ast.AST) -> bool:
        """`inside` sits on an arm that ends in `return`, and `after` comes after that `if`:
        a run that takes the arm has left before `after`, and one that reaches `after` never
        took it."""
        arms = self._inside.get(id(inside), frozenset())
        line = getattr(after, "lineno", 0)
        return any(
            (if_id, arm) in arms
            and line > end
            and (if_id, arm) not in self._inside.get(id(after), frozenset())
            for if_id, arm, end in self._returning
        )

    def _stable(self, flag: str, start: int, end: int) -> bool:
        parts = flag.split(".")
        names = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
        if "." not in flag and (not self._in_function or flag not in self._locals):
            return False  # a module-level name: any call may set it
        if any(name in self._escaped for name in names):
            return False
        around = [(a, b) for a, b in self._loops if a <= start <= b or a <= end <= b]
        # A change after the second test comes after both arms were chosen, in a call of the
        # function, when the flag hangs from an object the function makes itself (a local);
        # one handed in (a parameter, `self`) outlives the call, and the next call may find
        # it changed after the first test had acted.
        fresh = self._in_function and parts[0] in self._locals
        fresh = fresh and parts[0] not in self._parameters
        last = end if fresh else None
        for name in names:
            for changed in self._changes.get(name, ()):
                late = changed >= start if last is None else start <= changed <= last
                if late or any(a <= changed <= b for a, b in around):
                    return False
        return True
