"""Arms of separate `if` statements that test the same flag, so one run takes only one.

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
the first `if`'s body takes the second's too. A flag here is a name or a dotted attribute
(`args.load_fp16`, `self.use_fp16`), perhaps under `not`; two tests of it agree while no
statement between them assigns the flag or the name it hangs from (`args = ...`), nor a
call that may set it (`self.configure()` for `self.x`; any call with the flag's root
among its arguments). Other tests (comparisons, calls) are not read: they may change.
"""

from __future__ import annotations

import ast

#: The arms that hold a node: (flag, arm) pairs, arm 0 the body of a test of the flag being
#: true, 1 the body of it being false.
FlagArms = tuple[tuple[str, int], ...]


def flag_of(test: ast.expr) -> tuple[str, int] | None:
    """The flag a test reads and which arm is its true arm (`not flag` swaps them)."""
    swapped = 0
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, swapped = test.operand, 1 - swapped
    text = _dotted(test)
    return None if text is None else (text, swapped)


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _assigned_names(target: ast.expr) -> list[str]:
    """The dotted names a target sets (`args.fp16`, both of `a, self.b`): an assignment to
    `self.model` sets `self.model`, not `self`."""
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _assigned_names(element)]
    if isinstance(target, ast.Starred):
        return _assigned_names(target.value)
    text = _dotted(target)
    return [] if text is None else [text]


class CorrelatedBranches:
    """For one function (or module), which nodes sit on arms that no one run takes both of."""

    def __init__(self, root: ast.AST) -> None:
        self._arms: dict[int, tuple[tuple[str, int, int], ...]] = {}
        #: Lines at which each flag (and each root name) is assigned or may be set by a call.
        self._changes: dict[str, list[int]] = {}
        pending: list[tuple[ast.AST, tuple[tuple[str, int, int], ...]]] = [(root, ())]
        while pending:
            node, path = pending.pop()
            self._arms[id(node)] = path
            self._note_changes(node)
            if isinstance(node, ast.If):
                pending.append((node.test, path))
                flag = flag_of(node.test)
                for arm, statements in enumerate((node.body, node.orelse)):
                    inner = path
                    if flag is not None:
                        inner = (*path, (flag[0], arm ^ flag[1], node.lineno))
                    pending += [(statement, inner) for statement in statements]
            else:
                pending += [(child, path) for child in ast.iter_child_nodes(node)]

    def _note_changes(self, node: ast.AST) -> None:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(
            node, ast.AugAssign | ast.AnnAssign | ast.NamedExpr | ast.For | ast.AsyncFor
        ):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        elif isinstance(node, ast.Call):
            # A method of the flag's object may set it (`args.update(...)`,
            # `self.configure()`); so may any call handed the object.
            receivers = [node.func.value] if isinstance(node.func, ast.Attribute) else []
            targets = [*receivers, *node.args, *(k.value for k in node.keywords)]
        line = getattr(node, "lineno", 0)
        for target in targets:
            for text in _assigned_names(target):
                self._changes.setdefault(text, []).append(line)

    def exclusive(self, first: ast.AST, second: ast.AST) -> bool:
        """Whether `first` and `second` sit on opposite arms of tests of one flag that
        nothing changes between the two tests."""
        arms_first = self._arms.get(id(first), ())
        arms_second = self._arms.get(id(second), ())
        for flag, arm, line in arms_first:
            for other_flag, other_arm, other_line in arms_second:
                if flag != other_flag or arm == other_arm:
                    continue
                if not self._changed_between(flag, min(line, other_line), max(line, other_line)):
                    return True
        return False

    def _changed_between(self, flag: str, start: int, end: int) -> bool:
        names = [flag]
        parts = flag.split(".")
        names += [".".join(parts[:i]) for i in range(1, len(parts))]
        return any(start <= line <= end for name in names for line in self._changes.get(name, ()))
