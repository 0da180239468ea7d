"""`torchplace lint --add-noqa`: adopt the linter on code with findings, fail only on new ones."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from torchplace.cli import main
from torchplace.lint.add_noqa import add_noqa, commentable_lines
from torchplace.report import Finding, Position

# TPL402 (selected by code in the CLI tests, whatever its tier): the global rank used as this
# node's GPU, twice.
GLOBAL_RANK = (
    "import torch\n"
    "import torch.distributed as dist\n"
    "\n"
    "\n"
    "def setup():\n"
    "    rank = dist.get_rank()\n"
    "    torch.cuda.set_device(rank)  # noqa: E501\n"
    '    x = torch.ones(2, device=f"cuda:{rank}")  # keep on this GPU\n'
    "    return x\n"
)


SELECT = ("--select", "TPL402")


def _finding(line: int, code: str = "TPL402", end: int | None = None) -> Finding:
    return Finding(
        "f.py",
        Position(line, 4),
        code,
        "name",
        "message",
        end=None if end is None else Position(end, 1),
    )


def test_directive_appended_or_merged_into_an_existing_list() -> None:
    outcome = add_noqa(GLOBAL_RANK, [_finding(7), _finding(8), _finding(8, "TPL103")])
    lines = outcome.text.splitlines()
    assert lines[6] == "    torch.cuda.set_device(rank)  # noqa: E501, TPL402"
    assert lines[7].endswith("# keep on this GPU  # noqa: TPL402, TPL103")
    assert (outcome.marked, outcome.unmarkable) == (3, 0)
    assert ast.dump(ast.parse(outcome.text)) == ast.dump(ast.parse(GLOBAL_RANK))


def test_a_code_already_listed_is_not_repeated() -> None:
    text = "x = 1  # noqa: TPL402\n"
    assert add_noqa(text, [_finding(1)]).text == text


def test_lines_ending_inside_a_string_or_continuation_take_the_last_line_or_nothing() -> None:
    text = 'y = f("""a\nb""")\nz = 1 + \\\n    2\n'
    assert commentable_lines(text) == {2, 4}
    # A finding from line 1 to 2: line 1 ends inside the string, so line 2 carries it.
    spanning = add_noqa(text, [_finding(1, end=2)])
    assert spanning.text.splitlines()[1] == 'b""")  # noqa: TPL402'
    # Line 3 ends in a backslash continuation: a comment there would break the code.
    stuck = add_noqa(text, [_finding(3)])
    assert (stuck.text, stuck.marked, stuck.unmarkable) == (text, 0, 1)


def test_text_that_does_not_tokenize_is_left_alone() -> None:
    outcome = add_noqa("x = (\n", [_finding(1)])
    assert outcome.rejected_reason is not None
    assert outcome.text == "x = (\n"


def test_cli_marks_every_finding_then_the_tree_is_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "setup_ranks.py"
    target.write_text(GLOBAL_RANK, encoding="utf-8")
    assert main(["lint", "--no-cache", *SELECT, "-q", str(tmp_path)]) == 1
    assert main(["lint", "--no-cache", *SELECT, "--add-noqa", str(tmp_path)]) == 0
    assert "Marked 2 finding(s)" in capsys.readouterr().err
    marked = target.read_text(encoding="utf-8")
    assert ast.dump(ast.parse(marked)) == ast.dump(ast.parse(GLOBAL_RANK))
    assert main(["lint", "--no-cache", *SELECT, "-q", str(tmp_path)]) == 0
    # A second run finds nothing to mark and changes nothing.
    assert main(["lint", "--no-cache", *SELECT, "--add-noqa", str(tmp_path)]) == 0
    assert target.read_text(encoding="utf-8") == marked
    # New code added afterwards is reported again.
    target.write_text(marked + "\n\ndef again():\n    torch.cuda.set_device(dist.get_rank())\n")
    assert main(["lint", "--no-cache", *SELECT, "-q", str(tmp_path)]) == 1


def test_cli_refuses_add_noqa_with_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "setup_ranks.py"
    target.write_text(GLOBAL_RANK, encoding="utf-8")
    assert main(["lint", "--no-cache", "--add-noqa", "--fix", str(tmp_path)]) == 2
    assert "--add-noqa" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == GLOBAL_RANK


def test_file_problems_and_internal_errors_are_never_silenced() -> None:
    outcome = add_noqa(GLOBAL_RANK, [_finding(7, "TPL002"), _finding(1, "TPL001"), _finding(8)])
    assert (outcome.marked, outcome.unmarkable) == (1, 2)
    assert "TPL002" not in outcome.text and "TPL001" not in outcome.text


def test_a_file_linted_around_statements_it_cannot_parse_is_marked_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Its `print` of Python 2 is cut and reported (TPL001, never marked); the findings on
    # the rest are marked, the code's tokens unchanged.
    target = tmp_path / "setup_ranks.py"
    target.write_text(GLOBAL_RANK + "\n\ndef log():\n    print 'done'\n", encoding="utf-8")
    assert main(["lint", "--no-cache", *SELECT, "--add-noqa", str(tmp_path)]) == 1
    assert "Marked 2 finding(s)" in capsys.readouterr().err
    marked = target.read_text(encoding="utf-8")
    assert "# noqa: E501, TPL402\n" in marked and "# keep on this GPU  # noqa: TPL402\n" in marked
    assert "print 'done'\n" in marked
