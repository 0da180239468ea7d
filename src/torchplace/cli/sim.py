"""Run a program as if this machine had N CUDA GPUs, and fail where real GPUs would."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from torchplace.cli import UsageError

USAGE = """\
usage: torchplace sim [--gpus N] [--memory SIZE] [--name NAME] [--keep-values SIZE]
                      [--no-explain] [--rank R --world-size W] (script.py | -m module) [args ...]
       torchplace sim --nproc-per-node N [--gpus G] (script.py | -m module) [args ...]

Runs the program unchanged on N virtual CUDA GPUs (default 1; with --nproc-per-node, N).
Tensors hold no GPU memory; device mismatches raise the errors real GPUs raise, and the
explainer says what went wrong (as `torchplace run` does). Python child processes the program
starts run on the same virtual GPUs. Exit code: the program's; 1 on an uncaught exception,
130 on Ctrl-C.

options:
  --gpus N              number of virtual GPUs in each process (1-128)
  --memory SIZE         memory of each virtual GPU (default 141GiB)
  --name NAME           device name (default "NVIDIA H200")
  --keep-values SIZE    new tensors up to SIZE bytes hold real values (default 64MiB, or
                        $TORCHPLACE_SIM_KEEP_VALUES); moved tensors always keep theirs
  --no-explain          print errors without the explainer's diagnosis
  --rank R              this process's rank, for torch.distributed (sets RANK, LOCAL_RANK)
  --world-size W        number of ranks (sets WORLD_SIZE, LOCAL_WORLD_SIZE)
  --nproc-per-node N    launch N processes like torchrun (RANK, LOCAL_RANK, WORLD_SIZE,
                        MASTER_ADDR, MASTER_PORT set for each); exit 1 if any rank fails
  -m module             run a module as `python -m module`
"""

_VALUE_OPTIONS = {
    "--gpus", "--memory", "--name", "--rank", "--world-size", "--nproc-per-node", "--keep-values",
}  # fmt: skip
_FLAGS = {"--no-explain"}
MAX_GPUS = 128  # torch's device index is 8 bits wide


@dataclass
class Options:
    gpus: int | None = None
    memory: str = "141GiB"
    name: str = "NVIDIA H200"
    rank: int | None = None
    world_size: int | None = None
    nproc: int | None = None
    keep_values: str | None = None
    explain: bool = True
    script: str | None = None
    module: str | None = None
    args: list[str] = field(default_factory=list)


def _int(option: str, text: str, minimum: int, maximum: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{option} expects an integer, got {text!r}") from None
    if value < minimum:
        raise UsageError(f"{option} must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise UsageError(f"{option} must be at most {maximum} (torch's limit), got {value}")
    return value


def _size(option: str, value: str) -> str:
    from torchplace.sizes import parse_size

    try:
        parse_size(value, allow_zero=True)
    except ValueError as error:
        raise UsageError(f"{option}: {error}") from None
    return value


def _set(options: Options, option: str, value: str) -> None:
    if option == "--gpus":
        options.gpus = _int(option, value, 1, MAX_GPUS)
    elif option == "--memory":
        options.memory = _size(option, value)
    elif option == "--keep-values":
        options.keep_values = _size(option, value)
    elif option == "--name":
        options.name = value
    elif option == "--rank":
        options.rank = _int(option, value, 0)
    elif option == "--world-size":
        options.world_size = _int(option, value, 1)
    else:
        options.nproc = _int(option, value, 1, MAX_GPUS)


def parse(argv: Sequence[str]) -> Options:
    """Options up to the program (script or `-m module`); the rest belongs to the program."""
    options = Options()
    index = 0
    while index < len(argv):
        token = argv[index]
        if token == "-m":
            if index + 1 >= len(argv):
                raise UsageError("-m expects a module name")
            options.module, options.args = argv[index + 1], list(argv[index + 2 :])
            break
        if not token.startswith("-"):
            options.script, options.args = token, list(argv[index + 1 :])
            break
        if token in _FLAGS:
            options.explain = False
            index += 1
            continue
        option, has_value, value = token.partition("=")
        if option not in _VALUE_OPTIONS:
            raise UsageError(f"unknown option {token!r} (see `torchplace sim --help`)")
        if not has_value:
            if index + 1 >= len(argv):
                raise UsageError(f"{option} expects a value")
            index += 1
            value = argv[index]
        _set(options, option, value)
        index += 1
    _validate(options)
    return options


def _validate(options: Options) -> None:
    if options.script is None and options.module is None:
        raise UsageError("nothing to run: give a script path or -m module")
    if options.script is not None and not os.path.isfile(options.script):
        raise UsageError(f"can't open file {options.script!r}: no such file")
    if (options.rank is None) != (options.world_size is None):
        raise UsageError("--rank and --world-size go together")
    if options.rank is not None and options.world_size is not None:
        if options.rank >= options.world_size:
            raise UsageError(
                f"--rank {options.rank} is not below --world-size {options.world_size}"
            )
        if options.nproc is not None:
            raise UsageError("--rank/--world-size and --nproc-per-node exclude each other")


def main(argv: Sequence[str]) -> int:
    if any(token in ("-h", "--help") for token in _own_tokens(argv)):
        print(USAGE)
        return 0
    options = parse(argv)
    if options.nproc is not None:
        from torchplace.sim.launch import launch

        return launch(options.nproc, _worker_argv(options))
    return _run_here(options)


def _own_tokens(argv: Sequence[str]) -> list[str]:
    """The tokens before the program (a `--help` after the script is the program's)."""
    tokens: list[str] = []
    for token in argv:
        if token == "-m" or not token.startswith("-"):
            break
        tokens.append(token)
    return tokens


def _worker_argv(options: Options) -> list[str]:
    gpus = options.gpus or options.nproc or 1
    argv = ["--gpus", str(gpus), "--memory", options.memory, "--name", options.name]
    if options.keep_values is not None:
        argv += ["--keep-values", options.keep_values]
    if not options.explain:
        argv.append("--no-explain")
    program = ["-m", options.module] if options.module else [str(options.script)]
    return argv + program + options.args


def _run_here(options: Options) -> int:
    # The rank's environment is the program's: put back what was there when it ends, since
    # `main()` may be called in a process that lives on (tests, notebooks, other tools).
    saved = dict(os.environ)
    try:
        return _run_program(options)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _run_program(options: Options) -> int:
    if options.rank is not None and options.world_size is not None:
        os.environ.setdefault("RANK", str(options.rank))
        os.environ.setdefault("LOCAL_RANK", str(options.rank))
        os.environ.setdefault("WORLD_SIZE", str(options.world_size))
        os.environ.setdefault("LOCAL_WORLD_SIZE", str(options.world_size))
    settings = {
        "n": options.gpus or 1,
        "memory": options.memory,
        "name": options.name,
        "rank": options.rank,
        "world_size": options.world_size,
        "keep_values_up_to": options.keep_values,
    }
    target = options.module if options.module is not None else str(options.script)
    if options.explain:
        from torchplace.explain.runner import run_target

        def launch(target: str, args: Sequence[str], module: bool) -> None:
            _launch(target, list(args), module, settings)

        return run_target(target, options.args, module=options.module is not None, launch=launch)
    return _run_unexplained(target, options.args, options.module is not None, settings)


def _launch(target: str, args: list[str], module: bool, settings: dict[str, Any]) -> None:
    from torchplace.sim.runner import run_module, run_path

    if module:
        run_module(target, args, **settings)
    else:  # `__file__` absolute, as `python script.py` gives it (runpy sets argv[0] to it too)
        run_path(os.path.abspath(target), args, **settings)


def _run_unexplained(target: str, args: list[str], module: bool, settings: dict[str, Any]) -> int:
    from torchplace.explain.runner import exit_status, trim_launcher_frames

    try:
        _launch(target, args, module, settings)
    except SystemExit as exit_:
        return exit_status(exit_)
    except BaseException as error:  # the program's own failure: report it as Python would
        trimmed = trim_launcher_frames(error.__traceback__)
        traceback.print_exception(type(error), error, trimmed, file=sys.stderr)
        return 130 if isinstance(error, KeyboardInterrupt) else 1
    return 0
