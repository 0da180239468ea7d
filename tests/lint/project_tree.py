"""Write a small project on disk and lint it whole, with project facts: for the tests of
facts read across files (dead branches, classes nothing names)."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint import LintConfig
from torchplace.lint.runner import run

#: The rules of a GPU index taken from the global rank: TPL412 flags what TPL402 would where
#: the project shows the file on several nodes, TPL402 the rest; a test of what keeps or drops
#: such a finding reads both.
GLOBAL_RANK_RULES = ("TPL402", "TPL412")


def lint_tree(root: Path, files: dict[str, str], code: str | tuple[str, ...]) -> list[str]:
    """`file name:line` of each finding of rule `code` (or of any of several rules; preview
    on) in the project `files` written under `root`."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    codes = (code,) if isinstance(code, str) else code
    result = run([str(root)], LintConfig(select=codes, preview=True), cache_dir=None)
    return [f"{Path(f.path).name}:{f.line}" for f in result.findings]
