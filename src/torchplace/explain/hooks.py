"""Install the explainer: process and thread excepthooks, a context manager and a decorator.

The exception is never replaced or swallowed: the diagnosis is added to it as a PEP 678 note
(so every traceback printer shows it) and printed to stderr; `json_path` also gets a
machine-readable report.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any, Literal, TypeVar

from torchplace.explain.model import Diagnosis

_F = TypeVar("_F", bound=Callable[..., Any])
_MARK = "_torchplace_diagnosis"


class _Settings:
    json_path: str | None = None
    print_report: bool = True
    diagnoses: list[Diagnosis] = []
    lock = threading.Lock()


def explain_exception(
    exc: BaseException, thread: threading.Thread | None = None, print_report: bool | None = None
) -> Diagnosis | None:
    """Diagnose `exc` once: add the note, print it, write the JSON report. Never raises."""
    existing = getattr(exc, _MARK, None)
    if isinstance(existing, Diagnosis):
        return existing
    try:
        from torchplace.explain.live_diagnose import diagnose

        diagnosis = diagnose(exc, thread)
    except Exception as error:  # the explainer must never be the thing that fails
        print(f"torchplace explain: internal error while explaining: {error!r}", file=sys.stderr)
        return None
    with contextlib.suppress(Exception):
        setattr(exc, _MARK, diagnosis)
    if not diagnosis.known:
        return diagnosis
    _report(exc, diagnosis, _Settings.print_report if print_report is None else print_report)
    return diagnosis


def _report(exc: BaseException, diagnosis: Diagnosis, print_report: bool) -> None:
    from torchplace.explain.live_context import rank_prefix
    from torchplace.explain.render import render_text

    text = render_text(diagnosis, prefix=rank_prefix())
    if hasattr(exc, "add_note"):
        exc.add_note(text)
    if print_report:
        print(text, file=sys.stderr, flush=True)
    with _Settings.lock:
        _Settings.diagnoses.append(diagnosis)
        _write_json()


def json_target(path: str) -> str:
    """`path` for this rank: `{rank}` is replaced; under torchrun `.rankN` is added otherwise."""
    rank = os.environ.get("RANK")
    if "{rank}" in path:
        return path.replace("{rank}", rank or "0")
    world = os.environ.get("WORLD_SIZE")
    if rank is not None and world not in (None, "1"):
        root, ext = os.path.splitext(path)
        return f"{root}.rank{rank}{ext}"
    return path


def write_json() -> None:
    """Write the JSON report now (every diagnosis so far) if a path was configured."""
    with _Settings.lock:
        _write_json()


def _write_json() -> None:
    if not _Settings.json_path:
        return
    from torchplace.explain.render import to_json

    target = json_target(_Settings.json_path)
    try:
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(to_json(_Settings.diagnoses, rank=os.environ.get("RANK")))
    except OSError as error:
        print(f"torchplace explain: cannot write {target}: {error}", file=sys.stderr)


class _Hooks:
    previous_sys: Callable[..., Any] | None = None
    previous_threading: Callable[..., Any] | None = None
    installed = False
    origins_started = False


def _sys_hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    if not isinstance(value, (KeyboardInterrupt, SystemExit)):
        # The note is printed by the traceback itself: no second copy on stderr.
        explain_exception(value, print_report=False)
    previous = _Hooks.previous_sys or sys.__excepthook__
    previous(kind, value, tb)


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None and not isinstance(args.exc_value, SystemExit):
        explain_exception(args.exc_value, args.thread, print_report=False)
    previous = _Hooks.previous_threading or threading.__excepthook__
    previous(args)


def install(origins: bool = False, json_path: str | None = None, print_report: bool = True) -> None:
    """Explain uncaught exceptions in every thread; idempotent (a second call updates options)."""
    _Settings.json_path = json_path or _Settings.json_path
    _Settings.print_report = print_report
    if origins and not _Hooks.origins_started:
        from torchplace.explain import live_origins

        live_origins.start()
        _Hooks.origins_started = True
    if _Hooks.installed:
        return
    _Hooks.previous_sys = sys.excepthook
    _Hooks.previous_threading = threading.excepthook
    sys.excepthook = _sys_hook
    threading.excepthook = _thread_hook
    _Hooks.installed = True


def uninstall() -> None:
    """Restore the hooks that were there before `install()`, and stop origins mode."""
    if _Hooks.installed:
        if sys.excepthook is _sys_hook:
            sys.excepthook = _Hooks.previous_sys or sys.__excepthook__
        if threading.excepthook is _thread_hook:
            threading.excepthook = _Hooks.previous_threading or threading.__excepthook__
        _Hooks.installed = False
    if _Hooks.origins_started:
        from torchplace.explain import live_origins

        live_origins.stop()
        _Hooks.origins_started = False


def is_installed() -> bool:
    return _Hooks.installed


class explain(contextlib.ContextDecorator):
    """`with torchplace.explain():` or `@torchplace.explain()`: explain what escapes the block.

    The exception propagates unchanged except for the added note.
    """

    def __init__(
        self, origins: bool = False, json_path: str | None = None, print_report: bool = True
    ) -> None:
        self.origins = origins
        self.json_path = json_path
        self.print_report = print_report
        self._started_origins = False

    def __enter__(self) -> explain:
        if self.json_path:
            _Settings.json_path = self.json_path
        if self.origins:
            from torchplace.explain import live_origins

            self._started_origins = live_origins.active() is None
            live_origins.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> Literal[False]:
        try:
            if value is not None and not isinstance(value, (KeyboardInterrupt, SystemExit)):
                # With the hooks installed the traceback printer shows the note: print once.
                explain_exception(value, print_report=self.print_report and not is_installed())
        finally:
            if self._started_origins:
                from torchplace.explain import live_origins

                live_origins.stop()
                self._started_origins = False
        return False


def diagnosis_of(exc: BaseException) -> Diagnosis | None:
    """The diagnosis explain attached to `exc`, if it explained it."""
    found = getattr(exc, _MARK, None)
    return found if isinstance(found, Diagnosis) else None


def diagnoses() -> list[Diagnosis]:
    """The diagnoses made so far in this process."""
    return list(_Settings.diagnoses)
