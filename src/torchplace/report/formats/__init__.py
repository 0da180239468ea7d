"""Output formats for a :class:`~torchplace.report.Report`, one module per format.

A format module defines ``NAME`` and ``render(report) -> str``; formats are found by walking
this package, so adding a module adds a `--format` choice.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from types import ModuleType

from torchplace.report import Report

Renderer = Callable[[Report], str]


def _format_modules() -> dict[str, ModuleType]:
    modules = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        modules[module.NAME] = module
    return modules


def available() -> list[str]:
    """Names of the formats, sorted, for `--format` choices."""
    return sorted(_format_modules())


def render(report: Report, format_name: str) -> str:
    """Render `report` in the named format; raises KeyError for an unknown name."""
    renderer: Renderer = _format_modules()[format_name].render
    return renderer(report)
