"""Attention or KV heads that the tensor parallel size does not divide.

What it checks: the model's attention heads modulo `--tensor-parallel-size`, and its KV heads:
with fewer KV heads than GPUs vLLM replicates them, which needs TP to be a multiple of the KV
heads; with more, TP must divide them. Read from the model's local `config.json` (or
`--model-config`).
Why it matters: vLLM raises only once the engine config is built, after the download, and the
KV-head case fails later still, inside the first attention layer's weight loading.
How to fix: pick a tensor parallel size that divides both (for Llama 3 70B: 1, 2, 4 or 8).
"""

from __future__ import annotations

from torchplace.preflight.checks import Context, Result, Status, skip

NAME = "heads-not-divisible-by-tp"
CODE = "PF102"
PATTERN = "parallel-config-mismatch"
KINDS = ("vllm",)


def run(context: Context) -> list[Result]:
    engine, model = context.command.engine, context.model
    assert engine is not None
    if model is None or model.num_attention_heads is None:
        return skip(f"model shape unknown: {context.model_note or 'no config.json'}")
    tp, heads = engine.tp, model.num_attention_heads
    kv = model.num_key_value_heads or heads
    good = valid_sizes(heads, kv)
    fix = f"use a tensor parallel size in {good}" if good else "this model cannot be split by TP"
    if heads % tp:
        upstream = (
            f"Total number of attention heads ({heads}) must be divisible by tensor parallel "
            f"size ({tp})."
        )
        reason = f"each GPU must hold a whole number of attention heads; {heads} / {tp} is not"
        return [Result(Status.FAIL, f"{heads} attention heads, TP {tp}", reason, fix, upstream)]
    big, small = (tp, kv) if tp >= kv else (kv, tp)
    if big % small:
        reason = (
            f"{kv} KV heads cannot be split or replicated evenly over {tp} GPUs "
            "(QKVParallelLinear divides one by the other)"
        )
        upstream = f"AssertionError: {big} is not divisible by {small}"
        return [Result(Status.FAIL, f"{kv} KV heads, TP {tp}", reason, fix, upstream)]
    note = (
        f"; KV heads replicated {tp // kv}x, so each GPU caches {tp // kv}x more KV"
        if tp > kv
        else ""
    )
    status = Status.WARN if tp > kv else Status.PASS
    result = Result(status, f"{heads} attention / {kv} KV heads split over TP {tp}{note}")
    if status is Status.WARN:
        result = Result(
            status,
            result.observed,
            "replicated KV heads cost memory without adding parallelism to attention",
            f"prefer TP <= {kv}, with pipeline or data parallelism for the other GPUs",
        )
    return [result]


def valid_sizes(heads: int, kv: int, limit: int = 16) -> list[int]:
    """Tensor parallel sizes up to `limit` that both head counts allow."""
    return [t for t in range(1, limit + 1) if heads % t == 0 and (kv % t == 0 or t % kv == 0)]
