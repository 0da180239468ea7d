"""Facts TPL104 asks of a whole file are computed once per file, not once per site: a file of
many sites otherwise costs the square of its size (800 private device functions took 53 s)."""

from __future__ import annotations

import ast
import re

import pytest

from torchplace.lint import LintConfig, lint_source, run_conditions


def _lint_104(text: str) -> list[str]:
    config = LintConfig(select=("TPL104",))
    return [f.code for f in lint_source(text, "pkg/train.py", config)]


def test_the_file_is_parsed_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "import torch\n" + "".join(
        f"\ndef _dev{i}():\n    return torch.device('cuda', 0)\n\n"
        f"def use{i}():\n    print(_dev{i}())\n"
        for i in range(60)
    )
    _lint_104("import torch\n")  # modules imported (pytest parses what it imports)
    parses = 0
    real_parse = ast.parse

    def counting_parse(*args: object, **kwargs: object) -> ast.AST:
        nonlocal parses
        parses += 1
        return real_parse(*args, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(ast, "parse", counting_parse)
    assert _lint_104(text) == []
    assert parses < 5


def test_the_script_text_is_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (
        "import torch\nrank = get_rank()\n"
        + "".join(f"x{i} = torch.zeros(1, device=0)\n" for i in range(60))
        + "if __name__ == '__main__':\n    pass\n"
    )
    searches = 0
    several = run_conditions._SEVERAL_PROCESSES

    class Counting:
        def search(self, string: str) -> re.Match[str] | None:
            nonlocal searches
            searches += 1
            return several.search(string)

    monkeypatch.setattr(run_conditions, "_SEVERAL_PROCESSES", Counting())
    assert _lint_104(text) == ["TPL104"] * 60
    assert searches < 5


def test_imports_in_try_and_if_blocks_resolve_names() -> None:
    """A module-level import inside `try:` or `if` names its module as a plain import does; a
    fallback arm's import names it only where the first arm did not."""
    from torchplace.lint.context import whole_file_context

    text = (
        "try:\n"
        "    from axonn import axonn as ax\n"
        "    import ujson as json\n"
        "except ImportError:\n"
        "    import json\n"
        "    import numpy as np\n"
        "if TYPE_CHECKING:\n"
        "    import torch.distributed as dist\n"
        "else:\n"
        "    dist = None\n"
    )
    ctx = whole_file_context("m.py", text.encode())
    assert ctx.aliases["ax"] == "axonn.axonn"
    assert ctx.aliases["json"] == "ujson"
    assert ctx.aliases["np"] == "numpy"
    assert ctx.aliases["dist"] == "torch.distributed"
    assert ctx.qualified(ast.parse("ax.init").body[0].value) == "axonn.axonn.init"
