"""Run every applicable check on a parsed command and collect the verdicts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from torchplace.preflight import command as command_module
from torchplace.preflight import machine as machine_module
from torchplace.preflight import model_facts
from torchplace.preflight.checks import Check, Context, Result, Status, all_checks
from torchplace.preflight.command import Command
from torchplace.preflight.machine import MachineFacts
from torchplace.preflight.model_facts import ModelFacts


@dataclass(frozen=True)
class Verdict:
    check: Check
    result: Result


@dataclass
class PreflightResult:
    """The parsed command, the facts used and one verdict per check result."""

    command: Command
    machine: MachineFacts
    model: ModelFacts | None
    model_note: str
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(v.result.status is Status.FAIL for v in self.verdicts)

    def count(self, status: Status) -> int:
        return sum(1 for v in self.verdicts if v.result.status is status)


@dataclass(frozen=True)
class Options:
    """What the user told preflight besides the command."""

    model_config: str | None = None
    gpus: int | None = None
    gpu_memory: int | None = None
    gpu_name: str | None = None
    use_vllm_parser: bool | None = None


def run_preflight(
    argv: Sequence[str],
    options: Options | None = None,
    environ: Mapping[str, str] | None = None,
    machine: MachineFacts | None = None,
) -> PreflightResult:
    """Parse `argv`, gather facts, run the checks. Raises PreflightInputError on bad input."""
    options = options or Options()
    parsed = command_module.parse(argv, environ, options.use_vllm_parser)
    model, note = _model(parsed, options.model_config)
    planning = options.gpus is not None and options.gpu_memory is not None
    if machine is None:
        # Planning for another node needs nothing from this one (and never imports torch).
        machine = MachineFacts((), "none") if planning else machine_module.detect(parsed.env)
    facts = machine
    facts = machine_module.with_overrides(facts, options.gpus, options.gpu_memory, options.gpu_name)
    result = PreflightResult(parsed, facts, model, note)
    context = Context(parsed, facts, model, note)
    for check in all_checks():
        if parsed.kind in check.kinds:
            result.verdicts += [Verdict(check, r) for r in _run_one(check, context)]
    return result


def _run_one(check: Check, context: Context) -> list[Result]:
    try:
        return check.run(context)
    except Exception as error:  # a broken check is reported, never the end of the report
        return [Result(Status.FAIL, f"check crashed: {type(error).__name__}: {error}")]


def _model(parsed: Command, model_config: str | None) -> tuple[ModelFacts | None, str]:
    facts, note = _model_facts(parsed, model_config)
    engine = parsed.engine
    overrides = engine["hf_overrides"] if engine is not None else None
    if facts is not None and isinstance(overrides, dict) and overrides:
        # vLLM applies --hf-overrides to the config before anything reads it.
        merged = model_facts.apply_overrides(facts.config, overrides)
        facts = model_facts.from_dict(merged, f"{facts.source} + --hf-overrides")
    return facts, note


def _model_facts(parsed: Command, model_config: str | None) -> tuple[ModelFacts | None, str]:
    if model_config is not None:
        return model_facts.load(model_config), ""
    engine = parsed.engine
    if engine is None:
        return None, "not a vLLM command"
    name = engine["hf_config_path"] or engine["model"]
    local = model_facts.local_model_dir(name)
    if local is not None:
        return model_facts.load(str(local)), ""
    if not name:
        return None, "no model given"
    return None, f"{name!r} is not a local directory with config.json; pass --model-config"
