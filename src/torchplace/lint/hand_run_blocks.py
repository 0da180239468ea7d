"""The `__main__` block of a package's module that the project never launches.

A module of a package (its directory holds `__init__.py` and is not the launch root's own)
runs the body of its `if __name__ == "__main__":` block only when someone runs the module
itself. Where the project's launch texts were read and launch something, none of them runs
the module (nor may run any file: a launch spanning nodes whose script cannot be read), its
code names no multi-node setting nor takes a rank modulo the GPU count (more ranks than GPUs
expected, where no launch of it says one node), no comment of it launches anything on
several nodes, and
the block itself reads no rendezvous address (`MASTER_ADDR`, `tcp://`), that body is the
module's self-test or demo, run by hand on one machine (miles-credit's
`credit/models/reset.py` builds a dummy model on `gloo` there; LightX2V's `va_reader.py`
tries its reader under `torchrun`). On one node the global rank is this node's GPU index, so
a device taken from it there is no multi-node hazard.

A script outside any package is not read this way: it is how the project is run, launched
in texts or not. Nor is the `else:` arm of the test, which runs whenever the module is
imported.
"""

from __future__ import annotations

import ast
import os
import re

from torchplace.lint.dead_functions import is_main_guard
from torchplace.lint.launch_commands import (
    LaunchIndex,
    launches_in_text,
    names_multi_node_setting,
    takes_rank_modulo_gpus,
)

#: A rendezvous the block sets up itself, which may join hosts.
_RENDEZVOUS = re.compile(r"MASTER_ADDR|tcp://|env://")


def in_hand_run_main_block(
    path: str, launches: LaunchIndex, tree: ast.Module, code: bytes, line: int
) -> bool:
    """`line` of `path` lies in the body of the `__main__` block of a package's module that
    nothing launches (module docs)."""
    directory = os.path.dirname(os.path.abspath(path))
    if directory == os.path.abspath(launches.root):
        return False  # an `__init__.py` at the root makes no package of the project's scripts
    if not os.path.isfile(os.path.join(directory, "__init__.py")):
        return False
    if not launches.launches_any() or launches.launches_of(path):
        return False
    if launches.unread_spanning is not None:
        return False  # a launch over nodes whose script cannot be read may run this one
    block = next((node for node in tree.body if _body_holds(node, line)), None)
    if block is None or names_multi_node_setting(code) or takes_rank_modulo_gpus(code):
        return False
    if _RENDEZVOUS.search(ast.unparse(block)):
        return False
    relative = os.path.relpath(os.path.abspath(path), launches.root)
    return not any(_launches_over_nodes(relative, text) for text in _comments(code))


def _body_holds(node: ast.stmt, line: int) -> bool:
    """`node` is the main guard and `line` lies in its body (not its test, not `else:`)."""
    if not is_main_guard(node) or not isinstance(node, ast.If) or not node.body:
        return False
    last = node.body[-1]
    return node.body[0].lineno <= line <= (last.end_lineno or last.lineno)


def _comments(code: bytes) -> list[str]:
    text = code.decode("utf-8", "replace")
    return [line.strip().lstrip("#").strip() for line in text.splitlines() if "#" in line]


def _launches_over_nodes(relative: str, comment: str) -> bool:
    """A launch command in a comment that may span nodes, whatever it runs (`# srun -N 2
    python -m credit.reset`)."""
    return any(not launch.one_node for launch in launches_in_text(relative, comment))
