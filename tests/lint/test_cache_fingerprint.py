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


def test_the_python_that_parses_the_files_is_part_of_the_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A file with Python 3.12's multi-line f-string parses on 3.12 and not on 3.11: a cache
    # filled by one must not answer for the other.
    import torchplace.lint.cache as cache

    config = LintConfig()
    rules = config.enabled_rules(all_rules())
    before = fingerprint(rules, config)
    monkeypatch.setattr(cache, "PYTHON_GRAMMAR", "Python 3.99")
    assert fingerprint(rules, config) != before


def test_preview_is_part_of_the_key() -> None:
    # The same rules read more with `--preview` (TPL110's binding only on the wrap's path):
    # a cache filled without it must not answer with it.
    rules = LintConfig(select=("TPL110",)).enabled_rules(all_rules())
    plain = fingerprint(rules, LintConfig(select=("TPL110",)))
    assert fingerprint(rules, LintConfig(select=("TPL110",), preview=True)) != plain
