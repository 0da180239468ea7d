"""Preflight checks, one module per check, found by walking this package.

A check module defines `NAME` (kebab-case, names the bad pattern), `CODE` (`PF1xx`),
`PATTERN` (a failure-pattern id from :mod:`torchplace.patterns`, or None), `KINDS` (the
command kinds it reads: "vllm", "torchrun", "deepspeed", "python"), a docstring in the shape
`What it checks / Why it matters / How to fix`, and `run(context) -> list[Result]`.
"""

from __future__ import annotations

import enum
import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from torchplace.preflight.command import Command
from torchplace.preflight.machine import Gpu, MachineFacts
from torchplace.preflight.model_facts import ModelFacts


class Status(str, enum.Enum):
    """PASS: fine. WARN: may fail or waste GPUs. FAIL: will fail. SKIP: facts missing."""

    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    SKIP = "skip"


@dataclass(frozen=True)
class Result:
    """One verdict: what was seen, why it matters and what to do.

    `upstream` is the launcher's own error text (vLLM's, torchrun's, DeepSpeed's) that the
    command would end with, so users recognise it.
    """

    status: Status
    observed: str
    reason: str = ""
    fix: str = ""
    upstream: str | None = None


@dataclass(frozen=True)
class Context:
    """Everything a check may read: the command, this node's GPUs and the model's shape."""

    command: Command
    machine: MachineFacts
    model: ModelFacts | None
    model_note: str = ""

    @property
    def env(self) -> Mapping[str, str]:
        return self.command.env

    @property
    def visible_gpus(self) -> tuple[Gpu, ...] | None:
        """GPUs the command will see (after CUDA_VISIBLE_DEVICES), or None when unknown."""
        return self.machine.visible(self.env) if self.machine.known else None


@dataclass(frozen=True)
class Check:
    name: str
    code: str
    pattern: str | None
    kinds: frozenset[str]
    doc: str
    run: Callable[[Context], list[Result]]


def _from_module(module: ModuleType) -> Check:
    return Check(
        name=module.NAME,
        code=module.CODE,
        pattern=module.PATTERN,
        kinds=frozenset(module.KINDS),
        doc=(module.__doc__ or "").strip(),
        run=module.run,
    )


@cache
def all_checks() -> tuple[Check, ...]:
    """Every check, in code order."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "run") and hasattr(module, "CODE"):
            found.append(_from_module(module))
    return tuple(sorted(found, key=lambda c: c.code))


def skip(observed: str) -> list[Result]:
    return [Result(Status.SKIP, observed)]


def passed(observed: str) -> list[Result]:
    return [Result(Status.PASS, observed)]


NO_GPU_FACTS = (
    "GPU count unknown (no NVML, no CUDA here); pass --gpus N (and --gpu-memory 141GiB) "
    "to plan for a machine"
)
