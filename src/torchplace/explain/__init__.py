"""Explain device-placement and CUDA-context failures: live (excepthooks, a context manager,
`torchplace run`) and from logs (`torchplace explain LOGFILE`).

Importing this package does not import torch: the live parts import it when they run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from torchplace.explain.hooks import explain, install, uninstall

__all__ = ["diagnose", "explain", "install", "uninstall"]


def __getattr__(name: str) -> Any:
    if name in {
        "explain",
        "install",
        "uninstall",
        "is_installed",
        "explain_exception",
        "diagnosis_of",
        "diagnoses",
    }:
        from torchplace.explain import hooks

        return getattr(hooks, name)
    if name == "diagnose":
        from torchplace.explain.live_diagnose import diagnose

        return diagnose
    raise AttributeError(f"module 'torchplace.explain' has no attribute {name!r}")


class _CallableModule(type(__import__("sys"))):  # type: ignore[misc]
    """`torchplace.explain` is both this package and the `explain()` context manager: once the
    package is imported, `torchplace.explain` names the module, so the module is callable too."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from torchplace.explain.hooks import explain as _explain

        return _explain(*args, **kwargs)


def _make_callable() -> None:
    import sys

    sys.modules[__name__].__class__ = _CallableModule


_make_callable()
