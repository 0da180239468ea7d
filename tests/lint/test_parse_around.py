"""A statement this Python cannot parse costs its own lines, not the whole file."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from torchplace.lint.config import LintConfig
from torchplace.lint.parse_around import MAX_CUTS, parse_around
from torchplace.lint.runner import run

# TRN-pytorch's main.py: DataParallel over ids the user gives, moved to the current GPU, and
# a `.cuda(async=True)` (a keyword since Python 3.7) further down.
OLD_TRAINING = """\
import torch


def main(args, model):
    model = torch.nn.DataParallel(model, device_ids=args.gpus).cuda()
    return model


def train(loader):
    for input, target in loader:
        target = target.cuda(async=True)
        print(target)
"""


def _parse(text: str) -> tuple[ast.Module, str, list[tuple[int, int]]]:
    try:
        return ast.parse(text), text, []
    except SyntaxError as error:
        found = parse_around(text, error, ast.parse)
    assert found is not None
    tree, parsed, cuts = found
    return tree, parsed, [(cut.first, cut.last) for cut in cuts]


def test_the_statement_that_does_not_parse_is_cut_and_every_line_keeps_its_place() -> None:
    tree, parsed, cuts = _parse(OLD_TRAINING)
    assert cuts == [(11, 11)]
    lines = parsed.splitlines()
    assert lines[10] == "        pass" and len(lines) == len(OLD_TRAINING.splitlines())
    assert [line for n, line in enumerate(lines) if n != 10] == [
        line for n, line in enumerate(OLD_TRAINING.splitlines()) if n != 10
    ]
    assert any(isinstance(n, ast.Call) and n.lineno == 5 for n in ast.walk(tree))


def test_a_statement_over_several_lines_and_a_block_opener_are_cut_whole() -> None:
    text = "x = f(1,\n      async=2,\n      3)\nfor i in range(3), print 'x':\n    y = i\n"
    tree, parsed, cuts = _parse(text)
    assert cuts == [(1, 3), (4, 4)]
    assert parsed.splitlines() == ["pass", "", "", "if True:", "    y = i"]
    assert isinstance(tree.body[1], ast.If)


def test_an_except_clause_of_python_2_keeps_its_try() -> None:
    text = "try:\n    x = 1\nexcept Exception, e:\n    y = 2\n"
    _, parsed, cuts = _parse(text)
    assert cuts == [(3, 3)]
    assert parsed.splitlines()[2] == "except Exception:"


def test_a_definition_whose_header_does_not_parse_is_cut_with_its_body() -> None:
    text = "def f(self, (a, b)):\n    return a.cuda()\n\n    # end\nz = 1\n"
    tree, _, cuts = _parse(text)
    assert cuts == [(1, 2)]  # the comment after the body stays
    assert not any(isinstance(n, ast.Call) for n in ast.walk(tree))


def test_a_file_that_cutting_does_not_save_is_refused() -> None:
    many = "".join(f"print 'line {n}'\n" for n in range(MAX_CUTS + 1))
    with pytest.raises(SyntaxError) as caught:
        ast.parse(many)
    assert parse_around(many, caught.value, ast.parse) is None
    mixed = "if x:\n\ty = 1\n        z = 2\n"
    with pytest.raises(SyntaxError) as caught:
        ast.parse(mixed)
    assert parse_around(mixed, caught.value, ast.parse) is None


@pytest.mark.parametrize("preview", [False, True])
def test_the_default_rules_find_the_same_whatever_else_is_selected(
    tmp_path: Path, preview: bool
) -> None:
    # With every rule, the `.cuda(` of line 11 lies in a parsed region too: it used to make
    # the file unreadable and TPL110's finding went away.
    (tmp_path / "main.py").write_text(OLD_TRAINING)
    config = LintConfig(select=("ALL",), preview=True) if preview else LintConfig()
    lint_run = run([str(tmp_path)], config, cache_dir=None, jobs=1)
    found = {(f.code, f.line) for f in lint_run.findings}
    assert ("TPL110", 5) in found
    cut = [f for f in lint_run.findings if f.code == "TPL001"]
    if preview:
        assert [(f.line, f.message.split(":")[0]) for f in cut] == [
            (11, "A statement not checked (line 11)")
        ]
        assert "the rest of the file was checked" in cut[0].message


def test_every_cut_of_a_file_is_named_in_one_finding(tmp_path: Path) -> None:
    text = OLD_TRAINING + "\n\ndef log(x):\n    print 'done', x.cuda()\n    exec 'y = 1'\n"
    (tmp_path / "main.py").write_text(text)
    config = LintConfig(select=("ALL",), preview=True)
    cut = [f for f in run([str(tmp_path)], config, None, 1).findings if f.code == "TPL001"]
    assert [f.line for f in cut] == [11]
    assert cut[0].message.startswith("3 statements not checked (lines 11, 16, 17): ")
