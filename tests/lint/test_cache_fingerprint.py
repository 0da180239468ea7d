"""The cache key covers every source file of the linter, so a changed helper of a rule (not
only the rule's own module) never lets a stale cached result through."""

from __future__ import annotations

from pathlib import Path

import pytest

import torchplace.lint
from torchplace.lint.cache import fingerprint
from torchplace.lint.config import LintConfig
from torchplace.lint.registry import all_rules

LINT = Path(torchplace.lint.__file__).parent


@pytest.mark.parametrize(
    "helper",
    ["rules/hardcoded/_load_evidence.py", "rules/_helpers.py", "regions.py", "flow.py"],
)
def test_a_changed_helper_module_changes_the_key(
    helper: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = LintConfig()
    rules = config.enabled_rules(all_rules())
    before = fingerprint(rules, config)
    target = LINT / helper
    original = Path.read_bytes

    def edited(path: Path) -> bytes:
        data = original(path)
        return data + b"\n# changed\n" if path == target else data

    monkeypatch.setattr(Path, "read_bytes", edited)
    assert fingerprint(rules, config) != before
