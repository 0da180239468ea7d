"""`--max-model-len` longer than the model's `config.json` allows.

What it checks: `--max-model-len` against the length vLLM derives from the config (the smallest
of `max_position_embeddings`, `n_positions`, `max_seq_len`, ... , scaled by RoPE `factor`
unless the RoPE type already includes it), as vLLM's `_get_and_verify_max_len` does.
Why it matters: vLLM refuses it while building the model config; with
`VLLM_ALLOW_LONG_MAX_MODEL_LEN=1` it starts, and positions past the trained length give NaNs
(RoPE) or out-of-bounds CUDA errors (absolute positions).
How to fix: lower `--max-model-len` to the derived length, or use a checkpoint trained for
the longer context.
"""

from __future__ import annotations

from torchplace.preflight.checks import Context, Result, Status, passed, skip

NAME = "max-model-len-exceeds-config"
CODE = "PF108"
PATTERN = "max-model-len-exceeds-config"
KINDS = ("vllm",)


def run(context: Context) -> list[Result]:
    engine, model = context.command.engine, context.model
    assert engine is not None
    requested = engine.max_model_len
    if model is None or model.max_len is None:
        shown = "default" if requested is None else str(requested)
        return skip(f"--max-model-len {shown}; model length unknown: {context.model_note}")
    derived, key = int(model.max_len), model.max_len_key
    if requested is None or requested == -1:
        how = "auto-fit to memory" if requested == -1 else "default"
        return passed(f"--max-model-len {how}: up to {derived} ({key})")
    if requested < 1:
        return [
            Result(
                Status.FAIL,
                f"--max-model-len {requested}",
                "a length must be a positive number of tokens (or -1 to auto-fit)",
                f"use a value in 1..{derived}",
                f"max_model_len must be a positive integer, got int: {requested}. "
                "Example: max_model_len=2048",
            )
        ]
    if requested <= derived:
        return passed(f"--max-model-len {requested} <= {derived} ({key})")
    message = (
        f"User-specified max_model_len ({requested}) is greater than the derived max_model_len "
        f"({key}={derived} or model_max_length=None in model's config.json)."
    )
    allowed = context.env.get("VLLM_ALLOW_LONG_MAX_MODEL_LEN", "").lower() in ("1", "true")
    return [
        Result(
            Status.WARN if allowed else Status.FAIL,
            f"--max-model-len {requested} > {derived} ({key} in {model.source})",
            "positions past the trained length give NaNs with RoPE"
            + (" (allowed by VLLM_ALLOW_LONG_MAX_MODEL_LEN)" if allowed else ""),
            f"use --max-model-len {derived} or less",
            message
            if allowed
            else f"{message} To allow overriding this maximum, set the env var "
            "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1. ...",
        )
    ]
