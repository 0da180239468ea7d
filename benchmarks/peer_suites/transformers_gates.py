"""Records, at collection, why each transformers test would skip: the chain of skip decorators.

A pytest plugin (`-p transformers_gates`) for `run_transformers.py`, active only when
`TRANSFORMERS_GATES_OUT` names a file. transformers' `require_*` and `slow` decorators are
`unittest.skipUnless`: when the condition fails, each wraps the test in a `skip_wrapper`
(`functools.wraps`, so `__wrapped__` leads inward) carrying its own `__unittest_skip_why__`.
The outcome of a run shows only the outermost reason (`@slow` hides `@require_torch_gpu`);
walking the chain gives all of them, so a test gated both on GPUs and on RUN_SLOW is seen as
GPU-gated. Nothing is changed in the session.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

# the reasons of transformers' decorators that need a CUDA GPU (or any accelerator, which a
# virtual CUDA GPU is): require_torch_gpu, _accelerator, _multi_gpu, _multi_accelerator,
# _large_gpu / _large_accelerator / _accelerator_memory, _fp16 / _bf16 on the test device
GPU_REASON = re.compile(
    r"requires (CUDA|accelerator|multiple (CUDA GPUs|accelerators)|a CUDA GPU|a GPU"
    r"|.*accelerator.*memory|device with (fp16|bf16) support)"
)


def is_gpu_gated(reasons: list[str]) -> bool:
    return any(GPU_REASON.search(reason) for reason in reasons)


def skip_reasons(function: Any) -> list[str]:
    """Every `unittest.skip*` reason on `function` and the functions it wraps, outermost first."""
    reasons: list[str] = []
    seen: set[int] = set()
    while function is not None and id(function) not in seen:
        seen.add(id(function))
        why = vars(function).get("__unittest_skip_why__") if hasattr(function, "__dict__") else None
        if why and (not reasons or reasons[-1] != why):
            reasons.append(str(why))
        function = getattr(function, "__wrapped__", None)
    return reasons


def test_reasons(item: Any) -> list[str]:
    reasons = skip_reasons(getattr(item, "obj", None))
    cls = getattr(item, "cls", None)
    if cls is not None and getattr(cls, "__unittest_skip__", False):
        reasons.append(str(getattr(cls, "__unittest_skip_why__", "")))
    if item.get_closest_marker("slow") is not None and "test is slow" not in reasons:
        reasons.append("test is slow")
    return reasons


def pytest_collection_modifyitems(items: list[Any]) -> None:
    out = os.environ.get("TRANSFORMERS_GATES_OUT")
    if not out:
        return
    found = {f"{item.cls.__module__}.{item.cls.__name__}::{item.name}" if item.cls else item.nodeid:
             test_reasons(item) for item in items}  # fmt: skip
    Path(out).write_text(json.dumps(found, indent=1, sort_keys=True), encoding="utf-8")
