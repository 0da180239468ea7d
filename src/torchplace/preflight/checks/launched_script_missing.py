"""A launched script that is not there (or is not a file Python can run).

What it checks: the script `torchrun`, `deepspeed` or `python` is told to start (not a `-m`
module): that it exists and is a regular file. On this machine a missing script is a FAIL;
when planning for another machine (`--gpus`), where the path may well exist, a WARN.
Why it matters: every rank exits at once with `can't open file ... [Errno 2] No such file or
directory`, after the launcher has set up its rendezvous; with DeepSpeed's multi-node runner
each node reports it separately.
How to fix: run from the directory that holds the script, or give its full path.
"""

from __future__ import annotations

import os
import stat

from torchplace.preflight.checks import Context, Result, Status, passed, skip

NAME = "launched-script-missing"
CODE = "PF114"
PATTERN = None
KINDS = ("torchrun", "deepspeed", "python")


def run(context: Context) -> list[Result]:
    launcher = context.command.launcher
    if launcher is None or launcher.script is None or launcher.get("module"):
        return skip("no script file to start")
    script = launcher.script
    problem = _problem(script)
    if problem is None:
        return passed(f"{script} is a file")
    planning = context.machine.source == "override"
    return [
        Result(
            Status.WARN if planning else Status.FAIL,
            f"{script}: {problem}" + (" here (planning for another machine)" if planning else ""),
            "every rank exits at once when its script cannot be opened",
            "run from the directory holding the script or give its full path",
            f"can't open file '{script}': [Errno 2] No such file or directory",
        )
    ]


def _problem(script: str) -> str | None:
    try:
        mode = os.stat(script).st_mode
    except OSError as error:
        return error.strerror or "cannot be read"
    return None if stat.S_ISREG(mode) else "not a regular file"
