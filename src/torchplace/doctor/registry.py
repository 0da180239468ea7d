"""Checks are found by walking `torchplace.doctor.checks`: adding a module adds a check.

A check module defines `CHECK = Check(...)`, `run(env) -> CheckResult`, and its user docs as
the module docstring (`What it checks / Why it matters / How to fix`), which `--list`,
`--explain` and docs/doctor.md all read.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from torchplace.doctor.result import Check, CheckResult

CHECKS_PACKAGE = "torchplace.doctor.checks"


@dataclass(frozen=True)
class LoadedCheck:
    """A check module, ready to run: its metadata, docs and `run` function."""

    info: Check
    module: str
    doc: str
    run: Callable[[Any], CheckResult]

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0] if self.doc.strip() else ""


def load(module_name: str) -> LoadedCheck:
    """The check defined by one module (any importable module, e.g. a test's own check)."""
    module = importlib.import_module(module_name)
    info = getattr(module, "CHECK", None)
    run = getattr(module, "run", None)
    if not isinstance(info, Check) or not callable(run):
        raise TypeError(f"{module_name} defines no doctor check (CHECK = Check(...) and run(env))")
    return LoadedCheck(info, module_name, module.__doc__ or "", run)


@cache
def all_checks() -> tuple[LoadedCheck, ...]:
    """Every built-in check, in table order."""
    package = importlib.import_module(CHECKS_PACKAGE)
    found = [
        load(info.name)
        for info in pkgutil.walk_packages(package.__path__, f"{CHECKS_PACKAGE}.")
        if not info.ispkg and not info.name.rsplit(".", 1)[-1].startswith("_")
    ]
    return tuple(sorted(found, key=lambda c: (c.info.order, c.name)))


def get(name: str) -> LoadedCheck:
    """The built-in check with this name; KeyError naming the known ones otherwise."""
    for check in all_checks():
        if check.name == name:
            return check
    known = ", ".join(c.name for c in all_checks())
    raise KeyError(f"no doctor check {name!r}; known checks: {known}")


def select(names: list[str] | None) -> list[LoadedCheck]:
    """Checks to run: all of them, or those named (each name must exist)."""
    if not names:
        return list(all_checks())
    chosen = {get(name).name: get(name) for name in names}
    return sorted(chosen.values(), key=lambda c: (c.info.order, c.name))
