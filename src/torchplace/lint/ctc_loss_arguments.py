"""Which arguments of `ctc_loss` must be on its log-probabilities' device.

`F.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0)` (and `torch.ctc_loss`)
takes its targets and lengths on the CPU: it moves the targets to the log-probabilities' GPU
itself and reads tensor lengths on the host. One path is the exception: cuDNN's, which PyTorch
takes for blank 0 with int32 targets (1-D, concatenated) and int32 tensor lengths; there CPU
lengths raise `Expected all tensors to be on the same device` (measured on an H200, torch 2.11
with cuDNN 9: of every combination of the targets' and lengths' device, dtype and layout and
of blank 0 or not, only those two raised, with the targets on the CPU or on the GPU).

Lint knows a dtype only where the code spells it, so a CPU length is a meeting only when the
call shows that path: blank 0 (written or left out), and int32 spelled for the targets and for
that length (`dtype=torch.int32`, `torch.int`, `.int()`, `IntTensor`) in the argument, in the
factory that made it, or in what the function assigns to a name the argument reads
(`targets = torch.cat(int32_rows)`, then `targets.cuda()`). A blank the file does not spell
(`blank=self.blank_idx`) counts as not 0.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

#: `ctc_loss`'s parameters in order (`torch.ctc_loss` and `F.ctc_loss` agree on these).
PARAMETERS = ("log_probs", "targets", "input_lengths", "target_lengths", "blank")
LENGTHS = ("input_lengths", "target_lengths")


def passed_for(node: ast.Call, name: str) -> ast.expr | None:
    """The expression passed for parameter `name`, by position or keyword."""
    index = PARAMETERS.index(name)
    if index < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args):
        return node.args[index]
    return next((kw.value for kw in node.keywords if kw.arg == name), None)


def blank_is_zero(node: ast.Call) -> bool:
    """Blank left out (its default is 0) or written as 0."""
    if any(isinstance(a, ast.Starred) for a in node.args):
        return False
    blank = passed_for(node, "blank")
    if blank is None:
        return not any(kw.arg is None for kw in node.keywords)  # `**options` may hold it
    return isinstance(blank, ast.Constant) and blank.value == 0 and blank.value is not False


def spells_int32(roots: Iterable[ast.AST | None]) -> bool:
    """Whether any of the expressions spells int32: `torch.int32` / `torch.int`, `.int()`,
    `IntTensor`, `"int32"`."""
    return any(_int32(node) for root in roots if root is not None for node in ast.walk(root))


def _int32(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        owner = node.value.id if isinstance(node.value, ast.Name) else None
        return node.attr in ("int32", "IntTensor") or (node.attr == "int" and owner == "torch")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "int" and not node.args and not node.keywords
    return isinstance(node, ast.Constant) and node.value == "int32"


def assignments(function: ast.AST) -> dict[str, list[ast.expr]]:
    """What `function` assigns to each name (every assignment, in any branch)."""
    assigned: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for name in (n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)):
                assigned.setdefault(name.id, []).append(node.value)
    return assigned


def with_assignments(
    assigned: dict[str, list[ast.expr]], expression: ast.expr | None, depth: int = 2
) -> list[ast.AST]:
    """`expression` and what was assigned (`assignments`) to the names it reads, and to the
    names those read, `depth` levels deep."""
    if expression is None:
        return []
    found: list[ast.AST] = [expression]
    frontier: list[ast.AST] = [expression]
    seen: set[str] = set()
    for _ in range(depth):
        names = {n.id for root in frontier for n in ast.walk(root) if isinstance(n, ast.Name)}
        frontier = [value for name in names - seen for value in assigned.get(name, [])]
        seen |= names
        found.extend(frontier)
    return found
