"""benchmarks/results/README.md is the index of measured claims: every link in it resolves,
every claim file is in it, each claim file states how it was measured and ends with its
history, and every data file belongs to a claim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
INDEX = RESULTS / "README.md"
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _table_rows() -> list[list[str]]:
    rows = []
    for line in INDEX.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and not set(line) <= set("|- "):
            rows.append(cells)
    return rows


def _claim_files() -> list[Path]:
    return sorted(p for p in RESULTS.glob("*.md") if p != INDEX)


def test_the_index_is_one_table_of_claim_figure_date_commit_file() -> None:
    header, *rows = _table_rows()
    assert header == ["claim", "current figure", "date", "commit", "file"]
    assert rows
    for row in rows:
        assert len(row) == 5, row
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", row[2]), row
        assert re.fullmatch(r"[0-9a-f]{7,40}", row[3]), row


def test_every_link_in_the_index_resolves() -> None:
    for target in _LINK.findall(INDEX.read_text(encoding="utf-8")):
        assert (RESULTS / target).exists(), f"README.md links {target}, which does not exist"


def test_every_claim_file_is_in_the_index() -> None:
    linked = {(RESULTS / t).resolve() for t in _LINK.findall(INDEX.read_text(encoding="utf-8"))}
    missing = [p.name for p in _claim_files() if p.resolve() not in linked]
    assert not missing, f"results files not in benchmarks/results/README.md: {missing}"


@pytest.mark.parametrize("claim", _claim_files(), ids=lambda p: p.name)
def test_claim_file_states_how_it_was_measured_and_ends_with_history(claim: Path) -> None:
    text = claim.read_text(encoding="utf-8")
    lowered = text.lower()
    for word in ("date", "machine", "commit", "command"):
        assert word in lowered, f"{claim.name} does not state its {word}"
    assert "## History" in text, f"{claim.name} has no History table at its end"
    history = text[text.index("## History") :]
    assert re.search(r"^\|\s*date\s*\|\s*commit\s*\|", history, re.M | re.I), claim.name


def test_every_data_file_belongs_to_a_claim() -> None:
    """A data file is named in a claim file, or shares a claim file's stem (x.json beside x.md)."""
    texts = " ".join(p.read_text(encoding="utf-8") for p in [INDEX, *_claim_files()])
    stems = {p.stem for p in _claim_files()}
    orphans = []
    for path in sorted(RESULTS.rglob("*")):
        if not path.is_file() or (path.suffix == ".md" and path.parent == RESULTS):
            continue
        relative = path.relative_to(RESULTS).as_posix()
        if path.parent == RESULTS and path.stem in stems:
            continue
        if relative not in texts and path.name not in texts:
            orphans.append(relative)
    assert not orphans, f"results files no claim file names: {orphans}"


def test_raw_folders_are_named_by_date_and_machine() -> None:
    for folder in (RESULTS / "raw").iterdir():
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}-[a-z0-9]+", folder.name), folder.name
