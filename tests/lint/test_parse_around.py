"""A statement this Python cannot parse costs its own lines, not the whole file."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from torchplace.lint.config import LintConfig
from torchplace.lint.parse_around import MAX_CUTS, parse_around, tolerant_tree
from torchplace.lint.runner import run
from torchplace.lint.source import SourceFile

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


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # A clause keeps its keyword: the `try` and the `if` chain stay whole.
        ("try:\n    x = 1\nexcept Exception, e:\n    y = 2\n", "except Exception:"),
        ("try:\n    import a\nexcept ImportError, e: import b\n", "except Exception: pass"),
        ("if x <> 1: y = 2\nelse:\n    y = 3\n", "if True: pass"),
        ("if x:\n    y = 1\nelif x <> 2:\n    y = 2\nelse:\n    y = 3\n", "elif True:"),
        # A `#` inside a string is no comment: the header still ends with `:`.
        ("for line in f:\n    if line[0] <> '#':\n        n += 1\n", "    if True:"),
    ],
)
def test_a_clause_is_cut_to_a_stand_in_that_keeps_the_code_around_it(text: str, line: str) -> None:
    _, parsed, cuts = _parse(text)
    assert len(cuts) == 1 and line in parsed.splitlines()


def test_a_definition_whose_header_does_not_parse_is_cut_with_its_body() -> None:
    text = "def f(self, (a, b)):\n    return a.cuda()\n\n    # end\nz = 1\n"
    tree, _, cuts = _parse(text)
    assert cuts == [(1, 2)]  # the comment after the body stays
    assert not any(isinstance(n, ast.Call) for n in ast.walk(tree))


def test_a_definition_is_cut_with_its_decorators_and_a_string_at_the_margin() -> None:
    # The string's lines at column 0 belong to the body: the block ends where the tokens
    # leave it, not at the first line written at the margin.
    text = (
        "@staticmethod\n"
        "def old(self, (a, b)):\n"
        '    return """\n'
        "model = DataParallel(model, device_ids=ids).cuda()\n"
        '"""\n'
        "\n"
        "def train(model, ids):\n"
        "    return DataParallel(model, device_ids=ids).cuda()\n"
    )
    tree, parsed, cuts = _parse(text)
    assert cuts == [(1, 5)]
    assert [n.name for n in tree.body if isinstance(n, ast.FunctionDef)] == ["train"]
    assert parsed.splitlines()[7] == text.splitlines()[7]


@pytest.mark.parametrize("line_break", ["\x0c\n", "\r"])
def test_lines_are_counted_as_the_parser_counts_them(line_break: str) -> None:
    # A form feed is no line break for the parser (str.splitlines breaks there); a lone
    # carriage return is one (a plain reader of lines sees none).
    text = "import torch\n" + line_break + "def train(model):\n    print 'x'\n    return model\n"
    text = text.replace("\n", "\r") if line_break == "\r" else text
    tree, _, cuts = _parse(text)
    assert cuts == [(4, 4)]  # `print 'x'`, the fourth line as the parser counts
    function = next(n for n in tree.body if isinstance(n, ast.FunctionDef))
    assert function.body[-1].lineno == 5


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
            (11, "1 line not checked (line 11)")
        ]
        assert "the rest of the file was checked" in cut[0].message


def test_many_old_statements_are_cut_whatever_the_rules_selected(tmp_path: Path) -> None:
    helpers = "".join(f"\n\ndef helper_{n}(x):\n    return x.cuda(async=True)\n" for n in range(12))
    (tmp_path / "main.py").write_text(OLD_TRAINING + helpers)
    for config in (LintConfig(), LintConfig(select=("ALL",), preview=True)):
        found = {f.code for f in run([str(tmp_path)], config, None, 1).findings}
        assert "TPL110" in found


def test_every_cut_of_a_file_is_named_in_one_finding(tmp_path: Path) -> None:
    text = OLD_TRAINING + "\n\ndef log(x):\n    print 'done', x.cuda()\n    exec 'y = 1'\n"
    (tmp_path / "main.py").write_text(text)
    config = LintConfig(select=("ALL",), preview=True)
    cut = [f for f in run([str(tmp_path)], config, None, 1).findings if f.code == "TPL001"]
    assert [f.line for f in cut] == [11]
    assert cut[0].message.startswith("3 lines not checked (lines 11, 16, 17): ")


def test_no_fix_is_offered_or_written_in_a_file_with_statements_cut(tmp_path: Path) -> None:
    from torchplace.lint.fix import apply_fixes
    from torchplace.lint.fix_verify import refusal
    from torchplace.lint.source import SourceFile

    text = "import torch\n\n\ndef load(path):\n    return torch.load(path)\n\nprint 'x'\n"
    (tmp_path / "main.py").write_text(text)
    config = LintConfig(select=("TPL106",), preview=True)
    findings = run([str(tmp_path)], config, None, 1).findings
    assert sorted(f.code for f in findings) == ["TPL001", "TPL106"]
    assert all(f.fix is None for f in findings)
    # And were a fix handed in, the check before writing names why it is refused.
    fixed = text.replace("torch.load(path)", 'torch.load(path, map_location="cpu")')
    edit = (text.index("torch.load(path)"), text.index("torch.load(path)") + 16, "")
    reason = refusal(SourceFile("main.py", text), fixed, [edit])
    assert reason is not None and "cannot parse" in reason
    assert apply_fixes("main.py", text, findings, unsafe=True).fixed == text


@pytest.mark.parametrize(
    ("text", "stand_in"),
    [
        ("for x in y:\n    # z(x)\n    # w(x)\n", "if True: pass"),
        ("if a:\n    b = 1\nelse:\n    # b = 2\nc = 3\n", "else: pass"),
        ("def f():\n    # return 1\n\ng = 2\n", "pass"),
    ],
)
def test_a_header_whose_body_is_all_commented_out_is_cut_alone(text: str, stand_in: str) -> None:
    # KAIR's `utils_videoio.py`: `if ...:` over a body of comments to the end of the file.
    _, parsed, cuts = _parse(text)
    assert len(cuts) == 1 and stand_in in parsed.splitlines()


def test_a_cut_that_ends_the_file_keeps_its_last_line() -> None:
    text = "import torch\ndef f(self, (a, b)):\n    return a"
    _, parsed, cuts = _parse(text)
    assert cuts == [(2, 3)]
    assert len(SourceFile("f.py", parsed).lines) == len(SourceFile("f.py", text).lines)


def test_a_form_feed_before_the_indentation_is_indentation() -> None:
    text = "def f(x):\n\x0c    print 'x'\n    return x\n"
    tree, _, cuts = _parse(text)
    assert cuts == [(2, 2)] and isinstance(tree.body[0], ast.FunctionDef)


def test_a_case_clause_keeps_its_match() -> None:
    text = "match x:\n    case 1 <> 2:\n        y = 1\n    case _:\n        y = 2\n"
    tree, parsed, cuts = _parse(text)
    assert cuts == [(2, 2)] and "    case _ if True:" in parsed.splitlines()
    assert isinstance(tree.body[0], ast.Match)


def test_the_projects_other_files_are_read_around_their_statements_too() -> None:
    # With a byte-order mark, as the linter reads the linted file.
    data = b"\xef\xbb\xbfimport torch\n\n\ndef main():\n    print 'x'\n    return torch\n"
    tree = tolerant_tree(data)
    assert [type(n).__name__ for n in tree.body] == ["Import", "FunctionDef"]
