"""Whether a project runs its workers as Ray actors given GPUs by Ray.

Ray gives every actor (and task) created with `num_gpus=` its own GPUs by setting
`CUDA_VISIBLE_DEVICES` in that worker process before its code runs: with one GPU per actor,
`cuda:0` is the actor's own GPU, and a process group made there before any `set_device` builds
its NCCL communicators on that GPU. RL and serving frameworks (verl, OpenRLHF, SkyRL, ROLL) run
their training workers this way; the actor classes are often wrapped in another file
(`ray.remote(num_gpus=1)(Worker)`), so the fact is read over the project.

The evidence is a call given `num_gpus=` (not `0`) that creates or configures Ray work:
`ray.remote(...)` (as a call or a decorator) or `.options(...)`, or a `num_gpus` entry of the
options a file that makes such calls builds (`options["num_gpus"] = n`), in a file that speaks
of Ray.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from torchplace.lint.cache import read_regular_file
from torchplace.lint.context import call_name
from torchplace.lint.parse_around import tolerant_tree

#: Ray's calls that take a worker's resources.
_RESOURCE_CALLS = frozenset({"remote", "options"})


def ray_gpu_actor(files: Iterable[str], max_file_bytes: int) -> tuple[str, int] | None:
    """(path, line) of the first call in `files` that gives Ray work GPUs, or None."""
    for path in files:
        data = read_regular_file(Path(path), max_file_bytes)
        if data is None or b"num_gpus" not in data or b"ray" not in data:
            continue
        line = gpu_actor_line(data)
        if line is not None:
            return path, line
    return None


def gpu_actor_line(data: bytes) -> int | None:
    """The line of the first `ray.remote(num_gpus=...)` / `.options(num_gpus=...)` in a file,
    or of a `num_gpus` entry of the options it builds (`options["num_gpus"] = n`, then
    `.options(**options)`)."""
    try:
        tree = tolerant_tree(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    if not any(call_name(call) in _RESOURCE_CALLS for call in calls):
        return None
    lines = []
    for node in ast.walk(tree):
        given: list[ast.expr] = []
        if isinstance(node, ast.Call) and call_name(node) in _RESOURCE_CALLS:
            given = [k.value for k in node.keywords if k.arg == "num_gpus"]
        elif isinstance(node, ast.Dict):
            given = [
                v for k, v in zip(node.keys, node.values, strict=True) if _is_key(k, "num_gpus")
            ]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Subscript) and _is_key(target.slice, "num_gpus"):
                given = [node.value]
        if given and not _no_gpu(given[0]):
            lines.append(getattr(node, "lineno", 0))
    return min(lines) if lines else None


def _is_key(node: ast.expr | None, key: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == key


def _no_gpu(value: ast.expr) -> bool:
    """`num_gpus=0`: a CPU worker."""
    return isinstance(value, ast.Constant) and value.value in (0, 0.0, None)
