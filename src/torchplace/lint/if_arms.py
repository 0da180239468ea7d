"""The arms of the `if` statements that hold a node: two nodes on different arms of one `if`
never run in the same pass. Shared by the rules and the project facts (which the rules'
helpers import, so it lives apart from both)."""

from __future__ import annotations

import ast

#: The `if` arms holding a node: (id of the `if`, 0 for its body or 1 for its `else`).
IfArms = tuple[tuple[int, int], ...]


def if_arms(root: ast.AST) -> dict[int, IfArms]:
    """For each node under `root`, the `if` arms that hold it, outermost first."""
    arms: dict[int, IfArms] = {}
    # A stack, not recursion: generated files nest deeper than Python's recursion limit.
    pending: list[tuple[ast.AST, IfArms]] = [(root, ())]
    while pending:
        node, path = pending.pop()
        arms[id(node)] = path
        if isinstance(node, ast.If):
            pending.append((node.test, path))
            for arm, statements in enumerate((node.body, node.orelse)):
                pending += [(statement, (*path, (id(node), arm))) for statement in statements]
        else:
            pending += [(child, path) for child in ast.iter_child_nodes(node)]
    return arms


def on_other_arms(first: IfArms, second: IfArms) -> bool:
    """Whether two nodes sit on different arms of one `if`, so one run reaches only one."""
    taken = dict(first)
    return any(if_id in taken and taken[if_id] != arm for if_id, arm in second)
