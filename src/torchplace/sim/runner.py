"""Run a script or module under simulation in this process, as `python script.py` would."""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import os
import runpy
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from torchplace.sim.context import virtual_gpus


@contextmanager
def _program_argv(argv0: str, argv: Sequence[str], path_entry: str) -> Iterator[None]:
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    sys.argv = [argv0, *argv]
    sys.path.insert(0, path_entry)
    try:
        yield
    finally:
        sys.argv[:] = saved_argv
        sys.path[:] = saved_path


def _run(start: Callable[[], Any], options: dict[str, Any]) -> None:
    with virtual_gpus(**options):
        start()


def run_path(path: str, argv: Sequence[str] = (), /, **options: Any) -> None:
    """Run `path` as `__main__` with `sys.argv = [path, *argv]` inside `virtual_gpus(**options)`.

    Exceptions from the program propagate unchanged, so `sys.excepthook` and explainers see them.
    """
    directory = os.path.dirname(os.path.abspath(path))
    with _program_argv(path, argv, directory):
        _run(lambda: runpy.run_path(path, run_name="__main__"), options)


def run_module(module: str, argv: Sequence[str] = (), /, **options: Any) -> None:
    """Run `module` as `python -m module` would, inside `virtual_gpus(**options)`."""
    with _program_argv(module, argv, os.getcwd()):
        _run(lambda: runpy.run_module(module, run_name="__main__", alter_sys=True), options)
