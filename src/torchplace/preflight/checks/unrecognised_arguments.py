"""Arguments the vLLM parser does not know (or, without vLLM, that the built-in table skips).

What it checks: with vLLM's own parser, arguments it rejects; with the built-in table, which
arguments were passed through unchecked (they are listed, never guessed at).
Why it matters: `vllm serve` exits on an unrecognised argument, after the user has waited for
the import; a misspelt flag (`--tensor-paralel-size`) is a frequent cause.
How to fix: check the spelling against `vllm serve --help=all`.
"""

from __future__ import annotations

from torchplace.preflight.checks import Context, Result, Status, passed
from torchplace.preflight.checks.hf_loading_options_with_vllm import INSTEAD
from torchplace.preflight.vllm_args import VLLM_PARSER, normalise

NAME = "unrecognised-arguments"
CODE = "PF112"
PATTERN = None
KINDS = ("vllm",)


def run(context: Context) -> list[Result]:
    engine = context.command.engine
    assert engine is not None
    tokens = _without_hf_options(engine.passthrough)
    if not tokens:
        reader = "vLLM's own parser" if engine.parser == VLLM_PARSER else "the built-in table"
        return passed(f"{reader} read every argument")
    shown = " ".join(tokens)
    if engine.parser != VLLM_PARSER:
        return passed(f"passed through unchecked by the built-in table: {shown}")
    return [
        Result(
            Status.FAIL,
            f"vLLM's parser does not know: {shown}",
            "vllm serve exits on arguments it does not recognise",
            "fix the spelling (see vllm serve --help=all) or drop them",
            f"vllm serve: error: unrecognized arguments: {shown}",
        )
    ]


def _without_hf_options(tokens: list[str]) -> list[str]:
    kept, skip_value = [], False
    for token in tokens:
        if skip_value and not token.startswith("-"):
            skip_value = False
            continue
        skip_value = _hf_option(token) and "=" not in token
        if not _hf_option(token):
            kept.append(token)
    return kept


def _hf_option(token: str) -> bool:
    # Reported by hf-loading-options-with-vllm, with a better fix.
    return (
        token.startswith("--")
        and normalise(token.split("=", 1)[0])[2:].replace("-", "_") in INSTEAD
    )
