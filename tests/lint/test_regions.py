"""Region parsing: the reduced text keeps every line that matters, and findings never change."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from torchplace.lint import regions
from torchplace.lint.config import LintConfig
from torchplace.lint.engine import Linter
from torchplace.lint.registry import all_rules
from torchplace.lint.source import SourceFile

ROOT = Path(__file__).resolve().parents[2]

SAMPLE = '''\
import torch
from torch import nn


def helper(x):
    return x + 1


@torch.no_grad()
@other(
    1,
)
def decorated(
    a,
    b,
):
    """A docstring with text at column zero:
def fake_block():
class Fake:
    """
    return a


class Rope(nn.Module):
    """Docs."""

    scale = 2

    def __init__(self):
        super().__init__()
        self.dim = 4

    def forward(self, x):
        return self._angles(x) * self.scale

    def _angles(self, x):
        return self._positions(x)

    def _positions(self, x):
        return torch.arange(x.shape[0])

    def unrelated(self):
        return 3
    # a trailing comment


class Config:
    value = 1

    def method(self):
        return 2


def worker():
    torch.ones(1).cuda()
'''


def _reduce(text: str, candidates: list[int], hints: list[re.Pattern[str]] | None = None) -> str:
    source = SourceFile("sample.py", text)
    reduced = regions.reduce_source(
        source.lines, source.line_offsets, text, candidates, hints or [], min_lines=0
    )
    assert reduced is not None
    return reduced


def _line(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_blocks_without_candidates_become_stubs_on_their_own_lines() -> None:
    arange = _line(SAMPLE, "torch.arange")
    reduced = _reduce(SAMPLE, [arange])
    lines, original = reduced.splitlines(), SAMPLE.splitlines()
    assert len(lines) == len(original)
    tree = ast.parse(reduced)
    names = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    # Stubs keep their names and the line of their `def`/`class`.
    for name in ("helper", "decorated", "Config", "worker", "unrelated", "__init__"):
        assert names[name].lineno == _line(SAMPLE, f" {name}"), name
        assert names[name].end_lineno == names[name].lineno, name
    # The candidate's function and everything forward reaches on the way to it stay verbatim.
    for name in ("forward", "_angles", "_positions"):
        node = names[name]
        assert node.end_lineno is not None and node.end_lineno > node.lineno
        assert (
            lines[node.lineno - 1 : node.end_lineno] == original[node.lineno - 1 : node.end_lineno]
        )
    # The kept class still ends on its last code line; class-level statements stay.
    assert names["Rope"].end_lineno == _line(SAMPLE, "return 3")
    assert lines[_line(SAMPLE, "scale = 2") - 1] == "    scale = 2"
    # A column-zero `def` inside a docstring is text, not a block.
    assert "fake_block" not in names


def test_a_context_hint_keeps_a_block_whole() -> None:
    reduced = _reduce(SAMPLE, [_line(SAMPLE, "torch.arange")], [re.compile(r"\.cuda\(")])
    assert "    torch.ones(1).cuda()" in reduced.splitlines()


def test_small_and_tab_indented_files_are_parsed_whole() -> None:
    source = SourceFile("s.py", SAMPLE)
    assert regions.reduce_source(source.lines, source.line_offsets, SAMPLE, [1]) is None
    tabbed = SAMPLE.replace("    return x + 1", "\treturn x + 1")
    source = SourceFile("t.py", tabbed)
    assert (
        regions.reduce_source(source.lines, source.line_offsets, tabbed, [1], min_lines=0) is None
    )


def test_nothing_to_leave_out_means_no_reduction() -> None:
    text = "def f():\n    return torch.zeros(1)\n"
    source = SourceFile("f.py", text)
    assert regions.reduce_source(source.lines, source.line_offsets, text, [2], min_lines=0) is None


def _findings(linter: Linter, path: Path) -> list[tuple[int, int, str, str]]:
    # Rule fixtures are linted by file name alone, as their own test does: under tests/, the
    # rules that skip tests and benchmarks (`in_tests = False`) would not run at all.
    fixture = path.parent.name in ("fixtures", "fixes")
    text = path.read_text(encoding="utf-8")
    result = linter.lint_text(path.name, text) if fixture else linter.lint_path(str(path))
    return sorted((f.start.line, f.start.column, f.code, f.message) for f in result.findings)


def _corpus() -> list[Path]:
    files = sorted((ROOT / "tests" / "lint").rglob("*.py"))
    files += sorted((ROOT / "examples").rglob("*.py"))
    files += sorted((ROOT / "src" / "torchplace").rglob("*.py"))
    files += sorted((ROOT / "benchmarks").rglob("*.py"))
    return files


def test_findings_are_identical_with_and_without_regions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fixture, example and source file of this repository, each reduced even when
    small: the reduced parse must flag exactly what the whole-file parse flags. Every rule,
    preview ones included (they read the most beyond their candidate lines)."""
    monkeypatch.setattr(regions, "MIN_LINES", 0)
    config = LintConfig(preview=True)
    rules = [r for r in all_rules()]
    whole, reduced = Linter(rules, config, use_regions=False), Linter(rules, config)
    files = _corpus()
    assert len(files) > 100
    flagged = 0
    for path in files:
        expected = _findings(whole, path)
        assert _findings(reduced, path) == expected, path
        flagged += bool(expected)
    assert flagged > 20  # the comparison covers files that do have findings


def test_each_rule_alone_flags_the_same_with_and_without_regions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each rule run alone keeps parsed only what its own candidate lines and context hint
    name: a hint that misses what the rule's check reads (a thread target whose one CUDA use
    is `current_device()`) made the rule find less alone than beside every rule."""
    monkeypatch.setattr(regions, "MIN_LINES", 0)
    config = LintConfig(preview=True)
    fixtures = sorted((ROOT / "tests" / "lint" / "fixtures").glob("TPL*.py"))
    differ = []
    for rule in all_rules():
        whole, reduced = Linter([rule], config, use_regions=False), Linter([rule], config)
        for path in fixtures:
            if _findings(reduced, path) != _findings(whole, path):
                differ.append(f"{rule.code} on {path.name}")
    assert not differ, differ


def test_findings_are_identical_on_transformers_models() -> None:
    """The largest real modeling files we can read here, at the default size threshold."""
    transformers = pytest.importorskip("transformers")
    models = Path(transformers.__file__).parent / "models"
    files = sorted(models.rglob("modeling_*.py"), key=lambda p: p.stat().st_size)[-60:]
    config = LintConfig()
    rules = list(all_rules())
    whole, reduced = Linter(rules, config, use_regions=False), Linter(rules, config)
    for path in files:
        assert _findings(reduced, path) == _findings(whole, path), path


def test_a_reduction_that_does_not_parse_falls_back_to_the_whole_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Code inside brackets at a lower indentation than its block fools the scan; the reduced
    # text no longer parses and the whole file decides.
    text = (
        "import torch\n\ndef f():\n    x = [\n1,\n    ]\n    return x\n\n\n"
        "def g():\n    return torch.zeros(3).cuda()\n"
    )
    path = tmp_path / "odd.py"
    path.write_text(text)
    monkeypatch.setattr(regions, "MIN_LINES", 0)
    source = SourceFile(str(path), text)
    misread = regions.reduce_source(source.lines, source.line_offsets, text, [11])
    assert misread is not None
    with pytest.raises(SyntaxError):
        ast.parse(misread)
    config = LintConfig()
    rules = list(all_rules())
    result = Linter(rules, config).lint_path(str(path))
    assert result.parsed
    assert [f.code for f in result.findings] == [
        f.code for f in Linter(rules, config, use_regions=False).lint_path(str(path)).findings
    ]
    assert any(f.code == "TPL101" for f in result.findings)


def test_a_class_defined_inside_a_function_keeps_that_function(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Found by comparing on torch's own sources: an autograd Function defined inside a test
    method has a `forward` of its own, so forward-only candidates there still count."""
    text = (
        "import torch\n\n\nclass Tests:\n    def test_grad(self):\n"
        "        class Func(torch.autograd.Function):\n"
        "            @staticmethod\n            def forward(ctx, inp):\n"
        "                return inp * torch.tensor([1.0, 2.0])\n\n"
        "        return Func\n\n    def other(self):\n        return 1\n"
    )
    path = tmp_path / "nested.py"
    path.write_text(text)
    monkeypatch.setattr(regions, "MIN_LINES", 0)
    rules = list(all_rules())
    whole = Linter(rules, LintConfig(), use_regions=False).lint_path(str(path)).findings
    assert [f.code for f in whole] == ["TPL201"]
    assert Linter(rules, LintConfig()).lint_path(str(path)).findings == whole


def test_windows_line_endings_and_async_and_decorated_blocks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = (
        "import torch\n\n\n@decorate\nclass Stubbed:\n    x = 1\n\n\n"
        "async def fetch():\n    return 1\n\n\n"
        "class Model(torch.nn.Module):\n"
        "    @property\n    def name(self):\n        return 'm'\n\n"
        "    async def forward(self, x):\n        return torch.zeros(3).cuda()\n"
    ).replace("\n", "\r\n")
    path = tmp_path / "crlf.py"
    path.write_bytes(text.encode())
    monkeypatch.setattr(regions, "MIN_LINES", 0)
    source = SourceFile(str(path), text)
    reduced = regions.reduce_source(source.lines, source.line_offsets, text, [19])
    assert reduced is not None
    tree = ast.parse(reduced)
    nodes = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.AST) and hasattr(n, "name")}
    assert (
        type(nodes["fetch"]) is ast.AsyncFunctionDef
        and type(nodes["forward"]) is ast.AsyncFunctionDef
    )
    for stubbed in ("Stubbed", "fetch", "name"):  # decorated class, async def, decorated method
        node = nodes[stubbed]
        assert node.end_lineno == node.lineno and not node.decorator_list, stubbed
    assert nodes["forward"].end_lineno == 19
    assert len(reduced.splitlines()) == len(text.splitlines())
    rules = list(all_rules())
    whole = Linter(rules, LintConfig(), use_regions=False).lint_path(str(path)).findings
    assert [f.code for f in whole] == ["TPL101"]
    assert Linter(rules, LintConfig()).lint_path(str(path)).findings == whole
