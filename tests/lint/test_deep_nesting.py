"""Valid code nested deeper than Python's recursion limit costs its own file a TPL001 finding,
never the run: every other file's findings are kept, in one process and in many."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchplace.cli import main

CUDA = "import torch\nz = torch.zeros(3).cuda()\n"
DEEP = {
    "long_sum.py": "import torch\ny = (" + "+".join(["x"] * 600) + ").cuda()\n",
    "longer_sum.py": "import torch\ny = (" + "+".join(["x"] * 100_000) + ").cuda()\n",
    "deep_parens.py": "import torch\ny = " + "(" * 100_000 + "x" + ")" * 100_000 + ".cuda()\n",
    "deep_calls.py": "import torch\ny = " + "f(" * 190 + "x" + ")" * 190 + ".cuda()\n",
    "deep_blocks.py": "import torch\n"
    + "".join(" " * i + "if x:\n" for i in range(99))
    + " " * 99
    + "y = torch.ones(1).cuda()\n",
}


def _tree(directory: Path, copies: int) -> None:
    for name, text in DEEP.items():
        (directory / name).write_text(text, encoding="utf-8")
    for index in range(copies):
        (directory / f"plain{index:02d}.py").write_text(CUDA, encoding="utf-8")


@pytest.mark.parametrize(("copies", "jobs"), [(3, "1"), (70, "2")])
def test_deep_files_get_tpl001_and_the_rest_is_still_linted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], copies: int, jobs: str
) -> None:
    _tree(tmp_path, copies)
    assert main(["lint", "--preview", "--no-cache", "-q", "-j", jobs, str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    by_file: dict[str, list[str]] = {}
    for line in lines:
        path, _, rest = line.partition(":")
        by_file.setdefault(Path(path).name, []).append(rest.split(" ")[1])
    for index in range(copies):
        assert by_file[f"plain{index:02d}.py"] == ["TPL101"]
    assert by_file["long_sum.py"] == ["TPL001"]
    assert by_file["longer_sum.py"] == ["TPL001"]
    assert by_file["deep_parens.py"] == ["TPL001"]
    assert "TPL001" not in by_file.get("deep_blocks.py", [])


def test_fix_on_a_deep_file_does_not_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "long_sum.py"
    text = DEEP["long_sum.py"] + "state = torch.load(path)\n"
    deep.write_text(text, encoding="utf-8")
    assert (
        main(["lint", "--preview", "--no-cache", "-q", "--fix", "--unsafe-fixes", str(deep)]) == 1
    )
    assert deep.read_text(encoding="utf-8") == text
    assert "Traceback" not in capsys.readouterr().err
