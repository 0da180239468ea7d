"""Every check is discovered, documented, linked to a known pattern and exercised by a test."""

from __future__ import annotations

import re
from pathlib import Path

from torchplace import patterns
from torchplace.preflight.checks import all_checks

HERE = Path(__file__).parent


def test_codes_and_names_are_unique_and_well_formed() -> None:
    checks = all_checks()
    assert len(checks) >= 10
    assert len({c.code for c in checks}) == len(checks)
    assert len({c.name for c in checks}) == len(checks)
    for check in checks:
        assert re.fullmatch(r"PF1\d\d", check.code), check.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", check.name), check.name
        assert check.kinds <= {"vllm", "torchrun", "deepspeed", "python"}


def test_docstrings_say_what_why_and_how() -> None:
    for check in all_checks():
        for part in ("What it checks:", "Why it matters:", "How to fix:"):
            assert part in check.doc, (check.name, part)


def test_patterns_exist_in_the_catalogue() -> None:
    for check in all_checks():
        if check.pattern is not None:
            assert patterns.get(check.pattern).id == check.pattern


def test_every_check_has_tests() -> None:
    sources = "\n".join(
        p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name
    )
    for check in all_checks():
        assert f'"{check.name}"' in sources, f"no test names {check.name}"


def test_upstream_messages_match_their_patterns() -> None:
    # The quoted vLLM messages must be recognised by the catalogue that `explain` uses.
    texts = {
        "parallel-config-mismatch": "World size (8) is larger than the number of available GPUs",
        "vllm-memory-budget-too-small": "No available memory for the cache blocks. Try increasing",
        "max-model-len-exceeds-config": (
            "User-specified max_model_len (65536) is greater than the derived max_model_len"
        ),
        "draft-model-on-other-gpu": "speculative_draft_tensor_parallel_size=2 cannot be other",
    }
    for pattern_id, text in texts.items():
        assert patterns.get(pattern_id).matches(text), pattern_id
