"""Helpers for the preflight tests: a fixed machine, a runner that never reads this host's GPUs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from torchplace.preflight.checks import Status
from torchplace.preflight.machine import Gpu, MachineFacts
from torchplace.preflight.runner import Options, PreflightResult, run_preflight

H200 = 143771 * 1024**2  # what NVML reports for an H200's memory
A100_40 = 40960 * 1024**2


def machine(count: int, name: str = "NVIDIA H200", memory: int = H200) -> MachineFacts:
    gpus = tuple(
        Gpu(i, name, memory, f"GPU-{i:08x}-1111-2222-3333-44445555{i:04x}") for i in range(count)
    )
    return MachineFacts(gpus, "nvml")


NO_GPUS = MachineFacts((), "none")


def preflight(
    argv: str | Sequence[str],
    gpus: int | MachineFacts | None = 8,
    env: Mapping[str, str] | None = None,
    **options: Any,
) -> PreflightResult:
    """Run preflight on a command with a fixed machine and environment (builtin parser)."""
    args = argv.split() if isinstance(argv, str) else list(argv)
    facts = gpus if isinstance(gpus, MachineFacts) else machine(gpus) if gpus else NO_GPUS
    options.setdefault("use_vllm_parser", False)
    return run_preflight(args, Options(**options), dict(env or {}), facts)


def statuses(result: PreflightResult, name: str) -> list[Status]:
    return [v.result.status for v in result.verdicts if v.check.name == name]


def only(result: PreflightResult, name: str, status: Status | None = None) -> Any:
    """The single verdict of check `name` (optionally of one status)."""
    found = [
        v.result
        for v in result.verdicts
        if v.check.name == name and (status is None or v.result.status is status)
    ]
    assert len(found) == 1, [(v.check.name, v.result) for v in result.verdicts]
    return found[0]
