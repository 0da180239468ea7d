"""Expert parallelism on a model without experts, or experts that do not divide over EP ranks.

What it checks: with `--enable-expert-parallel`, vLLM 0.33 places the routed experts over
TP x DP (x prefill-context) ranks (the EP size). The model must have experts; with
`--enable-eplb` the experts (plus `num_redundant_experts`) must divide evenly over the EP
ranks, and EPLB needs expert parallelism on; without EPLB an uneven split is allowed but
some ranks hold one expert more (and do more of the work).
Why it matters: vLLM raises these while it builds the model, after loading the weights of the
first layers ("EPLB currently only supports even distribution of experts across ranks").
How to fix: choose TP x DP so that it divides the expert count (256 experts: 8, 16, 32, 64),
drop `--enable-eplb`, or drop `--enable-expert-parallel` for a dense model.
"""

from __future__ import annotations

from typing import Any

from torchplace.preflight.checks import Context, Result, Status, passed, skip

NAME = "expert-parallel-layout"
CODE = "PF113"
PATTERN = "parallel-config-mismatch"
KINDS = ("vllm",)


def run(context: Context) -> list[Result]:
    engine = context.command.engine
    assert engine is not None
    ep_on, eplb = bool(engine["enable_expert_parallel"]), bool(engine["enable_eplb"])
    if eplb and not ep_on:
        return [
            Result(
                Status.FAIL,
                "--enable-eplb without --enable-expert-parallel",
                "expert load balancing moves experts between EP ranks; there are none",
                "add --enable-expert-parallel or drop --enable-eplb",
                "enable_expert_parallel must be True to use EPLB.",
            )
        ]
    if not ep_on:
        return skip("expert parallelism off")
    model = context.model
    ep = engine.tp * engine.dp * engine.size("prefill_context_parallel_size")
    if model is None:
        return skip(f"EP size {ep} (TP {engine.tp} x DP {engine.dp}); model shape unknown")
    experts = model.num_experts or 0
    if experts <= 1:
        return [_dense(model.source)]
    redundant = _redundant(engine["eplb_config"])
    total = experts + (redundant if eplb else 0)
    if eplb and total % ep:
        return [_uneven_eplb(total, ep)]
    if total % ep:
        base = total // ep
        return [
            Result(
                Status.WARN,
                f"{total} experts over EP size {ep}: {total % ep} rank(s) hold {base + 1}, "
                f"the others {base}",
                "the ranks with one expert more do more work in every MoE layer",
                f"choose TP x DP dividing {total}",
            )
        ]
    return passed(f"{total} experts over EP size {ep} (TP {engine.tp} x DP {engine.dp}): "
                  f"{total // ep} per rank")  # fmt: skip


def _redundant(config: Any) -> int:
    if isinstance(config, dict):
        value = config.get("num_redundant_experts")
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return 0


def _dense(source: str) -> Result:
    return Result(
        Status.FAIL,
        f"--enable-expert-parallel on a model without experts ({source})",
        "expert parallelism splits MoE experts over ranks; this model has none",
        "drop --enable-expert-parallel",
        "Number of experts in the model must be greater than 0 when expert parallelism is enabled.",
    )


def _uneven_eplb(total: int, ep: int) -> Result:
    return Result(
        Status.FAIL,
        f"--enable-eplb with {total} experts over EP size {ep}",
        "EPLB needs the same number of experts on every EP rank",
        f"choose TP x DP dividing {total}, or set eplb_config.num_redundant_experts so that "
        f"experts + redundant is a multiple of {ep}",
        f"EPLB currently only supports even distribution of experts across ranks. Got {total} "
        f"experts and {ep} EP ranks.",
    )
