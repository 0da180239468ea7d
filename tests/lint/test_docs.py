"""docs/rules.md is generated from the rules' docstrings and must be up to date; every rule's
docstring follows the house shape and its examples parse."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from torchplace import patterns
from torchplace.lint.docs import render_markdown
from torchplace.lint.registry import all_rules
from torchplace.lint.rule import Rule

ROOT = Path(__file__).resolve().parents[2]


def test_rules_md_is_generated_from_docstrings() -> None:
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == render_markdown(), (
        "docs/rules.md is stale: run `torchplace rule --format markdown > docs/rules.md`"
    )


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_rule_metadata_and_docstring_shape(rule: type[Rule]) -> None:
    assert re.fullmatch(r"TPL\d{3}", rule.code)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", rule.name)
    docs = rule.docs()
    for heading in (
        "## What it does",
        "## Why is this bad?",
        "## Example",
        "Use instead",
        "## Fix safety",
    ):
        assert heading in docs, f"{rule.code} docstring lacks {heading!r}"
    assert 15 <= len(docs.splitlines()) <= 60
    for block in re.findall(r"```python\n(.*?)```", docs, flags=re.S):
        ast.parse(block)
    if rule.pattern is not None:
        assert rule.code in patterns.get(rule.pattern).lint_rules
    assert rule.default_enabled == (not rule.code.startswith("TPL9"))
    # The contexts say whether tests are linted only through `in_tests` (rendered by the docs):
    # their own words must not claim it ("...; tests included" beside "(not in tests)").
    assert "tests included" not in rule.contexts
