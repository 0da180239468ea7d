"""Run a Python script or module with the device-placement explainer installed.

Usage: torchplace run [--origins] [--json PATH] script.py [args...]
       torchplace run [--origins] [--json PATH] -m module [args...]

The program runs in this process (as `python script.py` would: same `sys.argv`, `__main__`),
so it also works as `torchrun --nproc-per-node 2 -m torchplace run train.py`. Exit code: the
program's; on an uncaught exception its traceback is printed with the diagnosis and the exit
code is 1. `--origins` records where tensors were created or moved (slower);
`--json PATH` writes the machine-readable report (`.rankN` is added under torchrun).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from torchplace.cli import UsageError

_HELP = (__doc__ or "").split("\n\n", 1)[1]


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    origins, json_path = False, None
    while args and args[0].startswith("-") and args[0] != "-m":
        option = args.pop(0)
        if option in {"-h", "--help"}:
            print(_HELP.strip())
            return 0
        if option == "--origins":
            origins = True
        elif option == "--json" or option.startswith("--json="):
            json_path = option.split("=", 1)[1] if "=" in option else _value(args, option)
        elif option == "--":
            break
        else:
            raise UsageError(f"unknown option {option!r} (see `torchplace run --help`)")
    if not args:
        raise UsageError("no script given: torchplace run [--origins] script.py [args...]")
    module = args[0] == "-m"
    if module:
        args.pop(0)
        if not args:
            raise UsageError("-m needs a module name")
    elif not os.path.isfile(args[0]):
        raise UsageError(f"no such script: {args[0]}")
    from torchplace.explain.runner import run_target

    # `__file__` absolute, as `python script.py` gives it
    target = args[0] if module else os.path.abspath(args[0])
    return run_target(target, args[1:], module=module, origins=origins, json_path=json_path)


def _value(args: list[str], option: str) -> str:
    if not args:
        raise UsageError(f"{option} needs a value")
    return args.pop(0)
