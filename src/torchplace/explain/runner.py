"""Run a script or module in this process with the explainer installed (`torchplace run`).

Also the hook other runners use (`torchplace sim`): `run_target(...)` returns the exit code the
program would have had, printing the normal traceback plus the diagnosis when it crashes.
"""

from __future__ import annotations

import os
import runpy
import sys
import traceback
from collections.abc import Callable, Sequence
from types import TracebackType

from torchplace.explain.hooks import explain_exception, install
from torchplace.explain.live_frames import is_internal

Launcher = Callable[[str, Sequence[str], bool], object]


def run_target(
    target: str,
    args: Sequence[str] = (),
    *,
    module: bool = False,
    origins: bool = False,
    json_path: str | None = None,
    launch: Launcher | None = None,
) -> int:
    """Run `target` (a script path, or a module name when `module`) as `__main__`.

    `launch(target, args, module)` replaces the plain `runpy` start: `torchplace sim` passes
    one that runs the program on virtual GPUs. The explainer is installed either way.
    """
    install(origins=origins, json_path=json_path)
    saved_argv, saved_path0 = list(sys.argv), (sys.path[0] if sys.path else None)
    try:
        if launch is not None:
            launch(target, list(args), module)
        elif module:
            sys.argv = [target, *args]
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            sys.argv = [target, *args]
            sys.path.insert(0, os.path.dirname(os.path.abspath(target)))
            runpy.run_path(target, run_name="__main__")
    except SystemExit as exit_:
        return exit_status(exit_)
    except KeyboardInterrupt:
        traceback.print_exc()
        return 130
    except BaseException as error:  # every crash is reported, then exit 1
        report_crash(error)
        return 1
    finally:
        _write_empty_report(json_path)
        sys.argv = saved_argv
        if not module and sys.path and saved_path0 is not None and sys.path[0] != saved_path0:
            sys.path.pop(0)
    return 0


def _write_empty_report(json_path: str | None) -> None:
    """A run that explained nothing still leaves a report (with no diagnoses) for tools."""
    from torchplace.explain import hooks

    if json_path and not hooks.diagnoses() and not os.path.exists(hooks.json_target(json_path)):
        hooks.write_json()


def report_crash(error: BaseException) -> None:
    """Print the traceback as Python would (our frames left out) with the diagnosis note."""
    diagnosis = explain_exception(error, print_report=False)
    tb = trim_launcher_frames(error.__traceback__)
    sys.stderr.flush()
    traceback.print_exception(type(error), error, tb, file=sys.stderr)
    if diagnosis is not None and not diagnosis.known:
        print(
            f"torchplace explain: {type(error).__name__} is not a device-placement or "
            "CUDA-context error; nothing to add.",
            file=sys.stderr,
        )


def trim_launcher_frames(tb: TracebackType | None) -> TracebackType | None:
    """The traceback without the launcher's frames on top (torchplace's own, runpy's)."""
    while tb is not None and is_internal(tb.tb_frame.f_code.co_filename):
        tb = tb.tb_next
    return tb


def exit_status(exit_: SystemExit) -> int:
    """The process exit status `sys.exit(code)` means; a message code is printed, as Python does."""
    code = exit_.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1
