"""Recognise a launch command and parse it: vLLM, torchrun, DeepSpeed or `python SCRIPT.py`.

Accepted shapes (after optional `env` and `NAME=value` assignments):
`vllm serve MODEL ...`, `python -m vllm.entrypoints.openai.api_server ...`,
`python -m vllm.entrypoints.cli.main serve ...`, `torchrun ... SCRIPT`,
`python -m torch.distributed.run ... SCRIPT`, `deepspeed ... SCRIPT`, `python SCRIPT.py ...`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from torchplace.preflight import launchers, script_scan, vllm_args, yaml_config
from torchplace.preflight.errors import PreflightInputError
from torchplace.preflight.vllm_args import EngineArgs

_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_PYTHON = re.compile(r"^python(\d+(\.\d+)?)?$")
API_SERVER_MODULES = {"vllm.entrypoints.openai.api_server", "vllm.entrypoints.api_server"}
TORCHRUN_MODULES = {"torch.distributed.run", "torch.distributed.launch"}
SUPPORTED = (
    "vllm serve MODEL ..., python -m vllm.entrypoints.openai.api_server ..., "
    "torchrun ... SCRIPT.py, deepspeed ... SCRIPT.py, python SCRIPT.py"
)


@dataclass
class Command:
    """A parsed launch command. `engine` is set for vLLM commands, `launcher` for the others."""

    argv: list[str]
    kind: str  # "vllm", "torchrun", "deepspeed" or "python"
    program: list[str]  # what to exec: argv without the leading env assignments
    env: dict[str, str]
    assignments: dict[str, str] = field(default_factory=dict)
    engine: vllm_args.EngineArgs | None = None
    launcher: launchers.LauncherArgs | None = None
    script: script_scan.ScriptFacts | None = None
    config_file: str | None = None

    @property
    def parser(self) -> str:
        if self.engine is not None:
            return self.engine.parser
        return f"built-in {self.kind} table" if self.kind != "python" else "none needed"

    @property
    def passthrough(self) -> list[str]:
        if self.engine is not None:
            return self.engine.passthrough
        return self.launcher.passthrough if self.launcher is not None else []


def parse(
    argv: Sequence[str],
    environ: Mapping[str, str] | None = None,
    use_vllm_parser: bool | None = None,
) -> Command:
    """Parse `argv`; raises PreflightInputError for anything it cannot read."""
    argv = list(argv)
    if not argv:
        raise PreflightInputError(f"no command given; write `torchplace preflight -- {SUPPORTED}`")
    assignments, program = _split_assignments(argv)
    env = dict(os.environ if environ is None else environ)
    env.update(assignments)
    command = Command(argv, "python", program, env, assignments)
    _dispatch(command, program, use_vllm_parser)
    return command


def _split_assignments(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    index = 1 if argv[0] == "env" else 0
    assignments = {}
    while index < len(argv) and _ASSIGNMENT.match(argv[index]):
        name, value = argv[index].split("=", 1)
        assignments[name] = value
        index += 1
    if index >= len(argv):
        raise PreflightInputError("the command is only environment assignments; add the program")
    return assignments, argv[index:]


def _dispatch(command: Command, program: list[str], use_vllm_parser: bool | None) -> None:
    head, rest = os.path.basename(program[0]), program[1:]
    if head == "vllm":
        if not rest or rest[0] != "serve":
            got = rest[0] if rest else "nothing"
            raise PreflightInputError(f"preflight reads `vllm serve ...`; got `vllm {got}`")
        _vllm(command, rest[1:], use_vllm_parser, "vllm serve")
    elif head == "torchrun":
        _launcher(command, launchers.parse_torchrun(rest))
    elif head == "deepspeed":
        _launcher(command, launchers.parse_deepspeed(rest))
    elif _PYTHON.match(head):
        _python(command, rest, use_vllm_parser)
    else:
        raise PreflightInputError(f"unknown launcher {program[0]!r}; preflight reads: {SUPPORTED}")


def _python(command: Command, rest: list[str], use_vllm_parser: bool | None) -> None:
    while rest and rest[0] in {"-u", "-B", "-O", "-E", "-s", "-I"}:
        rest = rest[1:]
    if len(rest) >= 2 and rest[0] == "-m":
        module, after = rest[1], rest[2:]
        if module in API_SERVER_MODULES:
            _vllm(command, after, use_vllm_parser, f"python -m {module}")
            return
        if module == "vllm.entrypoints.cli.main" and after[:1] == ["serve"]:
            _vllm(command, after[1:], use_vllm_parser, "vllm serve")
            return
        if module in TORCHRUN_MODULES:
            _launcher(command, launchers.parse_torchrun(after))
            return
        raise PreflightInputError(
            f"unknown launcher `python -m {module}`; preflight reads: {SUPPORTED}"
        )
    if not rest or rest[0].startswith("-"):
        raise PreflightInputError(
            f"`python` needs a script to launch; preflight reads: {SUPPORTED}"
        )
    command.kind = "python"
    command.launcher = launchers.LauncherArgs("python", script=rest[0], script_args=rest[1:])
    command.script = script_scan.scan(rest[0])


def _launcher(command: Command, parsed: launchers.LauncherArgs) -> None:
    command.kind = parsed.name
    command.launcher = parsed
    if parsed.script is not None and not parsed.get("module"):
        command.script = script_scan.scan(parsed.script)


def _vllm(command: Command, args: list[str], use_vllm_parser: bool | None, prog: str) -> None:
    command.kind = "vllm"
    negatable = {name for name in vllm_args.FLAGS if name.startswith("--no-")}
    args, command.config_file = yaml_config.splice(args, negatable)
    use_vllm = vllm_args.vllm_available() if use_vllm_parser is None else use_vllm_parser
    command.engine = _parse_engine(args, prog, use_vllm, explicit=use_vllm_parser is True)


def _parse_engine(args: list[str], prog: str, use_vllm: bool, explicit: bool) -> EngineArgs:
    if not use_vllm:
        return vllm_args.parse_builtin(args, prog)
    try:
        return vllm_args.parse_with_vllm(args, prog)
    except PreflightInputError:
        raise
    except (Exception, SystemExit) as error:
        # An installed but unusable vLLM (missing dependency, no platform on this machine)
        # must not hide the checks: fall back to the table and say why.
        why = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
        if explicit:
            raise PreflightInputError(
                f"--parser vllm: vLLM's parser failed to load ({why})"
            ) from None
        engine = vllm_args.parse_builtin(args, prog)
        engine.parser = f"{vllm_args.TABLE_PARSER} (vLLM's parser failed to load: {why})"
        return engine
