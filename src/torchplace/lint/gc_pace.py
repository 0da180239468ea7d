"""How often the garbage collector runs while a lint runs.

A lint makes many small objects that live until it ends (trees, what the rules read of them);
at the collector's default thresholds it walks them again and again, a third of the time on a
file of 800 functions. As mypy does, a lint raises the first threshold while it runs and
gives the caller's thresholds back when the last lint of the process ends (lints nested or on
several threads share one raise). A caller that turned automatic collection off (threshold 0)
or set a higher threshold keeps its own.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: The collector's first threshold while a lint runs (the default is 700 allocations).
LINT_GC_THRESHOLD = 200_000

_LOCK = threading.Lock()
_depth = 0
_saved: tuple[int, ...] = ()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Raise the collector's thresholds for the duration of the block (module docs)."""
    global _depth, _saved
    with _LOCK:
        if _depth == 0:
            _saved = gc.get_threshold()
            first, second, third = _saved
            if first != 0:
                gc.set_threshold(max(first, LINT_GC_THRESHOLD), max(second, 30), max(third, 30))
        _depth += 1
    try:
        yield
    finally:
        with _LOCK:
            _depth -= 1
            if _depth == 0:
                gc.set_threshold(*_saved)
