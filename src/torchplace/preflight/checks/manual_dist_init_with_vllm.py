"""A script that starts its own `torch.distributed` ranks and also builds a vLLM engine.

What it checks: scripts launched by torchrun / DeepSpeed (or calling `init_process_group`
themselves) that build `LLM(...)` / `EngineArgs(...)`: under a launcher every rank builds its own
engine, which with vLLM's default `mp` backend spawns its own tensor-parallel workers on GPUs
0..TP-1; `distributed_executor_backend="external_launcher"` makes the launcher's ranks the
engine's workers, and then the launcher's world size must be a multiple of TP x PP.
Why it matters: N ranks x TP workers pile onto the first GPUs and run out of memory, or the
engine's groups do not line up with the launcher's ranks.
How to fix: either let vLLM launch its workers (plain `python script.py`, no
`init_process_group`), or keep torchrun and pass `distributed_executor_backend=
"external_launcher"` with `tensor_parallel_size x pipeline_parallel_size` dividing the ranks.
"""

from __future__ import annotations

from torchplace.preflight.checks import Context, Result, Status, passed, skip
from torchplace.preflight.launchers import int_option
from torchplace.preflight.script_scan import EngineCall

NAME = "manual-dist-init-with-vllm"
CODE = "PF110"
PATTERN = "manual-dist-init-with-vllm"
KINDS = ("torchrun", "deepspeed", "python")


def run(context: Context) -> list[Result]:
    script = context.command.script
    if script is None:
        return skip("launched script not readable here (missing, not .py, or a module)")
    if not script.engine_calls:
        return passed(f"{script.path} builds no vLLM engine")
    ranks = _launcher_ranks(context)
    results = []
    for call in script.engine_calls:
        result = _check_call(context, call, ranks, bool(script.init_process_group_lines))
        if result is not None:
            results.append(result)
    return results or passed(f"{script.path}: vLLM engine set up for its launcher")


def _launcher_ranks(context: Context) -> int | None:
    """Processes per node the launcher starts (None: not launched by torchrun/DeepSpeed)."""
    launcher = context.command.launcher
    if launcher is None or launcher.name == "python":
        return None
    key = "nproc_per_node" if launcher.name == "torchrun" else "num_gpus"
    raw = launcher.get(key)
    if raw in ("gpu", "auto") or raw is None:
        visible = context.visible_gpus
        return len(visible) if visible else 2
    try:
        return int_option(launcher, key, 1)
    except ValueError:
        return None


def _check_call(
    context: Context, call: EngineCall, ranks: int | None, manual_init: bool
) -> Result | None:
    script = context.command.script
    assert script is not None
    where = f"{script.path}:{call.line} {call.callee}(...)"
    backend = call.keywords.get("distributed_executor_backend")
    tp = _int(call.keywords.get("tensor_parallel_size"))
    pp = _int(call.keywords.get("pipeline_parallel_size"))
    if backend == "external_launcher":
        world = ranks
        if world is not None and world % (tp * pp):
            return Result(
                Status.FAIL,
                f"{where}: external_launcher, TP {tp} x PP {pp}, launcher starts {world} ranks",
                "the launcher's ranks are the engine's workers, grouped TP x PP at a time",
                f"start a multiple of {tp * pp} ranks, or change the parallel sizes",
                f"RuntimeError: shape '[-1, 1, {pp}, 1, {tp}]' is invalid for input of size "
                f"{world}",
            )
        return None
    if ranks is not None and ranks > 1:
        return Result(
            Status.FAIL,
            f"{where} under {context.command.kind} with {ranks} ranks and backend "
            f"{backend or 'default (mp/uni)'}",
            f"every rank builds its own engine; each starts {tp * pp} worker(s) from cuda:0, so "
            f"{ranks} engines share the same GPUs",
            'pass distributed_executor_backend="external_launcher" (ranks become the workers), '
            "or launch with plain python and let vLLM start its workers",
            "ValueError: Free memory on device cuda:0 (.../... GiB) on startup is less than "
            "desired GPU memory utilization (0.92, ... GiB). Decrease GPU memory utilization or "
            "reduce GPU memory used by other processes.",
        )
    if manual_init and tp * pp > 1:
        lines = ", ".join(str(n) for n in script.init_process_group_lines)
        return Result(
            Status.WARN,
            f"{where} with TP {tp} x PP {pp} after init_process_group (line {lines})",
            "vLLM's mp workers build their own process groups; the script's group does not "
            "include them",
            "drop the manual init_process_group, or use torchrun with "
            'distributed_executor_backend="external_launcher"',
        )
    return None


def _int(value: object) -> int:
    return value if isinstance(value, int) and value > 0 else 1
