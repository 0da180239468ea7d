"""Arguments `vllm serve` does not know: misspelt, removed in this version, or ambiguous.

What it checks: the arguments vLLM's own parser rejects, or, without vLLM, those that the table
generated from vLLM's source (every `vllm serve` argument of the version) does not hold, with
argparse's rules (unique prefixes, `--no-x`, `=`); a prefix that fits several flags is named.
Why it matters: `vllm serve` exits on an unrecognised argument, after the user has waited for
the import; a misspelt flag (`--tensor-paralel-size`) is a frequent cause.
How to fix: check the spelling against `vllm serve --help=all`.
"""

from __future__ import annotations

from torchplace.preflight.checks import Context, Result, Status, passed
from torchplace.preflight.checks.hf_loading_options_with_vllm import INSTEAD
from torchplace.preflight.vllm_args import VLLM_PARSER, normalise
from torchplace.preflight.vllm_table import DEFAULT_VERSION

NAME = "unrecognised-arguments"
CODE = "PF112"
PATTERN = None
KINDS = ("vllm",)


def run(context: Context) -> list[Result]:
    engine = context.command.engine
    assert engine is not None
    tokens = _without_hf_options(engine.passthrough)
    reader = "vLLM's own parser" if engine.parser == VLLM_PARSER else _table_name()
    if not tokens:
        return passed(f"{reader} read every argument")
    shown = " ".join(tokens)
    why = "vllm serve exits on arguments it does not recognise"
    if engine.ambiguous:
        why += "; ambiguous: " + "; ".join(engine.ambiguous)
    return [
        Result(
            Status.FAIL,
            f"{reader} does not know: {shown}",
            why,
            "fix the spelling or drop them (removed flags: see vLLM's release notes; "
            "vllm serve --help=all lists the rest)",
            f"vllm serve: error: unrecognized arguments: {shown}",
        )
    ]


def _table_name() -> str:
    return f"vLLM {DEFAULT_VERSION}'s argument table"


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
