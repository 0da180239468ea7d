"""Every rule has a fixture file: lines marked `# expect: CODE` must be flagged, no others.

Fixtures live in `fixtures/<CODE>.py` (more as `<CODE>_<shape>.py`; `<CODE>_clean_<shape>.py`
holds only code that must stay clean); a new fixture file is a new test. Fix fixtures are
`fixes/<name>.in.py` / `fixes/<name>.out.py` pairs whose name starts with the rule code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from torchplace.lint import LintConfig, lint_source
from torchplace.lint.fix import apply_fixes
from torchplace.lint.registry import all_rules

HERE = Path(__file__).parent
FIXTURES = sorted((HERE / "fixtures").glob("TPL*.py"))
FIX_INPUTS = sorted((HERE / "fixes").glob("*.in.py"))
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")
#: A line a rule flags only with `--preview` (a reading of a default rule still measured).
_EXPECT_PREVIEW = re.compile(r"#\s*expect-preview:\s*([A-Z0-9, ]+)")


def _expected(text: str, code: str, marker: re.Pattern[str] = _EXPECT) -> set[int]:
    lines = set()
    for number, line in enumerate(text.splitlines(), start=1):
        match = marker.search(line)
        if match and code in {c.strip() for c in match.group(1).split(",")}:
            lines.add(number)
    return lines


def _code_of(path: Path) -> str:
    return path.name.split(".")[0].split("_")[0]


def test_every_rule_has_a_fixture() -> None:
    have = {_code_of(p) for p in FIXTURES}
    missing = [r.code for r in all_rules() if r.code not in have]
    assert not missing, f"rules without fixtures/<CODE>.py: {missing}"


def test_every_fixing_rule_has_a_fix_pair() -> None:
    have = {_code_of(p) for p in FIX_INPUTS}
    missing = [r.code for r in all_rules() if r.fix_safety is not None and r.code not in have]
    assert not missing, f"rules with fixes but no fixes/<CODE>*.in.py: {missing}"


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_fixture_flags_exactly_the_marked_lines(fixture: Path) -> None:
    code = _code_of(fixture)
    text = fixture.read_text(encoding="utf-8")
    expected = _expected(text, code)
    # A `<CODE>_clean*.py` fixture holds only shapes that must not be flagged.
    clean = "_clean" in fixture.stem
    assert expected or clean, f"{fixture.name} marks no line with '# expect: {code}'"
    assert not (expected and clean), f"{fixture.name} is a clean fixture but marks lines"
    # Linted by file name alone: the fixtures directory is under tests/, where hard-coded
    # device rules are off (`is_test_or_benchmark`).
    findings = lint_source(text, fixture.name, LintConfig(select=(code,)))
    found = {f.line for f in findings if f.code == code}
    assert found == expected, (
        f"missed lines {sorted(expected - found)}, unexpected lines {sorted(found - expected)}"
    )
    # With `--preview`, the lines marked `# expect-preview: CODE` as well.
    in_preview = expected | _expected(text, code, _EXPECT_PREVIEW)
    previewed = lint_source(text, fixture.name, LintConfig(select=(code,), preview=True))
    found = {f.line for f in previewed if f.code == code}
    assert found == in_preview, (
        f"with --preview: missed lines {sorted(in_preview - found)}, "
        f"unexpected lines {sorted(found - in_preview)}"
    )


@pytest.mark.parametrize("fix_input", FIX_INPUTS, ids=lambda p: p.name.removesuffix(".in.py"))
def test_fix_gives_expected_output_and_is_idempotent(fix_input: Path) -> None:
    code = _code_of(fix_input)
    expected_output = fix_input.with_name(fix_input.name.replace(".in.py", ".out.py"))
    config = LintConfig(select=(code,))
    text = fix_input.read_text(encoding="utf-8")
    outcome = apply_fixes(str(fix_input), text, lint_source(text, config=config), unsafe=True)
    assert outcome.rejected_reason is None
    assert outcome.fixed == expected_output.read_text(encoding="utf-8")
    again = apply_fixes(
        str(fix_input), outcome.fixed, lint_source(outcome.fixed, config=config), unsafe=True
    )
    assert again.fixed == outcome.fixed, "running the fix twice changed the file again"
